/* lor: logical connector replacement, '&&' <-> '||'. Both take any scalar operands and yield
 * int, so the swap always compiles. */
#include "cursor.h"
#include "registry.h"

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	(void)parent;
	CXCursor lhs, rhs;
	unsigned s, e;
	if (!source_binary(src, cursor, &lhs, &rhs, &s, &e))
		return;
	if (source_text_is(src, s, e, "&&"))
		gen_propose(ctx, &op_lor, "", s, e, "||", NULL);
	else if (source_text_is(src, s, e, "||"))
		gen_propose(ctx, &op_lor, "", s, e, "&&", NULL);
}

const struct mutation_operator op_lor = {
	"lor", "logical connector replacement: '&&' <-> '||'", visit,
};
