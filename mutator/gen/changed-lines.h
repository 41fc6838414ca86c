/* The lines of a file a change added or changed: what generate --diff and --patch restrict to
 * (changed-lines.c has the rules). */
#ifndef MUTORTURE_CHANGED_LINES_H
#define MUTORTURE_CHANGED_LINES_H

#include <stddef.h>

#include "line-set.h"

/* What a patch (or a series of them) changes, per file of the tree it leaves behind. */
struct patch {
	struct patch_file {
		char *path;            /* tree-relative: the first component off, as -p1 */
		struct line_set lines; /* lines of the final file added or changed (active) */
	} *files;
	size_t nr;
};

/* Reads a unified diff, or an mbox of patches applied in order, from file ('-': standard
 * input); dies with a one-line reason on anything that is no patch. */
void patch_load(const char *file, struct patch *out);
void patch_parse(const char *text, size_t len, const char *what, struct patch *out);
/* The lines of path the patch changes, or NULL when it does not touch path. */
const struct line_set *patch_lines(const struct patch *patch, const char *path);
void patch_free(struct patch *patch);

/* Lines of root/path (1-based, in the working tree) added or changed since rev, by
 * 'git diff -U0 REV -- PATH'. The set is active even when empty (an unchanged file has
 * nothing to mutate). Dies if git fails (not a repository, unknown revision). */
void diff_changed_lines(const char *root, const char *rev, const char *path,
			struct line_set *out);

#endif
