/* Torture and control runs by host: see hosts.h. */
#include <stdlib.h>

#include "db.h"
#include "hosts.h"
#include "util.h"

size_t host_runs_load(sqlite3 *db, struct host_runs **out)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT host, count(*), sum(status IN (@DETECTED_STATES@)), "
		"sum(status = @STATE_SURVIVED@), "
		"avg(coalesce(build_s, 0) + coalesce(test_s, 0)), "
		"(julianday(max(recorded)) - julianday(min(started))) * 86400 "
		"FROM live_result WHERE kind IN (@KIND_TORTURE@, @KIND_CONTROL@) "
		"GROUP BY host ORDER BY host");
	size_t nr = 0, alloc = 0;
	*out = NULL;
	while (db_step(db, st)) {
		if (nr == alloc) {
			alloc = alloc ? 2 * alloc : 4;
			*out = xrealloc(*out, alloc * sizeof(**out));
		}
		struct host_runs *h = &(*out)[nr++];
		h->host = xstrdup(db_column_text(st, 0));
		h->runs = (long)sqlite3_column_int64(st, 1);
		h->detected = (long)sqlite3_column_int64(st, 2);
		h->survived = (long)sqlite3_column_int64(st, 3);
		h->mean_s = sqlite3_column_double(st, 4);
		h->span_s = sqlite3_column_double(st, 5);
	}
	sqlite3_finalize(st);
	return nr;
}

void host_runs_free(struct host_runs *hosts, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(hosts[i].host);
	free(hosts);
}
