/* mutorture gaps: from a report of holes to the patches that close them. Without a subcommand,
 * the confirmed test-gap survivors grouped by gap label, what each torture change tried did
 * to them, and one closing line (gaps.h says when a survivor is closed). 'gaps try' runs a
 * change against survivors (runner/gaps-try); 'gaps export' writes each accepted change as a
 * patch in mbox form, its message naming the survivors it kills with their evidence and why
 * the old suite missed them; 'gaps import' carries the tries of changes from another database
 * of the campaign (a copy they were made on); 'gaps register' is the runner's writer of a
 * change's row. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "commands.h"
#include "db.h"
#include "evidence.h"
#include "gaps-import.h"
#include "gaps.h"
#include "options.h"
#include "strlist.h"
#include "triage.h"
#include "tsv.h"
#include "util.h"

/* The columns of --format tsv, one confirmed test-gap survivor a row (--fields picks them):
 * closed_by, kills, attempts, scenario and reason are the change that closes it, '' when open. */
#define GAP_COLUMNS(X)                                                                   \
	X(ID, "id", NULL) X(GAP, "gap", NULL) X(CLOSED_BY, "closed_by", NULL)             \
	X(KILLS, "kills", NULL) X(ATTEMPTS, "attempts", NULL) X(SCENARIO, "scenario", NULL) \
	X(REASON, "reason", NULL)

enum column { GAP_COLUMNS(TSV_ENUM) COL_NR };
static const struct tsv_column columns[COL_NR] = { GAP_COLUMNS(TSV_COLUMN) };
static const struct tsv_fields tsv_default = {
	7, { COL_ID, COL_GAP, COL_CLOSED_BY, COL_KILLS, COL_ATTEMPTS, COL_SCENARIO, COL_REASON }
};

/* Appends text word-wrapped at width columns, each line starting with indent: a single
 * newline is a space, a blank line ends a paragraph (kept as one blank line). */
static void wrap(struct strbuf *out, const char *text, const char *indent, size_t width)
{
	size_t col = 0;
	const char *p = text;
	while (*p) {
		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		if (*p == '\n') {
			size_t n = strspn(p, "\n");
			if (n > 1 && col) {
				sb_adds(out, "\n\n");
				col = 0;
			}
			p += n;
			continue;
		}
		size_t n = strcspn(p, " \t\n");
		if (col && col + 1 + n > width) {
			sb_addc(out, '\n');
			col = 0;
		}
		if (!col) {
			sb_adds(out, indent);
			col = strlen(indent);
		} else {
			sb_addc(out, ' ');
			col++;
		}
		sb_add(out, p, n);
		col += n;
		p += n;
	}
	if (col)
		sb_addc(out, '\n');
}

static void print_try(const struct gap_try *t)
{
	struct strbuf ev = STRBUF_INIT;
	evidence_text(&ev, t->kills, t->attempts, t->torture_s);
	if (t->kills) {
		char *reason = printable(xstrdup(t->kill_reason));
		printf("      %s %s: %s; first kill in %s: %s\n",
		       t->change->state == CHANGE_ACCEPTED ? "closed by" : "killed by (not accepted)",
		       t->change->name, ev.buf, t->kill_scenario, reason);
		free(reason);
	} else
		printf("      tried under %s: %s\n", t->change->name, ev.buf);
	sb_release(&ev);
}

/* Whether survivor s was tried under the change only (NULL: any). */
static bool tried_under(const struct gap_survivor *s, const struct gap_change *only)
{
	if (!only)
		return true;
	for (size_t k = 0; k < s->nr_tries; k++)
		if (s->tries[k].change == only)
			return true;
	return false;
}

static void list_survivors(const struct gap_data *d, const struct gap_change *only)
{
	printf("Test-gap survivors: %zu confirmed (each %ld runs or more without a kill), by gap%s%s\n",
	       d->nr_survivors, d->policy.runs, only ? "; those tried under " : "",
	       only ? only->name : "");
	for (size_t i = 0; i < d->nr_survivors;) {
		const char *gap = d->survivors[i].gap;
		size_t end = i, shown = 0;
		long closed = 0;
		for (; end < d->nr_survivors && !strcmp(d->survivors[end].gap, gap); end++) {
			closed += d->survivors[end].closed_by != NULL;
			shown += tried_under(&d->survivors[end], only);
		}
		if (!shown) {
			i = end;
			continue;
		}
		printf("\n%s: %zu survivor%s, %ld closed%s\n", *gap ? gap : "(no gap label)", end - i,
		       end - i == 1 ? "" : "s", closed,
		       strcmp(gap, GAP_WEAK_MEMORY) ? ""
					      : " (only a weakly ordered machine can kill these: not closable here)");
		for (; i < end; i++) {
			const struct gap_survivor *s = &d->survivors[i];
			if (!tried_under(s, only))
				continue;
			struct strbuf ev = STRBUF_INIT;
			evidence_text(&ev, s->kills, s->attempts, s->torture_s);
			printf("  %s  %s:%ld  %s  %s\n      campaign: %s\n", s->id, s->path, s->line,
			       *s->function ? s->function : "-", s->description, ev.buf);
			sb_release(&ev);
			for (size_t k = 0; k < s->nr_tries; k++)
				print_try(&s->tries[k]);
		}
	}
}

