/* mutorture record: the one writer of result rows. Reads records on stdin, one a line, of
 * tab-separated key=value fields (values escape '\\', tab and newline as \\, \t, \n), and
 * commits each in its own transaction as soon as it is read, so a killed runner loses nothing
 * that reached this process. A record whose attempt is already stored is a replay and is
 * ignored. A malformed record is reported (input line number and problem), skipped, and
 * makes the exit status 1 once the input is done. Input is bounded: a record line longer than
 * RECORD_MAX_LINE, or holding a NUL or another control byte than tab (binary data, a torn
 * write), is refused whole; the free-text fields are cut at FIELD_MAX bytes. Nothing from the
 * input reaches the terminal unescaped. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "status.h"
#include "tsv.h"
#include "util.h"

#define MAX_SCENARIOS 64
#define RECORD_MAX_LINE (1u << 20) /* a record: a few hundred bytes, a log tail of 2000 */
#define FIELD_MAX 4096             /* reason, log_tail, a scenario run's reason */

/* Fields of one record; NULL = absent. Scenario runs keep their raw "NAME|STATUS|S|REASON". */
struct record {
	const char *attempt, *mutant, *kind, *status, *scenario, *duplicate_of, *started;
	const char *build_s, *test_s, *exit_code, *reason, *log_dir, *log_tail, *host;
	const char *duration, *supersedes, *change;
	const char *scenario_run[MAX_SCENARIOS];
	size_t nr_scenario_runs;
};

static const struct field {
	const char *key;
	size_t offset;
} fields[] = {
#define F(name) { #name, offsetof(struct record, name) }
	F(attempt), F(mutant), F(kind), F(status), F(scenario), F(duplicate_of), F(started),
	F(build_s), F(test_s), F(exit_code), F(reason), F(log_dir), F(log_tail), F(host),
	F(duration), F(supersedes), F(change),
#undef F
};

static int is_number(const char *s, int integer)
{
	char *end;
	errno = 0;
	if (integer)
		(void)strtol(s, &end, 10);
	else
		(void)strtod(s, &end);
	return *s && !errno && !*end;
}

/* Splits and checks line (modified in place); NULL if fine, else the problem (static text or
 * *owned, which the caller frees). */
static const char *parse_record(char *line, struct record *r, char **owned)
{
	memset(r, 0, sizeof(*r));
	for (char *field = line; field;) {
		char *tab = strchr(field, '\t');
		if (tab)
			*tab = '\0';
		char *eq = strchr(field, '=');
		if (!eq)
			return *owned = xasprintf("field '%.40s' is not key=value", field);
		*eq = '\0';
		char *value = eq + 1;
		if (tsv_unescape(value) < 0)
			return *owned = xasprintf("bad escape in the value of '%s'", field);
		if (!strcmp(field, "scenario_run")) {
			if (r->nr_scenario_runs == MAX_SCENARIOS)
				return "too many scenario_run fields";
			r->scenario_run[r->nr_scenario_runs++] = value;
		} else {
			size_t i = 0;
			while (i < sizeof(fields) / sizeof(fields[0]) && strcmp(fields[i].key, field))
				i++;
			if (i == sizeof(fields) / sizeof(fields[0]))
				return *owned = xasprintf("unknown key '%.40s'", field);
			const char **slot = (const char **)((char *)r + fields[i].offset);
			if (*slot)
				return *owned = xasprintf("key '%s' given twice", field);
			*slot = value;
		}
		field = tab ? tab + 1 : NULL;
	}
	if (!r->attempt || !*r->attempt)
		return "no attempt";
	if (!r->status)
		return "no status";
	enum mutant_state state;
	enum result_kind kind;
	if (!state_lookup(r->status, STATES_RESULT, &state))
		return *owned = xasprintf("unknown status '%.40s'", r->status);
	if (r->kind && !kind_lookup(r->kind, &kind))
		return *owned = xasprintf("unknown kind '%.40s'", r->kind);
	if (r->build_s && *r->build_s && !is_number(r->build_s, 0))
		return "build_s is not a number";
	if (r->test_s && *r->test_s && !is_number(r->test_s, 0))
		return "test_s is not a number";
	if (r->duration && *r->duration && !is_number(r->duration, 0))
		return "duration is not a number";
	if (r->exit_code && *r->exit_code && !is_number(r->exit_code, 1))
		return "exit_code is not an integer";
	for (size_t i = 0; i < r->nr_scenario_runs; i++) {
		char *s = (char *)r->scenario_run[i];
		char *p1 = strchr(s, '|'), *p2 = p1 ? strchr(p1 + 1, '|') : NULL;
		char *p3 = p2 ? strchr(p2 + 1, '|') : NULL;
		if (!p3 || p1 == s)
			return "scenario_run is not NAME|STATUS|SECONDS|REASON";
		*p1 = *p2 = *p3 = '\0';
		if (!state_lookup(p1 + 1, STATES_SCENARIO, &state))
			return *owned = xasprintf("unknown scenario_run status '%.40s'", p1 + 1);
		if (*(p2 + 1) && !is_number(p2 + 1, 0))
			return "scenario_run seconds is not a number";
		for (size_t j = 0; j < i; j++)
			if (!strcmp(r->scenario_run[j], s))
				return *owned = xasprintf("scenario '%.40s' given twice", s);
	}
	return NULL;
}

