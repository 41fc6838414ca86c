/* Arid code and source annotations; see suppress.h. Everything is found once per file and
 * kept as byte regions, each with its own reason string; a candidate is suppressed when its
 * first or last byte falls in a region. So deleting a whole printk() statement or mutating
 * inside its arguments is suppressed, while a lock/unlock pair whose critical section merely
 * contains a printk() is not: its mutated bytes are the lock calls. */
#include "suppress.h"

#include <stdlib.h>
#include <string.h>

#include "invocation.h"
#include "operator.h"
#include "rules.h"
#include "util.h"

struct region {
	unsigned start, end;
	char *reason;
};

struct suppress_data {
	struct region *regions;
	size_t nr, alloc;
};

static void add_region(struct suppress_data *d, unsigned start, unsigned end, char *reason)
{
	if (d->nr == d->alloc) {
		d->alloc = d->alloc ? 2 * d->alloc : 16;
		d->regions = xrealloc(d->regions, d->alloc * sizeof(*d->regions));
	}
	d->regions[d->nr++] = (struct region){ start, end, reason };
}

/* ---- arid calls -------------------------------------------------------------------- */

struct arid_walk {
	struct gen_ctx *ctx;
	const struct rule_set *rules;
	struct suppress_data *data;
};

static enum CXChildVisitResult find_arid(CXCursor c, CXCursor parent, CXClientData data)
{
	struct arid_walk *w = data;
	/* Other files are not mutated, so their declarations need no walk. */
	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	    !gen_in_file(w->ctx, clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	struct invocation inv;
	if (invocation_from_cursor(w->ctx, c, &inv) &&
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
	struct gen_ctx *ctx;
	struct suppress_data *data;
	const char *text;
	size_t len;
	long off_start; /* offset where the open `off` region starts, or -1 */
	unsigned off_line;
	char *off_reason;
};

static unsigned line_of(const char *text, unsigned pos)
{
	return 1 + (unsigned)text_count_newlines(text, 0, pos);
}

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
	unsigned line = line_of(a->text, cstart);
	const char *path = gen_path(a->ctx);

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

/* Finds every comment, stepping over string and character literals that could hide one. */
static void scan_comments(struct annotations *a)
{
	const char *t = a->text;
	size_t len = a->len;
	for (unsigned i = 0; i < len;) {
		if (t[i] == '"' || t[i] == '\'') {
			char quote = t[i++];
			while (i < len && t[i] != quote && t[i] != '\n')
				i += t[i] == '\\' ? 2 : 1;
			i++;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *close = memmem(t + i + 2, len - i - 2, "*/", 2);
			unsigned end = close ? (unsigned)(close - t) + 2 : (unsigned)len;
			comment(a, i, end);
			i = end;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			const char *nl = memchr(t + i, '\n', len - i);
			unsigned end = nl ? (unsigned)(nl - t) : (unsigned)len;
			comment(a, i, end);
			i = end;
		} else {
			i++;
		}
	}
	if (a->off_start >= 0) /* an off region without on runs to the end of the file */
		add_region(a->data, (unsigned)a->off_start, (unsigned)len, a->off_reason);
}

void suppress_scan(struct gen_ctx *ctx)
{
	struct suppress_data *data = xcalloc(1, sizeof(*data));
	struct annotations a = { ctx, data, NULL, 0, -1, 0, NULL };
	a.text = gen_text(ctx, &a.len);
	scan_comments(&a);

	const struct rule_set *rules = gen_rules(ctx);
	if (rules && rules_count(rules)) {
		struct arid_walk w = { ctx, rules, data };
		clang_visitChildren(clang_getTranslationUnitCursor(gen_tu(ctx)), find_arid, &w);
	}
	gen_set_suppress_data(ctx, data);
}

static bool in_region(const struct region *r, unsigned pos)
{
	return pos >= r->start && pos < r->end;
}

const char *suppress_reason(struct gen_ctx *ctx, unsigned start, unsigned end)
{
	const struct suppress_data *data = gen_suppress_data(ctx);
	if (!data)
		return NULL;
	unsigned last = end > start ? end - 1 : start;
	for (size_t i = 0; i < data->nr; i++)
		if (in_region(&data->regions[i], start) || in_region(&data->regions[i], last))
			return data->regions[i].reason;
	return NULL;
}

void suppress_free(void *p)
{
	struct suppress_data *data = p;
	if (!data)
		return;
	for (size_t i = 0; i < data->nr; i++)
		free(data->regions[i].reason);
	free(data->regions);
	free(data);
}
