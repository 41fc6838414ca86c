/* Which lines of a file a change touched, for generate --diff: read from 'git diff -U0 REV'
 * hunks. A pure deletion marks the lines on both sides of the cut. */
#include "changed-lines.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* Runs argv with stdout into *out; dies naming what, with the first line the command wrote
 * on stderr, if it cannot run or exits non-zero (so the failure is still one line). */
static void run_capture(const char *const *argv, const char *what, struct strbuf *out)
{
	int fds[2];
	FILE *err = tmpfile();
	if (!err || pipe(fds) < 0)
		die("cannot run %s: %s", what, strerror(errno));
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		die("cannot run %s: %s", what, strerror(errno));
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fileno(err), STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	char buf[65536];
	ssize_t n;
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("cannot read the output of %s: %s", what, strerror(errno));
		sb_add(out, buf, (size_t)n);
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("cannot wait for %s: %s", what, strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char line[512] = "";
		rewind(err);
		if (!fgets(line, sizeof(line), err))
			snprintf(line, sizeof(line), "exit status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		line[strcspn(line, "\n")] = '\0';
		die("%s failed: %s", what, line);
	}
	fclose(err);
}

void diff_changed_lines(const char *root, const char *rev, const char *path,
			struct line_set *out)
{
	struct strbuf text = STRBUF_INIT;
	char *what = xasprintf("'git diff %s -- %s'", rev, path);
	const char *argv[] = { "git", "-C", root, "diff", "--no-color", "--no-ext-diff", "-U0",
			       rev, "--", path, NULL };
	run_capture(argv, what, &text);
	out->active = 1;
	for (char *line = text.buf; line && *line;) {
		char *nl = strchr(line, '\n');
		unsigned long start, count = 1;
		if (starts_with(line, "@@ ")) {
			char *plus = strstr(line, " +");
			if (!plus || sscanf(plus + 2, "%lu", &start) != 1)
				die("cannot read %s: bad hunk header", what);
			char *comma = plus + 2 + strspn(plus + 2, "0123456789");
			if (*comma == ',')
				count = strtoul(comma + 1, NULL, 10);
			if (count)
				line_set_add(out, (unsigned)start, (unsigned)(start + count - 1));
			else
				line_set_add(out, (unsigned)(start ? start : 1), (unsigned)start + 1);
		}
		line = nl ? nl + 1 : NULL;
	}
	free(what);
	sb_release(&text);
}