static void bind_opt_text(sqlite3 *db, sqlite3_stmt *st, int i, const char *v, const char *dflt)
{
	db_bind_text(db, st, i, v && *v ? v : dflt);
}

static void bind_opt_number(sqlite3 *db, sqlite3_stmt *st, int i, const char *v)
{
	if (v && *v)
		db_bind_text(db, st, i, v); /* column affinity stores it as a number */
	else
		db_bind_text(db, st, i, NULL);
}

/* Cuts a free-text value at FIELD_MAX bytes (at a UTF-8 character boundary), in place. */
static void cap_field(const char *value)
{
	if (!value || strlen(value) <= FIELD_MAX)
		return;
	char *v = (char *)value;
	size_t n = FIELD_MAX - 3;
	while (n && ((unsigned char)v[n] & 0xc0) == 0x80)
		n--;
	memcpy(v + n, "...", 4);
}

/* Whether attempt is a recorded result of mutant (or of no mutant, for NULL). */
static bool attempt_of(sqlite3 *db, const char *attempt, const char *mutant)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM result WHERE attempt = ?1 "
					  "AND mutant_id IS ?2");
	db_bind_text(db, st, 1, attempt);
	db_bind_text(db, st, 2, mutant && *mutant ? mutant : NULL);
	bool found = db_step(db, st);
	sqlite3_finalize(st);
	return found;
}

static int mutant_exists(sqlite3 *db, const char *id)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM mutant WHERE id = ?1");
	db_bind_text(db, st, 1, id);
	int found = db_step(db, st);
	sqlite3_finalize(st);
	return found;
}

/* The id of the torture change with this hash, or 0 if the campaign has none. */
static long long change_id(sqlite3 *db, const char *hash)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id FROM torture_change WHERE hash = ?1");
	db_bind_text(db, st, 1, hash);
	long long id = db_step(db, st) ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return id;
}

/* "line N: MESSAGE" about one input line, in static storage. Values from the input are
 * unescaped by then (a tab or newline of theirs reaches the message), so every control byte
 * shows as '?'. */
