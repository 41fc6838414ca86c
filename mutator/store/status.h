/* The status vocabulary, written down once: the states a mutant can be in (as the view
 * mutant_status derives them), which of them a result row or a scenario run may record, and
 * the kinds of result rows. The schema's CHECK constraints are filled in from these lists when
 * a database is created (db.c), 'record' checks its input against them, and every listing
 * and report names states through state_names. */
#ifndef MUTORTURE_STATUS_H
#define MUTORTURE_STATUS_H

#include <stdbool.h>

#include "util.h"

/* In report order: detected, survived, unreached, decided without torture, undecided.
 * weak_memory: object code identical to the original's on this host but not on a weakly
 * ordered architecture (aarch64), so only such a machine can kill it: out of this host's
 * score like an equivalent, and listed apart. A state is only ever added here, never removed
 * or renamed (db.c widens the CHECK lists of older databases to these). */
#define MUTANT_STATES(X)                                                                    \
	X(KILLED, "killed") X(TIMEOUT, "timeout") X(SURVIVED, "survived")                   \
	X(UNCOVERED, "uncovered") X(BUILD_ERROR, "build_error") X(EQUIVALENT, "equivalent") \
	X(WEAK_MEMORY, "weak_memory") X(DUPLICATE, "duplicate") X(ERROR, "error")           \
	X(PENDING, "pending")

enum mutant_state {
#define X(e, name) STATE_##e,
	MUTANT_STATES(X)
#undef X
	STATE_NR
};

/* Names as stored in the database, indexed by enum mutant_state. */
extern const char *const state_names[STATE_NR];

#define STATE_BIT(s) (1u << (s))
#define STATES_ALL (STATE_BIT(STATE_NR) - 1)
/* What a result row may record: everything but pending, which is the absence of a result. */
#define STATES_RESULT (STATES_ALL & ~STATE_BIT(STATE_PENDING))
/* What decides a mutant without a torture run, over any torture result (views.sql). */
#define STATES_UNTORTURED                                                                   \
	(STATE_BIT(STATE_UNCOVERED) | STATE_BIT(STATE_BUILD_ERROR) |                         \
	 STATE_BIT(STATE_EQUIVALENT) | STATE_BIT(STATE_WEAK_MEMORY) | STATE_BIT(STATE_DUPLICATE))
/* What one scenario of a torture attempt may end in. */
#define STATES_SCENARIO                                                                     \
	(STATE_BIT(STATE_KILLED) | STATE_BIT(STATE_SURVIVED) | STATE_BIT(STATE_TIMEOUT) |    \
	 STATE_BIT(STATE_ERROR))

/* The state called name among the allowed ones (a mask of STATE_BITs); false if none. */
bool state_lookup(const char *name, unsigned allowed, enum mutant_state *out);
/* The state called name; dies on a name the schema does not know (a newer database). */
enum mutant_state state_from_name(const char *name);

/* What produced a result row: a torture job, a control or baseline run of the unmutated code,
 * the equivalence pass (trivial compiler equivalence) or the coverage pass. */
#define RESULT_KINDS(X)                                                                     \
	X(TORTURE, "torture") X(CONTROL, "control") X(BASELINE, "baseline") X(TCE, "tce")    \
	X(COVERAGE, "coverage")

enum result_kind {
#define X(e, name) KIND_##e,
	RESULT_KINDS(X)
#undef X
	KIND_NR
};

extern const char *const kind_names[KIND_NR];
bool kind_lookup(const char *name, enum result_kind *out);

/* Appends "'a', 'b', ..." (SQL string literals) of the states in mask, for CHECK constraints. */
void states_sql(struct strbuf *sb, unsigned mask);
/* The same for every result kind. */
void kinds_sql(struct strbuf *sb);

#endif
