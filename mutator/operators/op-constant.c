/* const: integer constant replacement, 0 -> 1, 1 -> 0 and 2, c -> c+1 and c-1, keeping the
 * literal's base and suffix. A 0 that stands for a null pointer is left alone (an integer
 * made a pointer is an error in clang and gcc 14). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "registry.h"
#include "util.h"

/* Whether the literal must keep its value: a 0 that stands for a null pointer. (Case
 * labels, bit-field widths and array bounds are never walked: see generate.c.) */
static const char *fixed_context(CXCursor parent)
{
	/* The literal converted to a pointer: its parent (the conversion) has pointer type. An
	 * initializer list of an array has array type and is fine. */
	CXType t = clang_getCanonicalType(clang_getCursorType(parent));
	return t.kind == CXType_Pointer ? "type" : NULL;
}

static void visit(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	unsigned s, e;
	if (clang_getCursorKind(cursor) != CXCursor_IntegerLiteral ||
	    !source_cursor_range(src, cursor, &s, &e) || e == s)
		return;
	const char *fixed = fixed_context(parent);
	if (fixed) {
		gen_skip(ctx, &op_const, fixed);
		return;
	}
	const char *text = src->text + s;
	char *literal = xstrndup(text, e - s);
	char *suffix;
	errno = 0;
	unsigned long long v = strtoull(literal, &suffix, 0);
	/* strtoull reads "0x" prefixes and octal; anything else left must be a u/l suffix. */
	int hex = literal[0] == '0' && (literal[1] == 'x' || literal[1] == 'X');
	if (errno || suffix == literal || suffix[strspn(suffix, "uUlL")]) {
		gen_skip(ctx, &op_const, "literal");
		free(literal);
		return;
	}
	unsigned long long values[2];
	size_t nr = 0;
	if (v == 0) {
		values[nr++] = 1;
	} else {
		if (v != ~0ULL)
			values[nr++] = v + 1;
		values[nr++] = v - 1;
	}
	for (size_t i = 0; i < nr; i++) {
		char *to = hex ? xasprintf("0x%llx%s", values[i], suffix)
			       : xasprintf("%llu%s", values[i], suffix);
		gen_propose(ctx, &op_const, "", s, e, to, NULL);
		free(to);
	}
	free(literal);
}

const struct mutation_operator op_const = {
	"const", "integer constant replacement: 0 -> 1, 1 -> 0, c -> c+1, c-1", visit,
};
