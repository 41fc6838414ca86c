/* Arid code and source annotations; see suppress.h. Everything is found once per file and
 * kept as byte regions, each with its own reason string; a candidate is suppressed when its
 * first or last byte falls in a region. So deleting a whole printk() statement or mutating
 * inside its arguments is suppressed, while a lock/unlock pair whose critical section merely
 * contains a printk() is not: its mutated bytes are the lock calls. */
#include "suppress.h"

#include <stdlib.h>
#include <string.h>

#include "invocation.h"
#include "util.h"

static void add_region(struct suppression *d, unsigned start, unsigned end, char *reason)
{
	if (d->nr == d->alloc) {
		d->alloc = d->alloc ? 2 * d->alloc : 16;
		d->regions = xrealloc(d->regions, d->alloc * sizeof(*d->regions));
	}
	d->regions[d->nr++] = (struct suppressed_region){ start, end, reason };
}

/* ---- arid calls -------------------------------------------------------------------- */

struct arid_walk {
	const struct source *src;
	const struct rule_set *rules;
	struct suppression *data;
};

static enum CXChildVisitResult find_arid(CXCursor c, CXCursor parent, CXClientData data)
{
	struct arid_walk *w = data;
	/* Other files are not mutated, so their declarations need no walk. */
	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	    !source_in_file(w->src, clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	struct invocation inv;
	if (invocation_from_cursor(w->src, c, &inv) &&
	    rules_next(w->rules, RULE_ARID, inv.name, NULL)) {
		add_region(w->data, inv.start, inv.end,
			   xasprintf("arid call of '%s'", inv.name));
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/* ---- annotations in comments ------------------------------------------------------- */

#define ANNOTATION "mutorture:"

struct annotations {
	const struct source *src;
	struct suppression *data;
	const char *text;
	size_t len;
	long off_start; /* offset where the open `off` region starts, or -1 */
	unsigned off_line;
	char *off_reason;
};

static char *reason_text(const char *what, unsigned line, const char *why, size_t why_len)
{
	if (!why_len)
		return xasprintf("mutorture: %s at line %u", what, line);
	return xasprintf("mutorture: %s at line %u (%.*s)", what, line, (int)why_len, why);
}

/* One `mutorture: WORD [reason]` found in the comment [cstart, cend) at body. */
static void annotation(struct annotations *a, unsigned cstart, unsigned cend, const char *body,
		       const char *body_end)
{
	const char *p = body + strlen(ANNOTATION);
	while (p < body_end && (*p == ' ' || *p == '\t'))
		p++;
	const char *word = p;
	while (p < body_end && ((*p >= 'a' && *p <= 'z') || *p == '-'))
		p++;
	size_t word_len = (size_t)(p - word);
	/* The reason is the rest of the comment line, separators and the comment's end aside. */
	while (p < body_end && strchr(" \t:-(", *p))
		p++;
	const char *why_end = p;
	while (why_end < body_end && *why_end != '\n')
		why_end++;
	while (why_end > p && strchr(" \t*/)", why_end[-1]))
		why_end--;
	size_t why_len = (size_t)(why_end - p);
	unsigned line, col;
	source_line_col(a->src, cstart, &line, &col);
	const char *path = a->src->path;

	if (word_len == 3 && !strncmp(word, "off", 3)) {
		if (a->off_start >= 0) {
			warning("%s:%u: 'mutorture: off' inside an off region (from line %u)", path,
				line, a->off_line);
			return;
		}
		a->off_start = cend;
		a->off_line = line;
		a->off_reason = reason_text("off", line, p, why_len);
	} else if (word_len == 2 && !strncmp(word, "on", 2)) {
		if (a->off_start < 0) {
			warning("%s:%u: 'mutorture: on' without a 'mutorture: off' before it", path,
				line);
			return;
		}
		add_region(a->data, (unsigned)a->off_start, cstart, a->off_reason);
		a->off_start = -1;
		a->off_reason = NULL;
	} else if (word_len == 9 && !strncmp(word, "skip-next", 9)) {
		const char *nl = memchr(a->text + cend, '\n', a->len - cend);
		if (!nl)
			return;
		unsigned next = (unsigned)(nl - a->text) + 1;
		const char *next_nl = memchr(a->text + next, '\n', a->len - next);
		unsigned next_end = next_nl ? (unsigned)(next_nl - a->text) : (unsigned)a->len;
		add_region(a->data, next, next_end, reason_text("skip-next", line, p, why_len));
	} else {
		warning("%s:%u: unknown annotation 'mutorture: %.*s' (off, on or skip-next)", path,
			line, (int)word_len, word);
	}
}

static void comment(struct annotations *a, unsigned cstart, unsigned cend)
{
	const char *end = a->text + cend;
	for (const char *p = a->text + cstart; p < end;) {
		const char *hit = memmem(p, (size_t)(end - p), ANNOTATION, strlen(ANNOTATION));
		if (!hit)
			break;
		annotation(a, cstart, cend, hit, end);
		p = hit + strlen(ANNOTATION);
	}
}

/* The annotations of every comment of the source model. */
static void scan_annotations(struct annotations *a)
{
	for (size_t i = 0; i < a->src->nr_comments; i++)
		comment(a, a->src->comments[i].start, a->src->comments[i].end);
	if (a->off_start >= 0) /* an off region without on runs to the end of the file */
		add_region(a->data, (unsigned)a->off_start, (unsigned)a->len, a->off_reason);
}

void suppress_scan(const struct source *src, const struct rule_set *rules,
		   struct suppression *out)
{
	memset(out, 0, sizeof(*out));
	struct annotations a = { src, out, src->text, src->len, -1, 0, NULL };
	scan_annotations(&a);
	if (rules && rules_count(rules)) {
		struct arid_walk w = { src, rules, out };
		clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_arid, &w);
	}
}

static bool in_region(const struct suppressed_region *r, unsigned pos)
{
	return pos >= r->start && pos < r->end;
}

const char *suppress_reason(const struct suppression *s, unsigned start, unsigned end)
{
	unsigned last = end > start ? end - 1 : start;
	for (size_t i = 0; i < s->nr; i++)
		if (in_region(&s->regions[i], start) || in_region(&s->regions[i], last))
			return s->regions[i].reason;
	return NULL;
}

void suppress_release(struct suppression *s)
{
	for (size_t i = 0; i < s->nr; i++)
		free(s->regions[i].reason);
	free(s->regions);
	memset(s, 0, sizeof(*s));
}
