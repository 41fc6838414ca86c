/* Campaign database access; see db.h. */
#include "db.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash.h"
#include "status.h"
#include "strlist.h"
#include "util.h"

extern const char schema_sql[];
extern const char views_sql[];

const char *db_path(sqlite3 *db)
{
	const char *p = sqlite3_db_filename(db, "main");
	return p && *p ? p : "(memory)";
}

void db_die(sqlite3 *db, const char *what)
{
	die("database '%s': %s: %s", db_path(db), what, sqlite3_errmsg(db));
}

/* sql with its vocabulary placeholders filled in (status.h): sql itself when it has none, else
 * the text in sb. */
static const char *filled(const char *sql, struct strbuf *sb)
{
	if (!strchr(sql, '@'))
		return sql;
	vocabulary_sql(sb, sql);
	return sb->buf;
}

void db_exec(sqlite3 *db, const char *sql)
{
	struct strbuf sb = STRBUF_INIT;
	char *msg = NULL;
	if (sqlite3_exec(db, filled(sql, &sb), NULL, NULL, &msg) != SQLITE_OK) {
		char *copy = xstrdup(msg ? msg : "unknown error");
		sqlite3_free(msg);
		die("database '%s': %s", db_path(db), copy);
	}
	sb_release(&sb);
}

sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql)
{
	struct strbuf sb = STRBUF_INIT;
	sqlite3_stmt *stmt;
	if (sqlite3_prepare_v2(db, filled(sql, &sb), -1, &stmt, NULL) != SQLITE_OK)
		db_die(db, "cannot prepare statement");
	sb_release(&sb);
	return stmt;
}

bool db_step(sqlite3 *db, sqlite3_stmt *stmt)
{
	int rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		return true;
	if (rc == SQLITE_DONE)
		return false;
	db_die(db, "cannot run statement");
}

void db_bind_text(sqlite3 *db, sqlite3_stmt *stmt, int i, const char *s)
{
	int rc = s ? sqlite3_bind_text(stmt, i, s, -1, SQLITE_TRANSIENT)
		   : sqlite3_bind_null(stmt, i);
	if (rc != SQLITE_OK)
		db_die(db, "cannot bind parameter");
}

void db_bind_int(sqlite3 *db, sqlite3_stmt *stmt, int i, long long v)
{
	if (sqlite3_bind_int64(stmt, i, v) != SQLITE_OK)
		db_die(db, "cannot bind parameter");
}

const char *db_column_text(sqlite3_stmt *stmt, int i)
{
	const unsigned char *t = sqlite3_column_text(stmt, i);
	return t ? (const char *)t : "";
}

bool db_has_row(sqlite3 *db, sqlite3_stmt *stmt, const char *value)
{
	sqlite3_reset(stmt);
	db_bind_text(db, stmt, 1, value);
	return db_step(db, stmt);
}

void db_begin(sqlite3 *db)
{
	db_exec(db, "BEGIN IMMEDIATE");
}

void db_commit(sqlite3 *db)
{
	db_exec(db, "COMMIT");
}

static int user_version(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "PRAGMA user_version");
	int v = db_step(db, st) ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return v;
}

static bool has_tables(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT count(*) FROM sqlite_schema");
	bool any = db_step(db, st) && sqlite3_column_int(st, 0) > 0;
	sqlite3_finalize(st);
	return any;
}

/* The CHECK constraints whose lists come from status.h: "CHECK (COLUMN IN (LIST))" of TABLE,
 * LIST as schema.sql writes it. */
static const struct check_list {
	const char *table, *column, *list;
} check_lists[] = {
	{ "result", "kind", "@RESULT_KINDS@" },
	{ "result", "status", "@RESULT_STATES@" },
	{ "scenario_run", "status", "@SCENARIO_STATES@" },
	{ "triage", "verdict", "@VERDICTS@" },
};

/* Sets want to the CREATE TABLE text of table as a database created now has it: its stored
 * text (columns added by migrations included) with each status.h list written again; false
 * when the database has no such table. */
