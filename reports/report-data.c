/* The reports' data; see report-data.h. */
#include "report-data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "mutant-view.h"
#include "mutant.h"
#include "util.h"

/* Survivors whose verdict says they are no hole in the suite (equivalent, ignore). */
static long judged_harmless(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT count(*) FROM mutant_status ms "
		"  JOIN temp.mutant_triage mt ON mt.mutant_id = ms.mutant_id "
		"  JOIN triage t ON t.id = mt.triage_id "
		" WHERE ms.status = @STATE_SURVIVED@ "
		"   AND t.verdict IN (@VERDICT_EQUIVALENT@, @VERDICT_IGNORE@)");
	long n = db_step(db, st) ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return n;
}

static void copy_row(struct report_mutant *m, const struct mutant_view *v,
		     const struct confirm_policy *policy)
{
	*m = (struct report_mutant){
		.id = xstrdup(v->id),
		.path = xstrdup(v->path),
		.function = xstrdup(v->function),
		.operator_name = xstrdup(v->operator_name),
		.description = xstrdup(v->description),
		.original = xstrdup(v->original),
		.replacement = xstrdup(v->replacement),
		.state = state_from_name(v->status),
		.line = v->line,
		.col = v->col,
		.end_line = v->end_line,
		.end_col = v->end_col,
		.kills = v->kills,
		.attempts = v->attempts,
		.torture_s = v->torture_s,
		.full_attempts = v->full_attempts,
		.reason = xstrdup(v->reason),
		.test_s = v->test_s,
		.duplicate_of = xstrdup(v->duplicate_of),
		.verdict = xstrdup(v->verdict),
		.note = xstrdup(v->note),
		.review_verdict = xstrdup(v->review_verdict),
		.source_id = v->source_id,
	};
	m->confirmed = m->state == STATE_SURVIVED && survivor_confirmed(policy, m->full_attempts);
}

static int by_id(const void *a, const void *b)
{
	const struct report_mutant *const *x = a, *const *y = b;
	return strcmp((*x)->id, (*y)->id);
}

/* The scenarios that killed (or timed out) each mutant, in one query. */
static void load_killers(struct report *r)
{
	struct report_mutant **index = xcalloc(r->nr_mutants + 1, sizeof(*index));
	for (size_t i = 0; i < r->nr_mutants; i++)
		index[i] = &r->mutants[i];
	qsort(index, r->nr_mutants, sizeof(*index), by_id);
	sqlite3_stmt *st = db_prepare(r->db,
		"SELECT DISTINCT mutant_id, scenario FROM temp.scenario_kill "
		" WHERE status IN (@DETECTED_STATES@) AND scenario <> '' "
		" ORDER BY mutant_id, scenario");
	while (db_step(r->db, st)) {
		struct report_mutant key = { .id = (char *)db_column_text(st, 0) }, *k = &key;
		struct report_mutant **hit = bsearch(&k, index, r->nr_mutants, sizeof(*index), by_id);
		if (hit)
			strlist_add(&(*hit)->killed_by, db_column_text(st, 1));
	}
	sqlite3_finalize(st);
	free(index);
}

/* The diffs of the weak_memory mutants: no torture run can judge them here, so the report
 * shows what each changed, for a reader with a weakly ordered machine or a memory model. */
static void load_weak_diffs(struct report *r)
{
	for (size_t i = 0; i < r->nr_mutants; i++) {
		struct report_mutant *m = &r->mutants[i];
		if (m->state != STATE_WEAK_MEMORY)
			continue;
		struct mutant_row row;
		mutant_load(r->db, m->id, &row);
		struct strbuf diff = STRBUF_INIT;
		mutant_diff(&row, &diff);
		m->diff = sb_detach(&diff, NULL);
		mutant_free(&row);
	}
}

void report_load(sqlite3 *db, struct report *r)
{
	memset(r, 0, sizeof(*r));
	r->db = db;
	r->target = db_setting_get(db, "target");
	r->root = db_setting_get(db, "root");
	counts_load(db, &r->counts);
	r->harmless = judged_harmless(db);
	confirm_policy_load(db, &r->policy);
	r->flaky = db_setting_get(db, "flaky");
	control_runs(db, &r->controls, &r->failed_controls);
	r->nr_hosts = host_runs_load(db, &r->hosts);
	sqlite3_stmt *st = mutant_view_query(db, NULL);
	struct mutant_view v;
	size_t alloc = 0;
	while (mutant_view_next(db, st, &v)) {
		if (r->nr_mutants == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			r->mutants = xrealloc(r->mutants, alloc * sizeof(*r->mutants));
		}
		copy_row(&r->mutants[r->nr_mutants++], &v, &r->policy);
	}
	sqlite3_finalize(st);
	load_killers(r);
	load_weak_diffs(r);
	gap_data_load(db, &r->gaps);
}

