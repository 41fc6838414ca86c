/* Unified diffs; see udiff.h. The line diff trims the common head and tail
 * and aligns the rest by a longest common subsequence; a mutant changes one range, so the
 * middle is a few lines and the quadratic table stays tiny (a huge middle falls back to
 * "all removed, all added", still a correct diff). */
#include "udiff.h"

#include <stdlib.h>
#include <string.h>

#define CONTEXT 3
#define MAX_LCS_CELLS (4u << 20)

struct lines {
	const char **at;  /* start of each line */
	size_t *len;      /* length without the newline */
	int *has_newline; /* 0 only for an unterminated last line */
	size_t nr;
};

static void split_lines(const char *text, size_t len, struct lines *l)
{
	size_t alloc = 16;
	l->nr = 0;
	l->at = xmalloc(alloc * sizeof(*l->at));
	l->len = xmalloc(alloc * sizeof(*l->len));
	l->has_newline = xmalloc(alloc * sizeof(*l->has_newline));
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		if (l->nr == alloc) {
			alloc *= 2;
			l->at = xrealloc(l->at, alloc * sizeof(*l->at));
			l->len = xrealloc(l->len, alloc * sizeof(*l->len));
			l->has_newline = xrealloc(l->has_newline, alloc * sizeof(*l->has_newline));
		}
		l->at[l->nr] = text + i;
		l->len[l->nr] = n;
		l->has_newline[l->nr] = nl != NULL;
		l->nr++;
		i += n + (nl != NULL);
	}
}

static void free_lines(struct lines *l)
{
	free(l->at);
	free(l->len);
	free(l->has_newline);
}

static int same(const struct lines *a, size_t i, const struct lines *b, size_t j)
{
	return a->len[i] == b->len[j] && a->has_newline[i] == b->has_newline[j] &&
	       !memcmp(a->at[i], b->at[j], a->len[i]);
}

/* One edit-script entry: ' ' common, '-' only in a, '+' only in b, with line indexes. */
struct edit {
	char kind;
	size_t a, b;
};

/* The edit script for the middle a[as, ae) / b[bs, be), appended to *ed. */
static void align(const struct lines *a, size_t as, size_t ae, const struct lines *b, size_t bs,
		  size_t be, struct edit **ed, size_t *nr)
{
	size_t n = ae - as, m = be - bs;
	unsigned *lcs = NULL;
	if (n && m && (n + 1) * (m + 1) <= MAX_LCS_CELLS) {
		lcs = xcalloc((n + 1) * (m + 1), sizeof(*lcs));
		for (size_t i = n; i-- > 0;)
			for (size_t j = m; j-- > 0;)
				lcs[i * (m + 1) + j] = same(a, as + i, b, bs + j)
					? lcs[(i + 1) * (m + 1) + j + 1] + 1
					: (lcs[(i + 1) * (m + 1) + j] > lcs[i * (m + 1) + j + 1]
						   ? lcs[(i + 1) * (m + 1) + j]
						   : lcs[i * (m + 1) + j + 1]);
	}
	size_t i = 0, j = 0;
	*ed = xrealloc(*ed, (*nr + n + m) * sizeof(**ed));
	while (i < n || j < m) {
		if (lcs && i < n && j < m && same(a, as + i, b, bs + j)) {
			(*ed)[(*nr)++] = (struct edit){ ' ', as + i++, bs + j++ };
		} else if (i < n && (j == m || !lcs ||
				     lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1])) {
			(*ed)[(*nr)++] = (struct edit){ '-', as + i++, bs + j };
		} else {
			(*ed)[(*nr)++] = (struct edit){ '+', as + i, bs + j++ };
		}
	}
	free(lcs);
}

static void put_line(struct strbuf *out, char kind, const struct lines *l, size_t i)
{
	sb_addc(out, kind);
	sb_add(out, l->at[i], l->len[i]);
	sb_addc(out, '\n');
	if (!l->has_newline[i])
		sb_adds(out, "\\ No newline at end of file\n");
}

static void put_range(struct strbuf *out, char sign, size_t start, size_t count)
{
	/* As diff -u: an empty range names the line before it. */
	sb_addf(out, "%c%zu", sign, count ? start + 1 : start);
	if (count != 1)
		sb_addf(out, ",%zu", count);
}

void diff_unified(struct strbuf *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen)
{
	struct lines la, lb;
	split_lines(a, alen, &la);
	split_lines(b, blen, &lb);
	size_t head = 0;
	while (head < la.nr && head < lb.nr && same(&la, head, &lb, head))
		head++;
	size_t tail = 0;
	while (tail < la.nr - head && tail < lb.nr - head &&
	       same(&la, la.nr - 1 - tail, &lb, lb.nr - 1 - tail))
		tail++;
	if (head == la.nr && head == lb.nr) {
		free_lines(&la);
		free_lines(&lb);
		return;
	}
	/* The whole script: the context around the middle is common lines by construction. */
	struct edit *ed = NULL;
	size_t nr = 0;
	size_t pre = head < CONTEXT ? head : CONTEXT;
	size_t post = tail < CONTEXT ? tail : CONTEXT;
	ed = xmalloc((pre + post + 1) * sizeof(*ed));
	for (size_t k = head - pre; k < head; k++)
		ed[nr++] = (struct edit){ ' ', k, k };
	align(&la, head, la.nr - tail, &lb, head, lb.nr - tail, &ed, &nr);
	ed = xrealloc(ed, (nr + post) * sizeof(*ed));
	for (size_t k = 0; k < post; k++)
		ed[nr++] = (struct edit){ ' ', la.nr - tail + k, lb.nr - tail + k };

	sb_addf(out, "--- a/%s\n+++ b/%s\n", path, path);
	/* Split into hunks where more than 2*CONTEXT common lines separate two changes. */
	for (size_t h = 0; h < nr;) {
		size_t first = h;
		while (first < nr && ed[first].kind == ' ')
			first++;
		if (first == nr)
			break;
		size_t begin = first >= h + CONTEXT ? first - CONTEXT : h;
		size_t end = first, run = 0;
		for (size_t k = first; k < nr; k++) {
			if (ed[k].kind != ' ') {
				end = k + 1;
				run = 0;
			} else if (++run > 2 * CONTEXT) {
				break;
			}
		}
		size_t stop = end + CONTEXT < nr ? end + CONTEXT : nr;
		size_t acount = 0, bcount = 0;
		for (size_t k = begin; k < stop; k++) {
			acount += ed[k].kind != '+';
			bcount += ed[k].kind != '-';
		}
		sb_adds(out, "@@ ");
		put_range(out, '-', ed[begin].a, acount);
		sb_addc(out, ' ');
		put_range(out, '+', ed[begin].b, bcount);
		sb_adds(out, " @@\n");
		for (size_t k = begin; k < stop; k++) {
			if (ed[k].kind == '+')
				put_line(out, '+', &lb, ed[k].b);
			else
				put_line(out, ed[k].kind, &la, ed[k].a);
		}
		h = stop;
	}
	free(ed);
	free_lines(&la);
	free_lines(&lb);
}