static bool table_sql_wanted(sqlite3 *db, const char *table, struct strbuf *have,
			     struct strbuf *want)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT sql FROM sqlite_schema "
					  "WHERE type = 'table' AND name = ?1");
	db_bind_text(db, st, 1, table);
	bool found = db_step(db, st);
	if (found)
		sb_adds(have, db_column_text(st, 0));
	sqlite3_finalize(st);
	if (!found)
		return false;
	sb_adds(want, have->buf);
	for (size_t i = 0; i < sizeof(check_lists) / sizeof(check_lists[0]); i++) {
		const struct check_list *c = &check_lists[i];
		if (strcmp(c->table, table))
			continue;
		char *head = xasprintf("CHECK (%s IN (", c->column);
		char *at = strstr(want->buf, head);
		char *end = at ? strchr(at + strlen(head), ')') : NULL;
		if (!end)
			die("database '%s': table %s has no %s...)) constraint", db_path(db), table,
			    head);
		struct strbuf text = STRBUF_INIT;
		sb_add(&text, want->buf, (size_t)(at - want->buf) + strlen(head));
		vocabulary_sql(&text, c->list);
		sb_adds(&text, end);
		sb_release(want);
		*want = text;
		free(head);
	}
	return true;
}

/* The tables with a status.h list in a CHECK constraint (check_lists). */
static const char *const check_tables[] = { "result", "scenario_run", "triage" };

/* Sets want as table_sql_wanted does; true when the table's stored text differs from it. */
static bool check_stale(sqlite3 *db, const char *table, struct strbuf *want)
{
	struct strbuf have = STRBUF_INIT;
	bool stale = table_sql_wanted(db, table, &have, want) && strcmp(have.buf, want->buf);
	sb_release(&have);
	return stale;
}

/* Whether every status.h list of the tables' CHECK constraints is as status.h has it now. */
static bool checks_current(sqlite3 *db)
{
	bool current = true;
	for (size_t i = 0; i < sizeof(check_tables) / sizeof(check_tables[0]) && current; i++) {
		struct strbuf want = STRBUF_INIT;
		current = !check_stale(db, check_tables[i], &want);
		sb_release(&want);
	}
	return current;
}

/* Writes status.h's lists into the CHECK constraints of an older database, in the caller's
 * transaction: a status added since it was created is accepted. Lists only ever grow (a name
 * is never removed, at most listed in another order), so the rows already there satisfy them,
 * and the table's text is changed in place, SQLite's documented way for a constraint that
 * changes no stored row (writable_schema, schema_version bumped). */
static void refresh_checks(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "PRAGMA schema_version");
	int version = db_step(db, st) ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	db_exec(db, "PRAGMA writable_schema = ON");
	for (size_t i = 0; i < sizeof(check_tables) / sizeof(check_tables[0]); i++) {
		struct strbuf want = STRBUF_INIT;
		if (check_stale(db, check_tables[i], &want)) {
			st = db_prepare(db, "UPDATE sqlite_schema SET sql = ?1 "
					    "WHERE type = 'table' AND name = ?2");
			db_bind_text(db, st, 1, want.buf);
			db_bind_text(db, st, 2, check_tables[i]);
			db_step(db, st);
			sqlite3_finalize(st);
		}
		sb_release(&want);
	}
	char bump[64];
	snprintf(bump, sizeof(bump), "PRAGMA schema_version = %d", version + 1);
	db_exec(db, bump);
	db_exec(db, "PRAGMA writable_schema = OFF");
}

static void remake_views(sqlite3 *db);

