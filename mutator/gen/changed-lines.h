/* The lines of a file a change added or changed: what generate --diff restricts to. */
#ifndef MUTORTURE_CHANGED_LINES_H
#define MUTORTURE_CHANGED_LINES_H

#include "line-set.h"

/* Lines of root/path (1-based, in the working tree) added or changed since rev, by
 * 'git diff -U0 REV -- PATH'; a pure deletion marks the lines on both sides of the cut.
 * The set is active even when empty (an unchanged file has nothing to mutate). Dies if git
 * fails (not a repository, unknown revision). */
void diff_changed_lines(const char *root, const char *rev, const char *path,
			struct line_set *out);

#endif
