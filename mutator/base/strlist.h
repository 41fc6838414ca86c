/* A list of owned strings, in order: repeatable options, compiler flags, names. */
#ifndef MUTORTURE_STRLIST_H
#define MUTORTURE_STRLIST_H

#include <stdbool.h>
#include <stddef.h>

struct strlist {
	char **items;
	size_t nr;
};

void strlist_add(struct strlist *list, const char *s);
void strlist_clear(struct strlist *list);
/* Whether s is one of the items. */
bool strlist_has(const struct strlist *list, const char *s);

#endif
