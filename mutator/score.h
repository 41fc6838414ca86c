/* The status vocabulary of mutants (as the view mutant_status derives it) and the mutation
 * score over counts of them: score = (killed + timeout) / (killed + timeout + survived +
 * uncovered). Every status the schema allows has a slot, so no count is ever dropped. */
#ifndef MUTORTURE_SCORE_H
#define MUTORTURE_SCORE_H

#include <sqlite3.h>
#include <stdbool.h>

enum mutant_state {
	STATE_KILLED,
	STATE_TIMEOUT,
	STATE_SURVIVED,
	STATE_UNCOVERED,
	STATE_BUILD_ERROR,
	STATE_EQUIVALENT,
	STATE_DUPLICATE,
	STATE_ERROR,
	STATE_PENDING,
	STATE_NR
};

/* Names as stored in the database, indexed by enum mutant_state. */
extern const char *const state_names[STATE_NR];
/* The state named name; dies on a name the schema does not know (a newer database). */
enum mutant_state state_from_name(const char *name);

struct counts {
	long n[STATE_NR];
};

/* Adds up the mutants of the current sources per status (view mutant_status). */
void counts_load(sqlite3 *db, struct counts *c);
void counts_add(struct counts *c, const char *status, long n);
long counts_total(const struct counts *c);
/* Mutants the score is taken over: killed + timeout + survived + uncovered. */
long counts_scored(const struct counts *c);
long counts_detected(const struct counts *c);
/* The score in percent; false (and *percent untouched) when no mutant is scored yet. */
bool counts_score(const struct counts *c, double *percent);

/* Control runs of the unmutated code mixed into the campaign, and how many of them failed
 * (killed or timed out): any failure means the suite is flaky and kills may be chance. */
void control_runs(sqlite3 *db, long *runs, long *failed);

#endif
