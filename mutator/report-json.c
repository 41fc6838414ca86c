/* The report in mutation-testing-report-schema version 2: every mutant of the current sources
 * with its file's full source, statuses mapped 1:1 (killed -> Killed, survived -> Survived,
 * timeout -> Timeout, build_error -> CompileError, equivalent and duplicate -> Ignored with the
 * reason, uncovered -> NoCoverage, error -> RuntimeError, pending -> Pending), the torture
 * scenarios as the tests that kill (killedBy), and triage verdicts in statusReason. */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "json.h"
#include "mutant-view.h"
#include "report.h"
#include "score.h"

static const char *const schema_status[STATE_NR] = {
	[STATE_KILLED] = "Killed",
	[STATE_TIMEOUT] = "Timeout",
	[STATE_SURVIVED] = "Survived",
	[STATE_UNCOVERED] = "NoCoverage",
	[STATE_BUILD_ERROR] = "CompileError",
	[STATE_EQUIVALENT] = "Ignored",
	[STATE_DUPLICATE] = "Ignored",
	[STATE_ERROR] = "RuntimeError",
	[STATE_PENDING] = "Pending",
};

/* Why the mutant has its status, for humans reading the report. */
static void status_reason(const struct mutant_view *r, enum mutant_state state, struct strbuf *sb)
{
	switch (state) {
	case STATE_KILLED:
	case STATE_TIMEOUT:
		sb_addf(sb, "%s %ld of %ld torture runs", state == STATE_KILLED ? "killed in" : "timed out in",
			r->kills, r->attempts);
		break;
	case STATE_SURVIVED:
		sb_addf(sb, "survived %ld of %ld torture runs", r->attempts, r->attempts);
		break;
	case STATE_EQUIVALENT:
		sb_adds(sb, "equivalent");
		break;
	case STATE_DUPLICATE:
		sb_addf(sb, "duplicate of %s", *r->duplicate_of ? r->duplicate_of : "another mutant");
		break;
	default:
		break;
	}
	if (*r->reason)
		sb_addf(sb, "%s%s", sb->len ? ": " : "", r->reason);
	if (*r->verdict)
		sb_addf(sb, "%striage: %s%s%s", sb->len ? "; " : "", r->verdict, *r->note ? ": " : "",
			r->note);
	else if (*r->review_verdict)
		sb_addf(sb, "%striage to review (was %s; the code around it changed)",
			sb->len ? "; " : "", r->review_verdict);
}

static void add_scenarios(sqlite3 *db, sqlite3_stmt *killers, const char *id, struct json *j)
{
	sqlite3_reset(killers);
	db_bind_text(db, killers, 1, id);
	json_array_begin(j, "killedBy");
	while (db_step(db, killers))
		json_string(j, NULL, db_column_text(killers, 0));
	json_array_end(j);
}

static void add_mutant(sqlite3 *db, sqlite3_stmt *killers, const struct mutant_view *r,
		       struct json *j)
{
	enum mutant_state state = state_from_name(r->status);
	json_object_begin(j, NULL);
	json_string(j, "id", r->id);
	json_string(j, "mutatorName", r->operator_name);
	json_string(j, "replacement", r->replacement);
	if (*r->description)
		json_string(j, "description", r->description);
	json_object_begin(j, "location");
	json_object_begin(j, "start");
	json_int(j, "line", r->line);
	json_int(j, "column", r->col);
	json_object_end(j);
	json_object_begin(j, "end");
	json_int(j, "line", r->end_line);
	json_int(j, "column", r->end_col);
	json_object_end(j);
	json_object_end(j);
	json_string(j, "status", schema_status[state]);
	struct strbuf reason = STRBUF_INIT;
	status_reason(r, state, &reason);
	if (reason.len)
		json_string(j, "statusReason", reason.buf);
	sb_release(&reason);
	if (r->test_s >= 0)
		json_double(j, "duration", r->test_s * 1000.0);
	if (state == STATE_KILLED || state == STATE_TIMEOUT)
		add_scenarios(db, killers, r->id, j);
	json_object_end(j);
}

static void add_source(sqlite3 *db, sqlite3_stmt *content, long source_id, struct json *j)
{
	sqlite3_reset(content);
	db_bind_int(db, content, 1, source_id);
	if (!db_step(db, content))
		BUG("source %ld vanished", source_id);
	json_string_len(j, "source", sqlite3_column_blob(content, 0),
			(size_t)sqlite3_column_bytes(content, 0));
}

static void add_settings(sqlite3 *db, struct json *j)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT key, value FROM campaign ORDER BY key");
	json_object_begin(j, "config");
	while (db_step(db, st))
		json_string(j, db_column_text(st, 0), db_column_text(st, 1));
	json_object_end(j);
	sqlite3_finalize(st);
}

/* The scenarios as tests, so killedBy names resolve in viewers; none when none ran. */
static void add_test_files(sqlite3 *db, struct json *j)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT DISTINCT scenario FROM temp.scenario_kill "
					  "WHERE scenario <> '' ORDER BY scenario");
	bool any = false;
	while (db_step(db, st)) {
		if (!any) {
			json_object_begin(j, "testFiles");
			json_object_begin(j, "");
			json_array_begin(j, "tests");
			any = true;
		}
		json_object_begin(j, NULL);
		json_string(j, "id", db_column_text(st, 0));
		json_string(j, "name", db_column_text(st, 0));
		json_object_end(j);
	}
	if (any) {
		json_array_end(j);
		json_object_end(j);
		json_object_end(j);
	}
	sqlite3_finalize(st);
}

void report_json(sqlite3 *db, struct strbuf *out)
{
	struct json j;
	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "schemaVersion", "2");
	json_object_begin(&j, "thresholds");
	json_int(&j, "high", 80);
	json_int(&j, "low", 60);
	json_object_end(&j);
	char *root = db_setting_get(db, "root");
	if (root)
		json_string(&j, "projectRoot", root);
	free(root);
	json_object_begin(&j, "framework");
	json_string(&j, "name", "mutorture");
	json_string(&j, "version", MUTORTURE_VERSION);
	json_object_end(&j);
	add_settings(db, &j);

	sqlite3_stmt *killers = db_prepare(db,
		"SELECT DISTINCT scenario FROM temp.scenario_kill WHERE mutant_id = ?1 "
		"   AND status IN ('killed', 'timeout') AND scenario <> '' ORDER BY scenario");
	sqlite3_stmt *content = db_prepare(db, "SELECT content FROM source WHERE id = ?1");
	sqlite3_stmt *rows = mutant_view_query(db, NULL);
	struct mutant_view r;
	char *path = NULL;
	json_object_begin(&j, "files");
	while (mutant_view_next(db, rows, &r)) {
		if (!path || strcmp(path, r.path)) {
			if (path) {
				json_array_end(&j);
				json_object_end(&j);
			}
			free(path);
			path = xstrdup(r.path);
			json_object_begin(&j, path);
			json_string(&j, "language", "c");
			add_source(db, content, r.source_id, &j);
			json_array_begin(&j, "mutants");
		}
		add_mutant(db, killers, &r, &j);
	}
	if (path) {
		json_array_end(&j);
		json_object_end(&j);
	}
	free(path);
	json_object_end(&j);
	sqlite3_finalize(rows);
	sqlite3_finalize(content);
	sqlite3_finalize(killers);
	add_test_files(db, &j);
	json_object_end(&j);
	json_finish(&j);
}
