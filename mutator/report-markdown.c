/* The Markdown summary of a campaign (read as is on a terminal): a loud line first when a
 * control run of the unmutated code failed; the score overall, per file,
 * per function beside the function's line coverage (the torture coverage table), per operator;
 * the survivors to triage first, then those triaged with their notes; mutants killed only
 * sometimes; the kill reasons and the kill matrix of the torture scenarios; mutants
 * equivalent only on this host (weak-memory hint);
 * the time torture attempts took, and a note on mutated headers. Only current sources. */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "kill-reason.h"
#include "mutant-view.h"
#include "report.h"
#include "score.h"

/* How many survivors the summary lists; `mutorture survivors` shows them all. */
#define SURVIVORS_SHOWN 40

/* A table cell: '|' would end it and a newline would end the row. */
static void cell(FILE *out, const char *s)
{
	fputs("| ", out);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
	fputc(' ', out);
}

static void score_cell(FILE *out, const struct counts *c)
{
	double score;
	if (counts_score(c, &score))
		fprintf(out, "| %.1f%% ", score);
	else
		fputs("| - ", out);
}

static void counts_header(FILE *out, const char *const *keys, int nkeys, bool coverage)
{
	for (int i = 0; i < nkeys; i++)
		cell(out, keys[i]);
	if (coverage)
		cell(out, "line coverage");
	fputs("| score | mutants ", out);
	for (int i = 0; i < STATE_NR; i++)
		fprintf(out, "| %s ", state_names[i]);
	fputs("|\n", out);
	for (int i = 0; i < nkeys + (coverage ? 1 : 0); i++)
		fputs("|---", out);
	fputs("|---:|---:", out);
	for (int i = 0; i < STATE_NR; i++)
		fputs("|---:", out);
	fputs("|\n", out);
}

static void counts_row(FILE *out, char **keys, int nkeys, const struct counts *c, bool coverage,
		       long covered, long measured)
{
	for (int i = 0; i < nkeys; i++)
		cell(out, *keys[i] ? keys[i] : "(file scope)");
	if (coverage && measured)
		fprintf(out, "| %ld/%ld (%.0f%%) ", covered, measured,
			100.0 * (double)covered / (double)measured);
	else if (coverage)
		fputs("| - ", out);
	score_cell(out, c);
	fprintf(out, "| %ld ", counts_total(c));
	for (int i = 0; i < STATE_NR; i++)
		fprintf(out, "| %ld ", c->n[i]);
	fputs("|\n", out);
}

/*
 * One table row per group. sql returns nkeys key columns, then status and count, ordered so a
 * group's rows are adjacent; with coverage, two more columns: covered and measured lines of
 * the group (the same on each of its rows).
 */
static void group_table(sqlite3 *db, FILE *out, const char *sql, const char *const *headers,
			int nkeys, bool coverage)
{
	counts_header(out, headers, nkeys, coverage);
	sqlite3_stmt *st = db_prepare(db, sql);
	char *keys[4] = { NULL };
	struct counts c = { { 0 } };
	long covered = 0, measured = 0;
	bool open = false;
	for (;;) {
		bool row = db_step(db, st);
		bool same = row && open;
		for (int i = 0; same && i < nkeys; i++)
			same = !strcmp(keys[i], db_column_text(st, i));
		if (open && !same) {
			counts_row(out, keys, nkeys, &c, coverage, covered, measured);
			memset(&c, 0, sizeof(c));
		}
		if (!row)
			break;
		if (!same) {
			for (int i = 0; i < nkeys; i++) {
				free(keys[i]);
				keys[i] = xstrdup(db_column_text(st, i));
			}
			if (coverage) {
				covered = sqlite3_column_int64(st, nkeys + 2);
				measured = sqlite3_column_int64(st, nkeys + 3);
			}
			open = true;
		}
		counts_add(&c, db_column_text(st, nkeys), sqlite3_column_int64(st, nkeys + 1));
	}
	sqlite3_finalize(st);
	for (int i = 0; i < nkeys; i++)
		free(keys[i]);
	fputc('\n', out);
}

