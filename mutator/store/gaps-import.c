/* Importing torture changes' tries from another database of the campaign; see gaps-import.h. */
#include "gaps-import.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "strlist.h"
#include "util.h"

/* A change is copied level by level: its row, its results, their scenario runs, the rows of
 * a level those under one row of the level above. A level's columns are copied as they are;
 * others counts the table's columns that are not: its own row id, and the column pointing to
 * the row above, set to that row's new id. */
#define CHANGE_COLUMNS "name, hash, subject, message, gaps, scenarios, spec, diff, created"
#define RESULT_COLUMNS                                                                    \
	"attempt, mutant_id, kind, status, scenario, duplicate_of, started, build_s, test_s, " \
	"exit_code, reason, log_dir, log_tail, host, recorded, duration, supersedes"
#define RUN_COLUMNS "scenario, status, test_s, reason"

static const struct level {
	const char *table, *columns;
	int others;
	const char *select; /* the source's rows of a parent (?1): their id, then columns */
	const char *insert; /* columns, then the remapped parent id if any */
} levels[] = {
	{ "torture_change", CHANGE_COLUMNS, 1,
	  "SELECT id, " CHANGE_COLUMNS " FROM torture_change WHERE id = ?1",
	  "INSERT INTO torture_change(" CHANGE_COLUMNS ") "
	  "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)" },
	{ "result", RESULT_COLUMNS, 2,
	  "SELECT id, " RESULT_COLUMNS " FROM result WHERE change_id = ?1 ORDER BY id",
	  "INSERT INTO result(" RESULT_COLUMNS ", change_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
	  "?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)" },
	{ "scenario_run", RUN_COLUMNS, 1,
	  "SELECT result_id, " RUN_COLUMNS " FROM scenario_run WHERE result_id = ?1",
	  "INSERT INTO scenario_run(" RUN_COLUMNS ", result_id) VALUES (?1, ?2, ?3, ?4, ?5)" },
};
#define NR_LEVELS (sizeof(levels) / sizeof(levels[0]))

/* A column added to one of the tables and not to the lists above would be lost by every
 * import without a word: this says so, on the first import the schema change meets. */
static void check_columns(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT count(*) FROM pragma_table_info(?1)");
	for (size_t i = 0; i < NR_LEVELS; i++) {
		int listed = levels[i].others + 1;
		for (const char *p = levels[i].columns; (p = strchr(p, ',')); p++)
			listed++;
		sqlite3_reset(st);
		db_bind_text(db, st, 1, levels[i].table);
		db_step(db, st);
		if (sqlite3_column_int(st, 0) != listed)
			BUG("gaps import knows %d columns of table %s, the schema has %d: name the "
			    "new ones in gaps-import.c", listed, levels[i].table,
			    sqlite3_column_int(st, 0));
	}
	sqlite3_finalize(st);
}

static void check_one_campaign(sqlite3 *db, sqlite3 *from)
{
	char *to = db_setting_get(db, "target"), *of = db_setting_get(from, "target");
	if (strcmp(to ? to : "", of ? of : ""))
		die("'%s' is a campaign of target '%s', '%s' one of '%s': not the same campaign",
		    db_path(from), of ? of : "", db_path(db), to ? to : "");
	free(to);
	free(of);
}

static void load_changes(sqlite3 *db, sqlite3 *from, const struct strlist *names,
			 struct import_plan *plan)
{
	db_check_known(from, names, "SELECT 1 FROM torture_change WHERE name = ?1 OR hash = ?1",
		       "torture change");
	sqlite3_stmt *st = db_prepare(from, "SELECT id, name, hash FROM torture_change ORDER BY id");
	sqlite3_stmt *there = db_prepare(db, "SELECT 1 FROM torture_change WHERE hash = ?1");
	while (db_step(from, st)) {
		const char *name = db_column_text(st, 1), *hash = db_column_text(st, 2);
		if (names->nr && !strlist_has(names, name) && !strlist_has(names, hash))
			continue;
		plan->changes = xrealloc(plan->changes,
					 (plan->nr_changes + 1) * sizeof(*plan->changes));
		struct import_change *c = &plan->changes[plan->nr_changes++];
		memset(c, 0, sizeof(*c));
		c->from_id = sqlite3_column_int64(st, 0);
		c->name = xstrdup(name);
		c->hash = xstrdup(hash);
		c->present = db_has_row(db, there, hash);
	}
	sqlite3_finalize(there);
	sqlite3_finalize(st);
}

static void count_rows(sqlite3 *from, struct import_change *c)
{
	sqlite3_stmt *st = db_prepare(from,
		"SELECT count(*), coalesce(sum(kind IN (@KIND_CONTROL@, @KIND_BASELINE@)), 0), "
		"       coalesce(sum(kind = @KIND_TORTURE@), 0), "
		"       count(DISTINCT CASE WHEN kind = @KIND_TORTURE@ THEN mutant_id END), "
		"       (SELECT count(*) FROM scenario_run sr JOIN result r ON r.id = sr.result_id "
		"         WHERE r.change_id = ?1) "
		"  FROM result WHERE change_id = ?1");
	long *counts[] = { &c->results, &c->controls, &c->torture, &c->mutants, &c->scenario_runs };
	db_bind_int(from, st, 1, c->from_id);
	db_step(from, st);
	for (int i = 0; i < (int)(sizeof(counts) / sizeof(counts[0])); i++)
		*counts[i] = sqlite3_column_int64(st, i);
	sqlite3_finalize(st);
}

