/* The report in mutation-testing-report-schema version 2: every mutant of the current sources
 * with its file's full source, statuses mapped 1:1 (killed -> Killed, survived -> Survived,
 * timeout -> Timeout, build_error -> CompileError, equivalent and duplicate -> Ignored with the
 * reason, uncovered -> NoCoverage, error -> RuntimeError, pending -> Pending), the torture
 * scenarios as the tests that kill (killedBy), and triage verdicts in statusReason. Renders what
 * report-data.c loads; no SQL here. */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "json.h"
#include "report-data.h"
#include "report.h"

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
static void status_reason(const struct report_mutant *r, enum mutant_state state, struct strbuf *sb)
{
	switch (state) {
	case STATE_KILLED:
	case STATE_TIMEOUT:
	case STATE_SURVIVED:
		sb_adds(sb, state == STATE_KILLED ? "killed (" : state == STATE_TIMEOUT ? "timed out ("
											: "survived (");
		evidence_text(sb, r->kills, r->attempts, r->torture_s);
		sb_adds(sb, state != STATE_SURVIVED ? ")" : r->confirmed ? "; confirmed)"
								 : "; not yet confirmed)");
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
	if (*r->verdict && state != STATE_SURVIVED)
		sb_addf(sb, "%striage to review (was %s, given before the suite killed it)",
			sb->len ? "; " : "", r->verdict);
	else if (*r->verdict)
		sb_addf(sb, "%striage: %s%s%s", sb->len ? "; " : "", r->verdict, *r->note ? ": " : "",
			r->note);
	else if (*r->review_verdict)
		sb_addf(sb, "%striage to review (was %s; the code around it changed)",
			sb->len ? "; " : "", r->review_verdict);
}

static void add_mutant(const struct report_mutant *r, struct json *j)
{
	enum mutant_state state = r->state;
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
	if (state == STATE_KILLED || state == STATE_TIMEOUT) {
		json_array_begin(j, "killedBy");
		for (size_t i = 0; i < r->killed_by.nr; i++)
			json_string(j, NULL, r->killed_by.items[i]);
		json_array_end(j);
	}
	json_object_end(j);
}

static void add_source(const struct report *r, long source_id, struct json *j)
{
	size_t len;
	char *text = report_source_text(r, source_id, &len);
	json_string_len(j, "source", text, len);
	free(text);
}

static void add_settings(const struct report *r, struct json *j)
{
	struct strlist keys = { 0 }, values = { 0 };
	report_settings(r, &keys, &values);
	json_object_begin(j, "config");
	for (size_t i = 0; i < keys.nr; i++)
		json_string(j, keys.items[i], values.items[i]);
	json_object_end(j);
	strlist_clear(&keys);
	strlist_clear(&values);
}

/* The scenarios as tests, so killedBy names resolve in viewers; none when none ran. */
static void add_test_files(const struct report *r, struct json *j)
{
	struct strlist scenarios = { 0 };
	report_scenarios(r, &scenarios);
	if (scenarios.nr) {
		json_object_begin(j, "testFiles");
		json_object_begin(j, "");
		json_array_begin(j, "tests");
		for (size_t i = 0; i < scenarios.nr; i++) {
			json_object_begin(j, NULL);
			json_string(j, "id", scenarios.items[i]);
			json_string(j, "name", scenarios.items[i]);
			json_object_end(j);
		}
		json_array_end(j);
		json_object_end(j);
		json_object_end(j);
	}
	strlist_clear(&scenarios);
}

void report_json(const struct report *r, struct strbuf *out)
{
	struct json j;
	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "schemaVersion", "2");
	json_object_begin(&j, "thresholds");
	json_int(&j, "high", 80);
	json_int(&j, "low", 60);
	json_object_end(&j);
	if (r->root)
		json_string(&j, "projectRoot", r->root);
	json_object_begin(&j, "framework");
	json_string(&j, "name", "mutorture");
	json_string(&j, "version", MUTORTURE_VERSION);
	json_object_end(&j);
	add_settings(r, &j);

	const char *path = NULL;
	json_object_begin(&j, "files");
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if (!path || strcmp(path, m->path)) {
			if (path) {
				json_array_end(&j);
				json_object_end(&j);
			}
			path = m->path;
			json_object_begin(&j, path);
			json_string(&j, "language", "c");
			add_source(r, m->source_id, &j);
			json_array_begin(&j, "mutants");
		}
		add_mutant(m, &j);
	}
	if (path) {
		json_array_end(&j);
		json_object_end(&j);
	}
	json_object_end(&j);
	add_test_files(r, &j);
	json_object_end(&j);
	json_finish(&j);
}