static void print_change(const struct gap_change *c)
{
	printf("\n%s (%s) %s%s\n  %s\n", c->name, c->hash, change_state_name(c->state),
	       c->latest ? "" : ", superseded by a later version", c->subject);
	printf("  scenarios:");
	for (size_t i = 0; i < c->nr_scenarios; i++) {
		const struct gap_scenario *s = &c->per_scenario[i];
		printf(" %s (%ld passed, %ld failed", s->name, s->passed, s->failed);
		if (s->duration > 0)
			printf(", runs of %g s", s->duration);
		printf(")");
	}
	printf("\n  controls: %ld passed, %ld failed (%.0f s of torture)", c->controls, c->controls_failed,
	       c->controls_s);
	if (c->state == CHANGE_UNPROVEN)
		printf(" (%d passing runs of each scenario make it count)", GAPS_MIN_CONTROLS);
	printf("\n");
	if (c->failure) {
		char *failure = printable(xstrdup(c->failure));
		printf("  REJECTED: %s\n  either the change is wrong, or the unmutated code has a bug "
		       "the old suite could not see: read the log\n", failure);
		free(failure);
	}
	struct strbuf ev = STRBUF_INIT;
	evidence_text(&ev, c->kills, c->attempts, c->torture_s);
	printf("  survivors: %ld killed of %ld tried (%s)%s\n", c->killed, c->tried, ev.buf,
	       c->latest ? "" : "");
	if (c->latest)
		printf("  closes %ld confirmed test-gap survivor%s\n", c->closed,
		       c->closed == 1 ? "" : "s");
	sb_release(&ev);
}

static void list_tsv(const struct gap_data *d, const struct tsv_fields *f)
{
	for (size_t i = 0; i < d->nr_survivors; i++) {
		const struct gap_survivor *s = &d->survivors[i];
		const struct gap_try *t = s->closed_by;
		char kills[32] = "", attempts[32] = "";
		if (t) {
			snprintf(kills, sizeof(kills), "%ld", t->kills);
			snprintf(attempts, sizeof(attempts), "%ld", t->attempts);
		}
		const char *row[COL_NR] = {
			[COL_ID] = s->id,
			[COL_GAP] = s->gap,
			[COL_CLOSED_BY] = t ? t->change->name : "",
			[COL_KILLS] = kills,
			[COL_ATTEMPTS] = attempts,
			[COL_SCENARIO] = t ? t->kill_scenario : "",
			[COL_REASON] = t ? t->kill_reason : "",
		};
		tsv_fields_put(stdout, f, row);
		putchar('\n');
	}
}

/* The state of the change with this hash, for the runner: 'STATE<TAB>FIRST-FAILURE', or
 * nothing when the campaign has no such change. */
static void print_change_state(const struct gap_data *d, const char *hash)
{
	for (size_t i = 0; i < d->nr_changes; i++) {
		const struct gap_change *c = &d->changes[i];
		if (strcmp(c->hash, hash))
			continue;
		tsv_field(stdout, change_state_name(c->state), 0);
		tsv_field(stdout, c->failure ? c->failure : "", 1);
	}
}

