/* mutorture triage: give a survivor a verdict (status.h: bug, test-gap, ignore, equivalent)
 * with a note, stored under the mutant's content key (triage.h) so it holds for the same
 * change after the sources are regenerated. A verdict needs evidence: on a survivor the
 * campaign has not confirmed yet (evidence.h) it is refused unless --force. --list shows every
 * verdict ever given and where it stands now: current (its key matches a current mutant),
 * killed (a run after the verdict killed the mutant: review it), review (the code around the
 * mutant changed and a look-alike needs a new verdict), superseded (a later verdict has the
 * same key) or gone. A test-gap may carry a gap label (--gap), what the suite lacks in a word
 * or three, by which mutorture gaps groups the survivors and a torture change names what it
 * closes; "--gap LABEL ID..." labels verdicts already given (a new row each, verdict and note
 * kept). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "evidence.h"
#include "mutant.h"
#include "options.h"
#include "status.h"
#include "triage.h"
#include "util.h"

static void give_verdict(sqlite3 *db, const char *prefix, const char *verdict, const char *note,
			 const char *gap, bool force)
{
	struct mutant_row m;
	mutant_load(db, prefix, &m);
	if (!m.current)
		die("mutant '%s' belongs to an old version of '%s': triage the current one "
		    "(mutorture survivors)", m.id, m.path);
	char *id = xstrdup(m.id);
	mutant_free(&m);
	db_begin(db);
	sqlite3_stmt *st = db_prepare(db, "SELECT status, kills, attempts, torture_s, full_attempts "
					  "FROM mutant_status WHERE mutant_id = ?1");
	db_bind_text(db, st, 1, id);
	if (!db_step(db, st))
		BUG("mutant '%s' has no status", id);
	enum mutant_state state = state_from_name(db_column_text(st, 0));
	long kills = sqlite3_column_int64(st, 1), attempts = sqlite3_column_int64(st, 2);
	double torture_s = sqlite3_column_double(st, 3);
	long full = sqlite3_column_int64(st, 4);
	sqlite3_finalize(st);
	if (STATES_DETECTED & STATE_BIT(state))
		die("mutant '%s' was %s by the torture suite: there is nothing to triage", id,
		    state == STATE_KILLED ? state_names[STATE_KILLED] : "timed out");
	if (state != STATE_SURVIVED)
		die("mutant '%s' is %s: only survivors are triaged", id, state_names[state]);
	struct confirm_policy policy;
	confirm_policy_load(db, &policy);
	if (!survivor_confirmed(&policy, full)) {
		struct strbuf ev = STRBUF_INIT;
		evidence_text(&ev, kills, attempts, torture_s);
		warning("mutant '%s' is not confirmed: %s; %ld of the %ld torture runs%s that "
			"confirm a survivor", id, ev.buf, full, policy.runs,
			policy.duration > 0 ? " of the campaign's full duration" : "");
		sb_release(&ev);
		if (!force)
			die("run it again first ('mutorture run' confirms survivors), or give the "
			    "verdict anyway with --force");
	}
	st = db_prepare(db, "INSERT INTO triage(key, mutant_id, verdict, note, gap) "
			    "SELECT key, mutant_id, ?2, ?3, ?4 FROM temp.current_key WHERE mutant_id = ?1");
	db_bind_text(db, st, 1, id);
	db_bind_text(db, st, 2, verdict);
	db_bind_text(db, st, 3, note);
	db_bind_text(db, st, 4, gap);
	db_step(db, st);
	sqlite3_finalize(st);
	db_commit(db);
	printf("%s: %s%s%s\n", id, verdict, *gap ? ", gap " : "", gap);
	free(id);
}

static void list_history(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT t.created, t.mutant_id, t.verdict, "
		"       CASE WHEN EXISTS (SELECT 1 FROM triage t2 WHERE t2.key = t.key AND t2.id > t.id) "
		"              THEN 'superseded' "
		"            WHEN EXISTS (SELECT 1 FROM temp.current_key c JOIN mutant_status ms "
		"                           ON ms.mutant_id = c.mutant_id WHERE c.key = t.key "
		"                            AND ms.status IN (@DETECTED_STATES@)) "
		"              THEN @STATE_KILLED@ "
		"            WHEN EXISTS (SELECT 1 FROM temp.current_key c WHERE c.key = t.key) "
		"              THEN 'current' "
		"            WHEN EXISTS (SELECT 1 FROM temp.mutant_triage mt WHERE mt.review_id = t.id) "
		"              THEN 'review' "
		"            ELSE 'gone' END, "
		"       coalesce((SELECT c.mutant_id FROM temp.current_key c WHERE c.key = t.key), "
		"                (SELECT mt.mutant_id FROM temp.mutant_triage mt "
		"                  WHERE mt.review_id = t.id), ''), "
		"       s.path || ':' || m.line || CASE m.function WHEN '' THEN '' "
		"                                  ELSE ' (' || m.function || ')' END, "
		"       CASE t.gap WHEN '' THEN t.note ELSE '[gap ' || t.gap || '] ' || t.note END "
		"  FROM triage t JOIN mutant m ON m.id = t.mutant_id JOIN source s ON s.id = m.source_id "
		" ORDER BY t.id");
	printf("%-20s  %-16s  %-10s  %-10s  %-16s  %s\n", "GIVEN", "ON MUTANT", "VERDICT", "STATE",
	       "NOW MUTANT", "WHERE / NOTE");
	while (db_step(db, st)) {
		const char *note = db_column_text(st, 6);
		printf("%-20s  %-16s  %-10s  %-10s  %-16s  %s%s%s\n", db_column_text(st, 0),
		       db_column_text(st, 1), db_column_text(st, 2), db_column_text(st, 3),
		       *db_column_text(st, 4) ? db_column_text(st, 4) : "-", db_column_text(st, 5),
		       *note ? ": " : "", note);
	}
	sqlite3_finalize(st);
}

/* Gives the test-gap verdicts of the survivors ids the gap label gap: a new verdict row under
 * each one's key with the same verdict and note, so the history keeps the unlabelled one. */
