/* Closing the gaps: the confirmed survivors triaged test-gap, grouped by their gap label, and
 * the torture changes tried against them (mutorture gaps try): each change's control runs of
 * the unmutated code, the survivors it was tried on and killed, and the evidence. A survivor
 * is closed by a change that killed it (killed or timeout in one of its attempts) once the
 * change is accepted: at least GAPS_MIN_CONTROLS passing control runs of each of its scenarios
 * and none failing. A change with a failed control closes nothing, whatever it killed: either
 * the change is wrong, or the unmutated code has a bug the old suite could not see; its
 * failure and logs say which. Results under a change never change a mutant's status or triage
 * (they are change_result rows, views.sql): a closed survivor stays a survivor, "closed by".
 * Read by mutorture gaps (listing, export) and the reports, so they always agree. */
#ifndef MUTORTURE_GAPS_H
#define MUTORTURE_GAPS_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "evidence.h"
#include "util.h"

/* Passing control runs of each of its scenarios a change needs before it closes anything. */
#define GAPS_MIN_CONTROLS 10

/* The gap label of survivors only a weakly ordered machine can kill (a barrier deleted or
 * weakened that x86, and TCG on x86, never reorder around): a torture change on this host
 * cannot close them, so they are said apart and left out of the closing line's N while open. */
#define GAP_WEAK_MEMORY "weak-memory"

enum change_state {
	CHANGE_ACCEPTED, /* enough passing controls in every scenario, none failed */
	CHANGE_REJECTED, /* a control run of the unmutated code failed */
	CHANGE_UNPROVEN, /* too few control runs so far (an interrupted try) */
};

/* Control runs of one scenario of a change. */
struct gap_scenario {
	char *name;
	long passed, failed;
	double duration; /* seconds the latest asked for, 0 if unknown */
};

struct gap_change {
	long long id;
	char *name, *hash, *subject, *message, *gaps, *scenarios, *diff, *spec, *created;
	/* The latest version of its name (older ones are kept, not counted): the one registered
	 * last by its 'created' time, which gaps import keeps (row ids it does not), then by id. */
	bool latest;
	struct gap_scenario *per_scenario;
	size_t nr_scenarios;
	long controls, controls_failed; /* over all its scenarios */
	double controls_s;               /* their torture seconds */
	char *failure;     /* the first failed control: 'SCENARIO STATUS: REASON (log: DIR)' */
	enum change_state state;
	long tried, killed;  /* mutants tried, and killed at least once */
	long attempts, kills; /* torture attempts on them, kills among them */
	double torture_s;
	long closed; /* confirmed test-gap survivors it kills (accepted changes only) */
};

/* What one change did to one survivor. */
struct gap_try {
	const struct gap_change *change;
	long attempts, kills;
	double torture_s;
	char *kill_scenario, *kill_reason, *kill_log; /* its first kill, "" when none */
};

/* A confirmed test-gap survivor of the current sources. */
struct gap_survivor {
	char *id, *path, *function, *description, *gap, *note;
	long line;
	long kills, attempts; /* the campaign's evidence */
	double torture_s;
	struct gap_try *tries; /* latest changes only, in change order */
	size_t nr_tries;
	const struct gap_try *closed_by; /* the first accepted change's try that killed it */
};

struct gap_data {
	struct confirm_policy policy;
	struct gap_change *changes; /* every version tried, by name then age */
	size_t nr_changes;
	struct gap_survivor *survivors; /* by gap label ('' last), then path and line */
	size_t nr_survivors;
	long closed;                     /* survivors closed by some change */
	long weak_memory;                /* open survivors labelled GAP_WEAK_MEMORY: not counted */
	long changes_closing;            /* latest accepted changes that close one or more */
	long controls, controls_failed;  /* over the latest changes */
};

/* Needs a connection that had triage_attach(). */
void gap_data_load(sqlite3 *db, struct gap_data *d);
void gap_data_free(struct gap_data *d);

/* The latest version of the change called name, or NULL. */
const struct gap_change *gap_change_find(const struct gap_data *d, const char *name);
/* "accepted", "rejected" or "unproven". */
const char *change_state_name(enum change_state s);
/* Appends the line every gaps listing ends with: "closed K of N test-gap survivors (P%) by C
 * changes; controls: X passed, Y failed". N leaves out the open weak-memory survivors;
 * gap_weak_memory_line says how many. */
void gap_summary_line(struct strbuf *out, const struct gap_data *d);
/* Appends "W test-gap survivors (gap weak-memory) only a weakly ordered machine can kill: not
 * counted as closable here"; nothing when there is none. */
void gap_weak_memory_line(struct strbuf *out, const struct gap_data *d);
/* Appends "closed by CHANGE (its evidence; SCENARIO: the kill's reason)" for a survivor's
 * closing try; nothing for NULL (an open survivor). */
void gap_closed_text(struct strbuf *out, const struct gap_try *t);

#endif