/* Every mutant the change's results name (as theirs, or as the one a duplicate repeats) must
 * be db's: the same id is the same mutant, a missing one another campaign's. */
static void check_mutants(sqlite3 *db, sqlite3 *from, const struct import_change *c)
{
	sqlite3_stmt *named = db_prepare(from,
		"SELECT mutant_id FROM result WHERE change_id = ?1 AND mutant_id IS NOT NULL UNION "
		"SELECT duplicate_of FROM result WHERE change_id = ?1 AND duplicate_of <> ''");
	sqlite3_stmt *known = db_prepare(db, "SELECT 1 FROM mutant WHERE id = ?1");
	db_bind_int(from, named, 1, c->from_id);
	while (db_step(from, named))
		if (!db_has_row(db, known, db_column_text(named, 0)))
			die("change %s (%s) of '%s' has results of mutant %s, which '%s' does not "
			    "have: a mutant of another campaign", c->name, c->hash, db_path(from),
			    db_column_text(named, 0), db_path(db));
	sqlite3_finalize(known);
	sqlite3_finalize(named);
}

/* An attempt id is the runner's, unique: one db has already under another change, or as a
 * result of the campaign's own, says the two databases disagree. */
static void check_attempts(sqlite3 *db, sqlite3 *from, const struct import_change *c)
{
	sqlite3_stmt *attempts = db_prepare(from, "SELECT attempt FROM result WHERE change_id = ?1");
	sqlite3_stmt *owner = db_prepare(db,
		"SELECT r.change_id IS NULL, t.name, t.hash FROM result r "
		"  LEFT JOIN torture_change t ON t.id = r.change_id WHERE r.attempt = ?1");
	db_bind_int(from, attempts, 1, c->from_id);
	while (db_step(from, attempts)) {
		if (!db_has_row(db, owner, db_column_text(attempts, 0)))
			continue;
		char *as = sqlite3_column_int(owner, 0)
				   ? xstrdup("one of the campaign's own results")
				   : xasprintf("a result of change %s (%s)", db_column_text(owner, 1),
					       db_column_text(owner, 2));
		die("attempt '%s' of change %s (%s) is in '%s' already, as %s: the two databases "
		    "disagree", db_column_text(attempts, 0), c->name, c->hash, db_path(db), as);
	}
	sqlite3_finalize(owner);
	sqlite3_finalize(attempts);
}

void import_plan(sqlite3 *db, sqlite3 *from, const struct strlist *names,
		 struct import_plan *plan)
{
	memset(plan, 0, sizeof(*plan));
	check_one_campaign(db, from);
	check_columns(db);
	load_changes(db, from, names, plan);
	for (size_t i = 0; i < plan->nr_changes; i++) {
		struct import_change *c = &plan->changes[i];
		if (c->present)
			continue;
		count_rows(from, c);
		check_mutants(db, from, c);
		check_attempts(db, from, c);
	}
}

/* Copies the rows of level under the source's parent row from_parent, each with the remapped
 * column set to new_parent, then the rows under each of them. */
static void copy_rows(sqlite3 *db, sqlite3 *from, sqlite3_stmt *const *get,
		      sqlite3_stmt *const *put, size_t level, long long from_parent,
		      long long new_parent)
{
	sqlite3_reset(get[level]);
	db_bind_int(from, get[level], 1, from_parent);
	int columns = sqlite3_column_count(get[level]) - 1;
	while (db_step(from, get[level])) {
		sqlite3_reset(put[level]);
		for (int i = 1; i <= columns; i++)
			if (sqlite3_bind_value(put[level], i, sqlite3_column_value(get[level], i)) !=
			    SQLITE_OK)
				db_die(db, "cannot bind parameter");
		if (level)
			db_bind_int(db, put[level], columns + 1, new_parent);
		db_step(db, put[level]);
		if (level + 1 < NR_LEVELS)
			copy_rows(db, from, get, put, level + 1,
				  sqlite3_column_int64(get[level], 0), sqlite3_last_insert_rowid(db));
	}
}

void import_copy(sqlite3 *db, sqlite3 *from, const struct import_plan *plan)
{
	sqlite3_stmt *get[NR_LEVELS], *put[NR_LEVELS];
	for (size_t i = 0; i < NR_LEVELS; i++) {
		get[i] = db_prepare(from, levels[i].select);
		put[i] = db_prepare(db, levels[i].insert);
	}
	for (size_t i = 0; i < plan->nr_changes; i++)
		if (!plan->changes[i].present)
			copy_rows(db, from, get, put, 0, plan->changes[i].from_id, 0);
	for (size_t i = 0; i < NR_LEVELS; i++) {
		sqlite3_finalize(get[i]);
		sqlite3_finalize(put[i]);
	}
}

void import_plan_free(struct import_plan *plan)
{
	for (size_t i = 0; i < plan->nr_changes; i++) {
		free(plan->changes[i].name);
		free(plan->changes[i].hash);
	}
	free(plan->changes);
	memset(plan, 0, sizeof(*plan));
}
