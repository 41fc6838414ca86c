/* The report in mutation-testing-report-schema version 2: every mutant of the current sources
 * with its file's full source, statuses mapped 1:1 (killed -> Killed, survived -> Survived,
 * timeout -> Timeout, build_error -> CompileError, equivalent, weak_memory and duplicate ->
 * Ignored with the reason, uncovered -> NoCoverage, error -> RuntimeError, pending -> Pending),
 * the torture scenarios as the tests that kill (killedBy), and triage verdicts in statusReason.
 * Renders what report-data.c loads; no SQL here. */
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
	[STATE_WEAK_MEMORY] = "Ignored",
	[STATE_DUPLICATE] = "Ignored",
	[STATE_ERROR] = "RuntimeError",
	[STATE_PENDING] = "Pending",
};

/* Why the mutant has its status, for humans reading the report. */
static void status_reason(const struct report *rep, const struct report_mutant *r,
			  enum mutant_state state, struct strbuf *sb)
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
	case STATE_WEAK_MEMORY:
		sb_adds(sb, "weak-memory only (only a weakly ordered machine can kill it)");
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
	const struct gap_try *closed = state == STATE_SURVIVED ? report_closed_by(rep, r->id) : NULL;
	if (closed) {
		sb_adds(sb, "; ");
		gap_closed_text(sb, closed);
	}
}

static void add_mutant(const struct report *rep, const struct report_mutant *r, struct json *j)
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
	status_reason(rep, r, state, &reason);
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

/* The torture changes tried on the confirmed test-gap survivors (mutorture gaps), under a key
 * of mutorture's own: the viewers ignore it, the HTML page shows it as "Gaps closed". */
static void add_gaps(const struct report *r, struct json *j)
{
	const struct gap_data *d = &r->gaps;
	if (!d->nr_changes)
		return;
	struct strbuf sb = STRBUF_INIT;
	gap_summary_line(&sb, d);
	json_object_begin(j, "mutortureGaps");
	json_string(j, "summary", sb.buf);
	json_int(j, "testGapSurvivors", (long)d->nr_survivors);
	json_int(j, "closed", d->closed);
	json_int(j, "weakMemory", d->weak_memory);
	sb_reset(&sb);
	gap_weak_memory_line(&sb, d);
	json_string(j, "weakMemoryNote", sb.buf); /* the listing's own words, for the HTML page */
	json_int(j, "minControls", GAPS_MIN_CONTROLS);
	json_array_begin(j, "changes");
	for (size_t i = 0; i < d->nr_changes; i++) {
		const struct gap_change *c = &d->changes[i];
		if (!c->latest)
			continue;
		json_object_begin(j, NULL);
		json_string(j, "name", c->name);
		json_string(j, "version", c->hash);
		json_string(j, "subject", c->subject);
		json_string(j, "state", change_state_name(c->state));
		json_string(j, "scenarios", c->scenarios);
		json_int(j, "controlsPassed", c->controls);
		json_int(j, "controlsFailed", c->controls_failed);
		if (c->failure)
			json_string(j, "failure", c->failure);
		json_int(j, "tried", c->tried);
		json_int(j, "killed", c->killed);
		json_int(j, "attempts", c->attempts);
		json_int(j, "kills", c->kills);
		sb_reset(&sb);
		evidence_text(&sb, c->kills, c->attempts, c->torture_s);
		json_string(j, "evidence", sb.buf);
		json_int(j, "closes", c->closed);
		json_object_end(j);
	}
	json_array_end(j);
	json_array_begin(j, "closedSurvivors");
	for (size_t i = 0; i < d->nr_survivors; i++) {
		const struct gap_survivor *s = &d->survivors[i];
		if (!s->closed_by)
			continue;
		json_object_begin(j, NULL);
		json_string(j, "id", s->id);
		json_string(j, "path", s->path);
		json_int(j, "line", s->line);
		json_string(j, "gap", s->gap);
		json_string(j, "description", s->description);
		sb_reset(&sb);
		gap_closed_text(&sb, s->closed_by);
		json_string(j, "closedBy", s->closed_by->change->name);
		json_string(j, "evidence", sb.buf);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	sb_release(&sb);
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
		add_mutant(r, m, &j);
	}
	if (path) {
		json_array_end(&j);
		json_object_end(&j);
	}
	json_object_end(&j);
	add_test_files(r, &j);
	add_gaps(r, &j);
	json_object_end(&j);
	json_finish(&j);
}
