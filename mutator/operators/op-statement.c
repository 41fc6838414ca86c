/* sdl: statement deletion. An expression statement directly in a block (a call, an
 * assignment, an increment; a macro call as a whole) is deleted with its ';'. The newlines it
 * spanned are kept, so no line number below it moves. Not in a GNU statement expression,
 * whose last statement is its value, and not '(void)x;', which does nothing. */
#include <stdlib.h>

#include "cursor.h"
#include "registry.h"
#include "util.h"

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	enum CXCursorKind k = clang_getCursorKind(cursor);
	unsigned s, e;
	if (!clang_isExpression(k) || clang_getCursorKind(parent) != CXCursor_CompoundStmt)
		return;
	/* A block of this text: not one inside a macro body ('({ ...; })', 'do { } while (0)'),
	 * whose statements would all map onto the invocation. */
	if (!source_cursor_range(gen_source(ctx), parent, &s, &e))
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
	const char *text = gen_source(ctx)->text;
	size_t len = gen_source(ctx)->len;
	if (!source_expansion_range(gen_source(ctx), cursor, &s, &e))
		return;
	while (e < len && (text[e] == ' ' || text[e] == '\t'))
		e++;
	if (e >= len || text[e] != ';')
		return; /* the ';' came from a macro: not a statement of this text */
	e++;
	struct strbuf keep = STRBUF_INIT;
	for (unsigned i = s; i < e; i++)
		if (text[i] == '\n')
			sb_addc(&keep, '\n');
	char *desc = xasprintf("delete '%.*s'", (int)(e - s > 60 ? 60 : e - s), text + s);
	for (char *p = desc; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	gen_propose(ctx, &op_sdl, "", s, e, keep.buf ? keep.buf : "", desc);
	free(desc);
	sb_release(&keep);
}

const struct mutation_operator op_sdl = {
	"sdl", "statement deletion: 'f(x);' -> '' (line numbers kept)", visit,
};