const struct gap_try *report_closed_by(const struct report *r, const char *id)
{
	for (size_t i = 0; i < r->gaps.nr_survivors; i++)
		if (!strcmp(r->gaps.survivors[i].id, id))
			return r->gaps.survivors[i].closed_by;
	return NULL;
}

void report_free(struct report *r)
{
	for (size_t i = 0; i < r->nr_mutants; i++) {
		struct report_mutant *m = &r->mutants[i];
		free(m->id);
		free(m->path);
		free(m->function);
		free(m->operator_name);
		free(m->description);
		free(m->original);
		free(m->replacement);
		free(m->reason);
		free(m->duplicate_of);
		free(m->verdict);
		free(m->note);
		free(m->review_verdict);
		free(m->diff);
		strlist_clear(&m->killed_by);
	}
	free(r->mutants);
	host_runs_free(r->hosts, r->nr_hosts);
	gap_data_free(&r->gaps);
	free(r->target);
	free(r->root);
	free(r->flaky);
	memset(r, 0, sizeof(*r));
}

/* --- groups ----------------------------------------------------------------------------- */

/* Each returns the group's key columns, then status and count, ordered so a group's rows are
 * adjacent; the function grouping adds its covered and measured lines (the same on each of its
 * rows). A function's lines are taken from its first mutant's line to its last mutant's end:
 * the database keeps no function extents, and lines without mutants matter less. */
static const char *const group_sql[] = {
	[GROUP_FILE] =
		"SELECT s.path, ms.status, count(*) FROM mutant_status ms "
		"  JOIN mutant m ON m.id = ms.mutant_id JOIN source s ON s.id = m.source_id "
		" WHERE s.current = 1 GROUP BY s.path, ms.status ORDER BY s.path",
	[GROUP_FUNCTION] =
		"WITH f AS (SELECT m.source_id, m.function, min(m.line) AS lo, "
		"                  max(m.end_line) AS hi "
		"             FROM mutant m JOIN source s ON s.id = m.source_id "
		"            WHERE s.current = 1 GROUP BY m.source_id, m.function) "
		"SELECT s.path, m.function, ms.status, count(*), "
		"       (SELECT count(*) FROM coverage c WHERE c.source_id = f.source_id "
		"           AND c.line BETWEEN f.lo AND f.hi AND c.count > 0), "
		"       (SELECT count(*) FROM coverage c WHERE c.source_id = f.source_id "
		"           AND c.line BETWEEN f.lo AND f.hi) "
		"  FROM mutant_status ms JOIN mutant m ON m.id = ms.mutant_id "
		"  JOIN source s ON s.id = m.source_id "
		"  JOIN f ON f.source_id = m.source_id AND f.function = m.function "
		" WHERE s.current = 1 GROUP BY s.path, m.function, ms.status "
		" ORDER BY s.path, f.lo, m.function",
	[GROUP_OPERATOR] =
		"SELECT m.operator, ms.status, count(*) FROM mutant_status ms "
		"  JOIN mutant m ON m.id = ms.mutant_id JOIN source s ON s.id = m.source_id "
		" WHERE s.current = 1 GROUP BY m.operator, ms.status ORDER BY m.operator",
};

void report_groups_load(const struct report *r, enum report_grouping by, struct report_groups *out)
{
	int nkeys = by == GROUP_FUNCTION ? 2 : 1;
	memset(out, 0, sizeof(*out));
	out->nkeys = nkeys;
	sqlite3_stmt *st = db_prepare(r->db, group_sql[by]);
	struct report_group *g = NULL;
	while (db_step(r->db, st)) {
		bool same = g != NULL;
		for (int i = 0; same && i < nkeys; i++)
			same = !strcmp(g->keys[i], db_column_text(st, i));
		if (!same) {
			out->items = xrealloc(out->items, (out->nr + 1) * sizeof(*out->items));
			g = &out->items[out->nr++];
			memset(g, 0, sizeof(*g));
			for (int i = 0; i < nkeys; i++)
				g->keys[i] = xstrdup(db_column_text(st, i));
			if (by == GROUP_FUNCTION) {
				g->covered = sqlite3_column_int64(st, nkeys + 2);
				g->measured = sqlite3_column_int64(st, nkeys + 3);
			}
		}
		counts_add(&g->counts, db_column_text(st, nkeys), sqlite3_column_int64(st, nkeys + 1));
	}
	sqlite3_finalize(st);
}

