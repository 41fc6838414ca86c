/* The campaign database: opening it with the right pragmas, creating and checking the schema
 * (mutator/store/schema.sql, embedded at build time), and small statement helpers that turn every
 * SQLite failure into a one-line fatal error naming the database. Statements always bind
 * parameters; no SQL text is ever built from data. SQL text names statuses, result kinds and
 * verdicts only by placeholders (@STATE_KILLED@, @DETECTED_STATES@: status.h), which db_exec
 * and db_prepare fill in from status.h's lists. */
#ifndef MUTORTURE_DB_H
#define MUTORTURE_DB_H

#include <sqlite3.h>
#include <stdbool.h>

#define DB_SCHEMA_VERSION 5

enum db_mode {
	DB_READ,   /* must exist; opened read-only */
	DB_WRITE,  /* must exist; read-write */
	DB_CREATE, /* created with the schema if missing (init) */
};

/* Opens path, or dies with a one-line message (missing, unwritable, not a mutorture
 * database, newer schema). */
sqlite3 *db_open(const char *path, enum db_mode mode);
void db_close(sqlite3 *db);

/* Path the database was opened with, for messages. */
const char *db_path(sqlite3 *db);

_Noreturn void db_die(sqlite3 *db, const char *what);
void db_exec(sqlite3 *db, const char *sql);
sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql);
/* sqlite3_step that dies on anything but SQLITE_ROW / SQLITE_DONE; true on a row. */
bool db_step(sqlite3 *db, sqlite3_stmt *stmt);
void db_bind_text(sqlite3 *db, sqlite3_stmt *stmt, int i, const char *s);
void db_bind_int(sqlite3 *db, sqlite3_stmt *stmt, int i, long long v);
const char *db_column_text(sqlite3_stmt *stmt, int i); /* "" for NULL */
/* Runs stmt, a query of one parameter, again for value: whether it has a row (which the caller
 * may read). */
bool db_has_row(sqlite3 *db, sqlite3_stmt *stmt, const char *value);

struct strlist;
/* Dies naming the first value of list that no row has (sql: one parameter, a row when the
 * value exists): a typo in a filter must not pass for "nothing matches". */
void db_check_known(sqlite3 *db, const struct strlist *list, const char *sql, const char *what);

void db_begin(sqlite3 *db);
void db_commit(sqlite3 *db);

/* Campaign settings (table campaign). get returns a malloc'd copy or NULL. */
char *db_setting_get(sqlite3 *db, const char *key);
void db_setting_set(sqlite3 *db, const char *key, const char *value);

#endif
