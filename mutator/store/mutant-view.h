/* The mutants of the current sources as the reports read them: each with its location, its
 * status and the evidence behind it (view mutant_status), the result that decided it, and its
 * triage state
 * (triage.h). One query, shared by survivors and report, so both always agree. The connection
 * must have had triage_attach(). */
#ifndef MUTORTURE_MUTANT_VIEW_H
#define MUTORTURE_MUTANT_VIEW_H

#include <sqlite3.h>
#include <stdbool.h>

#include "strlist.h"

/* Borrowed from the statement: valid until the next mutant_view_next(). */
struct mutant_view {
	const char *id, *path, *function, *operator_name, *description;
	const char *original, *replacement, *status;
	long line, col, end_line, end_col;
	long kills, attempts;
	double torture_s;   /* seconds of torture of those attempts in all */
	long full_attempts; /* attempts at the campaign's confirm_duration or longer */
	const char *reason;       /* reason of the latest result with the mutant's status */
	double test_s;            /* its torture seconds, negative if none */
	const char *duplicate_of; /* "" unless a duplicate */
	const char *verdict;      /* latest triage verdict under the mutant's key, "" if none */
	const char *note;
	const char *review_verdict; /* a look-alike's verdict to review when verdict is "" */
	long source_id;
	const char *function_spelled; /* "" unless a macro renames the function */
	const char *gap;              /* the test-gap verdict's gap label, "" if none */
};

/* Rows ordered by path and position; status NULL for every status. */
sqlite3_stmt *mutant_view_query(sqlite3 *db, const char *status);
/* Fills row and returns true, or false after the last row. */
bool mutant_view_next(sqlite3 *db, sqlite3_stmt *st, struct mutant_view *row);

/* True if the row passes the lists (an empty list passes everything): path equal to one of
 * files or ending in "/" + one of them, function and operator equal to one of theirs. */
bool mutant_view_matches(const struct mutant_view *row, const struct strlist *files,
			const struct strlist *functions, const struct strlist *operators);

/* Dies naming the first value of the lists that no mutant of the current sources has (as
 * mutant_view_matches reads them): a typo in a filter must not pass for "nothing matches". */
void mutant_view_check_filters(sqlite3 *db, const struct strlist *files,
			       const struct strlist *functions, const struct strlist *operators);

#endif