static int gaps_list(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *format = NULL, *change = NULL, *state_of = NULL;
	struct strlist field_names = { 0 };
	static const char *const usage[] = {
		"mutorture gaps [--db FILE] [--change NAME] [--format text|tsv] [--fields NAME,...]",
		"mutorture gaps try [--db FILE] CHANGE [options]  (mutorture gaps try --help)",
		"mutorture gaps export [--db FILE] [--out DIR] [CHANGE...]",
		"mutorture gaps import [--db FILE] FROM.db [CHANGE...] [--dry-run]",
		NULL
	};
	struct strbuf fields_help = STRBUF_INIT;
	tsv_fields_help(&fields_help, "the TSV columns to print, in this order (implies --format tsv)",
			columns, COL_NR, &tsv_default);
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "change", &change, "NAME",
			   "only this change, and the survivors it was tried on"),
		OPT_STRING(0, "format", &format, "FORMAT",
			   "text (default), or tsv: one confirmed test-gap survivor a line; closed_by, "
			   "kills, attempts, scenario and reason are '' when it is open"),
		OPT_LIST(0, "fields", &field_names, "NAME,...", fields_help.buf),
		OPT_STRING(0, "change-state", &state_of, "HASH", NULL),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_error("unknown subcommand '%s' (try, export or import)", argv[0]);
	if (!format)
		format = field_names.nr ? "tsv" : "text";
	if (strcmp(format, "text") && strcmp(format, "tsv"))
		usage_error("unknown format '%s' (text or tsv)", format);
	struct tsv_fields tsv;
	tsv_fields_choose(&tsv, format, &field_names, columns, COL_NR, &tsv_default);
	sqlite3 *db = db_open(db_file, DB_READ);
	triage_attach(db);
	struct gap_data d;
	gap_data_load(db, &d);
	const struct gap_change *only = change ? gap_change_find(&d, change) : NULL;
	if (change && !only)
		die("campaign '%s' has tried no torture change '%s'", db_file, change);
	if (state_of) {
		print_change_state(&d, state_of);
	} else if (!strcmp(format, "tsv")) {
		list_tsv(&d, &tsv);
	} else {
		list_survivors(&d, only);
		printf("\nTorture changes tried: %zu\n", only ? (size_t)1 : d.nr_changes);
		for (size_t i = 0; i < d.nr_changes; i++)
			if (!only || &d.changes[i] == only)
				print_change(&d.changes[i]);
		struct strbuf line = STRBUF_INIT;
		gap_weak_memory_line(&line, &d);
		if (line.len)
			printf("\n%s\n", line.buf);
		sb_reset(&line);
		gap_summary_line(&line, &d);
		printf("\n%s\n", line.buf);
		sb_release(&line);
	}
	sb_release(&fields_help);
	strlist_clear(&field_names);
	gap_data_free(&d);
	db_close(db);
	return 0;
}

/* Reads a whole file given to an option, or dies naming the option. */
static char *slurp(const char *option, const char *path)
{
	char *data;
	size_t len;
	if (read_file(path, &data, &len))
		die("--%s: cannot read '%s'", option, path);
	if (memchr(data, '\0', len))
		die("--%s: '%s' is not text", option, path);
	return data;
}

