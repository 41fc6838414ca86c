/* sdl: statement deletion, wherever a statement stands. An expression statement (a call, an
 * assignment, an increment; a macro call as a whole) and a statement that is one macro
 * invocation ('WRITE_ONCE(x, 1);', 'wait_event(q, c);'), whatever it expands to (do-while, if,
 * a block, a loop), are deleted: in a block with their ';'; as the body of an if, a loop, a
 * case or a label the statement becomes '(void)0' and its ';' stays, so the next statement is
 * not pulled into the body and no empty-body warning appears. The newlines it spanned are
 * kept, so no line number below it moves. Not in a GNU statement expression, whose last
 * statement is its value, and not '(void)x;', which does nothing. */
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "invocation.h"
#include "registry.h"
#include "util.h"

/* "delete 'TEXT'", the text on one line and cut at 60 bytes (malloc'd). */
static char *describe_deletion(const char *text, unsigned s, unsigned e)
{
	char *desc = xasprintf("delete '%.*s'", (int)(e - s > 60 ? 60 : e - s), text + s);
	for (char *p = desc; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	return desc;
}

/* Whether [start, end) is exactly one macro invocation of the text. */
static bool is_macro_invocation(const struct source *src, unsigned start, unsigned end)
{
	for (size_t i = 0; i < src->nr_macros; i++)
		if (src->macros[i].start == start && src->macros[i].end == end)
			return true;
	return false;
}

/* A statement that is one macro invocation, in any statement position. */
static void macro_statement(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	struct statement_use use;
	if (!invocation_statement(src, cursor, parent, &use) ||
	    !is_macro_invocation(src, use.inv.start, use.inv.end))
		return;
	struct strbuf repl = STRBUF_INIT;
	statement_deletion(&repl, src->text, &use);
	char *desc = describe_deletion(src->text, use.inv.start, use.end);
	gen_propose(ctx, &op_sdl, "", use.inv.start, use.end, repl.buf, desc);
	free(desc);
	sb_release(&repl);
}

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	enum CXCursorKind k = clang_getCursorKind(cursor);
	unsigned s, e;
	bool in_block = clang_getCursorKind(parent) == CXCursor_CompoundStmt;
	if (!clang_isExpression(k) || (!in_block && !cursor_is_body(cursor, parent))) {
		macro_statement(ctx, cursor, parent);
		return;
	}
	/* A block or statement of this text: not one inside a macro body ('({ ...; })',
	 * 'do { } while (0)'), whose statements would all map onto the invocation. */
	if (!source_cursor_range(src, parent, &s, &e))
		return;
	if (clang_getCursorKind(gen_ancestor(ctx, 1)) == CXCursor_StmtExpr) {
		gen_skip(ctx, &op_sdl, "type");
		return;
	}
	/* '(void)x;' only silences a warning: deleting it is equivalent by construction. */
	if (k == CXCursor_CStyleCastExpr &&
	    clang_getCanonicalType(clang_getCursorType(cursor)).kind == CXType_Void) {
		CXCursor operand;
		if (cursor_children(cursor, &operand, 1) == 1 &&
		    clang_getCursorKind(operand) != CXCursor_CallExpr) {
			gen_skip(ctx, &op_sdl, "no-op");
			return;
		}
	}
	const char *text = src->text;
	size_t len = src->len;
	if (!source_expansion_range(src, cursor, &s, &e))
		return;
	while (e < len && (text[e] == ' ' || text[e] == '\t'))
		e++;
	if (e >= len || text[e] != ';')
		return; /* the ';' came from a macro: not a statement of this text */
	unsigned semi = e;
	if (in_block)
		e = semi + 1;
	else
		while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t'))
			e--;
	struct strbuf repl = STRBUF_INIT;
	sb_adds(&repl, in_block ? "" : "(void)0");
	text_add_newlines(&repl, text, s, e);
	char *desc = describe_deletion(text, s, semi + 1);
	gen_propose(ctx, &op_sdl, "", s, e, repl.buf, desc);
	free(desc);
	sb_release(&repl);
}

const struct mutation_operator op_sdl = {
	"sdl", "statement deletion: 'f(x);' -> '', 'if (c) f(x);' -> 'if (c) (void)0;'", visit,
};
