/* Diffs in both directions: writing a unified diff between two texts (what 'show' prints;
 * the same hunks 'diff -u' gives, 3 lines of context), and reading which lines of a file
 * 'git diff REV' touches (what 'generate --diff' restricts to). */
#ifndef MUTORTURE_DIFF_H
#define MUTORTURE_DIFF_H

#include <stddef.h>

#include "generate.h"
#include "util.h"

/* Appends '--- a/PATH', '+++ b/PATH' and the hunks turning a into b; nothing if equal. */
void diff_unified(struct strbuf *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen);

/* Lines of root/path (1-based, in the working tree) added or changed since rev, by
 * 'git diff -U0 REV -- PATH'; a pure deletion marks the lines on both sides of the cut.
 * The set is active even when empty (an unchanged file has nothing to mutate). Dies if git
 * fails (not a repository, unknown revision). */
void diff_changed_lines(const char *root, const char *rev, const char *path,
			struct line_set *out);

#endif