static void label_gaps(sqlite3 *db, const char **ids, int n, const char *gap)
{
	db_begin(db);
	for (int i = 0; i < n; i++) {
		struct mutant_row m;
		mutant_load(db, ids[i], &m);
		sqlite3_stmt *st = db_prepare(db,
			"SELECT t.verdict, t.note, t.gap FROM temp.mutant_triage mt "
			"  JOIN triage t ON t.id = mt.triage_id WHERE mt.mutant_id = ?1");
		db_bind_text(db, st, 1, m.id);
		if (!db_step(db, st) ||
		    strcmp(db_column_text(st, 0), verdict_names[VERDICT_TEST_GAP]))
			die("mutant '%s' is not triaged test-gap: only a test-gap gets a gap label "
			    "(mutorture triage ID test-gap --gap LABEL --note ...)", m.id);
		bool same = !strcmp(db_column_text(st, 2), gap);
		char *note = xstrdup(db_column_text(st, 1));
		sqlite3_finalize(st);
		if (!same) {
			st = db_prepare(db, "INSERT INTO triage(key, mutant_id, verdict, note, gap) "
					    "SELECT key, mutant_id, @VERDICT_TEST_GAP@, ?2, ?3 "
					    "  FROM temp.current_key WHERE mutant_id = ?1");
			db_bind_text(db, st, 1, m.id);
			db_bind_text(db, st, 2, note);
			db_bind_text(db, st, 3, gap);
			db_step(db, st);
			sqlite3_finalize(st);
		}
		printf("%s: test-gap, gap %s%s\n", m.id, gap, same ? " (already)" : "");
		free(note);
		mutant_free(&m);
	}
	db_commit(db);
}

/* A gap label: lowercase letters, digits and dashes, starting with a letter or digit. */
static bool gap_label_valid(const char *s)
{
	if (!*s || *s == '-' || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return false;
	return true;
}

int cmd_triage(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *note = "", *gap = "";
	int list = 0, force = 0;
	struct strbuf give = STRBUF_INIT, verdicts = STRBUF_INIT;
	sb_adds(&give, "mutorture triage [--db FILE] ID ");
	verdicts_text(&give, "|", "|");
	sb_adds(&give, " [--note TEXT] [--gap LABEL] [--force]");
	verdicts_text(&verdicts, ", ", " or ");
	const char *const usage[] = {
		give.buf,
		"mutorture triage [--db FILE] --gap LABEL ID...",
		"mutorture triage [--db FILE] --list",
		NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "note", &note, "TEXT", "why: kept with the verdict"),
		OPT_STRING(0, "gap", &gap, "LABEL",
			   "with test-gap: what the suite lacks, a short label (lowercase, digits, "
			   "dashes) that groups survivors in 'mutorture gaps'; alone: label the "
			   "test-gap verdicts of the IDs, verdict and note kept"),
		OPT_BOOL(0, "force", &force, "give the verdict even on a survivor not yet confirmed"),
		OPT_BOOL(0, "list", &list, "show every verdict given, and where each stands now"),
		OPT_END(),
	};
	int npos = parse_options(argc, argv, options, usage);
	if (*gap && !gap_label_valid(gap))
		usage_error("gap label '%s': lowercase letters, digits and dashes (at most 64, "
			    "not starting with a dash)", gap);
	enum triage_verdict verdict = VERDICT_NR;
	bool valid = npos == 2 && verdict_lookup(argv[1], &verdict);
	bool labelling = *gap && npos >= 1 && !valid;
	if (list && (npos || *gap))
		usage_error("--list takes no mutant and no --gap");
	if (!list && !labelling && npos == 1)
		usage_error("give '%s' a verdict: %s", argv[0], verdicts.buf);
	if (!list && !labelling && npos != 2)
		usage_error("name a survivor and its verdict (see 'mutorture triage --help')");
	if (!list && !labelling && !valid)
		usage_error("unknown verdict '%s' (%s)", argv[1], verdicts.buf);
	if (!list && !labelling && *gap && verdict != VERDICT_TEST_GAP)
		usage_error("--gap labels a test-gap, not a verdict '%s'", argv[1]);
	if (labelling && (*note || force))
		usage_error("--gap LABEL ID... keeps each verdict and note: no --note or --force");

	sqlite3 *db = db_open(db_file, list ? DB_READ : DB_WRITE);
	triage_attach(db);
	if (list)
		list_history(db);
	else if (labelling)
		label_gaps(db, argv, npos, gap);
	else
		give_verdict(db, argv[0], argv[1], note, gap, force);
	db_close(db);
	sb_release(&give);
	sb_release(&verdicts);
	return 0;
}