static const char *line_text(long lineno, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static const char *line_text(long lineno, const char *fmt, ...)
{
	static char shown[512];
	int n = snprintf(shown, sizeof(shown), "line %ld: ", lineno);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(shown + n, sizeof(shown) - (size_t)n, fmt, ap);
	va_end(ap);
	return printable(shown);
}

/* Stores one checked record in its own transaction; 0 stored, 1 replay, -1 problem. */
static int store(sqlite3 *db, const struct record *r, long lineno)
{
	db_begin(db);
	if (r->mutant && *r->mutant && !mutant_exists(db, r->mutant)) {
		db_exec(db, "ROLLBACK");
		return error("%s", line_text(lineno, "unknown mutant '%.40s'", r->mutant));
	}
	if (r->duplicate_of && *r->duplicate_of && !mutant_exists(db, r->duplicate_of)) {
		db_exec(db, "ROLLBACK");
		return error("%s", line_text(lineno, "unknown mutant '%.40s' in duplicate_of",
					     r->duplicate_of));
	}
	if (r->supersedes && *r->supersedes && !attempt_of(db, r->supersedes, r->mutant)) {
		db_exec(db, "ROLLBACK");
		return error("%s", line_text(lineno, "supersedes '%.60s', no attempt of the "
					     "same mutant", r->supersedes));
	}
	long long change = 0;
	if (r->change && *r->change && !(change = change_id(db, r->change))) {
		db_exec(db, "ROLLBACK");
		return error("%s", line_text(lineno, "unknown torture change '%.40s'", r->change));
	}
	sqlite3_stmt *st = db_prepare(db,
		"INSERT INTO result(attempt, mutant_id, kind, status, scenario, duplicate_of, started, "
		"  build_s, test_s, exit_code, reason, log_dir, log_tail, host, duration, supersedes, "
		"  change_id) "
		"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
		"  nullif(?17, 0)) "
		"ON CONFLICT(attempt) DO NOTHING");
	db_bind_text(db, st, 1, r->attempt);
	bind_opt_text(db, st, 2, r->mutant, NULL);
	bind_opt_text(db, st, 3, r->kind, kind_names[KIND_TORTURE]);
	db_bind_text(db, st, 4, r->status);
	bind_opt_text(db, st, 5, r->scenario, "");
	bind_opt_text(db, st, 6, r->duplicate_of, NULL);
	bind_opt_text(db, st, 7, r->started, "");
	bind_opt_number(db, st, 8, r->build_s);
	bind_opt_number(db, st, 9, r->test_s);
	bind_opt_number(db, st, 10, r->exit_code);
	bind_opt_text(db, st, 11, r->reason, "");
	bind_opt_text(db, st, 12, r->log_dir, "");
	bind_opt_text(db, st, 13, r->log_tail, "");
	bind_opt_text(db, st, 14, r->host, "");
	bind_opt_number(db, st, 15, r->duration);
	bind_opt_text(db, st, 16, r->supersedes, NULL);
	db_bind_int(db, st, 17, change);
	db_step(db, st);
	sqlite3_finalize(st);
	if (sqlite3_changes(db) == 0) {
		db_commit(db);
		return 1;
	}
	long long result_id = sqlite3_last_insert_rowid(db);
	st = db_prepare(db, "INSERT INTO scenario_run(result_id, scenario, status, test_s, reason) "
			    "VALUES (?1, ?2, ?3, ?4, ?5)");
	for (size_t i = 0; i < r->nr_scenario_runs; i++) {
		/* parse_record split each into NAME\0STATUS\0SECONDS\0REASON */
		const char *name = r->scenario_run[i];
		const char *status = name + strlen(name) + 1;
		const char *secs = status + strlen(status) + 1;
		const char *reason = secs + strlen(secs) + 1;
		cap_field(reason);
		sqlite3_reset(st);
		db_bind_int(db, st, 1, result_id);
		db_bind_text(db, st, 2, name);
		db_bind_text(db, st, 3, status);
		bind_opt_number(db, st, 4, secs);
		db_bind_text(db, st, 5, reason);
		db_step(db, st);
	}
	sqlite3_finalize(st);
	/* A control run of the unmutated code that failed: the suite fails by chance, and the
	 * campaign says so until someone looks (status, report). Under a torture change it says
	 * something of the change instead (mutorture gaps). */
	if (!change && r->kind && !strcmp(r->kind, kind_names[KIND_CONTROL]) &&
	    strcmp(r->status, state_names[STATE_SURVIVED])) {
		char *flaky = xasprintf("control run %s %s%s%s", r->attempt, r->status,
					r->reason && *r->reason ? ": " : "", r->reason ? r->reason : "");
		db_setting_set(db, "flaky", flaky);
		free(flaky);
	}
	db_commit(db);
	return 0;
}

/* Reads one line (without its newline) into line, keeping at most RECORD_MAX_LINE bytes;
 * *total is the line's full length. False at the end of the input. */
static bool read_line(FILE *in, struct strbuf *line, size_t *total)
{
	int c;
	sb_reset(line);
	*total = 0;
	while ((c = getc_unlocked(in)) != EOF && c != '\n')
		if ((*total)++ < RECORD_MAX_LINE)
			sb_addc(line, (char)c);
	return c != EOF || *total;
}

/* The first byte of line that has no place in a record (text with tabs), or -1. */
static long first_binary_byte(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)line[i] < 0x20 && line[i] != '\t')
			return (long)i;
	return -1;
}

int cmd_record(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	int verbose = 0;
	static const char *const usage[] = { "mutorture record [--db FILE] [--verbose] < RECORDS", NULL };
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_BOOL('v', "verbose", &verbose, "say what happened to each record"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	sqlite3 *db = db_open(db_file, DB_WRITE);
	struct strbuf buf = STRBUF_INIT;
	size_t total;
	long lineno = 0;
	int bad = 0;
	while (read_line(stdin, &buf, &total)) {
		lineno++;
		if (!total)
			continue;
		if (total > RECORD_MAX_LINE) {
			error("line %ld: a record of %zu bytes, more than %u: refused", lineno, total,
			      RECORD_MAX_LINE);
			bad = 1;
			continue;
		}
		long at = first_binary_byte(buf.buf, buf.len);
		if (at >= 0) {
			error("line %ld: byte 0x%02x at column %ld: a record is text (binary data or a "
			      "torn line?): refused", lineno, (unsigned char)buf.buf[at], at + 1);
			bad = 1;
			continue;
		}
		char *line = buf.buf;
		struct record r;
		char *owned = NULL;
		const char *problem = parse_record(line, &r, &owned);
		if (problem) {
			error("%s", line_text(lineno, "%s", problem));
			free(owned);
			bad = 1;
			continue;
		}
		cap_field(r.reason);
		cap_field(r.log_tail);
		int rc = store(db, &r, lineno);
		if (rc < 0)
			bad = 1;
		else if (verbose)
			printf("%s\n", line_text(lineno, "%s attempt '%.200s'",
						 rc ? "ignored replayed" : "recorded", r.attempt));
		if (verbose)
			fflush(stdout);
	}
	sb_release(&buf);
	db_close(db);
	return bad;
}
