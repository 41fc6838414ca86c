/* The mutation score over counts of mutants per state (status.h): score = (killed + timeout)
 * / (killed + timeout + survived + uncovered). Every state has a slot, so no count is ever
 * dropped. */
#ifndef MUTORTURE_SCORE_H
#define MUTORTURE_SCORE_H

#include <sqlite3.h>
#include <stdbool.h>

#include "status.h"

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
