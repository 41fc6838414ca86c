/* Lists of owned strings; see strlist.h. */
#include "strlist.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void strlist_add(struct strlist *list, const char *s)
{
	list->items = xrealloc(list->items, (list->nr + 1) * sizeof(*list->items));
	list->items[list->nr++] = xstrdup(s);
}

void strlist_clear(struct strlist *list)
{
	for (size_t i = 0; i < list->nr; i++)
		free(list->items[i]);
	free(list->items);
	list->items = NULL;
	list->nr = 0;
}

bool strlist_has(const struct strlist *list, const char *s)
{
	for (size_t i = 0; i < list->nr; i++)
		if (!strcmp(list->items[i], s))
			return true;
	return false;
}
