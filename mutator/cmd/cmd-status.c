/* mutorture status: where a campaign stands — mutants per status (current sources only), how
 * many survivors are confirmed (evidence.h), the score so far, and an ETA for what is left: the
 * mean time of the recent attempts times the mutants still to run (pending, and errors, which
 * are run again) divided by the jobs; the torture and control runs of each host, when more than
 * one ran them (mutorture run --hosts); and a loud line when a control run of the unmutated
 * code failed (the suite is flaky). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "commands.h"
#include "db.h"
#include "evidence.h"
#include "gaps.h"
#include "hosts.h"
#include "options.h"
#include "score.h"
#include "triage.h"
#include "util.h"

/* How many of the latest timed mutants the ETA averages: recent enough to follow a campaign
 * whose mutants got slower, many enough to smooth one slow build. */
#define ETA_WINDOW 50

/* Mean build + test seconds a mutant took, its torture runs summed (a survivor's confirmation
 * runs too: on a kernel target they are most of its time), over the latest mutants timed;
 * false if none. */
static bool mean_mutant_seconds(sqlite3 *db, double *mean, long *mutants)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT avg(s), count(*) FROM ("
		"  SELECT sum(coalesce(build_s, 0) + test_s) AS s, max(id) AS latest "
		"    FROM live_result "
		"   WHERE kind = @KIND_TORTURE@ AND mutant_id IS NOT NULL AND test_s IS NOT NULL "
		"   GROUP BY mutant_id ORDER BY latest DESC LIMIT ?1)");
	db_bind_int(db, st, 1, ETA_WINDOW);
	bool ok = db_step(db, st) && sqlite3_column_int64(st, 1) > 0;
	if (ok) {
		*mean = sqlite3_column_double(st, 0);
		*mutants = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return ok;
}

/* Survivors of the current sources with the policy's confirmation runs. */
static long confirmed_survivors(sqlite3 *db, const struct confirm_policy *policy)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT count(*) FROM mutant_status WHERE current = 1 "
					  "AND status = @STATE_SURVIVED@ AND full_attempts >= ?1");
	db_bind_int(db, st, 1, policy->runs);
	long n = db_step(db, st) ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return n;
}

/* The torture and control runs by the host that ran them, when more than one host did: how
 * many, how they ended, their mean build + test time, and the host's rate over the span from
 * its first start to its last record (the time its jobs took, ssh and transfers included). */
static void print_hosts(sqlite3 *db)
{
	struct host_runs *hosts;
	size_t nr = host_runs_load(db, &hosts);
	if (nr < 2) {
		host_runs_free(hosts, nr);
		return;
	}
	printf("hosts: torture and control runs by the host that ran them\n");
	for (size_t i = 0; i < nr; i++) {
		const struct host_runs *h = &hosts[i];
		printf("  %-16s %6ld runs: %ld detected, %ld survived, %ld other; %.1f s each",
		       h->host, h->runs, h->detected, h->survived,
		       h->runs - h->detected - h->survived, h->mean_s);
		if (h->span_s > 0)
			printf(", %.0f an hour", (double)h->runs * 3600.0 / h->span_s);
		printf("\n");
	}
	host_runs_free(hosts, nr);
}

static void print_duration(double seconds)
{
	long s = (long)(seconds + 0.5);
	if (s >= 3600)
		printf("%ldh%02ldm", s / 3600, s / 60 % 60);
	else if (s >= 60)
		printf("%ldm%02lds", s / 60, s % 60);
	else
		printf("%lds", s);
}

/* The torture changes tried (mutorture gaps), in one line, when there are any. */
static void print_gaps(sqlite3 *db)
{
	triage_attach(db);
	struct gap_data d;
	gap_data_load(db, &d);
	if (d.nr_changes) {
		struct strbuf line = STRBUF_INIT;
		gap_summary_line(&line, &d);
		printf("gaps: %s (mutorture gaps)\n", line.buf);
		sb_release(&line);
	}
	gap_data_free(&d);
}

int cmd_status(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	long jobs = OPT_INT_UNSET;
	static const char *const usage[] = { "mutorture status [--db FILE] [--jobs N]", NULL };
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_INT('j', "jobs", &jobs, "N", "parallel jobs the ETA assumes (default: all cores)"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (!OPT_GIVEN_INT(jobs))
		jobs = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
	else if (jobs < 1)
		usage_error("--jobs must be at least 1, not %ld", jobs);

	sqlite3 *db = db_open(db_file, DB_READ);
	char *target = db_setting_get(db, "target");
	struct counts c = { { 0 } };
	counts_load(db, &c);

	printf("campaign %s%s%s\n", db_file, target ? ", target " : "", target ? target : "");
	printf("mutants: %ld\n", counts_total(&c));
	for (int i = 0; i < STATE_NR; i++)
		if (c.n[i])
			printf("  %-12s %6ld\n", state_names[i], c.n[i]);
	if (c.n[STATE_WEAK_MEMORY])
		printf("weak-memory only: %ld (object code the original's on this host, not on "
		       "aarch64: only a weakly ordered machine can kill them; not in the score)\n",
		       c.n[STATE_WEAK_MEMORY]);
	if (c.n[STATE_SURVIVED]) {
		struct confirm_policy policy;
		confirm_policy_load(db, &policy);
		long confirmed = confirmed_survivors(db, &policy);
		printf("survivors: %ld confirmed by %ld torture run%s", confirmed, policy.runs,
		       policy.runs == 1 ? "" : "s");
		if (policy.duration > 0)
			printf(" of at least %g s", policy.duration);
		printf(", %ld unconfirmed\n", c.n[STATE_SURVIVED] - confirmed);
	}
	double score;
	if (counts_score(&c, &score))
		printf("score so far: %.1f%% (%ld detected of %ld scored)\n", score,
		       counts_detected(&c), counts_scored(&c));
	else
		printf("score so far: none (no mutant killed, timed out, survived or uncovered yet)\n");

	long left = c.n[STATE_PENDING] + c.n[STATE_ERROR];
	double mean;
	long timed;
	if (!left)
		printf("left to run: none\n");
	else if (mean_mutant_seconds(db, &mean, &timed)) {
		printf("left to run: %ld, ETA ", left);
		print_duration(mean * (double)left / (double)jobs);
		printf(" with %ld jobs (mean %.1f s a mutant, confirmation runs included, over the "
		       "last %ld)\n",
		       jobs, mean, timed);
	} else
		printf("left to run: %ld, ETA unknown (no mutant timed yet)\n", left);
	print_hosts(db);
	long controls, failed;
	control_runs(db, &controls, &failed);
	char *flaky = db_setting_get(db, "flaky");
	if (failed)
		printf("FLAKY: %ld of %ld control runs of the unmutated code failed: kills may be "
		       "chance (latest: %s)\n",
		       failed, controls, flaky ? printable(flaky) : "not recorded");
	print_gaps(db);
	free(flaky);
	free(target);
	db_close(db);
	return 0;
}