static void create_schema(sqlite3 *db)
{
	char version[64];
	snprintf(version, sizeof(version), "PRAGMA user_version = %d", DB_SCHEMA_VERSION);
	db_begin(db);
	db_exec(db, schema_sql);
	remake_views(db);
	db_exec(db, version);
	db_exec(db, "INSERT INTO campaign(key, value) "
		    "VALUES ('created', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
	db_commit(db);
}

/* migrations[v - 2] takes a database of schema version v - 1 to version v; schema.sql is the
 * latest version, so a database created now needs none of them. */
static const char *const migrations[] = {
	/* 2: the spelled name of a function a macro renames (generate --function takes both) */
	"ALTER TABLE mutant ADD COLUMN function_spelled TEXT NOT NULL DEFAULT ''",
	/* 3: the torture duration of an attempt (confirmed survivors), rechecked attempts */
	"ALTER TABLE result ADD COLUMN duration REAL;"
	"ALTER TABLE result ADD COLUMN supersedes TEXT;"
	"CREATE INDEX result_supersedes ON result(supersedes);",
	/* 4: torture changes tried against the survivors (mutorture gaps), gap labels of test-gaps */
	"CREATE TABLE torture_change ("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,"
	"  subject TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', gaps TEXT NOT NULL DEFAULT '',"
	"  scenarios TEXT NOT NULL DEFAULT '', spec TEXT NOT NULL, diff TEXT NOT NULL DEFAULT '',"
	"  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')));"
	"ALTER TABLE result ADD COLUMN change_id INTEGER REFERENCES torture_change(id);"
	"CREATE INDEX result_change ON result(change_id);"
	"ALTER TABLE triage ADD COLUMN gap TEXT NOT NULL DEFAULT '';",
	/* 5: status weak_memory (refresh_checks lets the tables take it): the equivalence pass's
	 * weak-memory hints, until now equivalents whose reason said so, get it */
	"UPDATE result SET status = @STATE_WEAK_MEMORY@ WHERE kind = @KIND_TCE@ "
	"  AND status = @STATE_EQUIVALENT@ "
	"  AND reason LIKE '%identical on this host%but differs for aarch64%'",
};

/* The hash of views.sql with its lists filled in, kept as the campaign setting 'views' by the
 * database whose views were made from it: a views.sql or status.h changed without a schema
 * change is noticed too. */
static void views_hash(char out[HASH_HEX_LEN + 1])
{
	struct strbuf views = STRBUF_INIT;
	vocabulary_sql(&views, views_sql);
	hash_content(views.buf, views.len, out);
	sb_release(&views);
}

static bool views_current(sqlite3 *db)
{
	char want[HASH_HEX_LEN + 1];
	views_hash(want);
	char *have = db_setting_get(db, "views");
	bool current = have && !strcmp(have, want);
	free(have);
	return current;
}

/* Drops every view and makes them again from views.sql, so they see the migrated tables, and
 * notes which views.sql they come from. In the caller's transaction. */
static void remake_views(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT name FROM sqlite_schema WHERE type = 'view'");
	struct strbuf drop = STRBUF_INIT;
	while (db_step(db, st))
		sb_addf(&drop, "DROP VIEW \"%s\";", db_column_text(st, 0));
	sqlite3_finalize(st);
	if (drop.len)
		db_exec(db, drop.buf);
	sb_release(&drop);
	db_exec(db, views_sql);
	char hash[HASH_HEX_LEN + 1];
	views_hash(hash);
	db_setting_set(db, "views", hash);
}

/* Brings an older database to DB_SCHEMA_VERSION: first status.h's lists into its CHECK
 * constraints (a migration may write a new status), then one migration per transaction, the
 * last with the views made again; then the views, when views.sql changed since they were made. */
static void migrate(sqlite3 *db)
{
	if (!checks_current(db)) {
		db_begin(db);
		refresh_checks(db);
		db_commit(db);
	}
	for (int v = user_version(db) + 1; v <= DB_SCHEMA_VERSION; v++) {
		char version[64];
		snprintf(version, sizeof(version), "PRAGMA user_version = %d", v);
		db_begin(db);
		db_exec(db, migrations[v - 2]);
		if (v == DB_SCHEMA_VERSION)
			remake_views(db);
		db_exec(db, version);
		db_commit(db);
	}
	if (!views_current(db)) {
		db_begin(db);
		remake_views(db);
		db_commit(db);
	}
}

static void check_schema(sqlite3 *db)
{
	_Static_assert(sizeof(migrations) / sizeof(migrations[0]) == DB_SCHEMA_VERSION - 1,
		       "one migration per schema version after the first");
	int v = user_version(db);
	if (v > DB_SCHEMA_VERSION)
		die("database '%s' has schema version %d, newer than this mutorture's %d; "
		    "use a newer mutorture",
		    db_path(db), v, DB_SCHEMA_VERSION);
	if (v <= 0)
		die("'%s' is not a mutorture database (run 'mutorture init' first)", db_path(db));
	/* Another program's database may carry a user_version too: look for our tables. */
	static const char *const tables[] = { "campaign", "source", "mutant", "result" };
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' "
					  "AND name = ?1");
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		if (!db_has_row(db, st, tables[i])) {
			sqlite3_finalize(st);
			die("'%s' is not a mutorture database (it has no table '%s')", db_path(db),
			    tables[i]);
		}
	}
	sqlite3_finalize(st);
}

/* Opens path with the mode's access and checks it is a SQLite file. */
/* Whether the directory holding path can be written (for -wal and -shm files). */
static bool dir_writable(const char *path)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	bool ok = access(slash ? dir : ".", W_OK) == 0;
	free(dir);
	return ok;
}

/* Opens path as SQLite does, or with immutable=1 (no locks, no WAL index to write): what
 * reading a campaign whose directory is read-only needs. */
static int sqlite_open(const char *path, int flags, bool immutable, sqlite3 **db)
{
	if (!immutable)
		return sqlite3_open_v2(path, db, flags, NULL);
	char *uri = sqlite3_mprintf("file:%s?immutable=1", path);
	if (!uri)
		die("out of memory");
	/* A URI's path must not carry '?' or '#' unescaped; such a name is simply not retried. */
	int rc = strpbrk(path, "?#%") ? SQLITE_CANTOPEN
				       : sqlite3_open_v2(uri, db, flags | SQLITE_OPEN_URI, NULL);
	sqlite3_free(uri);
	return rc;
}

