/* cond: a condition forced or negated. 'if (c)' -> 'if (1)', 'if (0)', 'if (!(c))'; loops
 * ('while', 'do ... while', 'for') get 0 and the negation but never 1 (a forced-true loop hangs and
 * costs its whole timeout to teach nothing); 'c ? a : b' gets 1 and 0. The whole condition is
 * replaced, so a macro call in it ('if (unlikely(x))') is replaced as a whole. */
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "registry.h"
#include "util.h"

/* Skips a string or character literal or a comment starting at i; returns where it ends, or
 * i itself if none starts there. */
static unsigned skip_literal(const char *t, unsigned i, unsigned len)
{
	if (t[i] == '"' || t[i] == '\'') {
		char quote = t[i++];
		while (i < len && t[i] != quote && t[i] != '\n')
			i += t[i] == '\\' ? 2 : 1;
		return i + 1 < len ? i + 1 : len;
	}
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		const char *close = strstr(t + i + 2, "*/");
		return close ? (unsigned)(close - t) + 2 : len;
	}
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && t[i] != '\n')
			i++;
	}
	return i;
}

/* The condition of if, while and do, from the text: it starts where the condition's cursor
 * does and ends before the ')' matching the '(' just before it. Ends found this way hold
 * where libclang's do not ('if (IS_ENABLED(X))'). */
static bool paren_condition(const struct gen_ctx *ctx, CXCursor cond, unsigned *start,
			    unsigned *end)
{
	const struct source *src = gen_source(ctx);
	const char *t = src->text;
	size_t len = src->len;
	unsigned s;
	if (!source_cursor_start(src, cond, &s))
		return false;
	unsigned open = s;
	while (open > 0 && (t[open - 1] == ' ' || t[open - 1] == '\t' || t[open - 1] == '\n'))
		open--;
	if (open == 0 || t[open - 1] != '(')
		return false;
	int depth = 1;
	unsigned i = open;
	while (i < len && depth) {
		unsigned next = skip_literal(t, i, (unsigned)len);
		if (next != i) {
			i = next;
			continue;
		}
		depth += t[i] == '(';
		depth -= t[i] == ')';
		i++;
	}
	if (depth)
		return false;
	unsigned e = i - 1; /* the closing ')' */
	while (e > s && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\n'))
		e--;
	if (e <= s)
		return false;
	*start = s;
	*end = e;
	return true;
}

/* A for loop's condition: libclang leaves out the absent parts of 'for (init; cond; inc)', so
 * the condition is the child between the header's two top-level semicolons. */
static bool for_condition(const struct gen_ctx *ctx, CXCursor loop, CXCursor *cond)
{
	const struct source *src = gen_source(ctx);
	unsigned s, e, semi[2], nr_semi = 0;
	const char *text = src->text;
	if (!source_cursor_range(src, loop, &s, &e))
		return false;
	int depth = 0;
	for (unsigned i = s; i < e && nr_semi < 2; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && --depth == 0)
			break;
		else if (text[i] == ';' && depth == 1)
			semi[nr_semi++] = i;
	}
	CXCursor ch[4];
	unsigned nr = cursor_children(loop, ch, 4);
	for (unsigned i = 0; nr_semi == 2 && i < nr && i < 4; i++) {
		unsigned cs, ce;
		if (source_expansion_range(src, ch[i], &cs, &ce) && cs > semi[0] && ce <= semi[1]) {
			*cond = ch[i];
			return true;
		}
	}
	return false;
}

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	(void)parent;
	CXCursor ch[2];
	unsigned nr = cursor_children(cursor, ch, 2);
	CXCursor cond;
	int force_true = 1, negate = 1;
	switch (clang_getCursorKind(cursor)) {
	case CXCursor_IfStmt:
		cond = ch[0];
		break;
	case CXCursor_WhileStmt:
		cond = ch[0];
		force_true = 0;
		break;
	case CXCursor_DoStmt:
		if (nr < 2)
			return;
		cond = ch[1];
		force_true = 0;
		break;
	case CXCursor_ForStmt:
		if (!for_condition(ctx, cursor, &cond))
			return;
		force_true = 0;
		break;
	case CXCursor_ConditionalOperator:
		cond = ch[0];
		negate = 0;
		break;
	default:
		return;
	}
	unsigned s, e, cs, ce;
	enum CXCursorKind kind = clang_getCursorKind(cursor);
	bool parenthesized = kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt ||
			     kind == CXCursor_DoStmt;
	if (nr < 1 || !source_cursor_range(src, cursor, &s, &e) ||
	    !(parenthesized ? paren_condition(ctx, cond, &cs, &ce)
			    : source_expansion_range(src, cond, &cs, &ce)) ||
	    cs < s || ce > e || cs == ce)
		return;
	if (cursor_type_class(cond) == TYPE_OTHER) {
		gen_skip(ctx, &op_cond, "type");
		return;
	}
	if (force_true)
		gen_propose(ctx, &op_cond, "true", cs, ce, "1", NULL);
	gen_propose(ctx, &op_cond, "false", cs, ce, "0", NULL);
	if (negate) {
		const char *text = src->text;
		char *neg = xasprintf("!(%.*s)", (int)(ce - cs), text + cs);
		gen_propose(ctx, &op_cond, "negate", cs, ce, neg, NULL);
		free(neg);
	}
}

const struct mutation_operator op_cond = {
	"cond", "condition forced or negated: 'if (c)' -> 'if (1)', 'if (0)', 'if (!(c))'", visit,
};