static int gaps_register(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *name = NULL, *hash = NULL, *subject = NULL, *gaps = "", *scenarios = "";
	const char *spec_file = NULL, *diff_file = NULL, *message_file = NULL;
	static const char *const usage[] = {
		"mutorture gaps register [--db FILE] --name N --hash H --subject S --spec FILE "
		"[--message FILE] [--diff FILE] [--gaps LABELS] [--scenarios NAMES]",
		NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "name", &name, "NAME", "the change's name"),
		OPT_STRING(0, "hash", &hash, "HASH", "its content hash (16 hex digits)"),
		OPT_STRING(0, "subject", &subject, "TEXT", "its subject line"),
		OPT_STRING(0, "spec", &spec_file, "FILE", "the change file as tried"),
		OPT_STRING(0, "message", &message_file, "FILE", "what it sees that the suite missed"),
		OPT_STRING(0, "diff", &diff_file, "FILE", "its patch and scenario files"),
		OPT_STRING(0, "gaps", &gaps, "LABELS", "the gap labels it aims at"),
		OPT_STRING(0, "scenarios", &scenarios, "NAMES", "the scenarios it runs"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (!name || !hash || !subject || !spec_file)
		usage_error("--name, --hash, --subject and --spec are required");
	if (strlen(hash) != 16 || strspn(hash, "0123456789abcdef") != 16)
		usage_error("--hash '%s': 16 lowercase hex digits", hash);
	char *spec = slurp("spec", spec_file);
	char *message = message_file ? slurp("message", message_file) : xstrdup("");
	char *diff = diff_file ? slurp("diff", diff_file) : xstrdup("");
	sqlite3 *db = db_open(db_file, DB_WRITE);
	db_begin(db);
	sqlite3_stmt *st = db_prepare(db, "SELECT name FROM torture_change WHERE hash = ?1");
	db_bind_text(db, st, 1, hash);
	if (db_step(db, st) && strcmp(db_column_text(st, 0), name))
		die("torture change hash %s is registered as '%s', not '%s'", hash,
		    db_column_text(st, 0), name);
	sqlite3_finalize(st);
	st = db_prepare(db, "INSERT INTO torture_change(name, hash, subject, message, gaps, "
			    "  scenarios, spec, diff) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
			    "ON CONFLICT(hash) DO NOTHING");
	const char *values[] = { name, hash, subject, message, gaps, scenarios, spec, diff };
	for (int i = 0; i < 8; i++)
		db_bind_text(db, st, i + 1, values[i]);
	db_step(db, st);
	sqlite3_finalize(st);
	db_commit(db);
	db_close(db);
	free(spec);
	free(message);
	free(diff);
	return 0;
}

/* Appends the scenario and configuration definitions of a change's file (its 'scenario.' and
 * 'config.' lines), which the diff alone may not show (a target without scenario files). */
static void export_definitions(struct strbuf *out, const char *spec)
{
	bool any = false;
	for (const char *line = spec; *line;) {
		size_t n = strcspn(line, "\n");
		const char *p = line + strspn(line, " \t");
		if (starts_with(p, "scenario.") || starts_with(p, "config.")) {
			if (!any)
				sb_adds(out, "\nScenarios and configurations of the change:\n");
			any = true;
			sb_addf(out, "  %.*s\n", (int)(n - (size_t)(p - line)), p);
		}
		line += n + (line[n] == '\n');
	}
}

/* The patch's message: the change's own, then the survivors it closes with their evidence
 * and why the old suite missed them (their triage notes), those it did not, and its controls. */
static void export_message(struct strbuf *out, const struct gap_data *d, const struct gap_change *c,
			   const char *campaign)
{
	wrap(out, c->message, "", 72);
	export_definitions(out, c->spec);
	char *closes = xasprintf("mutorture closes %ld test-gap survivor%s of the campaign '%s' with "
				 "this change: single-change mutants of the code under test that the "
				 "torture suite let through (each confirmed by %ld runs or more without "
				 "a kill) and that it kills now.",
				 c->closed, c->closed == 1 ? "" : "s", campaign, d->policy.runs);
	sb_addc(out, '\n');
	wrap(out, closes, "", 72);
	free(closes);
	bool missed = false;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < d->nr_survivors; i++) {
			const struct gap_survivor *s = &d->survivors[i];
			const struct gap_try *t = NULL;
			for (size_t k = 0; k < s->nr_tries; k++)
				if (s->tries[k].change == c)
					t = &s->tries[k];
			if (!t || (pass == 0) != (t->kills > 0))
				continue;
			if (pass == 1 && !missed) {
				sb_adds(out, "\nTried and not killed (the gap stays open for these):\n");
				missed = true;
			}
			struct strbuf ev = STRBUF_INIT;
			evidence_text(&ev, s->kills, s->attempts, s->torture_s);
			sb_addf(out, "\n  %s %s:%ld %s\n", s->id, s->path, s->line, s->function);
			char *what = xasprintf("mutant: %s", s->description);
			wrap(out, what, "    ", 72);
			free(what);
			char *before = xasprintf("before: %s", ev.buf);
			wrap(out, before, "    ", 72);
			free(before);
			sb_reset(&ev);
			evidence_text(&ev, t->kills, t->attempts, t->torture_s);
			char *after = t->kills ? xasprintf("now: %s; killed in %s by \"%s\"", ev.buf,
							   t->kill_scenario, t->kill_reason)
					       : xasprintf("now: %s", ev.buf);
			wrap(out, after, "    ", 72);
			free(after);
			if (pass == 0 && *s->note) {
				char *why = xasprintf("missed because: %s", s->note);
				wrap(out, why, "    ", 72);
				free(why);
			}
			sb_release(&ev);
		}
	}
	struct strbuf controls = STRBUF_INIT;
	sb_adds(&controls, "Controls: the unmutated code with this change passed");
	for (size_t i = 0; i < c->nr_scenarios; i++)
		sb_addf(&controls, "%s %ld runs of %s", i ? "," : "", c->per_scenario[i].passed,
			c->per_scenario[i].name);
	sb_adds(&controls, "; none failed.");
	sb_addc(out, '\n');
	wrap(out, controls.buf, "", 72);
	sb_release(&controls);
}

