/* aor, bor, sor: arithmetic, bitwise and shift operator replacement, plain and as compound
 * assignment ('+=' -> '-='). Type-aware so that every mutant compiles: '%' only between
 * integers, and with a pointer operand only 'p + i' <-> 'p - i' (the one swap that keeps the
 * expression's type); 'i + p' and 'p - q' are left alone. */
#include <stdio.h>
#include <string.h>

#include "cursor.h"
#include "registry.h"

enum need {
	ANY,      /* the operands' types already allow the replacement */
	INTEGERS, /* both operands must be integers ('%') */
};

struct replacement {
	const char *from;
	const char *to;
	enum need need;
};

static const struct replacement arithmetic[] = {
	{ "+", "-", ANY }, { "-", "+", ANY }, { "*", "/", ANY }, { "/", "*", ANY },
	{ "/", "%", INTEGERS }, { "%", "/", ANY }, { "%", "*", ANY }, { NULL, NULL, ANY },
};
static const struct replacement bitwise[] = {
	{ "&", "|", ANY }, { "&", "^", ANY }, { "|", "&", ANY }, { "|", "^", ANY },
	{ "^", "&", ANY }, { "^", "|", ANY }, { NULL, NULL, ANY },
};
static const struct replacement shift[] = {
	{ "<<", ">>", ANY }, { ">>", "<<", ANY }, { NULL, NULL, ANY },
};

/* Whether the operator spelled op (without a trailing '=') may become to. */
static bool types_allow(CXCursor lhs, CXCursor rhs, const char *op, const struct replacement *r)
{
	enum type_class l = cursor_type_class(lhs), rt = cursor_type_class(rhs);
	if (l == TYPE_OTHER || rt == TYPE_OTHER)
		return false;
	if (l == TYPE_POINTER || rt == TYPE_POINTER)
		return (!strcmp(op, "+") || !strcmp(op, "-")) && l == TYPE_POINTER &&
		       rt == TYPE_INT;
	return r->need == ANY || (l == TYPE_INT && rt == TYPE_INT);
}

static void replace(struct gen_ctx *ctx, CXCursor cursor, const struct mutation_operator *family,
		    const struct replacement *table)
{
	const struct source *src = gen_source(ctx);
	CXCursor lhs, rhs;
	unsigned s, e;
	if (!source_binary(src, cursor, &lhs, &rhs, &s, &e))
		return;
	const char *text = src->text;
	int compound = clang_getCursorKind(cursor) == CXCursor_CompoundAssignOperator;
	if (compound && (e - s < 2 || text[e - 1] != '='))
		return;
	char op[4] = "";
	size_t n = e - s - (unsigned)compound;
	if (n >= sizeof(op))
		return;
	memcpy(op, text + s, n);
	op[n] = '\0';
	for (const struct replacement *r = table; r->from; r++) {
		if (strcmp(r->from, op))
			continue;
		if (!types_allow(lhs, rhs, op, r)) {
			gen_skip(ctx, family, "type");
			continue;
		}
		char to[4];
		snprintf(to, sizeof(to), "%s%s", r->to, compound ? "=" : "");
		gen_propose(ctx, family, compound ? "assign" : "", s, e, to, NULL);
	}
}

static void visit_aor(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	(void)parent;
	replace(ctx, cursor, &op_aor, arithmetic);
}

static void visit_bor(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	(void)parent;
	replace(ctx, cursor, &op_bor, bitwise);
}

static void visit_sor(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	(void)parent;
	replace(ctx, cursor, &op_sor, shift);
}

const struct mutation_operator op_aor = {
	"aor", "arithmetic operator replacement: '+' <-> '-', '*' <-> '/', '%' (also '+=' ...)",
	visit_aor,
};
const struct mutation_operator op_bor = {
	"bor", "bitwise operator replacement: '&', '|', '^' (also '&=' ...)", visit_bor,
};
const struct mutation_operator op_sor = {
	"sor", "shift operator replacement: '<<' <-> '>>' (also '<<=' ...)", visit_sor,
};
