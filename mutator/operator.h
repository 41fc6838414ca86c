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

/* Byte range [start, end) of a cursor's or a source range's extent, if both ends are spelled in
 * this file's own text and not inside a macro body; false otherwise (nothing to mutate). */
bool gen_cursor_range(const struct gen_ctx *ctx, CXCursor cursor, unsigned *start, unsigned *end);
bool gen_range(const struct gen_ctx *ctx, CXSourceRange range, unsigned *start, unsigned *end);

/*
 * Proposes one mutant: replace [start, end) of the file by replacement. op is the operator's
 * short name, tag an optional sub-kind ("" for none), description a one-line human summary.
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
