/* The interface between the generator (which parses one file and walks it) and the mutation
 * operators (which propose replacements). An operator never writes the database and never
 * edits text itself: it proposes "replace [start, end) of the file by TEXT" through
 * gen_propose(), and the generator checks, filters, counts and stores the proposal.
 *
 * Offsets are byte offsets into the file's own text (spelling locations in the named file):
 * an operator must only propose ranges that gen_range() accepted, so a token that came out of
 * a macro body or another file is never mutated in this file's text. */
#ifndef MUTORTURE_OPERATOR_H
#define MUTORTURE_OPERATOR_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

struct gen_ctx; /* one file being mutated; owned by the generator */

/* The file being mutated: its text, length and tree-relative path. */
const char *gen_text(const struct gen_ctx *ctx, size_t *len);
const char *gen_path(const struct gen_ctx *ctx);
CXTranslationUnit gen_tu(const struct gen_ctx *ctx);
/* Whether loc is written in the file being mutated (not a macro expansion, not another file):
 * clang_Location_isFromMainFile for the file of --via too. */
bool gen_in_file(const struct gen_ctx *ctx, CXSourceLocation loc);

/* The rule sets given with --rules (empty, never NULL, when none were given). */
struct rule_set;
const struct rule_set *gen_rules(const struct gen_ctx *ctx);

/* Per-file storage for suppress.c: set once after suppress_scan, freed with suppress_free. */
void gen_set_suppress_data(struct gen_ctx *ctx, void *data);
void *gen_suppress_data(const struct gen_ctx *ctx);

/* Byte range [start, end) of a cursor's or a source range's extent, if both ends are spelled in
 * this file's own text and not inside a macro body; false otherwise (nothing to mutate).
 * Only the ends are checked: in 'X(a, b)' with '#define X(p, q) p < q' the comparison's range
 * is 'a, b'. Use it to find tokens (gen_token_between checks what lies between); to replace a
 * whole expression or statement, use gen_expansion_range. */
bool gen_cursor_range(const struct gen_ctx *ctx, CXCursor cursor, unsigned *start, unsigned *end);
bool gen_range(const struct gen_ctx *ctx, CXSourceRange range, unsigned *start, unsigned *end);

/* The one token spelled in [from, to) of the text, whitespace and comments aside (e.g. the
 * operator between a binary expression's operands); false if there is none or more than one,
 * which is how an operator that came from a macro body (`#define LT(a, b) a < b`) is refused. */
bool gen_token_between(const struct gen_ctx *ctx, unsigned from, unsigned to, unsigned *start,
		       unsigned *end);
/* Whether [start, end) of the text is exactly s. */
bool gen_text_is(const struct gen_ctx *ctx, unsigned start, unsigned end, const char *s);

/* Byte range of a cursor by file locations: a macro invocation counts as its whole text, so
 * a statement or expression that is (or contains) a macro call can be replaced as a whole.
 * False if either end falls strictly inside a macro invocation (the cursor is then pieces of
 * it, and no text range is that cursor). For replacing whole statements and expressions. */
bool gen_expansion_range(const struct gen_ctx *ctx, CXCursor cursor, unsigned *start,
			 unsigned *end);

/* Where a cursor starts, by file location (a macro call counts from its name). A start is
 * reliable even where the end is not (a last token made by ## pasting, as in the kernel's
 * IS_ENABLED(), has no place in the text). */
bool gen_cursor_start(const struct gen_ctx *ctx, CXCursor cursor, unsigned *offset);

/* For a BinaryOperator or CompoundAssignOperator cursor: its operands and the operator token
 * (checked to be spelled in the text between them). */
bool gen_binary(const struct gen_ctx *ctx, CXCursor cursor, CXCursor *lhs, CXCursor *rhs,
		unsigned *op_start, unsigned *op_end);
/* For a UnaryOperator cursor: its operand and operator token (prefix or postfix). */
bool gen_unary(const struct gen_ctx *ctx, CXCursor cursor, CXCursor *operand, unsigned *op_start,
	       unsigned *op_end);

/* During visit: the n-th ancestor of the visited cursor (0 = parent), or a null cursor
 * (clang_Cursor_isNull) above the translation unit. */
CXCursor gen_ancestor(const struct gen_ctx *ctx, unsigned n);

/* Up to max direct children of a cursor into out; returns how many it has in all. */
unsigned gen_children(CXCursor cursor, CXCursor *out, unsigned max);

/* What an expression's type allows, from its canonical type. */
enum gen_type {
	GEN_TYPE_INT,     /* integers, _Bool, enums, characters */
	GEN_TYPE_FLOAT,   /* float, double, long double */
	GEN_TYPE_POINTER, /* pointers, and arrays (which decay to them) */
	GEN_TYPE_OTHER,   /* structs, unions, void, complex... */
};
enum gen_type gen_type_class(CXType type);
enum gen_type gen_cursor_type_class(CXCursor cursor);

/*
 * Proposes one mutant: replace [start, end) of the file by replacement. op is the operator's
 * short name, tag an optional sub-kind ("" for none), description a one-line human summary
 * (NULL: the generator writes "'ORIGINAL' -> 'REPLACEMENT'", shortened when long).
 * The generator drops (and counts, by reason) proposals that are out of range, identical to the
 * original, outside the requested lines/function/operators, in inactive or suppressed code,
 * or already proposed; the enclosing function is found by the generator.
 */
void gen_propose(struct gen_ctx *ctx, const char *op, const char *tag, unsigned start,
		 unsigned end, const char *replacement, const char *description);
/* Counts a candidate an operator itself rejected, under a short reason ("type", "arid"...). */
void gen_skip(struct gen_ctx *ctx, const char *op, const char *reason);

/* An operator family: visit is called for every cursor of the file in pre-order (including
 * macro expansion cursors from the detailed preprocessing record). */
struct mutation_operator {
	const char *name;    /* short name, e.g. "ror"; what --operators selects */
	const char *summary; /* one line for --help and reports */
	void (*visit)(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent);
};

#endif
