/* lor: logical connector replacement, '&&' <-> '||'. Both take any scalar operands and yield
 * int, so the swap always compiles. */
#include "operators.h"

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	(void)parent;
	CXCursor lhs, rhs;
	unsigned s, e;
	if (!gen_binary(ctx, cursor, &lhs, &rhs, &s, &e))
		return;
	if (gen_text_is(ctx, s, e, "&&"))
		gen_propose(ctx, "lor", "", s, e, "||", NULL);
	else if (gen_text_is(ctx, s, e, "||"))
		gen_propose(ctx, "lor", "", s, e, "&&", NULL);
}

const struct mutation_operator op_lor = {
	"lor", "logical connector replacement: '&&' <-> '||'", visit,
};
