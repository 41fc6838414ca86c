/* What stands behind a torture verdict. A survivor is a probabilistic claim ("this suite
 * cannot see this change"): it is confirmed after the campaign's confirm_runs torture runs of
 * at least confirm_duration seconds without a kill, and every listing shows how strong the
 * claim is: attempts, kills, torture seconds, and a 95% bound on the per-run kill probability
 * (binomial.h). */
#ifndef MUTORTURE_EVIDENCE_H
#define MUTORTURE_EVIDENCE_H

#include <sqlite3.h>
#include <stdbool.h>

#include "util.h"

/* K when a campaign has not set confirm_runs (the runner sets it from its target). */
#define CONFIRM_RUNS_DEFAULT 3

struct confirm_policy {
	long runs;       /* confirm_runs: torture runs that confirm a survivor */
	double duration; /* confirm_duration: seconds each must have asked for (0: any) */
};

void confirm_policy_load(sqlite3 *db, struct confirm_policy *p);
/* Whether a survivor with full_attempts runs of the policy's duration is confirmed. */
bool survivor_confirmed(const struct confirm_policy *p, long full_attempts);

/* Appends the evidence of kills in attempts torture runs of torture_s seconds in all:
 * "0/3 runs, 92 s, p(kill) < 63.2%" (one-sided 95% bound) or "1/3 runs, 31 s, p(kill)
 * 0.8%-90.6%" (two-sided 95% Clopper-Pearson interval), or "no torture run". */
void evidence_text(struct strbuf *out, long kills, long attempts, double torture_s);

#endif
