/* neg and inc: unary operator mutants. neg drops a '!' where the operand may stand alone: an
 * integer operand anywhere, any scalar in a condition (a pointer's '!p' -> 'p' would not
 * convert to int elsewhere). inc swaps '++' and '--', prefix or postfix, valid for every type
 * they apply to. */
#include "cursor.h"
#include "registry.h"

/* Whether the value of cursor (a child of parent) is only tested for truth. */
static bool in_condition(const struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	CXCursor first;
	switch (clang_getCursorKind(parent)) {
	case CXCursor_IfStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_ForStmt:
		return true;
	case CXCursor_ConditionalOperator:
		return cursor_children(parent, &first, 1) >= 1 && clang_equalCursors(first, cursor);
	case CXCursor_UnaryOperator: {
		unsigned s, e;
		CXCursor operand;
		return source_unary(src, parent, &operand, &s, &e) && source_text_is(src, s, e, "!");
	}
	case CXCursor_BinaryOperator: {
		unsigned s, e;
		CXCursor lhs, rhs;
		return source_binary(src, parent, &lhs, &rhs, &s, &e) &&
		       (source_text_is(src, s, e, "&&") || source_text_is(src, s, e, "||"));
	}
	default:
		return false;
	}
}

static void visit_neg(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	CXCursor operand;
	unsigned s, e;
	if (!source_unary(src, cursor, &operand, &s, &e) || !source_text_is(src, s, e, "!"))
		return;
	if (cursor_type_class(operand) != TYPE_INT && !in_condition(ctx, cursor, parent)) {
		gen_skip(ctx, &op_neg, "type");
		return;
	}
	gen_propose(ctx, &op_neg, "", s, e, "", "drop '!'");
}

static void visit_inc(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	(void)parent;
	CXCursor operand;
	unsigned s, e;
	if (!source_unary(src, cursor, &operand, &s, &e))
		return;
	if (source_text_is(src, s, e, "++"))
		gen_propose(ctx, &op_inc, "", s, e, "--", NULL);
	else if (source_text_is(src, s, e, "--"))
		gen_propose(ctx, &op_inc, "", s, e, "++", NULL);
}

const struct mutation_operator op_neg = {
	"neg", "drop a logical negation: '!x' -> 'x'", visit_neg,
};
const struct mutation_operator op_inc = {
	"inc", "increment/decrement swap: '++' <-> '--'", visit_inc,
};
