/* The Markdown summary of a campaign (read as is on a terminal): a loud line first when a
 * control run of the unmutated code failed; the score overall, per file, per function beside
 * the function's line coverage (the torture coverage table), per operator; the survivors to
 * triage first, then those triaged with their notes; mutants killed only sometimes; the kill
 * reasons and the kill matrix of the torture scenarios; the weak_memory mutants with their
 * diffs; the time torture attempts took, the runs of each host when several
 * ran them, and a note on mutated headers. Only current sources. Renders what report-data.c
 * loads; no SQL here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kill-reason.h"
#include "md-table.h"
#include "report-data.h"
#include "report.h"
#include "evidence.h"
#include "triage.h"

/* How many survivors the summary lists; `mutorture survivors` shows them all. */
#define SURVIVORS_SHOWN 40

static void score_cell(FILE *out, const struct counts *c)
{
	double score;
	if (counts_score(c, &score))
		md_cellf(out, "%.1f%%", score);
	else
		md_cell(out, "-");
}

/* One table row per group: its keys, [line coverage,] score, mutants, a count per state. */
static void group_table(const struct report *r, FILE *out, enum report_grouping by,
			const char *const *keys)
{
	struct report_groups groups;
	report_groups_load(r, by, &groups);
	bool coverage = by == GROUP_FUNCTION;
	const char *titles[3 + 2 + STATE_NR];
	char align[sizeof(titles) / sizeof(titles[0]) + 1];
	int n = 0;
	for (int i = 0; i < groups.nkeys; i++)
		titles[n++] = keys[i];
	if (coverage)
		titles[n++] = "line coverage";
	memset(align, 'l', (size_t)n);
	titles[n] = "score";
	titles[n + 1] = "mutants";
	for (int i = 0; i < STATE_NR; i++)
		titles[n + 2 + i] = state_names[i];
	memset(align + n, 'r', 2 + STATE_NR);
	align[n + 2 + STATE_NR] = '\0';
	md_header(out, align, titles);
	for (size_t g = 0; g < groups.nr; g++) {
		const struct report_group *grp = &groups.items[g];
		for (int i = 0; i < groups.nkeys; i++)
			md_cell(out, *grp->keys[i] ? grp->keys[i] : "(file scope)");
		if (coverage && grp->measured)
			md_cellf(out, "%ld/%ld (%.0f%%)", grp->covered, grp->measured,
				 100.0 * (double)grp->covered / (double)grp->measured);
		else if (coverage)
			md_cell(out, "-");
		score_cell(out, &grp->counts);
		md_cellf(out, "%ld", counts_total(&grp->counts));
		for (int i = 0; i < STATE_NR; i++)
			md_cellf(out, "%ld", grp->counts.n[i]);
		md_end_row(out);
	}
	report_groups_free(&groups);
	fputc('\n', out);
}

static void overall(const struct report *r, FILE *out)
{
	const struct counts *c = &r->counts;
	double score;
	if (counts_score(c, &score))
		fprintf(out, "**Mutation score: %.1f%%** — %ld killed or timed out of %ld "
			"(killed + timeout + survived + uncovered); %ld mutants in all.\n\n",
			score, counts_detected(c), counts_scored(c), counts_total(c));
	else
		fprintf(out, "**Mutation score: none yet** — no mutant killed, timed out, survived "
			     "or uncovered; %ld mutants in all.\n\n", counts_total(c));
	/* The score itself never depends on triage; this line says what triage changes. */
	struct counts judged = *c;
	judged.n[STATE_SURVIVED] -= r->harmless;
	if (r->harmless && counts_score(&judged, &score))
		fprintf(out, "After triage: %.1f%% without the %ld survivor%s judged equivalent or "
			     "ignore.\n\n", score, r->harmless, r->harmless == 1 ? "" : "s");
	md_header(out, "lr", (const char *const[]){ "status", "mutants" });
	for (int i = 0; i < STATE_NR; i++) {
		md_cell(out, state_names[i]);
		md_cellf(out, "%ld", c->n[i]);
		md_end_row(out);
	}
	fputc('\n', out);
}

/* The most often tried first: surviving many runs is the strongest hint of a hole in the
 * suite. */
