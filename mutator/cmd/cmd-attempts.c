/* mutorture attempts: the torture and control attempts that count (not re-judged since), each
 * with its evidence on disk, as TSV for the runner's recheck: by default attempt, mutant (''
 * for a control run), kind, status, scenario, reason, log_dir, build_s, test_s, duration, then
 * one field per scenario run, NAME|STATUS|SECONDS|REASON, in the order they ran. Values are
 * escaped as 'mutorture record' reads them (tsv.h), so a field can be handed back unchanged.
 * The campaign's own attempts, or with --change those made under one torture change
 * (mutorture gaps try, which counts its survivors' attempts from them). With --untortured, the
 * results that decide a mutant without a torture run and count instead (a later one
 * supersedes an earlier: the runner's reclass reads the last of each mutant), by default
 * attempt, mutant, kind, status, duplicate_of, reason. --fields picks the columns of either,
 * by name, in the caller's order. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "tsv.h"
#include "util.h"

/* The columns of an attempt: NAME (--fields) and the SQL that selects it from result r.
 * runs is no column of r: the attempt's scenario runs, one field each, after the others. */
#define ATTEMPT_COLUMNS(X)                                                                  \
	X(ATTEMPT, "attempt", "r.attempt") X(MUTANT, "mutant", "coalesce(r.mutant_id, '')") \
	X(KIND, "kind", "r.kind") X(STATUS, "status", "r.status")                           \
	X(SCENARIO, "scenario", "r.scenario") X(REASON, "reason", "r.reason")               \
	X(LOG_DIR, "log_dir", "r.log_dir") X(BUILD_S, "build_s", "coalesce(r.build_s, '')") \
	X(TEST_S, "test_s", "coalesce(r.test_s, '')")                                       \
	X(DURATION, "duration", "coalesce(r.duration, '')")                                 \
	X(DUPLICATE_OF, "duplicate_of", "coalesce(r.duplicate_of, '')")                     \
	X(RUNS, "runs", "NULL")

enum column { ATTEMPT_COLUMNS(TSV_ENUM) COL_NR };
static const struct tsv_column columns[COL_NR] = { ATTEMPT_COLUMNS(TSV_COLUMN) };

/* The columns without --fields, as they always were: a caller that reads them by position
 * keeps working. */
static const struct tsv_fields torture_default = {
	11, { COL_ATTEMPT, COL_MUTANT, COL_KIND, COL_STATUS, COL_SCENARIO, COL_REASON, COL_LOG_DIR, COL_BUILD_S,
	      COL_TEST_S, COL_DURATION, COL_RUNS }
};
static const struct tsv_fields untortured_default = {
	6, { COL_ATTEMPT, COL_MUTANT, COL_KIND, COL_STATUS, COL_DUPLICATE_OF, COL_REASON }
};

/* The results listed (r), after the select list: torture and control attempts with their logs,
 * the campaign's (?1 NULL) or a torture change's (?1 its hash); or the untortured verdicts. */
static const char torture_from[] =
	"  FROM (SELECT * FROM live_result WHERE ?1 IS NULL "
	"        UNION ALL "
	"        SELECT * FROM change_result "
	"         WHERE change_id = (SELECT id FROM torture_change WHERE hash = ?1)) r "
	" WHERE r.kind IN (@KIND_TORTURE@, @KIND_CONTROL@) AND r.log_dir <> '' "
	" ORDER BY r.id";
static const char untortured_from[] =
	"  FROM live_result r WHERE r.mutant_id IS NOT NULL AND r.status IN (@UNTORTURED_STATES@) "
	" ORDER BY r.id";

/* Writes the scenario runs of result id, each as a field of its own (after a tab unless it
 * is the row's first field). */
static void put_runs(sqlite3 *db, sqlite3_stmt *runs, long long id, bool first)
{
	sqlite3_reset(runs);
	db_bind_int(db, runs, 1, id);
	struct strbuf run = STRBUF_INIT;
	while (db_step(db, runs)) {
		sb_reset(&run);
		sb_addf(&run, "%s|%s|%s|%s", db_column_text(runs, 0), db_column_text(runs, 1),
			db_column_text(runs, 2), db_column_text(runs, 3));
		if (!first)
			putchar('\t');
		first = false;
		tsv_put(stdout, run.buf);
	}
	sb_release(&run);
}

