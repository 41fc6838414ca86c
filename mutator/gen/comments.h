/* The one C comment scanner: where the comments of a file's text are. It lexes just enough C
 * to know: string and character literals (which may hold comment markers), block comments,
 * and line comments, which a backslash-newline continues onto the next line (C11 5.1.1.2:
 * line splicing comes before comments are recognised). */
#ifndef MUTORTURE_COMMENTS_H
#define MUTORTURE_COMMENTS_H

#include <stddef.h>

struct span {
	unsigned start, end; /* [start, end) */
};

/* Sets *out (malloc'd, sorted, disjoint) and *nr to the comments of text: a block comment
 * with its '*' '/', a line comment up to (not including) its newline. */
void comments_scan(const char *text, size_t len, struct span **out, size_t *nr);

/* The span of spans (sorted, disjoint) holding offset, or NULL. */
const struct span *span_find(const struct span *spans, size_t nr, unsigned offset);

#endif
