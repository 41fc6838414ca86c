/* Carrying the recorded tries of torture changes from one database of a campaign into another
 * (mutorture gaps import): a change tried on a copy of the campaign's database moves into the
 * campaign's later database without hours of torture again. A change moves whole or not at
 * all: its torture_change row, every result row tagged with it (superseded ones too: the
 * table's rows, not the change_result view) and their scenario runs, every column as it was
 * but the row ids, remapped. Mutant ids and change hashes are content hashes: a hash the
 * destination has is the same change (skipped), a mutant it lacks is another campaign's
 * (refused). Every check comes before the first write. */
#ifndef MUTORTURE_GAPS_IMPORT_H
#define MUTORTURE_GAPS_IMPORT_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

struct strlist;

/* One torture change of the source database, and what importing it copies. */
struct import_change {
	long long from_id; /* its row id in the source */
	char *name, *hash;
	bool present;       /* the destination has this hash already: skipped, nothing copied */
	long results;       /* result rows, of which: */
	long controls;      /*   control and baseline runs of the unmutated code */
	long torture;       /*   torture runs, */
	long mutants;       /*   of this many mutants */
	long scenario_runs; /* scenario_run rows of those results */
};

struct import_plan {
	struct import_change *changes; /* the source's, by row id: all, or the ones named */
	size_t nr_changes;
};

/* Plans the import of from's changes into db: all of them, or those names name (a change's
 * name, every version of it, or its hash). Dies, having written nothing, when the two are not
 * databases of one campaign (their 'target' settings differ), a name is no change of from, or
 * a change to copy has a result naming a mutant db lacks or an attempt db has already. Call
 * it in db's write transaction, so that nothing is recorded between the checks and the copy. */
void import_plan(sqlite3 *db, sqlite3 *from, const struct strlist *names,
		 struct import_plan *plan);
/* Copies the planned changes db does not have, in the caller's transaction. */
void import_copy(sqlite3 *db, sqlite3 *from, const struct import_plan *plan);
void import_plan_free(struct import_plan *plan);

#endif