static int survivor_order(const void *a, const void *b)
{
	const struct report_mutant *x = *(const struct report_mutant *const *)a;
	const struct report_mutant *y = *(const struct report_mutant *const *)b;
	if (x->attempts != y->attempts)
		return x->attempts > y->attempts ? -1 : 1;
	char xw[4096], yw[4096];
	snprintf(xw, sizeof(xw), "%s:%ld", x->path, x->line);
	snprintf(yw, sizeof(yw), "%s:%ld", y->path, y->line);
	return strcmp(xw, yw);
}

/* "path:line", the location column of the tables. */
static void where_cell(FILE *out, const struct report_mutant *m)
{
	char where[4096];
	snprintf(where, sizeof(where), "%s:%ld", m->path, m->line);
	md_cell(out, where);
}

/* The evidence column: kills in attempts, torture seconds, the bound on p(kill). */
static void evidence_cell(FILE *out, const struct report_mutant *m)
{
	struct strbuf sb = STRBUF_INIT;
	evidence_text(&sb, m->kills, m->attempts, m->torture_s);
	md_cell(out, sb.buf);
	sb_release(&sb);
}

/* One table of untriaged survivors, the first SURVIVORS_SHOWN of them. */
static void survivor_table(FILE *out, const struct report_mutant **list, size_t nr)
{
	qsort(list, nr, sizeof(*list), survivor_order);
	md_header(out, "lllllll", (const char *const[]){ "mutant", "where", "function", "operator",
		  "evidence", "triage", "change" });
	for (size_t i = 0; i < nr && i < SURVIVORS_SHOWN; i++) {
		const struct report_mutant *m = list[i];
		const char *triage = triage_state(m->verdict, m->review_verdict);
		md_cell(out, m->id);
		where_cell(out, m);
		md_cell(out, m->function);
		md_cell(out, m->operator_name);
		evidence_cell(out, m);
		md_cell(out, *triage ? triage : "untriaged");
		md_cell(out, m->description);
		md_end_row(out);
	}
	if (nr > SURVIVORS_SHOWN)
		fprintf(out, "\n… and %zu more: `mutorture survivors --untriaged`.\n",
			nr - SURVIVORS_SHOWN);
	fputc('\n', out);
}

/* The policy in words: "3 torture runs of at least 30 s". */
static void policy_text(const struct report *r, char *buf, size_t size)
{
	if (r->policy.duration > 0)
		snprintf(buf, size, "%ld torture run%s of at least %g s", r->policy.runs,
			 r->policy.runs == 1 ? "" : "s", r->policy.duration);
	else
		snprintf(buf, size, "%ld torture run%s", r->policy.runs, r->policy.runs == 1 ? "" : "s");
}

/* Untriaged survivors: those whose look-alike had a verdict before the code changed, then the
 * confirmed ones (ready for a verdict), then the unconfirmed ones (not yet). */
static void survivors(const struct report *r, FILE *out)
{
	fputs("## Survivors to triage first\n\n", out);
	const struct report_mutant **renew = xcalloc(r->nr_mutants + 1, sizeof(*renew));
	const struct report_mutant **confirmed = xcalloc(r->nr_mutants + 1, sizeof(*confirmed));
	const struct report_mutant **unconfirmed = xcalloc(r->nr_mutants + 1, sizeof(*unconfirmed));
	size_t nr = 0, nc = 0, nu = 0, triaged = 0;
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if (m->state != STATE_SURVIVED)
			continue;
		if (*m->verdict)
			triaged++;
		else if (*m->review_verdict)
			renew[nr++] = m;
		else if (m->confirmed)
			confirmed[nc++] = m;
		else
			unconfirmed[nu++] = m;
	}
	char policy[128];
	policy_text(r, policy, sizeof(policy));
	fprintf(out, "%zu survivors without a verdict, %zu triaged "
		     "(`mutorture triage ID VERDICT`, `mutorture survivors --diff`). A survivor is "
		     "confirmed after %s without a kill; the evidence says how many runs it "
		     "survived, their torture seconds, and the 95%% upper bound they put on the "
		     "suite's per-run chance of killing it.\n\n", nr + nc + nu, triaged, policy);
	if (nr) {
		fprintf(out, "### Verdicts to renew (%zu): the code around them changed\n\n", nr);
		survivor_table(out, renew, nr);
	}
	if (nc) {
		fprintf(out, "### Confirmed survivors (%zu)\n\n", nc);
		survivor_table(out, confirmed, nc);
	}
	if (nu) {
		fprintf(out, "### Unconfirmed survivors (%zu): fewer than %s; run them again "
			     "before triage (`mutorture run`)\n\n", nu, policy);
		survivor_table(out, unconfirmed, nu);
	}
	free(renew);
	free(confirmed);
	free(unconfirmed);
}

