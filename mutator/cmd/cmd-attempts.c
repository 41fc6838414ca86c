/* mutorture attempts: the torture and control attempts that count (not re-judged since), each
 * with its evidence on disk, as TSV for the runner's recheck: attempt, mutant ('' for a control
 * run), kind, status, scenario, reason, log_dir, build_s, test_s, duration, then one field per
 * scenario run, NAME|STATUS|SECONDS|REASON, in the order they ran. Values are escaped as
 * 'mutorture record' reads them (tsv.h), so a field can be handed back unchanged. The
 * campaign's own attempts, or with --change those made under one torture change (mutorture
 * gaps try, which counts its survivors' attempts from them). With --untortured, the verdicts
 * reached without torture instead (print_untortured), for the runner's reclass. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "status.h"
#include "tsv.h"
#include "util.h"

/* --untortured: the results that decide a mutant without a torture run and count (a later one
 * supersedes an earlier: the runner's reclass reads the last of each mutant), as TSV: attempt,
 * mutant, kind, status, duplicate_of, reason. */
static void print_untortured(sqlite3 *db, const struct strlist *mutants)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT r.attempt, r.mutant_id, r.kind, r.status, coalesce(r.duplicate_of, ''), "
		"       r.reason "
		"  FROM live_result r WHERE r.mutant_id IS NOT NULL ORDER BY r.id");
	while (db_step(db, st)) {
		enum mutant_state state;
		if (!state_lookup(db_column_text(st, 3), STATES_UNTORTURED, &state))
			continue;
		if (mutants->nr && !strlist_has(mutants, db_column_text(st, 1)))
			continue;
		for (int i = 0; i < 6; i++) {
			if (i)
				putchar('\t');
			tsv_put(stdout, db_column_text(st, i));
		}
		putchar('\n');
	}
	sqlite3_finalize(st);
}

int cmd_attempts(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *change = NULL;
	int untortured = 0;
	struct strlist mutants = { 0 };
	static const char *const usage[] = {
		"mutorture attempts [--db FILE] [--mutants ID,...] [--change HASH | --untortured]", NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_LIST(0, "mutants", &mutants, "ID,...", "only the attempts of these mutants"),
		OPT_STRING(0, "change", &change, "HASH",
			   "the attempts under this torture change instead of the campaign's"),
		OPT_BOOL(0, "untortured", &untortured,
			 "the verdicts reached without a torture run instead (coverage, equivalence)"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	sqlite3 *db = db_open(db_file, DB_READ);
	/* An id the campaign does not have is a typo, not "no attempts" (as 'mutorture list'). */
	db_check_known(db, &mutants, "SELECT 1 FROM mutant WHERE id = ?1", "mutant");
	if (untortured) {
		if (change)
			die("options '--untortured' and '--change' cannot be combined");
		print_untortured(db, &mutants);
		db_close(db);
		strlist_clear(&mutants);
		return 0;
	}
	if (change) {
		sqlite3_stmt *known = db_prepare(db, "SELECT 1 FROM torture_change WHERE hash = ?1");
		db_bind_text(db, known, 1, change);
		bool found = db_step(db, known);
		sqlite3_finalize(known);
		if (!found)
			die("campaign '%s' has no torture change '%s' (mutorture gaps lists them)",
			    db_file, change);
	}
	sqlite3_stmt *st = db_prepare(db,
		"SELECT r.id, r.attempt, coalesce(r.mutant_id, ''), r.kind, r.status, r.scenario, "
		"       r.reason, r.log_dir, coalesce(r.build_s, ''), coalesce(r.test_s, ''), "
		"       coalesce(r.duration, '') "
		"  FROM (SELECT * FROM live_result WHERE ?1 IS NULL "
		"        UNION ALL "
		"        SELECT * FROM change_result "
		"         WHERE change_id = (SELECT id FROM torture_change WHERE hash = ?1)) r "
		" WHERE r.kind IN ('torture', 'control') AND r.log_dir <> '' "
		" ORDER BY r.id");
	db_bind_text(db, st, 1, change);
	sqlite3_stmt *runs = db_prepare(db,
		"SELECT scenario, status, coalesce(test_s, ''), reason FROM scenario_run "
		" WHERE result_id = ?1 ORDER BY rowid");
	while (db_step(db, st)) {
		const char *mutant = db_column_text(st, 2);
		if (mutants.nr && !strlist_has(&mutants, mutant))
			continue;
		/* Ten fields, tab-separated; each scenario run brings its own leading tab. */
		for (int i = 1; i <= 10; i++) {
			if (i > 1)
				putchar('\t');
			tsv_put(stdout, db_column_text(st, i));
		}
		sqlite3_reset(runs);
		db_bind_int(db, runs, 1, sqlite3_column_int64(st, 0));
		struct strbuf run = STRBUF_INIT;
		while (db_step(db, runs)) {
			sb_reset(&run);
			sb_addf(&run, "%s|%s|%s|%s", db_column_text(runs, 0), db_column_text(runs, 1),
				db_column_text(runs, 2), db_column_text(runs, 3));
			putchar('\t');
			tsv_put(stdout, run.buf);
		}
		sb_release(&run);
		putchar('\n');
	}
	sqlite3_finalize(runs);
	sqlite3_finalize(st);
	db_close(db);
	strlist_clear(&mutants);
	return 0;
}