void report_groups_free(struct report_groups *g)
{
	for (size_t i = 0; i < g->nr; i++)
		for (int k = 0; k < 2; k++)
			free(g->items[i].keys[k]);
	free(g->items);
	memset(g, 0, sizeof(*g));
}

/* --- kill matrix ------------------------------------------------------------------------- */

/* ran: which scenarios ran on each current mutant, and whether they killed it; k: the killers;
 * once: mutants with one killer although another scenario ran on them and missed. A mutant
 * whose first scenario killed it was never run on the others (the torture stops at the first
 * kill), so it says nothing about them and is counted apart. */
#define KILLS_SQL \
	"WITH ran AS (SELECT sk.mutant_id, sk.scenario, " \
	"                    max(sk.status IN (@DETECTED_STATES@)) AS killed " \
	"               FROM temp.scenario_kill sk " \
	"               JOIN temp.current_key c ON c.mutant_id = sk.mutant_id " \
	"              WHERE sk.scenario <> '' GROUP BY sk.mutant_id, sk.scenario), " \
	"     k AS (SELECT mutant_id, scenario FROM ran WHERE killed), " \
	"     once AS (SELECT mutant_id FROM ran GROUP BY mutant_id " \
	"               HAVING sum(killed) = 1 AND count(*) > 1) "

void kill_matrix_load(const struct report *r, struct kill_matrix *km)
{
	sqlite3 *db = r->db;
	memset(km, 0, sizeof(*km));
	sqlite3_stmt *st = db_prepare(db, KILLS_SQL
		"SELECT sc.scenario, sc.runs, sc.mean_s, "
		"       (SELECT count(*) FROM k WHERE k.scenario = sc.scenario), "
		"       (SELECT count(*) FROM k JOIN once USING (mutant_id) "
		"         WHERE k.scenario = sc.scenario) "
		"  FROM (SELECT sk.scenario, count(*) AS runs, avg(sk.test_s) AS mean_s "
		"          FROM temp.scenario_kill sk "
		"          JOIN temp.current_key c ON c.mutant_id = sk.mutant_id "
		"         WHERE sk.scenario <> '' GROUP BY sk.scenario) sc "
		" ORDER BY sc.scenario");
	while (db_step(db, st)) {
		km->scenarios = xrealloc(km->scenarios, (km->nr_scenarios + 1) * sizeof(*km->scenarios));
		km->scenarios[km->nr_scenarios++] = (struct km_scenario){
			xstrdup(db_column_text(st, 0)), sqlite3_column_int64(st, 1),
			sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 2),
			sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4),
		};
	}
	sqlite3_finalize(st);
	st = db_prepare(db, KILLS_SQL "SELECT count(*) FROM (SELECT mutant_id FROM ran "
				      "GROUP BY mutant_id HAVING sum(killed) > 0 AND count(*) = 1)");
	km->first_only = db_step(db, st) ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	st = db_prepare(db, KILLS_SQL
		"SELECT k.mutant_id, s.path || ':' || m.line, m.function, m.operator, k.scenario, "
		"       m.description "
		"  FROM k JOIN once USING (mutant_id) JOIN mutant m ON m.id = k.mutant_id "
		"  JOIN source s ON s.id = m.source_id ORDER BY k.scenario, s.path, m.start_byte");
	while (db_step(db, st)) {
		km->sole = xrealloc(km->sole, (km->nr_sole + 1) * sizeof(*km->sole));
		km->sole[km->nr_sole++] = (struct km_sole){
			xstrdup(db_column_text(st, 0)), xstrdup(db_column_text(st, 1)),
			xstrdup(db_column_text(st, 2)), xstrdup(db_column_text(st, 3)),
			xstrdup(db_column_text(st, 4)), xstrdup(db_column_text(st, 5)),
		};
	}
	sqlite3_finalize(st);
}

void kill_matrix_free(struct kill_matrix *km)
{
	for (size_t i = 0; i < km->nr_scenarios; i++)
		free(km->scenarios[i].name);
	for (size_t i = 0; i < km->nr_sole; i++) {
		struct km_sole *s = &km->sole[i];
		free(s->id);
		free(s->where);
		free(s->function);
		free(s->operator_name);
		free(s->scenario);
		free(s->description);
	}
	free(km->scenarios);
	free(km->sole);
	memset(km, 0, sizeof(*km));
}

/* --- time ---------------------------------------------------------------------------------- */

