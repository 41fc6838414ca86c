/* The status vocabulary, written down once: the states a mutant can be in (as the view
 * mutant_status derives them), which of them a result row or a scenario run may record, the
 * kinds of result rows and the triage verdicts. No other file spells one of these names: SQL
 * text (schema.sql, views.sql, every query) names them by placeholders that vocabulary_sql
 * fills in from these lists (db.c fills every statement's, and widens the CHECK lists of older
 * databases to them), 'record' and 'triage' check their input against them, and every listing
 * and report names them through state_names, kind_names and verdict_names. */
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
/* What a torture run that ran to its end decides: the suite detected the mutant (it failed or
 * hung), or the mutant survived. */
#define STATES_DETECTED (STATE_BIT(STATE_KILLED) | STATE_BIT(STATE_TIMEOUT))
#define STATES_TORTURED (STATES_DETECTED | STATE_BIT(STATE_SURVIVED))
/* What a mutant still to run is in: no result yet, or only results of a failed run. */
#define STATES_TO_RUN (STATE_BIT(STATE_PENDING) | STATE_BIT(STATE_ERROR))
/* What decides a mutant without a torture run, over any torture result (views.sql). */
#define STATES_UNTORTURED                                                                   \
	(STATE_BIT(STATE_UNCOVERED) | STATE_BIT(STATE_BUILD_ERROR) |                         \
	 STATE_BIT(STATE_EQUIVALENT) | STATE_BIT(STATE_WEAK_MEMORY) | STATE_BIT(STATE_DUPLICATE))
/* What one scenario of a torture attempt may end in. */
#define STATES_SCENARIO (STATES_TORTURED | STATE_BIT(STATE_ERROR))

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

/* A maintainer's verdict on a survivor (mutorture triage), in report order: the suite's holes
 * first (a bug it hides, a test gap), then what needs no change of the suite. */
#define TRIAGE_VERDICTS(X)                                                                  \
	X(BUG, "bug") X(TEST_GAP, "test-gap") X(IGNORE, "ignore") X(EQUIVALENT, "equivalent")

enum triage_verdict {
#define X(e, name) VERDICT_##e,
	TRIAGE_VERDICTS(X)
#undef X
	VERDICT_NR
};

extern const char *const verdict_names[VERDICT_NR];
bool verdict_lookup(const char *name, enum triage_verdict *out);
/* Appends the verdicts joined by sep, the last by last_sep ("a, b, c or d"): messages, help. */
void verdicts_text(struct strbuf *sb, const char *sep, const char *last_sep);

/*
 * Appends sql with each @NAME@ placeholder replaced by SQL string literals of the vocabulary
 * ("'killed', 'timeout'"): @STATE_E@, @KIND_E@ and @VERDICT_E@ for one name (E as in the lists
 * above: @STATE_BUILD_ERROR@, @VERDICT_TEST_GAP@); @M_STATES@ for the states of mask
 * STATES_M (@DETECTED_STATES@, @RESULT_STATES@, ...); @RESULT_KINDS@ and @VERDICTS@ for all.
 * An unknown name is a bug.
 */
void vocabulary_sql(struct strbuf *sb, const char *sql);

#endif
