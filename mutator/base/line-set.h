/* Sets of inclusive 1-based line ranges: what --lines, --diff (and patches) select. */
#ifndef MUTORTURE_LINE_SET_H
#define MUTORTURE_LINE_SET_H

#include <stdbool.h>
#include <stddef.h>

/* An inactive set (active false) lets every line through; an active empty one none. */
struct line_set {
	bool active;
	struct line_range { unsigned first, last; } *ranges;
	size_t nr;
};

void line_set_add(struct line_set *set, unsigned first, unsigned last);
void line_set_clear(struct line_set *set);
/* Whether [first, last] meets the set (always, for an inactive or NULL set). */
bool line_set_hits(const struct line_set *set, unsigned first, unsigned last);

#endif