/* Survivors whose verdict says they are no hole in the suite (equivalent, ignore). */
static long judged_harmless(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT count(*) FROM mutant_status ms "
		"  JOIN temp.mutant_triage mt ON mt.mutant_id = ms.mutant_id "
		"  JOIN triage t ON t.id = mt.triage_id "
		" WHERE ms.status = 'survived' AND t.verdict IN ('equivalent', 'ignore')");
	long n = db_step(db, st) ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return n;
}

static void overall(sqlite3 *db, FILE *out, struct counts *c)
{
	counts_load(db, c);
	double score;
	if (counts_score(c, &score))
		fprintf(out, "**Mutation score: %.1f%%** — %ld killed or timed out of %ld "
			"(killed + timeout + survived + uncovered); %ld mutants in all.\n\n",
			score, counts_detected(c), counts_scored(c), counts_total(c));
	else
		fprintf(out, "**Mutation score: none yet** — no mutant killed, timed out, survived "
			     "or uncovered; %ld mutants in all.\n\n", counts_total(c));
	/* The score itself never depends on triage; this line says what triage changes. */
	long harmless = judged_harmless(db);
	struct counts judged = *c;
	judged.n[STATE_SURVIVED] -= harmless;
	if (harmless && counts_score(&judged, &score))
		fprintf(out, "After triage: %.1f%% without the %ld survivor%s judged equivalent or "
			     "ignore.\n\n", score, harmless, harmless == 1 ? "" : "s");
	fputs("| status | mutants |\n|---|---:|\n", out);
	for (int i = 0; i < STATE_NR; i++)
		fprintf(out, "| %s | %ld |\n", state_names[i], c->n[i]);
	fputc('\n', out);
}

struct survivor {
	char *id, *where, *function, *operator_name, *triage, *description;
	long attempts;
	bool review;
};

/* Look-alikes to review first (a verdict to renew), then untriaged ones, the most often
 * tried first: surviving many runs is the strongest hint of a hole in the suite. */
static int survivor_order(const void *a, const void *b)
{
	const struct survivor *x = a, *y = b;
	if (x->review != y->review)
		return x->review ? -1 : 1;
	if (x->attempts != y->attempts)
		return x->attempts > y->attempts ? -1 : 1;
	return strcmp(x->where, y->where);
}

static void survivors(sqlite3 *db, FILE *out)
{
	fputs("## Survivors to triage first\n\n", out);
	sqlite3_stmt *st = mutant_view_query(db, "survived");
	struct survivor *list = NULL;
	size_t nr = 0, triaged = 0;
	struct mutant_view r;
	while (mutant_view_next(db, st, &r)) {
		if (*r.verdict) {
			triaged++;
			continue;
		}
		list = xrealloc(list, (nr + 1) * sizeof(*list));
		list[nr++] = (struct survivor){
			.id = xstrdup(r.id),
			.where = xasprintf("%s:%ld", r.path, r.line),
			.function = xstrdup(r.function),
			.operator_name = xstrdup(r.operator_name),
			.triage = xstrdup(*mutant_view_triage(&r) ? mutant_view_triage(&r) : "untriaged"),
			.description = xstrdup(r.description),
			.attempts = r.attempts,
			.review = *r.review_verdict != '\0',
		};
	}
	sqlite3_finalize(st);
	fprintf(out, "%zu survivors without a verdict, %zu triaged "
		     "(`mutorture triage ID VERDICT`, `mutorture survivors --diff`).\n\n",
		nr, triaged);
	if (nr) {
		qsort(list, nr, sizeof(*list), survivor_order);
		fputs("| mutant | where | function | operator | survived | triage | change |\n"
		      "|---|---|---|---|---:|---|---|\n", out);
	}
	for (size_t i = 0; i < nr; i++) {
		if (i < SURVIVORS_SHOWN) {
			char runs[48];
			snprintf(runs, sizeof(runs), "%ld/%ld", list[i].attempts, list[i].attempts);
			cell(out, list[i].id);
			cell(out, list[i].where);
			cell(out, list[i].function);
			cell(out, list[i].operator_name);
			cell(out, runs);
			cell(out, list[i].triage);
			cell(out, list[i].description);
			fputs("|\n", out);
		}
		free(list[i].id);
		free(list[i].where);
		free(list[i].function);
		free(list[i].operator_name);
		free(list[i].triage);
		free(list[i].description);
	}
	if (nr > SURVIVORS_SHOWN)
		fprintf(out, "\n… and %zu more: `mutorture survivors --untriaged`.\n",
			nr - SURVIVORS_SHOWN);
	free(list);
	if (nr)
		fputc('\n', out);
}

