/* The torture and control runs of a campaign by the host that ran them (the record's host=:
 * the machine's name, or the worker host's name in a 'mutorture run --hosts' hosts file), for
 * 'status' and the report: one loader, so the two never disagree. */
#ifndef MUTORTURE_HOSTS_H
#define MUTORTURE_HOSTS_H

#include <sqlite3.h>
#include <stddef.h>

struct host_runs {
	char *host;
	long runs, detected, survived; /* detected: killed or timeout; the rest ended otherwise */
	double mean_s;                 /* mean build + test seconds of a run */
	double span_s;                 /* from its first run's start to its last record, 0 if one */
};

/* Loads one entry per host that ran a torture or control run (re-judged runs count once, as
 * they stand now), sorted by name; returns how many. */
size_t host_runs_load(sqlite3 *db, struct host_runs **out);
void host_runs_free(struct host_runs *hosts, size_t nr);

#endif
