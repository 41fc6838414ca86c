/* The confirmed test-gap survivors and the torture changes tried on them; see gaps.h. */
#include "gaps.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "mutant-view.h"
#include "status.h"
#include "util.h"

const char *change_state_name(enum change_state s)
{
	switch (s) {
	case CHANGE_ACCEPTED:
		return "accepted";
	case CHANGE_REJECTED:
		return "rejected";
	case CHANGE_UNPROVEN:
		return "unproven";
	}
	BUG("unknown change state %d", (int)s);
}

/* The control runs of change c, per scenario of its list (a scenario it names with no run
 * yet counts 0), its first failure, and its state from them. */
static void load_controls(sqlite3 *db, struct gap_change *c)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT coalesce(sum(status = @STATE_SURVIVED@), 0), "
		"       coalesce(sum(status IN (@DETECTED_STATES@)), 0), coalesce(max(duration), 0) "
		"  FROM change_control WHERE change_id = ?1 AND scenario = ?2");
	char *list = xstrdup(c->scenarios);
	bool enough = true;
	for (char *save = NULL, *name = strtok_r(list, " \t", &save); name;
	     name = strtok_r(NULL, " \t", &save)) {
		c->per_scenario = xrealloc(c->per_scenario,
					   (c->nr_scenarios + 1) * sizeof(*c->per_scenario));
		struct gap_scenario *s = &c->per_scenario[c->nr_scenarios++];
		s->name = xstrdup(name);
		sqlite3_reset(st);
		db_bind_int(db, st, 1, c->id);
		db_bind_text(db, st, 2, name);
		db_step(db, st);
		s->passed = sqlite3_column_int64(st, 0);
		s->failed = sqlite3_column_int64(st, 1);
		s->duration = sqlite3_column_double(st, 2);
		c->controls += s->passed;
		c->controls_failed += s->failed;
		if (s->passed < GAPS_MIN_CONTROLS)
			enough = false;
	}
	sqlite3_finalize(st);
	free(list);
	st = db_prepare(db, "SELECT coalesce(sum(test_s), 0) FROM change_control WHERE change_id = ?1");
	db_bind_int(db, st, 1, c->id);
	db_step(db, st);
	c->controls_s = sqlite3_column_double(st, 0);
	sqlite3_finalize(st);
	st = db_prepare(db, "SELECT scenario, status, reason, log_dir FROM change_control "
			    " WHERE change_id = ?1 AND status IN (@DETECTED_STATES@) "
			    " ORDER BY result_id LIMIT 1");
	db_bind_int(db, st, 1, c->id);
	if (db_step(db, st))
		c->failure = xasprintf("%s %s: %s (log: %s)", db_column_text(st, 0),
				       db_column_text(st, 1), db_column_text(st, 2),
				       db_column_text(st, 3));
	sqlite3_finalize(st);
	c->state = c->controls_failed ? CHANGE_REJECTED
		   : enough && c->nr_scenarios ? CHANGE_ACCEPTED
					       : CHANGE_UNPROVEN;
}

static void load_changes(sqlite3 *db, struct gap_data *d)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT id, name, hash, subject, message, gaps, scenarios, diff, spec, created, "
		"       id = (SELECT c2.id FROM torture_change c2 WHERE c2.name = c.name "
		"              ORDER BY c2.created DESC, c2.id DESC LIMIT 1) "
		"  FROM torture_change c ORDER BY name, created, id");
	sqlite3_stmt *stats = db_prepare(db,
		"SELECT count(*), coalesce(sum(kills > 0), 0), coalesce(sum(attempts), 0), "
		"       coalesce(sum(kills), 0), coalesce(sum(torture_s), 0) "
		"  FROM change_mutant WHERE change_id = ?1");
	while (db_step(db, st)) {
		d->changes = xrealloc(d->changes, (d->nr_changes + 1) * sizeof(*d->changes));
		struct gap_change *c = &d->changes[d->nr_changes++];
		memset(c, 0, sizeof(*c));
		c->id = sqlite3_column_int64(st, 0);
		char **text[] = { &c->name, &c->hash, &c->subject, &c->message, &c->gaps,
				  &c->scenarios, &c->diff, &c->spec, &c->created };
		for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); i++)
			*text[i] = xstrdup(db_column_text(st, (int)i + 1));
		c->latest = sqlite3_column_int(st, 10);
		load_controls(db, c);
		sqlite3_reset(stats);
		db_bind_int(db, stats, 1, c->id);
		db_step(db, stats);
		c->tried = sqlite3_column_int64(stats, 0);
		c->killed = sqlite3_column_int64(stats, 1);
		c->attempts = sqlite3_column_int64(stats, 2);
		c->kills = sqlite3_column_int64(stats, 3);
		c->torture_s = sqlite3_column_double(stats, 4);
		if (c->latest) {
			d->controls += c->controls;
			d->controls_failed += c->controls_failed;
		}
	}
	sqlite3_finalize(stats);
	sqlite3_finalize(st);
}

