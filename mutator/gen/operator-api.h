/* The interface the mutation operators (mutator/operators/) are written against, implemented
 * by the generator. An operator never writes the database and never edits text itself: the
 * generator walks every cursor of the file and calls each selected operator's visit; the
 * operator reads the source model (source.h) and proposes "replace [start, end) of the file
 * by TEXT" through gen_propose(), and the generator checks, filters, counts and stores the
 * proposal.
 *
 * Offsets are byte offsets into the file's own text: an operator must only propose ranges
 * that the source model's location functions accepted, so a token that came out of a macro
 * body or another file is never mutated in this file's text. */
#ifndef MUTORTURE_OPERATOR_API_H
#define MUTORTURE_OPERATOR_API_H

#include <clang-c/Index.h>

#include "rules.h"
#include "source.h"

struct gen_ctx; /* one file being mutated; owned by the generator */

/* An operator family. visit is called for every cursor of the file in pre-order (including
 * macro expansion cursors from the detailed preprocessing record). An operator is known by
 * its address: the registry's order decides which of two operators keeps a shared proposal. */
struct mutation_operator {
	const char *name;    /* short name, e.g. "ror"; what --operators selects */
	const char *summary; /* one line for --help and reports */
	void (*visit)(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent);
};

/* The file being mutated. */
const struct source *gen_source(const struct gen_ctx *ctx);
/* The rule sets given with --rules (empty, never NULL, when none were given). */
const struct rule_set *gen_rules(const struct gen_ctx *ctx);
/* During visit: the n-th ancestor of the visited cursor (0 = parent), or a null cursor
 * (clang_Cursor_isNull) above the translation unit. */
CXCursor gen_ancestor(const struct gen_ctx *ctx, unsigned n);

/*
 * Proposes one mutant made by op: replace [start, end) of the file by replacement. tag is an
 * optional sub-kind ("" or NULL for none), description a one-line human summary (NULL: the
 * generator writes "'ORIGINAL' -> 'REPLACEMENT'", shortened when long).
 * The generator drops (and counts, by reason) proposals that are out of range, identical to the
 * original, outside the requested lines/function/operators, in inactive or suppressed code,
 * or already proposed; the enclosing function is found by the generator.
 */
void gen_propose(struct gen_ctx *ctx, const struct mutation_operator *op, const char *tag,
		 unsigned start, unsigned end, const char *replacement, const char *description);
/* Counts a candidate op itself rejected, under a short reason ("type", "arid"...). */
void gen_skip(struct gen_ctx *ctx, const struct mutation_operator *op, const char *reason);

#endif