/* The survivors a maintainer has judged, by verdict (the suite's holes first), each with the
 * note that says why: the outcome of the triage, kept with the scores. */
static void triaged_survivors(sqlite3 *db, FILE *out)
{
	static const char *const verdicts[] = { "bug", "test-gap", "ignore", "equivalent" };
	bool any = false;
	for (size_t v = 0; v < sizeof(verdicts) / sizeof(verdicts[0]); v++) {
		sqlite3_stmt *st = mutant_view_query(db, "survived");
		struct mutant_view r;
		size_t n = 0;
		while (mutant_view_next(db, st, &r)) {
			if (strcmp(r.verdict, verdicts[v]))
				continue;
			if (!any)
				fputs("## Triaged survivors\n\n", out);
			if (!n++)
				fprintf(out, "### %s\n\n| mutant | where | operator | change | why |\n"
					     "|---|---|---|---|---|\n", verdicts[v]);
			any = true;
			char where[4096];
			snprintf(where, sizeof(where), "%s:%ld (%s)", r.path, r.line, r.function);
			cell(out, r.id);
			cell(out, where);
			cell(out, r.operator_name);
			cell(out, r.description);
			cell(out, r.note);
			fputs("|\n", out);
		}
		sqlite3_finalize(st);
		if (n)
			fputc('\n', out);
	}
}


/* Kills that happened in some torture runs only: the suite catches them by chance. */
static void sometimes_killed(sqlite3 *db, FILE *out)
{
	sqlite3_stmt *st = mutant_view_query(db, NULL);
	struct mutant_view r;
	bool any = false;
	fputs("## Killed only sometimes\n\n", out);
	while (mutant_view_next(db, st, &r)) {
		if (strcmp(r.status, "killed") && strcmp(r.status, "timeout"))
			continue;
		if (r.kills >= r.attempts)
			continue;
		if (!any)
			fputs("| mutant | where | function | operator | killed | change |\n"
			      "|---|---|---|---|---:|---|\n", out);
		any = true;
		char where[4096], kills[64];
		snprintf(where, sizeof(where), "%s:%ld", r.path, r.line);
		snprintf(kills, sizeof(kills), "%ld/%ld", r.kills, r.attempts);
		cell(out, r.id);
		cell(out, where);
		cell(out, r.function);
		cell(out, r.operator_name);
		cell(out, kills);
		cell(out, r.description);
		fputs("|\n", out);
	}
	sqlite3_finalize(st);
	fputs(any ? "\n" : "None: every detected mutant was detected in every run.\n\n", out);
}

/* k: which scenarios killed (or timed out) each current mutant; ran: which ran on it at all;
 * once: mutants with one killer although another scenario ran on them and missed. A mutant
 * whose first scenario killed it was never run on the others (the torture stops at the first
 * kill), so it says nothing about them and is counted apart. */
#define KILLS_SQL \
	"WITH ran AS (SELECT sk.mutant_id, sk.scenario, " \
	"                    max(sk.status IN ('killed', 'timeout')) AS killed " \
	"               FROM temp.scenario_kill sk " \
	"               JOIN temp.current_key c ON c.mutant_id = sk.mutant_id " \
	"              WHERE sk.scenario <> '' GROUP BY sk.mutant_id, sk.scenario), " \
	"     k AS (SELECT mutant_id, scenario FROM ran WHERE killed), " \
	"     once AS (SELECT mutant_id FROM ran GROUP BY mutant_id " \
	"               HAVING sum(killed) = 1 AND count(*) > 1) "

