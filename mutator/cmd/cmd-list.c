/* mutorture list: the mutants of the campaign, filtered, as a table, TSV (its columns named
 * with --fields), ids or JSON.
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

/* The columns of a listed mutant: NAME (JSON key, --fields) and the SQL that selects it. */
#define LIST_COLUMNS(X)                                                                     \
	X(ID, "id", "m.id") X(PATH, "path", "s.path") X(LINE, "line", "m.line")             \
	X(COLUMN, "col", "m.col") X(OPERATOR, "operator", "m.operator")                     \
	X(FUNCTION, "function", "m.function") X(STATUS, "status", "ms.status")              \
	X(DESCRIPTION, "description", "m.description") X(TAG, "tag", "m.tag")               \
	X(END_LINE, "end_line", "m.end_line") X(END_COL, "end_col", "m.end_col")            \
	X(CURRENT, "current", "s.current")                                                  \
	X(FUNCTION_SPELLED, "function_spelled", "m.function_spelled")

enum column { LIST_COLUMNS(TSV_ENUM) COL_NR };
static const struct tsv_column columns[COL_NR] = { LIST_COLUMNS(TSV_COLUMN) };

/* The JSON format's keys are the columns' names. */
static const char *key(enum column c)
{
	return columns[c].name;
}

/* What --format tsv prints without --fields, as it always has: a caller that reads it by
 * position keeps working. */
static const struct tsv_fields tsv_default = {
	8, { COL_ID, COL_PATH, COL_LINE, COL_COLUMN, COL_OPERATOR, COL_FUNCTION, COL_STATUS,
	     COL_DESCRIPTION }
};

static const char list_from[] =
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
	const char *db_file = default_db_path(), *format = NULL;
	struct strlist statuses = { 0 }, operators = { 0 }, files = { 0 }, functions = { 0 },
		       mutants = { 0 }, field_names = { 0 };
	int pending = 0, stale = 0;
	static const char *const usage[] = {
		"mutorture list [--db FILE] [--status S,S] [--pending] [--operators A,B] "
		"[--files F,G] [--function F] [--mutants ID,...] [--stale] "
		"[--format table|tsv|ids|json] [--fields NAME,...]",
		NULL,
	};
	struct strbuf fields_help = STRBUF_INIT;
	tsv_fields_help(&fields_help, "the TSV columns to print, in this order (implies --format tsv)",
			columns, COL_NR, &tsv_default);
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
		OPT_LIST(0, "fields", &field_names, "NAME,...", fields_help.buf),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (!format)
		format = field_names.nr ? "tsv" : "table";
	if (strcmp(format, "table") && strcmp(format, "tsv") && strcmp(format, "ids") &&
	    strcmp(format, "json"))
		usage_error("unknown format '%s' (table, tsv, ids or json)", format);
	struct tsv_fields tsv;
	tsv_fields_choose(&tsv, format, &field_names, columns, COL_NR, &tsv_default);
	for (size_t i = 0; i < statuses.nr; i++) {
		enum mutant_state s;
		if (!state_lookup(statuses.items[i], STATES_ALL, &s))
			usage_error("unknown status '%s'", statuses.items[i]);
	}
	if (pending) {
		if (statuses.nr)
			usage_error("--pending and --status cannot be combined");
		for (int i = 0; i < STATE_NR; i++)
			if (STATES_TO_RUN & STATE_BIT(i))
				strlist_add(&statuses, state_names[i]);
		stale = 0; /* stale mutants are never run */
	}

	sqlite3 *db = db_open(db_file, DB_READ);
	db_check_known(db, &operators, "SELECT 1 FROM mutant WHERE operator = ?1", "mutant of operator");
	db_check_known(db, &files, "SELECT 1 FROM source WHERE path = ?1", "source file");
	db_check_known(db, &functions, "SELECT 1 FROM mutant WHERE function = ?1 OR function_spelled = ?1",
		    "mutant in function");
	db_check_known(db, &mutants, "SELECT 1 FROM mutant WHERE id = ?1", "mutant");
	struct strbuf sql = STRBUF_INIT;
	sb_adds(&sql, "SELECT ");
	tsv_fields_select(&sql, columns, COL_NR);
	sb_adds(&sql, list_from);
	sqlite3_stmt *st = db_prepare(db, sql.buf);
	sb_release(&sql);
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
		const char *c[COL_NR];
		for (int i = 0; i < COL_NR; i++)
			c[i] = db_column_text(st, i);
		if (is_json) {
			json_object_begin(&j, NULL);
			json_string(&j, key(COL_ID), c[COL_ID]);
			json_string(&j, key(COL_PATH), c[COL_PATH]);
			json_int(&j, key(COL_LINE), sqlite3_column_int(st, COL_LINE));
			json_int(&j, key(COL_COLUMN), sqlite3_column_int(st, COL_COLUMN));
			json_int(&j, key(COL_END_LINE), sqlite3_column_int(st, COL_END_LINE));
			json_int(&j, key(COL_END_COL), sqlite3_column_int(st, COL_END_COL));
			json_string(&j, key(COL_OPERATOR), c[COL_OPERATOR]);
			json_string(&j, key(COL_TAG), c[COL_TAG]);
			json_string(&j, key(COL_FUNCTION), c[COL_FUNCTION]);
			if (*c[COL_FUNCTION_SPELLED])
				json_string(&j, key(COL_FUNCTION_SPELLED), c[COL_FUNCTION_SPELLED]);
			json_string(&j, key(COL_STATUS), c[COL_STATUS]);
			json_string(&j, key(COL_DESCRIPTION), c[COL_DESCRIPTION]);
			json_bool(&j, key(COL_CURRENT), sqlite3_column_int(st, COL_CURRENT) != 0);
			json_object_end(&j);
		} else if (!strcmp(format, "ids")) {
			printf("%s\n", c[COL_ID]);
		} else if (!strcmp(format, "tsv")) {
			tsv_fields_put(stdout, &tsv, c);
			putchar('\n');
		} else {
			char *where = xasprintf("%s:%s:%s", c[COL_PATH], c[COL_LINE], c[COL_COLUMN]);
			printf("%-16s  %-28s  %-8s  %-20s  %-11s  %s\n", c[COL_ID], where, c[COL_OPERATOR],
			       c[COL_FUNCTION], c[COL_STATUS], c[COL_DESCRIPTION]);
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
	strlist_clear(&field_names);
	sb_release(&fields_help);
	return 0;
}
