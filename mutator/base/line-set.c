/* Line range sets; see line-set.h. */
#include "line-set.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void line_set_add(struct line_set *set, unsigned first, unsigned last)
{
	set->ranges = xrealloc(set->ranges, (set->nr + 1) * sizeof(*set->ranges));
	set->ranges[set->nr].first = first;
	set->ranges[set->nr].last = last;
	set->nr++;
	set->active = true;
}

void line_set_clear(struct line_set *set)
{
	free(set->ranges);
	memset(set, 0, sizeof(*set));
}

bool line_set_hits(const struct line_set *set, unsigned first, unsigned last)
{
	if (!set || !set->active)
		return true;
	for (size_t i = 0; i < set->nr; i++)
		if (first <= set->ranges[i].last && set->ranges[i].first <= last)
			return true;
	return false;
}