static void kill_matrix(sqlite3 *db, FILE *out)
{
	fputs("## Kill matrix\n\n", out);
	sqlite3_stmt *st = db_prepare(db, KILLS_SQL
		"SELECT sc.scenario, sc.runs, "
		"       (SELECT count(*) FROM k WHERE k.scenario = sc.scenario), "
		"       (SELECT count(*) FROM k JOIN once USING (mutant_id) "
		"         WHERE k.scenario = sc.scenario) "
		"  FROM (SELECT sk.scenario, count(*) AS runs FROM temp.scenario_kill sk "
		"          JOIN temp.current_key c ON c.mutant_id = sk.mutant_id "
		"         WHERE sk.scenario <> '' GROUP BY sk.scenario) sc "
		" ORDER BY sc.scenario");
	struct strbuf idle = STRBUF_INIT;
	bool any = false;
	while (db_step(db, st)) {
		if (!any)
			fputs("| scenario | runs | mutants killed | killed by no other scenario that ran |\n"
			      "|---|---:|---:|---:|\n", out);
		any = true;
		cell(out, db_column_text(st, 0));
		fprintf(out, "| %lld | %lld | %lld |\n", sqlite3_column_int64(st, 1),
			sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3));
		if (sqlite3_column_int64(st, 3) == 0)
			sb_addf(&idle, "%s%s", idle.len ? ", " : "", db_column_text(st, 0));
	}
	sqlite3_finalize(st);
	if (!any) {
		fputs("No torture run recorded a scenario yet.\n\n", out);
		sb_release(&idle);
		return;
	}
	fprintf(out, "\nScenarios that kill nothing no other scenario kills: %s.\n",
		idle.len ? idle.buf : "none");
	sb_release(&idle);
	st = db_prepare(db, KILLS_SQL "SELECT count(*) FROM (SELECT mutant_id FROM ran "
				      "GROUP BY mutant_id HAVING sum(killed) > 0 AND count(*) = 1)");
	long first = db_step(db, st) ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (first)
		fprintf(out, "%ld mutant%s killed by the first scenario tried and not run on the "
			     "others (the torture stops at the first kill): not counted as anyone's "
			     "sole kill.\n", first, first == 1 ? " was" : "s were");
	fputc('\n', out);

	st = db_prepare(db, KILLS_SQL
		"SELECT k.mutant_id, s.path || ':' || m.line, m.function, m.operator, k.scenario, "
		"       m.description "
		"  FROM k JOIN once USING (mutant_id) JOIN mutant m ON m.id = k.mutant_id "
		"  JOIN source s ON s.id = m.source_id ORDER BY k.scenario, s.path, m.start_byte");
	fputs("Mutants killed by exactly one scenario (the others ran and missed them):\n\n", out);
	any = false;
	while (db_step(db, st)) {
		if (!any)
			fputs("| mutant | where | function | operator | scenario | change |\n"
			      "|---|---|---|---|---|---|\n", out);
		any = true;
		for (int i = 0; i < 6; i++)
			cell(out, db_column_text(st, i));
		fputs("|\n", out);
	}
	sqlite3_finalize(st);
	fputs(any ? "\n" : "None.\n\n", out);
}

/* The weak-memory hint: object code identical on this host but not for arm64. The
 * equivalence pass says so in the result's reason. */
static bool host_only(const char *reason)
{
	return strstr(reason, "this host") || strstr(reason, "arm64") || strstr(reason, "aarch64");
}

static void host_equivalent(sqlite3 *db, FILE *out)
{
	fputs("## Equivalent on this host only\n\n", out);
	sqlite3_stmt *st = mutant_view_query(db, "equivalent");
	struct mutant_view r;
	bool any = false;
	while (mutant_view_next(db, st, &r)) {
		if (!host_only(r.reason))
			continue;
		if (!any)
			fputs("These can only be killed on weakly ordered hardware: run the campaign "
			      "there too.\n\n| mutant | where | function | operator | change | reason |\n"
			      "|---|---|---|---|---|---|\n", out);
		any = true;
		char where[4096];
		snprintf(where, sizeof(where), "%s:%ld", r.path, r.line);
		cell(out, r.id);
		cell(out, where);
		cell(out, r.function);
		cell(out, r.operator_name);
		cell(out, r.description);
		cell(out, r.reason);
		fputs("|\n", out);
	}
	sqlite3_finalize(st);
	fputs(any ? "\n" : "None.\n\n", out);
}

/* Killed and timed-out mutants grouped by the class of the line that decided them. */
struct reason_count {
	char *reason;
	long killed, timeout;
};