static const struct gap_change *change_by_id(const struct gap_data *d, long long id)
{
	for (size_t i = 0; i < d->nr_changes; i++)
		if (d->changes[i].id == id)
			return &d->changes[i];
	return NULL;
}

/* The tries of survivor s under the latest version of each change, and the first accepted
 * one that killed it. */
static void load_tries(sqlite3 *db, sqlite3_stmt *st, const struct gap_data *d,
		       struct gap_survivor *s)
{
	sqlite3_reset(st);
	db_bind_text(db, st, 1, s->id);
	while (db_step(db, st)) {
		const struct gap_change *c = change_by_id(d, sqlite3_column_int64(st, 0));
		if (!c || !c->latest)
			continue;
		s->tries = xrealloc(s->tries, (s->nr_tries + 1) * sizeof(*s->tries));
		struct gap_try *t = &s->tries[s->nr_tries++];
		t->change = c;
		t->attempts = sqlite3_column_int64(st, 1);
		t->kills = sqlite3_column_int64(st, 2);
		t->torture_s = sqlite3_column_double(st, 3);
		t->kill_scenario = xstrdup(db_column_text(st, 4));
		t->kill_reason = xstrdup(db_column_text(st, 5));
		t->kill_log = xstrdup(db_column_text(st, 6));
	}
	for (size_t i = 0; i < s->nr_tries && !s->closed_by; i++)
		if (s->tries[i].kills && s->tries[i].change->state == CHANGE_ACCEPTED)
			s->closed_by = &s->tries[i];
}

/* By gap label, unlabelled last, then by place. */
static int survivor_order(const void *a, const void *b)
{
	const struct gap_survivor *x = a, *y = b;
	if (!*x->gap != !*y->gap)
		return *x->gap ? -1 : 1;
	int c = strcmp(x->gap, y->gap);
	if (!c)
		c = strcmp(x->path, y->path);
	if (!c)
		c = (x->line > y->line) - (x->line < y->line);
	return c ? c : strcmp(x->id, y->id);
}

static void load_survivors(sqlite3 *db, struct gap_data *d)
{
	sqlite3_stmt *st = mutant_view_query(db, state_names[STATE_SURVIVED]);
	struct mutant_view r;
	while (mutant_view_next(db, st, &r)) {
		if (strcmp(r.verdict, verdict_names[VERDICT_TEST_GAP]) ||
		    !survivor_confirmed(&d->policy, r.full_attempts))
			continue;
		d->survivors = xrealloc(d->survivors, (d->nr_survivors + 1) * sizeof(*d->survivors));
		struct gap_survivor *s = &d->survivors[d->nr_survivors++];
		memset(s, 0, sizeof(*s));
		s->id = xstrdup(r.id);
		s->path = xstrdup(r.path);
		s->function = xstrdup(r.function);
		s->description = xstrdup(r.description);
		s->gap = xstrdup(r.gap);
		s->note = xstrdup(r.note);
		s->line = r.line;
		s->kills = r.kills;
		s->attempts = r.attempts;
		s->torture_s = r.torture_s;
	}
	sqlite3_finalize(st);
	if (d->nr_survivors > 1)
		qsort(d->survivors, d->nr_survivors, sizeof(*d->survivors), survivor_order);
	st = db_prepare(db,
		"SELECT cm.change_id, cm.attempts, cm.kills, cm.torture_s, coalesce(k.scenario, ''), "
		"       coalesce(k.reason, ''), coalesce(k.log_dir, '') "
		"  FROM change_mutant cm LEFT JOIN result k ON k.id = cm.first_kill_id "
		" WHERE cm.mutant_id = ?1 ORDER BY cm.change_id");
	for (size_t i = 0; i < d->nr_survivors; i++) {
		struct gap_survivor *s = &d->survivors[i];
		load_tries(db, st, d, s);
		d->closed += s->closed_by != NULL;
		d->weak_memory += !s->closed_by && !strcmp(s->gap, GAP_WEAK_MEMORY);
		for (size_t k = 0; k < s->nr_tries; k++)
			if (s->tries[k].kills && s->tries[k].change->state == CHANGE_ACCEPTED)
				/* Into d->changes, which this function owns. */
				((struct gap_change *)s->tries[k].change)->closed++;
	}
	sqlite3_finalize(st);
}

