/* ret: return value replacement. 'return e;' returns 0 or 1 instead (integers, enums,
 * _Bool), 0 (floating point, pointers: 0 is a null pointer constant of any pointer type);
 * struct and union results are left alone. The whole expression is replaced, so a macro
 * call ('return READ_ONCE(x);') is replaced as a whole. */
#include "cursor.h"
#include "registry.h"

/* The function the walk is in, as the nearest FunctionDecl ancestor. */
static CXCursor enclosing_function(const struct gen_ctx *ctx)
{
	for (unsigned n = 0;; n++) {
		CXCursor a = gen_ancestor(ctx, n);
		if (clang_Cursor_isNull(a) || clang_getCursorKind(a) == CXCursor_FunctionDecl)
			return a;
	}
}

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	(void)parent;
	CXCursor value;
	unsigned s, e, vs, ve;
	if (clang_getCursorKind(cursor) != CXCursor_ReturnStmt ||
	    cursor_children(cursor, &value, 1) != 1 || !source_cursor_range(src, cursor, &s, &e) ||
	    !source_expansion_range(src, value, &vs, &ve) || vs < s || ve > e)
		return;
	CXCursor fn = enclosing_function(ctx);
	if (clang_Cursor_isNull(fn))
		return;
	switch (type_class_of(clang_getCursorResultType(fn))) {
	case TYPE_INT:
		gen_propose(ctx, &op_ret, "", vs, ve, "0", NULL);
		gen_propose(ctx, &op_ret, "", vs, ve, "1", NULL);
		break;
	case TYPE_FLOAT:
	case TYPE_POINTER:
		gen_propose(ctx, &op_ret, "", vs, ve, "0", NULL);
		break;
	case TYPE_OTHER:
		gen_skip(ctx, &op_ret, "type");
		break;
	}
}

const struct mutation_operator op_ret = {
	"ret", "return value replacement: 'return e;' -> 'return 0;', 'return 1;'", visit,
};