static int reason_count_order(const void *a, const void *b)
{
	const struct reason_count *x = a, *y = b;
	long nx = x->killed + x->timeout, ny = y->killed + y->timeout;
	if (nx != ny)
		return nx < ny ? 1 : -1;
	return strcmp(x->reason, y->reason);
}

static void kill_reasons(sqlite3 *db, FILE *out)
{
	fputs("## Kill reasons\n\n", out);
	sqlite3_stmt *st = mutant_view_query(db, NULL);
	struct mutant_view r;
	struct reason_count *list = NULL;
	size_t nr = 0, alloc = 0;
	struct strbuf class = STRBUF_INIT;
	while (mutant_view_next(db, st, &r)) {
		bool timeout = !strcmp(r.status, "timeout");
		if (!timeout && strcmp(r.status, "killed"))
			continue;
		kill_reason_class(r.reason, &class);
		size_t i = 0;
		while (i < nr && strcmp(list[i].reason, class.buf))
			i++;
		if (i == nr) {
			if (nr == alloc)
				list = xrealloc(list, (alloc = alloc ? 2 * alloc : 16) * sizeof(*list));
			list[nr++] = (struct reason_count){ xstrdup(class.buf), 0, 0 };
		}
		if (timeout)
			list[i].timeout++;
		else
			list[i].killed++;
	}
	sqlite3_finalize(st);
	sb_release(&class);
	if (!nr) {
		fputs("No mutant killed or timed out yet.\n\n", out);
		return;
	}
	qsort(list, nr, sizeof(*list), reason_count_order);
	fputs("The console line (or runner verdict) that decided each killed or timed-out mutant, "
	      "with CPU, PID, addresses and symbol offsets taken out.\n\n"
	      "| reason | killed | timeout |\n|---|---:|---:|\n", out);
	for (size_t i = 0; i < nr; i++) {
		cell(out, *list[i].reason ? list[i].reason : "(none given)");
		fprintf(out, "| %ld | %ld |\n", list[i].killed, list[i].timeout);
		free(list[i].reason);
	}
	free(list);
	fputc('\n', out);
}

/* What torture attempts cost, by outcome: build and torture seconds as the runner measured
 * them around the hooks (its own start-up per job is not in them). */
static void times(sqlite3 *db, FILE *out)
{
	fputs("## Time per mutant\n\n", out);
	sqlite3_stmt *st = db_prepare(db,
		"WITH t AS (SELECT r.status, coalesce(r.build_s, 0) AS b, coalesce(r.test_s, 0) AS x "
		"             FROM result r JOIN mutant m ON m.id = r.mutant_id "
		"             JOIN source s ON s.id = m.source_id "
		"            WHERE s.current = 1 AND r.kind = 'torture') "
		"SELECT status, count(*), avg(b), avg(x), sum(b + x), sum(x), "
		"       CASE status WHEN 'killed' THEN 0 WHEN 'timeout' THEN 1 "
		"                   WHEN 'survived' THEN 2 WHEN 'build_error' THEN 3 ELSE 4 END "
		"  FROM t GROUP BY status "
		"UNION ALL SELECT 'all', count(*), avg(b), avg(x), sum(b + x), sum(x), 5 FROM t "
		"HAVING count(*) > 0 ORDER BY 7");
	bool any = false;
	while (db_step(db, st)) {
		if (!any)
			fputs("Torture attempts by outcome, with the build and torture seconds the runner "
			      "measured around the hooks (a job's own start-up is not in them; "
			      "`bench/runner-overhead` measures it). Cost over torture: (build + "
			      "torture) / torture.\n\n"
			      "| outcome | attempts | build s (mean) | torture s (mean) | "
			      "per mutant s (mean) | hours in all | cost over torture |\n"
			      "|---|---:|---:|---:|---:|---:|---:|\n", out);
		any = true;
		double build = sqlite3_column_double(st, 2), test = sqlite3_column_double(st, 3);
		double total = sqlite3_column_double(st, 4), torture = sqlite3_column_double(st, 5);
		cell(out, db_column_text(st, 0));
		fprintf(out, "| %lld | %.1f | %.1f | %.1f | %.2f ", sqlite3_column_int64(st, 1),
			build, test, build + test, total / 3600);
		if (torture > 0)
			fprintf(out, "| %.2f |\n", total / torture);
		else
			fputs("| - |\n", out);
	}
	sqlite3_finalize(st);
	fputs(any ? "\n" : "No torture attempt recorded yet.\n\n", out);
}


