/* mutorture survivors: the mutants of the current sources that survived every torture attempt,
 * with where they are, what they change, the evidence (how often and how long they were tried,
 * the bound that puts on the suite's chance of killing them, whether that confirms them, see
 * evidence.h) and their triage state; --diff adds each one's unified diff. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "binomial.h"
#include "db.h"
#include "evidence.h"
#include "json.h"
#include "mutant-view.h"
#include "mutant.h"
#include "options.h"
#include "status.h"
#include "triage.h"
#include "tsv.h"
#include "util.h"

enum format { FORMAT_TABLE, FORMAT_TSV, FORMAT_JSON };

/* The columns of --format tsv (--fields picks them); without --fields, all, in this order. */
#define SURVIVOR_COLUMNS(X)                                                                 \
	X(ID, "id", NULL) X(PATH, "path", NULL) X(LINE, "line", NULL)                        \
	X(FUNCTION, "function", NULL) X(OPERATOR, "operator", NULL) X(KILLS, "kills", NULL)  \
	X(ATTEMPTS, "attempts", NULL) X(TRIAGE, "triage", NULL)                              \
	X(DESCRIPTION, "description", NULL) X(TORTURE_S, "torture_s", NULL)                  \
	X(FULL_ATTEMPTS, "full_attempts", NULL) X(CONFIRMED, "confirmed", NULL)              \
	X(EVIDENCE, "evidence", NULL)

enum column { SURVIVOR_COLUMNS(TSV_ENUM) COL_NR };
static const struct tsv_column columns[COL_NR] = { SURVIVOR_COLUMNS(TSV_COLUMN) };
static const struct tsv_fields tsv_default = {
	COL_NR, { COL_ID, COL_PATH, COL_LINE, COL_FUNCTION, COL_OPERATOR, COL_KILLS, COL_ATTEMPTS,
		  COL_TRIAGE, COL_DESCRIPTION, COL_TORTURE_S, COL_FULL_ATTEMPTS, COL_CONFIRMED,
		  COL_EVIDENCE }
};

static enum format parse_format(const char *name)
{
	if (!strcmp(name, "table"))
		return FORMAT_TABLE;
	if (!strcmp(name, "tsv"))
		return FORMAT_TSV;
	if (!strcmp(name, "json"))
		return FORMAT_JSON;
	usage_error("unknown format '%s' (table, tsv or json)", name);
}

static void print_row(const struct mutant_view *r, bool confirmed, enum format format,
		      const struct tsv_fields *tsv, struct json *j)
{
	char where[4096];
	snprintf(where, sizeof(where), "%s:%ld", r->path, r->line);
	const char *triage = triage_state(r->verdict, r->review_verdict);
	struct strbuf evidence = STRBUF_INIT;
	evidence_text(&evidence, r->kills, r->attempts, r->torture_s);
	switch (format) {
	case FORMAT_TABLE:
		printf("%-16s  %-28s %-24s %-14s %-36s %-11s %-22s %s\n", r->id, where,
		       *r->function ? r->function : "-", r->operator_name, evidence.buf,
		       confirmed ? "confirmed" : "unconfirmed", *triage ? triage : "-",
		       r->description);
		break;
	case FORMAT_TSV: {
		char line[32], k[32], a[32], secs[32], full[32];
		snprintf(line, sizeof(line), "%ld", r->line);
		snprintf(k, sizeof(k), "%ld", r->kills);
		snprintf(a, sizeof(a), "%ld", r->attempts);
		snprintf(secs, sizeof(secs), "%.1f", r->torture_s);
		snprintf(full, sizeof(full), "%ld", r->full_attempts);
		const char *row[COL_NR] = {
			[COL_ID] = r->id,
			[COL_PATH] = r->path,
			[COL_LINE] = line,
			[COL_FUNCTION] = r->function,
			[COL_OPERATOR] = r->operator_name,
			[COL_KILLS] = k,
			[COL_ATTEMPTS] = a,
			[COL_TRIAGE] = triage,
			[COL_DESCRIPTION] = r->description,
			[COL_TORTURE_S] = secs,
			[COL_FULL_ATTEMPTS] = full,
			[COL_CONFIRMED] = confirmed ? "confirmed" : "unconfirmed",
			[COL_EVIDENCE] = evidence.buf,
		};
		tsv_fields_put(stdout, tsv, row);
		putchar('\n');
		break;
	}
	case FORMAT_JSON:
		json_object_begin(j, NULL);
		json_string(j, "id", r->id);
		json_string(j, "path", r->path);
		json_int(j, "line", r->line);
		json_int(j, "column", r->col);
		json_string(j, "function", r->function);
		json_string(j, "operator", r->operator_name);
		json_string(j, "description", r->description);
		json_string(j, "original", r->original);
		json_string(j, "replacement", r->replacement);
		json_int(j, "kills", r->kills);
		json_int(j, "attempts", r->attempts);
		json_double(j, "torture_seconds", r->torture_s);
		json_int(j, "full_attempts", r->full_attempts);
		json_bool(j, "confirmed", confirmed);
		json_double(j, "kill_probability_upper95", binomial_upper_zero(r->attempts));
		json_string(j, "evidence", evidence.buf);
		json_string(j, "triage", r->verdict);
		json_string(j, "note", r->note);
		json_string(j, "review", r->review_verdict);
		json_object_end(j);
		break;
	}
	sb_release(&evidence);
}

