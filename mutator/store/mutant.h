/* One stored mutant with its source version, looked up by id or unique id prefix, and the
 * mutated text it stands for. Shared by show and apply, so both always agree on the text. */
#ifndef MUTORTURE_MUTANT_H
#define MUTORTURE_MUTANT_H

#include <sqlite3.h>
#include <stddef.h>

#include "util.h"

struct mutant_row {
	char *id, *path, *hash, *operator, *tag, *function, *original, *replacement;
	char *description, *status;
	char *content; /* the source version's text */
	size_t len;
	unsigned start, end, line, col, end_line, end_col;
	int current; /* 0: the source has changed since (stale) */
};

/* Loads the mutant whose id starts with prefix; dies if none or several match. */
void mutant_load(sqlite3 *db, const char *prefix, struct mutant_row *m);
/* The source text with the mutant applied (malloc'd, NUL-terminated). */
char *mutant_text(const struct mutant_row *m, size_t *len);
/* Appends the mutant's change as the unified diff of its source ('diff -u', 3 lines of context):
 * what show, 'survivors --diff' and the report's weak-memory section print. */
void mutant_diff(const struct mutant_row *m, struct strbuf *out);
void mutant_free(struct mutant_row *m);
/* mutant_load from the database file db_file, opened read-only for just this. */
void mutant_load_file(const char *db_file, const char *prefix, struct mutant_row *m);

#endif
