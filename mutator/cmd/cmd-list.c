/* mutorture list: the mutants of the campaign, filtered, as a table, TSV, ids or JSON.
 * Filters are bound as JSON arrays (json_each), so no SQL text is built from arguments. By
 * default only mutants of current sources are listed (--stale adds the old versions'). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "json.h"
#include "options.h"
#include "status.h"
#include "tsv.h"
#include "util.h"

enum column { C_ID, C_PATH, C_LINE, C_COL, C_OPERATOR, C_FUNCTION, C_STATUS, C_DESCRIPTION,
	      C_TAG, C_END_LINE, C_END_COL, C_CURRENT, C_FUNCTION_SPELLED, C_NR };

static const char list_sql[] =
	"SELECT m.id, s.path, m.line, m.col, m.operator, m.function, ms.status, m.description, "
	"       m.tag, m.end_line, m.end_col, s.current, m.function_spelled "
	"  FROM mutant m JOIN source s ON s.id = m.source_id "
	"  JOIN mutant_status ms ON ms.mutant_id = m.id "
	" WHERE (s.current = 1 OR ?1) "
	"   AND (?2 IS NULL OR ms.status IN (SELECT value FROM json_each(?2))) "
	"   AND (?3 IS NULL OR m.operator IN (SELECT value FROM json_each(?3))) "
	"   AND (?4 IS NULL OR s.path IN (SELECT value FROM json_each(?4))) "
	"   AND (?5 IS NULL OR m.function IN (SELECT value FROM json_each(?5)) "
	"        OR m.function_spelled IN (SELECT value FROM json_each(?5))) "
	"   AND (?6 IS NULL OR m.id IN (SELECT value FROM json_each(?6))) "
	" ORDER BY s.path, s.current DESC, m.start_byte, m.end_byte, m.id";

static void bind_list(sqlite3 *db, sqlite3_stmt *st, int i, const struct strlist *list)
{
	if (!list->nr) {
		db_bind_text(db, st, i, NULL);
		return;
	}
	struct strbuf sb = STRBUF_INIT;
	struct json j;
	json_init(&j, &sb);
	json_array_begin(&j, NULL);
	for (size_t k = 0; k < list->nr; k++)
		json_string(&j, NULL, list->items[k]);
	json_array_end(&j);
	json_finish(&j);
	db_bind_text(db, st, i, sb.buf);
	sb_release(&sb);
}

int cmd_list(int argc, const char **argv)
{
	const char *db_file = default_db_path(), *format = "table";
	struct strlist statuses = { 0 }, operators = { 0 }, files = { 0 }, functions = { 0 },
		       mutants = { 0 };
	int pending = 0, stale = 0;
	static const char *const usage[] = {
		"mutorture list [--db FILE] [--status S,S] [--pending] [--operators A,B] "
		"[--files F,G] [--function F] [--mutants ID,...] [--stale] "
		"[--format table|tsv|ids|json]",
		NULL,
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_LIST(0, "status", &statuses, "S,S", "only mutants with these statuses"),
		OPT_BOOL(0, "pending", &pending, "only mutants still to run (status pending or error)"),
		OPT_LIST(0, "operators", &operators, "A,B", "only these operators"),
		OPT_LIST(0, "files", &files, "F,G", "only mutants of these files (root-relative)"),
		OPT_LIST(0, "function", &functions, "F", "only mutants inside these functions"),
		OPT_LIST(0, "mutants", &mutants, "ID,...", "only these mutants"),
		OPT_BOOL(0, "stale", &stale, "also mutants of old versions of changed files"),
		OPT_STRING(0, "format", &format, "FORMAT", "table (default), tsv, ids or json"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (strcmp(format, "table") && strcmp(format, "tsv") && strcmp(format, "ids") &&
	    strcmp(format, "json"))
		usage_error("unknown format '%s' (table, tsv, ids or json)", format);
	for (size_t i = 0; i < statuses.nr; i++) {
		enum mutant_state s;
		if (!state_lookup(statuses.items[i], STATES_ALL, &s))
			usage_error("unknown status '%s'", statuses.items[i]);
	}
	if (pending) {
		if (statuses.nr)
			usage_error("--pending and --status cannot be combined");
		strlist_add(&statuses, "pending");
		strlist_add(&statuses, "error");
		stale = 0; /* stale mutants are never run */
	}

	sqlite3 *db = db_open(db_file, DB_READ);
	db_check_known(db, &operators, "SELECT 1 FROM mutant WHERE operator = ?1", "mutant of operator");
	db_check_known(db, &files, "SELECT 1 FROM source WHERE path = ?1", "source file");
	db_check_known(db, &functions, "SELECT 1 FROM mutant WHERE function = ?1 OR function_spelled = ?1",
		    "mutant in function");
	db_check_known(db, &mutants, "SELECT 1 FROM mutant WHERE id = ?1", "mutant");
	sqlite3_stmt *st = db_prepare(db, list_sql);
	db_bind_int(db, st, 1, stale);
	bind_list(db, st, 2, &statuses);
	bind_list(db, st, 3, &operators);
	bind_list(db, st, 4, &files);
	bind_list(db, st, 5, &functions);
	bind_list(db, st, 6, &mutants);

	struct strbuf out = STRBUF_INIT;
	struct json j;
	int is_json = !strcmp(format, "json");
	if (is_json) {
		json_init(&j, &out);
		json_array_begin(&j, NULL);
	} else if (!strcmp(format, "table")) {
		printf("%-16s  %-28s  %-8s  %-20s  %-11s  %s\n", "ID", "LOCATION", "OPERATOR",
		       "FUNCTION", "STATUS", "CHANGE");
	}
	while (db_step(db, st)) {
		const char *c[C_NR];
		for (int i = 0; i < C_NR; i++)
			c[i] = db_column_text(st, i);
		if (is_json) {
			json_object_begin(&j, NULL);
			json_string(&j, "id", c[C_ID]);
			json_string(&j, "path", c[C_PATH]);
			json_int(&j, "line", sqlite3_column_int(st, C_LINE));
			json_int(&j, "col", sqlite3_column_int(st, C_COL));
			json_int(&j, "end_line", sqlite3_column_int(st, C_END_LINE));
			json_int(&j, "end_col", sqlite3_column_int(st, C_END_COL));
			json_string(&j, "operator", c[C_OPERATOR]);
			json_string(&j, "tag", c[C_TAG]);
			json_string(&j, "function", c[C_FUNCTION]);
			if (*c[C_FUNCTION_SPELLED])
				json_string(&j, "function_spelled", c[C_FUNCTION_SPELLED]);
			json_string(&j, "status", c[C_STATUS]);
			json_string(&j, "description", c[C_DESCRIPTION]);
			json_bool(&j, "current", sqlite3_column_int(st, C_CURRENT) != 0);
			json_object_end(&j);
		} else if (!strcmp(format, "ids")) {
			printf("%s\n", c[C_ID]);
		} else if (!strcmp(format, "tsv")) {
			for (int i = C_ID; i <= C_DESCRIPTION; i++)
				tsv_field(stdout, c[i], i == C_DESCRIPTION);
		} else {
			char *where = xasprintf("%s:%s:%s", c[C_PATH], c[C_LINE], c[C_COL]);
			printf("%-16s  %-28s  %-8s  %-20s  %-11s  %s\n", c[C_ID], where, c[C_OPERATOR],
			       c[C_FUNCTION], c[C_STATUS], c[C_DESCRIPTION]);
			free(where);
		}
	}
	sqlite3_finalize(st);
	db_close(db);
	if (is_json) {
		json_array_end(&j);
		json_finish(&j);
		printf("%s\n", out.buf);
	}
	sb_release(&out);
	strlist_clear(&statuses);
	strlist_clear(&operators);
	strlist_clear(&files);
	strlist_clear(&functions);
	strlist_clear(&mutants);
	return 0;
}