/* The survivor's change as a unified diff against its source, as 'mutorture show' prints it. */
/* The weak_memory mutants the filters select: no survivors (no torture run here could kill
 * them), but what a survivor list on an x86 host must not hide. */
static long count_weak_memory(sqlite3 *db, const struct strlist *files,
			      const struct strlist *functions, const struct strlist *operators)
{
	sqlite3_stmt *st = mutant_view_query(db, state_names[STATE_WEAK_MEMORY]);
	struct mutant_view r;
	long n = 0;
	while (mutant_view_next(db, st, &r))
		if (mutant_view_matches(&r, files, functions, operators))
			n++;
	sqlite3_finalize(st);
	return n;
}

static void print_diff(sqlite3 *db, const char *id)
{
	struct mutant_row m;
	mutant_load(db, id, &m);
	struct strbuf out = STRBUF_INIT;
	mutant_diff(&m, &out);
	fwrite(out.buf ? out.buf : "", 1, out.len, stdout);
	putchar('\n');
	sb_release(&out);
	mutant_free(&m);
}

int cmd_survivors(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *format_name = NULL;
	struct strlist files = { 0 }, functions = { 0 }, operators = { 0 }, field_names = { 0 };
	int untriaged = 0, diff = 0, only_confirmed = 0, only_unconfirmed = 0;
	static const char *const usage[] = {
		"mutorture survivors [--db FILE] [--files PATH,...] [--function NAME]... "
		"[--operators OP,...] [--untriaged] [--confirmed|--unconfirmed] [--diff] "
		"[--format table|tsv|json] [--fields NAME,...]",
		NULL
	};
	struct strbuf fields_help = STRBUF_INIT;
	tsv_fields_help(&fields_help, "the TSV columns to print, in this order (implies --format tsv)",
			columns, COL_NR, &tsv_default);
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_LIST(0, "files", &files, "PATH,...", "only in these files (path or its tail)"),
		OPT_LIST(0, "file", &files, "PATH", NULL),
		OPT_LIST(0, "function", &functions, "NAME", "only in these functions"),
		OPT_LIST(0, "operators", &operators, "OP,...", "only made by these operators"),
		OPT_LIST(0, "operator", &operators, "OP", NULL),
		OPT_BOOL(0, "untriaged", &untriaged, "only survivors without a verdict (or with one to review)"),
		OPT_BOOL(0, "confirmed", &only_confirmed, "only survivors the campaign's confirmation runs confirmed"),
		OPT_BOOL(0, "unconfirmed", &only_unconfirmed, "only survivors still short of them"),
		OPT_BOOL(0, "diff", &diff, "show each survivor's unified diff (table format)"),
		OPT_STRING(0, "format", &format_name, "FORMAT",
			   "table (default), json, or tsv: one survivor a line (--fields)"),
		OPT_LIST(0, "fields", &field_names, "NAME,...", fields_help.buf),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (!format_name)
		format_name = field_names.nr ? "tsv" : "table";
	enum format format = parse_format(format_name);
	struct tsv_fields tsv;
	tsv_fields_choose(&tsv, format_name, &field_names, columns, COL_NR, &tsv_default);
	if (diff && format != FORMAT_TABLE)
		usage_error("--diff goes with the table format only");
	if (only_confirmed && only_unconfirmed)
		usage_error("--confirmed and --unconfirmed cannot be combined");

	sqlite3 *db = db_open(db_file, DB_READ);
	mutant_view_check_filters(db, &files, &functions, &operators);
	triage_attach(db);
	struct confirm_policy policy;
	confirm_policy_load(db, &policy);
	struct strbuf out = STRBUF_INIT;
	struct json j;
	json_init(&j, &out);
	if (format == FORMAT_JSON)
		json_array_begin(&j, NULL);
	else if (format == FORMAT_TABLE)
		printf("%-16s  %-28s %-24s %-14s %-36s %-11s %-22s %s\n", "ID", "LOCATION",
		       "FUNCTION", "OPERATOR", "EVIDENCE", "CONFIRMED", "TRIAGE", "DESCRIPTION");
	sqlite3_stmt *st = mutant_view_query(db, state_names[STATE_SURVIVED]);
	struct mutant_view r;
	long shown = 0;
	while (mutant_view_next(db, st, &r)) {
		if (!mutant_view_matches(&r, &files, &functions, &operators))
			continue;
		if (untriaged && *r.verdict)
			continue;
		bool confirmed = survivor_confirmed(&policy, r.full_attempts);
		if ((only_confirmed && !confirmed) || (only_unconfirmed && confirmed))
			continue;
		print_row(&r, confirmed, format, &tsv, &j);
		if (diff)
			print_diff(db, r.id);
		shown++;
	}
	sqlite3_finalize(st);
	if (format == FORMAT_JSON) {
		json_array_end(&j);
		json_finish(&j);
		printf("%s\n", out.buf);
	} else if (format == FORMAT_TABLE) {
		printf("%ld survivor%s\n", shown, shown == 1 ? "" : "s");
		long weak = count_weak_memory(db, &files, &functions, &operators);
		if (weak)
			printf("and %ld weak-memory only, apart (object code the original's on this host, "
			       "not on aarch64: only a weakly ordered machine can kill them; "
			       "mutorture list --status weak_memory)\n",
			       weak);
	}
	sb_release(&fields_help);
	strlist_clear(&field_names);
	sb_release(&out);
	strlist_clear(&files);
	strlist_clear(&functions);
	strlist_clear(&operators);
	db_close(db);
	return 0;
}