/* The survivors a maintainer has judged, by verdict (in status.h's order: the suite's holes
 * first), each with the note that says why: the outcome of the triage, kept with the scores.
 * Then the verdicts to review: given on a survivor that a later run killed. */
static void triaged_survivors(const struct report *r, FILE *out)
{
	bool any = false;
	for (int v = 0; v < VERDICT_NR; v++) {
		size_t n = 0;
		for (size_t i = 0; i < r->nr_mutants; i++) {
			const struct report_mutant *m = &r->mutants[i];
			if (m->state != STATE_SURVIVED || strcmp(m->verdict, verdict_names[v]))
				continue;
			if (!any)
				fputs("## Triaged survivors\n\n", out);
			any = true;
			if (!n++) {
				fprintf(out, "### %s\n\n", verdict_names[v]);
				md_header(out, "llllll", (const char *const[]){ "mutant", "where",
					  "operator", "change", "evidence", "why" });
			}
			char where[4096];
			snprintf(where, sizeof(where), "%s:%ld (%s)", m->path, m->line, m->function);
			md_cell(out, m->id);
			md_cell(out, where);
			md_cell(out, m->operator_name);
			md_cell(out, m->description);
			struct strbuf ev = STRBUF_INIT;
			evidence_text(&ev, m->kills, m->attempts, m->torture_s);
			const struct gap_try *closed = report_closed_by(r, m->id);
			if (closed)
				sb_adds(&ev, "; ");
			gap_closed_text(&ev, closed);
			md_cell(out, ev.buf);
			sb_release(&ev);
			md_cell(out, m->note);
			md_end_row(out);
		}
		if (n)
			fputc('\n', out);
	}
	size_t n = 0;
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if (!*m->verdict || (m->state != STATE_KILLED && m->state != STATE_TIMEOUT))
			continue;
		if (!n++) {
			fputs("## Verdicts to review: survivors killed after their triage\n\n", out);
			md_header(out, "llllll", (const char *const[]){ "mutant", "where", "verdict",
				  "change", "evidence", "why it was given" });
		}
		md_cell(out, m->id);
		where_cell(out, m);
		md_cell(out, m->verdict);
		md_cell(out, m->description);
		evidence_cell(out, m);
		md_cell(out, m->note);
		md_end_row(out);
	}
	if (n)
		fputc('\n', out);
}

/* Gaps closed: the torture changes tried on the confirmed test-gap survivors (mutorture gaps),
 * each with its controls and what it killed, then the survivors it closed. */
static void gaps_closed(const struct report *r, FILE *out)
{
	const struct gap_data *d = &r->gaps;
	if (!d->nr_changes)
		return;
	struct strbuf sb = STRBUF_INIT;
	gap_summary_line(&sb, d);
	fprintf(out, "## Gaps closed\n\n**%s** (`mutorture gaps`). A torture change counts once its "
		     "control runs of the unmutated code pass, %d of each scenario at least, and none "
		     "fails; a closed survivor keeps its status and its triage.",
		sb.buf, GAPS_MIN_CONTROLS);
	sb_reset(&sb);
	gap_weak_memory_line(&sb, d);
	if (sb.len)
		fprintf(out, " %s.", sb.buf);
	fputs("\n\n", out);
	sb_reset(&sb);
	md_header(out, "lllllll", (const char *const[]){ "change", "state", "scenarios", "controls",
		  "survivors killed", "runs under it", "closes" });
	for (size_t i = 0; i < d->nr_changes; i++) {
		const struct gap_change *c = &d->changes[i];
		if (!c->latest)
			continue;
		char controls[64], killed[64], closes[32];
		snprintf(controls, sizeof(controls), "%ld passed, %ld failed", c->controls,
			 c->controls_failed);
		snprintf(killed, sizeof(killed), "%ld of %ld tried", c->killed, c->tried);
		snprintf(closes, sizeof(closes), "%ld", c->closed);
		sb_reset(&sb);
		evidence_text(&sb, c->kills, c->attempts, c->torture_s);
		md_cell(out, c->name);
		md_cell(out, change_state_name(c->state));
		md_cell(out, c->scenarios);
		md_cell(out, controls);
		md_cell(out, killed);
		md_cell(out, sb.buf);
		md_cell(out, closes);
		md_end_row(out);
	}
	fputc('\n', out);
	if (d->closed) {
		md_header(out, "lllll", (const char *const[]){ "mutant", "where", "gap", "change",
			  "closed by" });
		for (size_t i = 0; i < d->nr_survivors; i++) {
			const struct gap_survivor *s = &d->survivors[i];
			if (!s->closed_by)
				continue;
			char where[4096];
			snprintf(where, sizeof(where), "%s:%ld (%s)", s->path, s->line, s->function);
			sb_reset(&sb);
			gap_closed_text(&sb, s->closed_by);
			md_cell(out, s->id);
			md_cell(out, where);
			md_cell(out, *s->gap ? s->gap : "-");
			md_cell(out, s->description);
			md_cell(out, sb.buf);
			md_end_row(out);
		}
		fputc('\n', out);
	}
	sb_release(&sb);
}

