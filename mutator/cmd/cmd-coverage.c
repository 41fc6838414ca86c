/* mutorture coverage: import the torture suite's line coverage and mark the pending mutants it
 * never reaches as uncovered, so they cost no torture run. Input lines are
 * `path<TAB>line<TAB>count` (target_coverage's output), paths relative to the campaign root.
 * Lines of files that are not current sources are counted and ignored (target_coverage lists
 * every file a target may mutate), but coverage that names no current source at all is refused:
 * it belongs to another campaign or tree. A mutant is uncovered when every
 * line it touches that has coverage data was executed zero times (and at least one has data):
 * a line without data (a declaration, a brace) says nothing either way. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "util.h"

/* Imports one line; -1 if malformed (the problem in *problem, the first one only), else 1 if
 * a current source has it, 0 if ignored (the first ignored path kept in *ignored). */
static int import_line(sqlite3 *db, sqlite3_stmt *ins, char *line, long lineno, char **problem,
		       char **ignored)
{
	char *tab1 = strchr(line, '\t');
	char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
	if (!tab2) {
		if (!*problem)
			*problem = xasprintf("line %ld: expected 'path<TAB>line<TAB>count'", lineno);
		return -1;
	}
	*tab1 = *tab2 = '\0';
	char *end1, *end2;
	errno = 0;
	long src_line = strtol(tab1 + 1, &end1, 10);
	long count = strtol(tab2 + 1, &end2, 10);
	if (errno || *end1 || src_line < 1 || end2 == tab2 + 1 || (*end2 && *end2 != '\n') ||
	    count < 0) {
		if (!*problem)
			*problem = xasprintf("line %ld: bad line number or count", lineno);
		return -1;
	}
	sqlite3_reset(ins);
	db_bind_text(db, ins, 1, line);
	db_bind_int(db, ins, 2, src_line);
	db_bind_int(db, ins, 3, count);
	db_step(db, ins);
	if (sqlite3_changes(db))
		return 1;
	if (!*ignored)
		*ignored = xstrdup(line);
	return 0;
}

/* Result rows for pending mutants whose touched lines were all never executed. */
static int mark_uncovered(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT OR IGNORE INTO result(attempt, mutant_id, kind, status, reason) "
		"SELECT 'coverage:' || m.id || ':' || s.hash, m.id, @KIND_COVERAGE@, "
		"       @STATE_UNCOVERED@, "
		"       'lines ' || m.line || '-' || m.end_line || ' never executed by the torture suite' "
		"  FROM mutant m JOIN source s ON s.id = m.source_id "
		"  JOIN mutant_status ms ON ms.mutant_id = m.id "
		" WHERE s.current = 1 AND ms.status IN (@TO_RUN_STATES@) "
		"   AND EXISTS (SELECT 1 FROM coverage c WHERE c.source_id = s.id "
		"                  AND c.line BETWEEN m.line AND m.end_line) "
		"   AND NOT EXISTS (SELECT 1 FROM coverage c WHERE c.source_id = s.id "
		"                  AND c.line BETWEEN m.line AND m.end_line AND c.count > 0)");
	db_step(db, st);
	sqlite3_finalize(st);
	return sqlite3_changes(db);
}

int cmd_coverage(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	static const char *const usage[] = { "mutorture coverage [--db FILE] [COVERAGE-FILE | -]", NULL };
	const struct option options[] = { OPT_DB(&db_file), OPT_END() };
	int npos = parse_options(argc, argv, options, usage);
	if (npos > 1)
		usage_with_options(usage, options);
	const char *name = npos ? argv[0] : "-";

	FILE *in = strcmp(name, "-") ? fopen(name, "r") : stdin;
	if (!in)
		die("cannot read coverage '%s': %s", name, strerror(errno));
	sqlite3 *db = db_open(db_file, DB_WRITE);
	db_begin(db);
	sqlite3_stmt *ins = db_prepare(db,
		"INSERT INTO coverage(source_id, line, count) "
		"SELECT id, ?2, ?3 FROM source WHERE path = ?1 AND current = 1 "
		"ON CONFLICT(source_id, line) DO UPDATE SET count = excluded.count");
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0, imported = 0;
	char *ignored = NULL, *problem = NULL;
	while (getline(&line, &cap, in) > 0) {
		lineno++;
		imported += import_line(db, ins, line, lineno, &problem, &ignored) > 0;
	}
	free(line);
	sqlite3_finalize(ins);
	if (in != stdin)
		fclose(in);
	if (problem || (lineno && !imported)) {
		db_exec(db, "ROLLBACK");
		db_close(db);
		if (problem)
			die("coverage '%s' not imported: %s", name, problem);
		die("coverage '%s' not imported: it names no current source of the campaign "
		    "(the first line is for '%s')", name, ignored);
	}
	int marked = mark_uncovered(db);
	db_commit(db);
	db_close(db);
	printf("coverage: %ld lines imported, %ld of files that are no current source ignored%s%s%s, "
	       "%d mutants marked uncovered\n", imported, lineno - imported,
	       ignored ? " (first: '" : "", ignored ? ignored : "", ignored ? "')" : "", marked);
	free(ignored);
	return 0;
}