/* Under the per-file table when headers were mutated: a header's mutant rebuilds every file
 * that includes it (a kernel header: most of the kernel), and the mean build times say what
 * that cost in this campaign. */
static void header_note(sqlite3 *db, FILE *out)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT group_concat(path, ', ') FROM (SELECT DISTINCT s.path FROM source s "
		"  JOIN mutant m ON m.source_id = s.id WHERE s.current = 1 AND s.path LIKE '%.h' "
		" ORDER BY s.path)");
	const unsigned char *headers = db_step(db, st) ? sqlite3_column_text(st, 0) : NULL;
	if (!headers) {
		sqlite3_finalize(st);
		return;
	}
	fprintf(out, "Headers mutated: %s. A header's mutant rebuilds every file that includes it",
		(const char *)headers);
	sqlite3_finalize(st);
	st = db_prepare(db,
		"SELECT avg(CASE WHEN s.path LIKE '%.h' THEN r.build_s END), "
		"       avg(CASE WHEN s.path NOT LIKE '%.h' THEN r.build_s END) "
		"  FROM result r JOIN mutant m ON m.id = r.mutant_id JOIN source s ON s.id = m.source_id "
		" WHERE s.current = 1 AND r.kind = 'torture' AND r.build_s IS NOT NULL");
	if (db_step(db, st) && sqlite3_column_type(st, 0) != SQLITE_NULL) {
		fprintf(out, ": mean build %.1f s per header mutant", sqlite3_column_double(st, 0));
		if (sqlite3_column_type(st, 1) != SQLITE_NULL)
			fprintf(out, ", %.1f s per mutant of the other files",
				sqlite3_column_double(st, 1));
	}
	sqlite3_finalize(st);
	fputs(" (see Time per mutant).\n\n", out);
}

void report_markdown(sqlite3 *db, FILE *out)
{
	char *target = db_setting_get(db, "target");
	fprintf(out, "# mutorture report%s%s\n\n", target ? ": " : "", target ? target : "");
	free(target);
	long controls, failed;
	control_runs(db, &controls, &failed);
	if (failed)
		fprintf(out, "**FLAKY: %ld of %ld control runs of the unmutated code failed: kills "
			     "may be chance.**\n\n", failed, controls);
	struct counts c = { { 0 } };
	overall(db, out, &c);

	static const char *const file_keys[] = { "file" };
	fputs("## Per file\n\n", out);
	group_table(db, out,
		    "SELECT s.path, ms.status, count(*) FROM mutant_status ms "
		    "  JOIN mutant m ON m.id = ms.mutant_id JOIN source s ON s.id = m.source_id "
		    " WHERE s.current = 1 GROUP BY s.path, ms.status ORDER BY s.path",
		    file_keys, 1, false);
	header_note(db, out);

	/* A function's lines are taken from its first mutant's line to its last mutant's end:
	 * the database keeps no function extents, and lines without mutants matter less. */
	static const char *const function_keys[] = { "file", "function" };
	fputs("## Per function: the torture coverage table\n\n"
	      "Line coverage: lines the torture suite executed, of the lines with coverage data "
	      "between the function's first and last mutant.\n\n", out);
	group_table(db, out,
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
		    function_keys, 2, true);

	static const char *const operator_keys[] = { "operator" };
	fputs("## Per operator\n\n", out);
	group_table(db, out,
		    "SELECT m.operator, ms.status, count(*) FROM mutant_status ms "
		    "  JOIN mutant m ON m.id = ms.mutant_id JOIN source s ON s.id = m.source_id "
		    " WHERE s.current = 1 GROUP BY m.operator, ms.status ORDER BY m.operator",
		    operator_keys, 1, false);

	survivors(db, out);
	triaged_survivors(db, out);
	sometimes_killed(db, out);
	kill_reasons(db, out);
	kill_matrix(db, out);
	host_equivalent(db, out);
	times(db, out);
}