/* Kills that happened in some torture runs only: the suite catches them by chance. */
static void sometimes_killed(const struct report *r, FILE *out)
{
	bool any = false;
	fputs("## Killed only sometimes\n\n", out);
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if ((m->state != STATE_KILLED && m->state != STATE_TIMEOUT) || m->kills >= m->attempts)
			continue;
		if (!any)
			md_header(out, "llllrll", (const char *const[]){ "mutant", "where", "function",
				  "operator", "killed", "evidence", "change" });
		any = true;
		md_cell(out, m->id);
		where_cell(out, m);
		md_cell(out, m->function);
		md_cell(out, m->operator_name);
		md_cellf(out, "%ld/%ld", m->kills, m->attempts);
		evidence_cell(out, m);
		md_cell(out, m->description);
		md_end_row(out);
	}
	fputs(any ? "\n" : "None: every detected mutant was detected in every run.\n\n", out);
}

static void kill_matrix(const struct report *r, FILE *out)
{
	fputs("## Kill matrix\n\n", out);
	struct kill_matrix km;
	kill_matrix_load(r, &km);
	if (!km.nr_scenarios) {
		fputs("No torture run recorded a scenario yet.\n\n", out);
		kill_matrix_free(&km);
		return;
	}
	md_header(out, "lrrrr", (const char *const[]){ "scenario", "runs", "seconds a run (mean)",
		  "mutants killed", "killed by no other scenario that ran" });
	struct strbuf idle = STRBUF_INIT;
	for (size_t i = 0; i < km.nr_scenarios; i++) {
		const struct km_scenario *s = &km.scenarios[i];
		md_cell(out, s->name);
		md_cellf(out, "%ld", s->runs);
		if (s->mean_s >= 0)
			md_cellf(out, "%.1f", s->mean_s);
		else
			md_cell(out, "-");
		md_cellf(out, "%ld", s->killed);
		md_cellf(out, "%ld", s->sole);
		md_end_row(out);
		if (!s->sole)
			sb_addf(&idle, "%s%s", idle.len ? ", " : "", s->name);
	}
	fprintf(out, "\nScenarios that kill nothing no other scenario kills: %s.\n",
		idle.len ? idle.buf : "none");
	sb_release(&idle);
	if (km.first_only)
		fprintf(out, "%ld mutant%s killed by the first scenario tried and not run on the "
			     "others (the torture stops at the first kill): not counted as anyone's "
			     "sole kill.\n", km.first_only, km.first_only == 1 ? " was" : "s were");
	fputc('\n', out);
	fputs("Mutants killed by exactly one scenario (the others ran and missed them):\n\n", out);
	if (km.nr_sole)
		md_header(out, "llllll", (const char *const[]){ "mutant", "where", "function",
			  "operator", "scenario", "change" });
	for (size_t i = 0; i < km.nr_sole; i++) {
		const struct km_sole *s = &km.sole[i];
		const char *cells[] = { s->id, s->where, s->function, s->operator_name, s->scenario,
					s->description };
		for (size_t c = 0; c < sizeof(cells) / sizeof(cells[0]); c++)
			md_cell(out, cells[c]);
		md_end_row(out);
	}
	fputs(km.nr_sole ? "\n" : "None.\n\n", out);
	kill_matrix_free(&km);
}

