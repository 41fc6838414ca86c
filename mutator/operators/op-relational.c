/* ror: relational operator replacement. Each comparison moves its boundary (< to <=) or is
 * negated (< to >=); == and != swap. Valid for every operand type a comparison accepts. */
#include <string.h>

#include "cursor.h"
#include "registry.h"

static const struct {
	const char *from;
	const char *to[2];
} table[] = {
	{ "<", { "<=", ">=" } },
	{ "<=", { "<", ">" } },
	{ ">", { ">=", "<=" } },
	{ ">=", { ">", "<" } },
	{ "==", { "!=", NULL } },
	{ "!=", { "==", NULL } },
};

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	(void)parent;
	CXCursor lhs, rhs;
	unsigned s, e;
	if (!source_binary(src, cursor, &lhs, &rhs, &s, &e))
		return;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if (!source_text_is(src, s, e, table[i].from))
			continue;
		for (size_t j = 0; j < 2 && table[i].to[j]; j++)
			gen_propose(ctx, &op_ror, "", s, e, table[i].to[j], NULL);
	}
}

const struct mutation_operator op_ror = {
	"ror", "relational operator replacement: '<' -> '<=', '>='; '==' <-> '!='", visit,
};
