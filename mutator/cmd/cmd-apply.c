/* mutorture apply: write one mutant's text into a tree (by rename: a new inode, so trees that
 * share files by hard links stay intact) and print the tree-relative path, or print the whole
 * mutated file. A tree whose file is not the version the mutant was made from is refused. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "hash.h"
#include "mutant.h"
#include "options.h"
#include "util.h"

int cmd_apply(int argc, const char **argv)
{
	const char *db_file = default_db_path(), *tree = NULL;
	static const char *const usage[] = { "mutorture apply [--db FILE] [--tree DIR] ID", NULL };
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "tree", &tree, "DIR", "write the mutated file into DIR (else print it)"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 1)
		usage_with_options(usage, options);
	/* An empty DIR would put the file at '/PATH'. */
	if (tree && !*tree)
		usage_error("option '--tree' expects a directory, not ''");
	struct mutant_row m;
	mutant_load_file(db_file, argv[0], &m);
	/* Every check that can die comes before the allocations it would leave behind (the
	 * sanitizer build reports those as leaks). */
	char path[PATH_MAX];
	if (tree) {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", tree, m.path) >= sizeof(path))
			die("path too long: '%s/%s'", tree, m.path);
		char *old;
		size_t old_len;
		char hash[HASH_HEX_LEN + 1];
		if (read_file(path, &old, &old_len) < 0)
			die("cannot read '%s': %s", path, strerror(errno));
		hash_content(old, old_len, hash);
		free(old);
		if (strcmp(hash, m.hash))
			die("'%s' is not the version mutant %s was made from (hash %s, expected %s)",
			    path, m.id, hash, m.hash);
	}
	size_t len;
	char *text = mutant_text(&m, &len);
	if (!tree) {
		fwrite(text, 1, len, stdout);
		free(text);
	} else {
		int rc = write_file_by_rename(path, text, len), err = errno;
		free(text);
		if (rc < 0)
			die("cannot write '%s': %s", path, strerror(err));
		printf("%s\n", m.path);
	}
	mutant_free(&m);
	return 0;
}