/* Writes one change as DIR/NNNN-NAME.patch in mbox form; prints its path. */
static void export_change(const struct gap_data *d, const struct gap_change *c, const char *dir,
			  int number, const char *from, const char *campaign)
{
	struct strbuf out = STRBUF_INIT;
	struct tm tm = { 0 };
	char date[64] = "Thu, 1 Jan 1970 00:00:00 +0000";
	if (strptime(c->created, "%Y-%m-%dT%H:%M:%SZ", &tm))
		strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm);
	sb_addf(&out, "From %s Mon Sep 17 00:00:00 2001\nFrom: %s\nDate: %s\n"
		"Subject: [PATCH] %s\n\n", c->hash, from, date, c->subject);
	export_message(&out, d, c, campaign);
	sb_addf(&out, "\n(mutorture gaps: change '%s', version %s)\n---\n", c->name, c->hash);
	sb_adds(&out, c->diff);
	if (out.len && out.buf[out.len - 1] != '\n')
		sb_addc(&out, '\n');
	sb_addf(&out, "-- \nmutorture %s\n\n", MUTORTURE_VERSION);
	char *path = xasprintf("%s/%04d-%s.patch", dir, number, c->name);
	if (write_file_by_rename(path, out.buf, out.len))
		die("cannot write '%s'", path);
	printf("%s\n", path);
	free(path);
	sb_release(&out);
}

/* Whether s can be a patch's From: 'NAME <EMAIL>', on one line. */
static bool author_ok(const char *s)
{
	const char *lt = strchr(s, '<');
	size_t n = strlen(s);
	return lt && lt > s && s[n - 1] == '>' && strchr(lt, '@') && !strchr(lt + 1, '<') &&
	       !strchr(s, '\n');
}

static int gaps_export(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *dir = ".";
	const char *from = NULL;
	static const char *const usage[] = {
		"mutorture gaps export [--db FILE] [--out DIR] [--from 'NAME <EMAIL>'] [CHANGE...]",
		NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "out", &dir, "DIR", "where the patches go, made if missing (default: here)"),
		OPT_STRING(0, "from", &from, "'NAME <EMAIL>'",
			   "the patches' author (default: $MUTORTURE_FROM, else mutorture)"),
		OPT_END(),
	};
	int npos = parse_options(argc, argv, options, usage);
	/* The author goes into every patch's From: line, checked before anything is written. */
	if (from && !author_ok(from))
		usage_error("option '--from' expects 'NAME <EMAIL>', not '%s'", from);
	if (!from && getenv("MUTORTURE_FROM") && *getenv("MUTORTURE_FROM")) {
		from = getenv("MUTORTURE_FROM");
		if (!author_ok(from))
			die("MUTORTURE_FROM='%s' is not 'NAME <EMAIL>'", from);
	}
	/* A missing --out is made, one level, once every named change is known exportable. */
	struct stat sb;
	bool make_dir = stat(dir, &sb) != 0;
	if (make_dir ? errno != ENOENT : !S_ISDIR(sb.st_mode))
		usage_error("--out '%s': not a directory", dir);
	sqlite3 *db = db_open(db_file, DB_READ);
	triage_attach(db);
	struct gap_data d;
	gap_data_load(db, &d);
	char *target = db_setting_get(db, "target");
	const char *campaign = target ? target : db_file;
	/* Each named change must be exportable; without names, every one that is. */
	for (int i = 0; i < npos; i++) {
		const struct gap_change *c = gap_change_find(&d, argv[i]);
		if (!c)
			die("campaign '%s' has tried no torture change '%s' (mutorture gaps lists them)",
			    db_file, argv[i]);
		if (c->state != CHANGE_ACCEPTED)
			die("change '%s' is %s: %s", c->name, change_state_name(c->state),
			    c->state == CHANGE_REJECTED ? c->failure
							: "too few control runs of the unmutated code");
		if (!c->closed)
			die("change '%s' closes no survivor: nothing to send", c->name);
	}
	if (make_dir && mkdir(dir, 0777))
		die("cannot make --out '%s': %s", dir, strerror(errno));
	int number = 0;
	for (size_t i = 0; i < d.nr_changes; i++) {
		const struct gap_change *c = &d.changes[i];
		bool named = !npos;
		for (int k = 0; k < npos; k++)
			named |= !strcmp(argv[k], c->name);
		if (!named || !c->latest || c->state != CHANGE_ACCEPTED || !c->closed)
			continue;
		export_change(&d, c, dir, ++number, from ? from : "mutorture <mutorture@localhost>",
			      campaign);
	}
	if (!number)
		warning("no accepted change closes a survivor: nothing exported");
	free(target);
	gap_data_free(&d);
	db_close(db);
	return 0;
}