/* Prints the attempts (untortured: the verdicts reached without torture instead) of the
 * campaign, or of the torture change with hash change, in f's columns. */
static void print_attempts(sqlite3 *db, bool untortured, const char *change,
			   const struct strlist *mutants, struct tsv_fields f)
{
	bool runs = f.nr && f.col[f.nr - 1] == COL_RUNS;
	if (runs)
		f.nr--;
	struct strbuf sql = STRBUF_INIT;
	sb_adds(&sql, "SELECT r.id, ");
	tsv_fields_select(&sql, columns, COL_NR);
	sb_adds(&sql, untortured ? untortured_from : torture_from);
	sqlite3_stmt *st = db_prepare(db, sql.buf);
	sb_release(&sql);
	if (!untortured)
		db_bind_text(db, st, 1, change);
	sqlite3_stmt *run_st = db_prepare(db,
		"SELECT scenario, status, coalesce(test_s, ''), reason FROM scenario_run "
		" WHERE result_id = ?1 ORDER BY rowid");
	while (db_step(db, st)) {
		const char *row[COL_NR];
		for (int i = 0; i < COL_NR; i++)
			row[i] = db_column_text(st, i + 1);
		if (mutants->nr && !strlist_has(mutants, row[COL_MUTANT]))
			continue;
		tsv_fields_put(stdout, &f, row);
		if (runs)
			put_runs(db, run_st, sqlite3_column_int64(st, 0), !f.nr);
		putchar('\n');
	}
	sqlite3_finalize(run_st);
	sqlite3_finalize(st);
}

int cmd_attempts(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *change = NULL;
	int untortured = 0;
	struct strlist mutants = { 0 }, field_names = { 0 };
	static const char *const usage[] = {
		"mutorture attempts [--db FILE] [--mutants ID,...] [--change HASH | --untortured] "
		"[--fields NAME,...]",
		NULL
	};
	struct strbuf fields_help = STRBUF_INIT;
	tsv_fields_help(&fields_help, "the columns to print, in this order (runs last)", columns,
			COL_NR, &torture_default);
	sb_adds(&fields_help, ", with --untortured: ");
	tsv_fields_names(&fields_help, columns, COL_NR, &untortured_default, ",");
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_LIST(0, "mutants", &mutants, "ID,...", "only the attempts of these mutants"),
		OPT_STRING(0, "change", &change, "HASH",
			   "the attempts under this torture change instead of the campaign's"),
		OPT_BOOL(0, "untortured", &untortured,
			 "the verdicts reached without a torture run instead (coverage, equivalence)"),
		OPT_LIST(0, "fields", &field_names, "NAME,...", fields_help.buf),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	struct tsv_fields f = untortured ? untortured_default : torture_default;
	if (field_names.nr)
		tsv_fields_pick(&f, &field_names, columns, COL_NR);
	/* runs, a variable number of fields, can only come last */
	for (size_t i = 0; i + 1 < f.nr; i++)
		if (f.col[i] == COL_RUNS)
			usage_error("field 'runs' comes last (one field per scenario run)");
	if (untortured && change)
		die("options '--untortured' and '--change' cannot be combined");
	sqlite3 *db = db_open(db_file, DB_READ);
	/* An id the campaign does not have is a typo, not "no attempts" (as 'mutorture list'). */
	db_check_known(db, &mutants, "SELECT 1 FROM mutant WHERE id = ?1", "mutant");
	if (change) {
		sqlite3_stmt *known = db_prepare(db, "SELECT 1 FROM torture_change WHERE hash = ?1");
		db_bind_text(db, known, 1, change);
		bool found = db_step(db, known);
		sqlite3_finalize(known);
		if (!found)
			die("campaign '%s' has no torture change '%s' (mutorture gaps lists them)",
			    db_file, change);
	}
	print_attempts(db, untortured, change, &mutants, f);
	db_close(db);
	strlist_clear(&mutants);
	strlist_clear(&field_names);
	sb_release(&fields_help);
	return 0;
}
