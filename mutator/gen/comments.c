/* The comment scanner; see comments.h. */
#include "comments.h"

#include <string.h>

#include "util.h"

static void add_span(struct span **spans, size_t *nr, size_t *alloc, size_t start, size_t end)
{
	if (*nr == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 32;
		*spans = xrealloc(*spans, *alloc * sizeof(**spans));
	}
	(*spans)[(*nr)++] = (struct span){ (unsigned)start, (unsigned)end };
}

void comments_scan(const char *t, size_t n, struct span **out, size_t *nr)
{
	size_t alloc = 0;
	*out = NULL;
	*nr = 0;
	for (size_t i = 0; i < n;) {
		if (t[i] == '"' || t[i] == '\'') {
			/* A literal ends at its quote or, unterminated, at the end of the line. */
			char quote = t[i++];
			while (i < n && t[i] != quote && t[i] != '\n')
				i += t[i] == '\\' ? 2 : 1;
			i++;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
			const char *close = memmem(t + i + 2, n - i - 2, "*/", 2);
			size_t end = close ? (size_t)(close - t) + 2 : n;
			add_span(out, nr, &alloc, i, end);
			i = end;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
			size_t end = i + 2;
			while (end < n && (t[end] != '\n' || t[end - 1] == '\\'))
				end++;
			add_span(out, nr, &alloc, i, end);
			i = end;
		} else {
			i++;
		}
	}
}

const struct span *span_find(const struct span *spans, size_t nr, unsigned offset)
{
	size_t lo = 0, hi = nr;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (spans[mid].end <= offset)
			lo = mid + 1;
		else if (spans[mid].start > offset)
			hi = mid;
		else
			return &spans[mid];
	}
	return NULL;
}