/* Dies when from is missing, or is the database db_file itself (by another path too). */
static void check_two_files(const char *db_file, const char *from)
{
	struct stat a, b;
	if (stat(from, &a))
		die("cannot open database '%s': %s", from, strerror(errno));
	if (!stat(db_file, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		die("'%s' is the database '%s' itself: nothing to import", from, db_file);
}

static const char *plural(long n)
{
	return n == 1 ? "" : "s";
}

static void print_import(const struct import_plan *plan, const char *from, const char *db_file,
			 bool dry_run)
{
	long imported = 0, results = 0, runs = 0;
	for (size_t i = 0; i < plan->nr_changes; i++) {
		const struct import_change *c = &plan->changes[i];
		if (c->present) {
			printf("already in DB: %s (%s)\n", c->name, c->hash);
			continue;
		}
		printf("imported %s (%s): %ld result%s (%ld control/baseline run%s, %ld torture "
		       "run%s of %ld mutant%s)\n", c->name, c->hash, c->results, plural(c->results),
		       c->controls, plural(c->controls), c->torture, plural(c->torture), c->mutants,
		       plural(c->mutants));
		imported++;
		results += c->results;
		runs += c->scenario_runs;
	}
	printf("imported %ld of %zu change%s from '%s' into '%s': %ld result%s, %ld scenario "
	       "run%s%s\n", imported, plan->nr_changes, plural((long)plan->nr_changes), from,
	       db_file, results, plural(results), runs, plural(runs),
	       dry_run ? " (--dry-run: nothing written)" : "");
}

/* Carries the tries of FROM's torture changes (all, or each CHANGE: a name or a hash) into
 * the database; gaps-import.h says what moves and when it is refused. FROM is only read, but
 * an older one is brought up to date first, as by any reader. */
static int gaps_import(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	int dry_run = 0;
	static const char *const usage[] = {
		"mutorture gaps import [--db FILE] FROM.db [CHANGE...] [--dry-run]",
		NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_BOOL(0, "dry-run", &dry_run, "check and print what would be imported; write nothing"),
		OPT_END(),
	};
	int npos = parse_options(argc, argv, options, usage);
	if (npos < 1)
		usage_with_options(usage, options);
	const char *from_file = argv[0];
	check_two_files(db_file, from_file);
	struct strlist names = { 0 };
	for (int i = 1; i < npos; i++)
		strlist_add(&names, argv[i]);
	sqlite3 *db = db_open(db_file, DB_WRITE);
	sqlite3 *from = db_open(from_file, DB_READ);
	/* The checks and the copy in one write transaction: all of it, or nothing. */
	db_begin(db);
	struct import_plan plan;
	import_plan(db, from, &names, &plan);
	if (dry_run) {
		db_exec(db, "ROLLBACK");
	} else {
		import_copy(db, from, &plan);
		db_commit(db);
	}
	print_import(&plan, from_file, db_file, dry_run);
	import_plan_free(&plan);
	strlist_clear(&names);
	db_close(from);
	db_close(db);
	return 0;
}

/* The subcommands written in C ('try' is the runner's). */
static const struct {
	const char *name;
	int (*run)(int argc, const char **argv);
} subcommands[] = {
	{ "export", gaps_export },
	{ "import", gaps_import },
	{ "register", gaps_register },
};

int cmd_gaps(int argc, const char **argv)
{
	/* The subcommand is the first word after the verb, or after a leading --db FILE. */
	int at = 1;
	if (at < argc && !strcmp(argv[at], "--db"))
		at += 2;
	else if (at < argc && starts_with(argv[at], "--db="))
		at++;
	const char *sub = at < argc ? argv[at] : "";
	int (*run)(int, const char **) = NULL;
	for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(sub, subcommands[i].name))
			run = subcommands[i].run;
	if (!run && strcmp(sub, "try"))
		return gaps_list(argc, argv);
	/* argv without the subcommand, its name in argv[0]. */
	const char **args = xcalloc((size_t)argc, sizeof(*args));
	args[0] = sub;
	for (int i = 1, n = 1; i < argc; i++)
		if (i != at)
			args[n++] = argv[i];
	if (!strcmp(sub, "try"))
		run_script("runner/gaps-try", argc - 1, args);
	int rc = run(argc - 1, args);
	free(args);
	return rc;
}