/* The weak_memory mutants: object code identical to the original's on this host, different
 * for aarch64, so only a weakly ordered machine can kill them: out of the host's score, listed
 * with their diffs (what this host's torture is blind to). */
static void weak_memory(const struct report *r, FILE *out)
{
	long n = r->counts.n[STATE_WEAK_MEMORY];
	fputs("## Weak-memory only\n\n", out);
	if (!n) {
		fputs("None.\n\n", out);
		return;
	}
	fprintf(out, "%ld mutant%s only a weakly ordered machine can kill: %s object code is the "
		     "original's on this host but not for aarch64. Not in this host's score; run "
		     "the campaign on weakly ordered hardware (or check %s with a memory model).\n\n",
		n, n == 1 ? "" : "s", n == 1 ? "its" : "their", n == 1 ? "it" : "them");
	md_header(out, "lllll", (const char *const[]){ "mutant", "where", "function", "operator",
		  "change" });
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if (m->state != STATE_WEAK_MEMORY)
			continue;
		md_cell(out, m->id);
		where_cell(out, m);
		md_cell(out, m->function);
		md_cell(out, m->operator_name);
		md_cell(out, m->description);
		md_end_row(out);
	}
	fputs("\n", out);
	for (size_t i = 0; i < r->nr_mutants; i++) {
		const struct report_mutant *m = &r->mutants[i];
		if (m->state == STATE_WEAK_MEMORY && m->diff)
			fprintf(out, "`%s`:\n\n```diff\n%s```\n\n", m->id, m->diff);
	}
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

static void kill_reasons(const struct report *r, FILE *out)
{
	fputs("## Kill reasons\n\n", out);
	struct reason_count *list = NULL;
	size_t nr = 0, alloc = 0;
	struct strbuf class = STRBUF_INIT;
	for (size_t m = 0; m < r->nr_mutants; m++) {
		const struct report_mutant *mu = &r->mutants[m];
		if (mu->state != STATE_KILLED && mu->state != STATE_TIMEOUT)
			continue;
		kill_reason_class(mu->reason, &class);
		size_t i = 0;
		while (i < nr && strcmp(list[i].reason, class.buf))
			i++;
		if (i == nr) {
			if (nr == alloc)
				list = xrealloc(list, (alloc = alloc ? 2 * alloc : 16) * sizeof(*list));
			list[nr++] = (struct reason_count){ xstrdup(class.buf), 0, 0 };
		}
		if (mu->state == STATE_TIMEOUT)
			list[i].timeout++;
		else
			list[i].killed++;
	}
	sb_release(&class);
	if (!nr) {
		fputs("No mutant killed or timed out yet.\n\n", out);
		return;
	}
	qsort(list, nr, sizeof(*list), reason_count_order);
	fputs("The console line (or runner verdict) that decided each killed or timed-out mutant, "
	      "with CPU, PID, addresses and symbol offsets taken out.\n\n", out);
	md_header(out, "lrr", (const char *const[]){ "reason", "killed", "timeout" });
	for (size_t i = 0; i < nr; i++) {
		md_cell(out, *list[i].reason ? list[i].reason : "(none given)");
		md_cellf(out, "%ld", list[i].killed);
		md_cellf(out, "%ld", list[i].timeout);
		md_end_row(out);
		free(list[i].reason);
	}
	free(list);
	fputc('\n', out);
}

/* What torture attempts cost, by outcome: build and torture seconds as the runner measured
 * them around the hooks (its own start-up per job is not in them). */
