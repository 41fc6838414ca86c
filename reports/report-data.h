/* What the reports show, read from the campaign database: the one place in reports/ that runs
 * SQL. The Markdown, JSON and HTML writers render what these functions return and never query
 * the database themselves, so two renderers can never disagree on a number. Everything is
 * about the current sources only.
 *
 * report_load() reads what every report needs once (the mutants with their status, evidence
 * and triage, as the mutant view gives them; counts; control runs); the per-section loaders
 * read the rest when a renderer asks. The connection must have had report_attach(). */
#ifndef MUTORTURE_REPORT_DATA_H
#define MUTORTURE_REPORT_DATA_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "evidence.h"
#include "gaps.h"
#include "hosts.h"
#include "score.h"
#include "status.h"
#include "strlist.h"

/* One mutant of a current source, owned copies of its mutant_view row. */
struct report_mutant {
	char *id, *path, *function, *operator_name, *description, *original, *replacement;
	enum mutant_state state;
	long line, col, end_line, end_col;
	long kills, attempts;
	double torture_s;   /* torture seconds of those attempts in all */
	long full_attempts; /* attempts at the campaign's confirm_duration or longer */
	bool confirmed;     /* a survivor with the campaign's confirm_runs full attempts */
	char *reason;       /* reason of the latest result with the mutant's status */
	double test_s;      /* its torture seconds, negative if none */
	char *duplicate_of; /* "" unless a duplicate */
	char *verdict;      /* latest triage verdict under the mutant's key, "" if none */
	char *note;
	char *review_verdict; /* a look-alike's verdict to review when verdict is "" */
	long source_id;
	struct strlist killed_by; /* scenarios that killed or timed it out, sorted */
	char *diff; /* a weak_memory mutant's unified diff (its report section shows it), else NULL */
};

struct report {
	sqlite3 *db;
	char *target; /* the campaign's target and root settings, NULL if none */
	char *root;
	struct counts counts;
	long harmless; /* survivors triaged equivalent or ignore */
	struct confirm_policy policy;
	char *flaky;   /* the campaign's flaky setting: the latest failed control run, or NULL */
	long controls, failed_controls;
	struct report_mutant *mutants; /* by path and position, as mutant_view orders them */
	size_t nr_mutants;
	struct host_runs *hosts; /* torture and control runs by host, sorted by name */
	size_t nr_hosts;
	struct gap_data gaps; /* the confirmed test-gap survivors and the torture changes tried */
};

void report_load(sqlite3 *db, struct report *r);
void report_free(struct report *r);

/* The try of the first accepted torture change that killed the mutant id (a confirmed test-gap
 * survivor: "closed by"), or NULL. */
const struct gap_try *report_closed_by(const struct report *r, const char *id);

/* Status counts per group: per file, per function (with the line coverage between the
 * function's first and last mutant), per operator. */
enum report_grouping { GROUP_FILE, GROUP_FUNCTION, GROUP_OPERATOR };
struct report_group {
	char *keys[2]; /* file; file and function; operator */
	struct counts counts;
	long covered, measured; /* GROUP_FUNCTION: covered and measured lines */
};
struct report_groups {
	struct report_group *items;
	size_t nr;
	int nkeys;
};
void report_groups_load(const struct report *r, enum report_grouping by, struct report_groups *out);
void report_groups_free(struct report_groups *g);

/* The kill matrix: per scenario, how many torture runs it made, how many mutants it killed and
 * how many of those no other scenario that ran on them killed; mutants killed by the first
 * scenario tried and never run on the others; and the mutants with one killer among several
 * scenarios that ran. */
struct kill_matrix {
	struct km_scenario {
		char *name;
		long runs;
		double mean_s; /* mean seconds of its torture runs (a guest's boot to its end), -1 if none */
		long killed, sole;
	} *scenarios;
	size_t nr_scenarios;
	long first_only;
	struct km_sole { char *id, *where, *function, *operator_name, *scenario, *description; } *sole;
	size_t nr_sole;
};
void kill_matrix_load(const struct report *r, struct kill_matrix *km);
void kill_matrix_free(struct kill_matrix *km);

/* Torture attempts by outcome (killed, timeout, survived, build_error, others, then "all"):
 * mean build and torture seconds, seconds in all, torture seconds in all. */
struct outcome_times {
	struct outcome_time { char *outcome; long attempts; double build, test, total, torture; } *rows;
	size_t nr;
};
void outcome_times_load(const struct report *r, struct outcome_times *t);
void outcome_times_free(struct outcome_times *t);

/* The mutated headers ("a.h, b.h", NULL if none) and the mean build seconds of their mutants
 * and of the other files' (negative when none was measured). */
struct header_cost {
	char *headers;
	double header_build, other_build;
};
void header_cost_load(const struct report *r, struct header_cost *h);
void header_cost_free(struct header_cost *h);

/* The campaign settings, as key and value pairs in key order. */
void report_settings(const struct report *r, struct strlist *keys, struct strlist *values);
/* Every scenario a torture run recorded, sorted. */
void report_scenarios(const struct report *r, struct strlist *out);
/* The text of a source version (malloc'd). */
char *report_source_text(const struct report *r, long source_id, size_t *len);

#endif