void gap_data_load(sqlite3 *db, struct gap_data *d)
{
	memset(d, 0, sizeof(*d));
	confirm_policy_load(db, &d->policy);
	load_changes(db, d);
	load_survivors(db, d);
	for (size_t i = 0; i < d->nr_changes; i++)
		if (d->changes[i].latest && d->changes[i].closed)
			d->changes_closing++;
}

void gap_data_free(struct gap_data *d)
{
	for (size_t i = 0; i < d->nr_changes; i++) {
		struct gap_change *c = &d->changes[i];
		char *text[] = { c->name, c->hash, c->subject, c->message, c->gaps,
				 c->scenarios, c->diff, c->spec, c->created, c->failure };
		for (size_t k = 0; k < sizeof(text) / sizeof(text[0]); k++)
			free(text[k]);
		for (size_t k = 0; k < c->nr_scenarios; k++)
			free(c->per_scenario[k].name);
		free(c->per_scenario);
	}
	free(d->changes);
	for (size_t i = 0; i < d->nr_survivors; i++) {
		struct gap_survivor *s = &d->survivors[i];
		char *text[] = { s->id, s->path, s->function, s->description, s->gap, s->note };
		for (size_t k = 0; k < sizeof(text) / sizeof(text[0]); k++)
			free(text[k]);
		for (size_t k = 0; k < s->nr_tries; k++) {
			free(s->tries[k].kill_scenario);
			free(s->tries[k].kill_reason);
			free(s->tries[k].kill_log);
		}
		free(s->tries);
	}
	free(d->survivors);
	memset(d, 0, sizeof(*d));
}

const struct gap_change *gap_change_find(const struct gap_data *d, const char *name)
{
	for (size_t i = 0; i < d->nr_changes; i++)
		if (d->changes[i].latest && !strcmp(d->changes[i].name, name))
			return &d->changes[i];
	return NULL;
}

void gap_summary_line(struct strbuf *out, const struct gap_data *d)
{
	long closable = (long)d->nr_survivors - d->weak_memory;
	double pct = closable ? 100.0 * (double)d->closed / (double)closable : 0;
	sb_addf(out, "closed %ld of %ld test-gap survivors (%.1f%%) by %ld change%s; controls: %ld "
		"passed, %ld failed", d->closed, closable, pct, d->changes_closing,
		d->changes_closing == 1 ? "" : "s", d->controls, d->controls_failed);
}

void gap_closed_text(struct strbuf *out, const struct gap_try *t)
{
	if (!t)
		return;
	sb_addf(out, "closed by %s (", t->change->name);
	evidence_text(out, t->kills, t->attempts, t->torture_s);
	sb_addf(out, "; %s: %s)", t->kill_scenario, t->kill_reason);
}

void gap_weak_memory_line(struct strbuf *out, const struct gap_data *d)
{
	if (d->weak_memory)
		sb_addf(out, "%ld test-gap survivor%s (gap %s) only a weakly ordered machine can kill: "
			"not counted as closable here", d->weak_memory, d->weak_memory == 1 ? "" : "s",
			GAP_WEAK_MEMORY);
}