void outcome_times_load(const struct report *r, struct outcome_times *t)
{
	memset(t, 0, sizeof(*t));
	sqlite3_stmt *st = db_prepare(r->db,
		"WITH t AS (SELECT r.status, coalesce(r.build_s, 0) AS b, coalesce(r.test_s, 0) AS x "
		"             FROM live_result r JOIN mutant m ON m.id = r.mutant_id "
		"             JOIN source s ON s.id = m.source_id "
		"            WHERE s.current = 1 AND r.kind = @KIND_TORTURE@) "
		"SELECT status, count(*), avg(b), avg(x), sum(b + x), sum(x), "
		"       CASE status WHEN @STATE_KILLED@ THEN 0 WHEN @STATE_TIMEOUT@ THEN 1 "
		"                   WHEN @STATE_SURVIVED@ THEN 2 WHEN @STATE_BUILD_ERROR@ THEN 3 "
		"                   ELSE 4 END "
		"  FROM t GROUP BY status "
		"UNION ALL SELECT 'all', count(*), avg(b), avg(x), sum(b + x), sum(x), 5 FROM t "
		"HAVING count(*) > 0 ORDER BY 7");
	while (db_step(r->db, st)) {
		t->rows = xrealloc(t->rows, (t->nr + 1) * sizeof(*t->rows));
		t->rows[t->nr++] = (struct outcome_time){
			xstrdup(db_column_text(st, 0)), sqlite3_column_int64(st, 1),
			sqlite3_column_double(st, 2), sqlite3_column_double(st, 3),
			sqlite3_column_double(st, 4), sqlite3_column_double(st, 5),
		};
	}
	sqlite3_finalize(st);
}

void outcome_times_free(struct outcome_times *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->rows[i].outcome);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

void header_cost_load(const struct report *r, struct header_cost *h)
{
	h->headers = NULL;
	h->header_build = h->other_build = -1;
	sqlite3_stmt *st = db_prepare(r->db,
		"SELECT group_concat(path, ', ') FROM (SELECT DISTINCT s.path FROM source s "
		"  JOIN mutant m ON m.source_id = s.id WHERE s.current = 1 AND s.path LIKE '%.h' "
		" ORDER BY s.path)");
	if (db_step(r->db, st) && sqlite3_column_type(st, 0) != SQLITE_NULL)
		h->headers = xstrdup(db_column_text(st, 0));
	sqlite3_finalize(st);
	if (!h->headers)
		return;
	st = db_prepare(r->db,
		"SELECT avg(CASE WHEN s.path LIKE '%.h' THEN r.build_s END), "
		"       avg(CASE WHEN s.path NOT LIKE '%.h' THEN r.build_s END) "
		"  FROM live_result r JOIN mutant m ON m.id = r.mutant_id JOIN source s ON s.id = m.source_id "
		" WHERE s.current = 1 AND r.kind = @KIND_TORTURE@ AND r.build_s IS NOT NULL");
	if (db_step(r->db, st) && sqlite3_column_type(st, 0) != SQLITE_NULL) {
		h->header_build = sqlite3_column_double(st, 0);
		if (sqlite3_column_type(st, 1) != SQLITE_NULL)
			h->other_build = sqlite3_column_double(st, 1);
	}
	sqlite3_finalize(st);
}

void header_cost_free(struct header_cost *h)
{
	free(h->headers);
	h->headers = NULL;
}

/* --- what the JSON report adds ---------------------------------------------------------------- */

void report_settings(const struct report *r, struct strlist *keys, struct strlist *values)
{
	sqlite3_stmt *st = db_prepare(r->db, "SELECT key, value FROM campaign ORDER BY key");
	while (db_step(r->db, st)) {
		strlist_add(keys, db_column_text(st, 0));
		strlist_add(values, db_column_text(st, 1));
	}
	sqlite3_finalize(st);
}

void report_scenarios(const struct report *r, struct strlist *out)
{
	sqlite3_stmt *st = db_prepare(r->db, "SELECT DISTINCT scenario FROM temp.scenario_kill "
					     "WHERE scenario <> '' ORDER BY scenario");
	while (db_step(r->db, st))
		strlist_add(out, db_column_text(st, 0));
	sqlite3_finalize(st);
}

char *report_source_text(const struct report *r, long source_id, size_t *len)
{
	sqlite3_stmt *st = db_prepare(r->db, "SELECT content FROM source WHERE id = ?1");
	db_bind_int(r->db, st, 1, source_id);
	if (!db_step(r->db, st))
		BUG("source %ld vanished", source_id);
	*len = (size_t)sqlite3_column_bytes(st, 0);
	char *text = xmalloc(*len + 1);
	if (*len)
		memcpy(text, sqlite3_column_blob(st, 0), *len);
	text[*len] = '\0';
	sqlite3_finalize(st);
	return text;
}
