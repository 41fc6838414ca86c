/* Paths and mutorture's own places; see path.h. */
#include "path.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

char *path_normalize(const char *base, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char *joined = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", base, path);
	for (char *seg = joined; *seg;) {
		char *slash = strchr(seg, '/');
		size_t n = slash ? (size_t)(slash - seg) : strlen(seg);
		if (n == 2 && !strncmp(seg, "..", 2)) {
			char *up = strrchr(sb.buf ? sb.buf : "", '/');
			if (up)
				sb.len = (size_t)(up - sb.buf), sb.buf[sb.len] = '\0';
		} else if (n && !(n == 1 && *seg == '.')) {
			sb_addc(&sb, '/');
			sb_add(&sb, seg, n);
		}
		seg += n + (slash != NULL);
	}
	free(joined);
	if (!sb.len)
		sb_addc(&sb, '/');
	return sb_detach(&sb, NULL);
}

static char home_buf[PATH_MAX];
static char binary_buf[PATH_MAX];

const char *mutorture_binary(void)
{
	if (!binary_buf[0]) {
		ssize_t n = readlink("/proc/self/exe", binary_buf, sizeof(binary_buf) - 1);
		if (n <= 0)
			die("cannot find the mutorture binary through /proc/self/exe");
		binary_buf[n] = '\0';
	}
	return binary_buf;
}

const char *mutorture_home(void)
{
	if (home_buf[0])
		return home_buf;
	const char *env = getenv("MUTORTURE_HOME");
	if (env && *env) {
		snprintf(home_buf, sizeof(home_buf), "%s", env);
		return home_buf;
	}
	/* Installed layout: <prefix>/bin/mutorture and <prefix>/share/mutorture. */
	char bin[PATH_MAX];
	snprintf(bin, sizeof(bin), "%s", mutorture_binary());
	char *slash = strrchr(bin, '/');
	if (slash) {
		*slash = '\0';
		char *share = xasprintf("%s/../share/mutorture", bin);
		char *probe = xasprintf("%s/runner", share);
		bool installed = access(probe, F_OK) == 0 && strlen(share) < sizeof(home_buf);
		if (installed)
			memcpy(home_buf, share, strlen(share) + 1);
		free(probe);
		free(share);
		if (installed)
			return home_buf;
	}
	snprintf(home_buf, sizeof(home_buf), "%s", MUTORTURE_SOURCE_DIR);
	return home_buf;
}