static sqlite3 *open_file(const char *path, enum db_mode mode)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		die("cannot open database '%s': it is a directory", path);
	int flags = mode == DB_READ ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
	if (mode == DB_CREATE)
		flags |= SQLITE_OPEN_CREATE;
	/* A reader in a directory it cannot write (a WAL database needs its -shm file) reads the
	 * file as it is: nobody can be writing it from there either. */
	bool immutable = mode == DB_READ && !dir_writable(path);
	sqlite3 *db = NULL;
	if (sqlite_open(path, flags, immutable, &db) != SQLITE_OK) {
		char *msg = xstrdup(db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		die("cannot open database '%s': %s", path, msg);
	}
	sqlite3_busy_timeout(db, 30000);
	/* SQLite quietly falls back to read-only on a file it cannot write: say so up front. */
	if (mode != DB_READ && sqlite3_db_readonly(db, "main") == 1) {
		sqlite3_close(db);
		die("cannot open database '%s' for writing: permission denied", path);
	}
	/* A file that is not SQLite fails on its first read: check it here with a clear message. */
	if (sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", NULL, NULL, NULL) != SQLITE_OK) {
		char *msg = xstrdup(sqlite3_errmsg(db));
		sqlite3_close(db);
		die("cannot open database '%s': %s", path, msg);
	}
	return db;
}

sqlite3 *db_open(const char *path, enum db_mode mode)
{
	/* SQLite opens a private temporary database for an empty name: a campaign that vanishes. */
	if (!*path)
		die("cannot open database '': no file name given");
	if (mode != DB_CREATE && access(path, F_OK) != 0)
		die("cannot open database '%s': %s (run 'mutorture init' first)", path,
		    strerror(errno));
	sqlite3 *db = open_file(path, mode);
	if (mode == DB_CREATE && !has_tables(db) && user_version(db) == 0) {
		if (sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL) != SQLITE_OK)
			db_die(db, "cannot switch to WAL");
		create_schema(db);
	}
	check_schema(db);
	int version = user_version(db);
	if (version < DB_SCHEMA_VERSION || !views_current(db) || !checks_current(db)) {
		/* An older campaign is brought up to date by whoever opens it first, readers too
		 * (one that cannot write it keeps views made from an older views.sql). */
		bool writable = access(path, W_OK) == 0;
		if (mode == DB_READ && !writable && version < DB_SCHEMA_VERSION)
			die("database '%s' has schema version %d and needs migrating to %d, "
			    "but it is not writable", path, version, DB_SCHEMA_VERSION);
		if (mode == DB_READ && writable) {
			db_close(db);
			db = open_file(path, DB_WRITE);
			migrate(db);
			db_close(db);
			db = open_file(path, DB_READ);
		} else if (mode != DB_READ) {
			migrate(db);
		}
	}
	db_exec(db, "PRAGMA foreign_keys = ON");
	if (mode != DB_READ)
		db_exec(db, "PRAGMA synchronous = NORMAL");
	return db;
}

void db_close(sqlite3 *db)
{
	if (sqlite3_close(db) != SQLITE_OK)
		BUG("database closed with statements still open: %s", sqlite3_errmsg(db));
}

char *db_setting_get(sqlite3 *db, const char *key)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT value FROM campaign WHERE key = ?1");
	db_bind_text(db, st, 1, key);
	char *v = db_step(db, st) ? xstrdup(db_column_text(st, 0)) : NULL;
	sqlite3_finalize(st);
	return v;
}

void db_setting_set(sqlite3 *db, const char *key, const char *value)
{
	sqlite3_stmt *st = db_prepare(db, "INSERT INTO campaign(key, value) VALUES (?1, ?2) "
					  "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
	db_bind_text(db, st, 1, key);
	db_bind_text(db, st, 2, value);
	db_step(db, st);
	sqlite3_finalize(st);
}

void db_check_known(sqlite3 *db, const struct strlist *list, const char *sql, const char *what)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	for (size_t i = 0; i < list->nr; i++) {
		if (!db_has_row(db, st, list->items[i])) {
			char *value = xstrdup(list->items[i]);
			sqlite3_finalize(st);
			die("no %s '%s' in campaign '%s'", what, value, db_path(db));
		}
	}
	sqlite3_finalize(st);
}
