/* Counts per state and the mutation score; see score.h. */
#include "score.h"

#include <string.h>

#include "db.h"
#include "util.h"

void counts_add(struct counts *c, const char *status, long n)
{
	c->n[state_from_name(status)] += n;
}

void counts_load(sqlite3 *db, struct counts *c)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT status, count(*) FROM mutant_status "
					  "WHERE current = 1 GROUP BY status");
	while (db_step(db, st))
		counts_add(c, db_column_text(st, 0), sqlite3_column_int64(st, 1));
	sqlite3_finalize(st);
}

long counts_total(const struct counts *c)
{
	long total = 0;
	for (int i = 0; i < STATE_NR; i++)
		total += c->n[i];
	return total;
}

long counts_detected(const struct counts *c)
{
	return c->n[STATE_KILLED] + c->n[STATE_TIMEOUT];
}

long counts_scored(const struct counts *c)
{
	return counts_detected(c) + c->n[STATE_SURVIVED] + c->n[STATE_UNCOVERED];
}

void control_runs(sqlite3 *db, long *runs, long *failed)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT count(*), "
					  "       coalesce(sum(status IN (@DETECTED_STATES@)), 0) "
					  "  FROM live_result WHERE kind = @KIND_CONTROL@");
	*runs = *failed = 0;
	if (db_step(db, st)) {
		*runs = sqlite3_column_int64(st, 0);
		*failed = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
}

bool counts_score(const struct counts *c, double *percent)
{
	long scored = counts_scored(c);
	if (!scored)
		return false;
	*percent = 100.0 * (double)counts_detected(c) / (double)scored;
	return true;
}
