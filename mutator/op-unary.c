/* neg and inc: unary operator mutants. neg drops a '!' where the operand may stand alone: an
 * integer operand anywhere, any scalar in a condition (a pointer's '!p' -> 'p' would not
 * convert to int elsewhere). inc swaps '++' and '--', prefix or postfix, valid for every type
 * they apply to. */
#include "operators.h"

/* Whether the value of cursor (a child of parent) is only tested for truth. */
static bool in_condition(const struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	CXCursor first;
	switch (clang_getCursorKind(parent)) {
	case CXCursor_IfStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_ForStmt:
		return true;
	case CXCursor_ConditionalOperator:
		return gen_children(parent, &first, 1) >= 1 && clang_equalCursors(first, cursor);
	case CXCursor_UnaryOperator: {
		unsigned s, e;
		CXCursor operand;
		return gen_unary(ctx, parent, &operand, &s, &e) && gen_text_is(ctx, s, e, "!");
	}
	case CXCursor_BinaryOperator: {
		unsigned s, e;
		CXCursor lhs, rhs;
		return gen_binary(ctx, parent, &lhs, &rhs, &s, &e) &&
		       (gen_text_is(ctx, s, e, "&&") || gen_text_is(ctx, s, e, "||"));
	}
	default:
		return false;
	}
}

static void visit_neg(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	CXCursor operand;
	unsigned s, e;
	if (!gen_unary(ctx, cursor, &operand, &s, &e) || !gen_text_is(ctx, s, e, "!"))
		return;
	if (gen_cursor_type_class(operand) != GEN_TYPE_INT && !in_condition(ctx, cursor, parent)) {
		gen_skip(ctx, "neg", "type");
		return;
	}
	gen_propose(ctx, "neg", "", s, e, "", "drop '!'");
}

static void visit_inc(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	(void)parent;
	CXCursor operand;
	unsigned s, e;
	if (!gen_unary(ctx, cursor, &operand, &s, &e))
		return;
	if (gen_text_is(ctx, s, e, "++"))
		gen_propose(ctx, "inc", "", s, e, "--", NULL);
	else if (gen_text_is(ctx, s, e, "--"))
		gen_propose(ctx, "inc", "", s, e, "++", NULL);
}

const struct mutation_operator op_neg = {
	"neg", "drop a logical negation: '!x' -> 'x'", visit_neg,
};
const struct mutation_operator op_inc = {
	"inc", "increment/decrement swap: '++' <-> '--'", visit_inc,
};