static void times(const struct report *r, FILE *out)
{
	fputs("## Time per mutant\n\n", out);
	struct outcome_times t;
	outcome_times_load(r, &t);
	if (t.nr) {
		fputs("Torture attempts by outcome, with the build and torture seconds the runner "
		      "measured around the hooks (a job's own start-up is not in them; "
		      "`bench/runner-overhead` measures it). Cost over torture: (build + "
		      "torture) / torture.\n\n", out);
		md_header(out, "lrrrrrr", (const char *const[]){ "outcome", "attempts",
			  "build s (mean)", "torture s (mean)", "per mutant s (mean)", "hours in all",
			  "cost over torture" });
	}
	for (size_t i = 0; i < t.nr; i++) {
		const struct outcome_time *o = &t.rows[i];
		md_cell(out, o->outcome);
		md_cellf(out, "%ld", o->attempts);
		md_cellf(out, "%.1f", o->build);
		md_cellf(out, "%.1f", o->test);
		md_cellf(out, "%.1f", o->build + o->test);
		md_cellf(out, "%.2f", o->total / 3600);
		if (o->torture > 0)
			md_cellf(out, "%.2f", o->total / o->torture);
		else
			md_cell(out, "-");
		md_end_row(out);
	}
	fputs(t.nr ? "\n" : "No torture attempt recorded yet.\n\n", out);
	outcome_times_free(&t);
}

/* When more than one host ran the torture (mutorture run --hosts): each host's runs, how
 * they ended, their mean time and the host's throughput over the span it worked. */
static void hosts(const struct report *r, FILE *out)
{
	if (r->nr_hosts < 2)
		return;
	fputs("## Hosts\n\nTorture and control runs by the host that ran them; runs an hour over "
	      "the span from the host's first start to its last record (ssh and transfers "
	      "included).\n\n", out);
	md_header(out, "lrrrrrr", (const char *const[]){ "host", "runs", "detected", "survived",
		  "other", "build + torture s (mean)", "runs an hour" });
	for (size_t i = 0; i < r->nr_hosts; i++) {
		const struct host_runs *h = &r->hosts[i];
		md_cell(out, h->host);
		md_cellf(out, "%ld", h->runs);
		md_cellf(out, "%ld", h->detected);
		md_cellf(out, "%ld", h->survived);
		md_cellf(out, "%ld", h->runs - h->detected - h->survived);
		md_cellf(out, "%.1f", h->mean_s);
		if (h->span_s > 0)
			md_cellf(out, "%.0f", (double)h->runs * 3600.0 / h->span_s);
		else
			md_cell(out, "-");
		md_end_row(out);
	}
	fputc('\n', out);
}

/* Under the per-file table when headers were mutated: a header's mutant rebuilds every file
 * that includes it (a kernel header: most of the kernel), and the mean build times say what
 * that cost in this campaign. */
static void header_note(const struct report *r, FILE *out)
{
	struct header_cost h;
	header_cost_load(r, &h);
	if (!h.headers)
		return;
	fprintf(out, "Headers mutated: %s. A header's mutant rebuilds every file that includes it",
		h.headers);
	if (h.header_build >= 0) {
		fprintf(out, ": mean build %.1f s per header mutant", h.header_build);
		if (h.other_build >= 0)
			fprintf(out, ", %.1f s per mutant of the other files", h.other_build);
	}
	fputs(" (see Time per mutant).\n\n", out);
	header_cost_free(&h);
}

void report_markdown(const struct report *r, FILE *out)
{
	fprintf(out, "# mutorture report%s%s\n\n", r->target ? ": " : "",
		r->target ? r->target : "");
	if (r->failed_controls)
		fprintf(out, "**FLAKY: %ld of %ld control runs of the unmutated code failed: kills "
			     "may be chance.** Latest: %s.\n\n", r->failed_controls, r->controls,
			r->flaky ? r->flaky : "(not recorded)");
	overall(r, out);

	fputs("## Per file\n\n", out);
	group_table(r, out, GROUP_FILE, (const char *const[]){ "file" });
	header_note(r, out);
	fputs("## Per function: the torture coverage table\n\n"
	      "Line coverage: lines the torture suite executed, of the lines with coverage data "
	      "between the function's first and last mutant.\n\n", out);
	group_table(r, out, GROUP_FUNCTION, (const char *const[]){ "file", "function" });
	fputs("## Per operator\n\n", out);
	group_table(r, out, GROUP_OPERATOR, (const char *const[]){ "operator" });

	survivors(r, out);
	triaged_survivors(r, out);
	gaps_closed(r, out);
	sometimes_killed(r, out);
	kill_reasons(r, out);
	kill_matrix(r, out);
	weak_memory(r, out);
	times(r, out);
	hosts(r, out);
}
