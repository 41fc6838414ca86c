/* The reports' view of mutants; see mutant-view.h. */
#include "mutant-view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "util.h"

sqlite3_stmt *mutant_view_query(sqlite3 *db, const char *status)
{
	sqlite3_stmt *st = db_prepare(db,
		"SELECT m.id, s.path, m.function, m.operator, m.description, m.original, "
		"       m.replacement, ms.status, m.line, m.col, m.end_line, m.end_col, "
		"       ms.kills, ms.attempts, coalesce(d.reason, ''), d.test_s, "
		"       coalesce(d.duplicate_of, ''), coalesce(t.verdict, ''), coalesce(t.note, ''), "
		"       coalesce(rv.verdict, ''), s.id, m.function_spelled, ms.torture_s, "
		"       ms.full_attempts, coalesce(t.gap, '') "
		"  FROM mutant m JOIN source s ON s.id = m.source_id "
		"  JOIN mutant_status ms ON ms.mutant_id = m.id "
		"  JOIN temp.mutant_triage mt ON mt.mutant_id = m.id "
		"  LEFT JOIN triage t ON t.id = mt.triage_id "
		"  LEFT JOIN triage rv ON rv.id = mt.review_id "
		"  LEFT JOIN result d ON d.id = (SELECT r.id FROM live_result r WHERE r.mutant_id = m.id "
		"                                  AND r.status = ms.status ORDER BY r.id DESC LIMIT 1) "
		" WHERE s.current = 1 AND (?1 IS NULL OR ms.status = ?1) "
		" ORDER BY s.path, m.start_byte, m.end_byte, m.id");
	db_bind_text(db, st, 1, status);
	return st;
}

bool mutant_view_next(sqlite3 *db, sqlite3_stmt *st, struct mutant_view *row)
{
	if (!db_step(db, st))
		return false;
	row->id = db_column_text(st, 0);
	row->path = db_column_text(st, 1);
	row->function = db_column_text(st, 2);
	row->operator_name = db_column_text(st, 3);
	row->description = db_column_text(st, 4);
	row->original = db_column_text(st, 5);
	row->replacement = db_column_text(st, 6);
	row->status = db_column_text(st, 7);
	row->line = sqlite3_column_int64(st, 8);
	row->col = sqlite3_column_int64(st, 9);
	row->end_line = sqlite3_column_int64(st, 10);
	row->end_col = sqlite3_column_int64(st, 11);
	row->kills = sqlite3_column_int64(st, 12);
	row->attempts = sqlite3_column_int64(st, 13);
	row->reason = db_column_text(st, 14);
	row->test_s = sqlite3_column_type(st, 15) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 15);
	row->duplicate_of = db_column_text(st, 16);
	row->verdict = db_column_text(st, 17);
	row->note = db_column_text(st, 18);
	row->review_verdict = db_column_text(st, 19);
	row->source_id = sqlite3_column_int64(st, 20);
	row->function_spelled = db_column_text(st, 21);
	row->torture_s = sqlite3_column_double(st, 22);
	row->full_attempts = sqlite3_column_int64(st, 23);
	row->gap = db_column_text(st, 24);
	return true;
}

static bool in_list(const struct strlist *list, const char *s, bool path)
{
	if (!list->nr)
		return true;
	for (size_t i = 0; i < list->nr; i++) {
		const char *want = list->items[i];
		if (!strcmp(s, want))
			return true;
		size_t n = strlen(s), m = strlen(want);
		if (path && n > m && s[n - m - 1] == '/' && ends_with(s, want))
			return true;
	}
	return false;
}

bool mutant_view_matches(const struct mutant_view *row, const struct strlist *files,
			const struct strlist *functions, const struct strlist *operators)
{
	return in_list(files, row->path, true) &&
	       (in_list(functions, row->function, false) ||
		(*row->function_spelled && in_list(functions, row->function_spelled, false))) &&
	       in_list(operators, row->operator_name, false);
}

/* Sets seen[i] for each item of list that s matches (as in_list reads the item). */
static void mark_seen(const struct strlist *list, const char *s, bool path, bool *seen)
{
	for (size_t i = 0; i < list->nr; i++) {
		struct strlist one = { &list->items[i], 1 };
		seen[i] |= in_list(&one, s, path);
	}
}

/* The first item of list not seen, or NULL. */
static const char *first_unseen(const struct strlist *list, const bool *seen)
{
	for (size_t i = 0; i < list->nr; i++)
		if (!seen[i])
			return list->items[i];
	return NULL;
}

void mutant_view_check_filters(sqlite3 *db, const struct strlist *files,
			       const struct strlist *functions, const struct strlist *operators)
{
	if (!files->nr && !functions->nr && !operators->nr)
		return;
	bool *seen_files = xcalloc(files->nr + 1, sizeof(bool));
	bool *seen_functions = xcalloc(functions->nr + 1, sizeof(bool));
	bool *seen_operators = xcalloc(operators->nr + 1, sizeof(bool));
	sqlite3_stmt *st = db_prepare(db,
		"SELECT DISTINCT s.path, m.function, m.function_spelled, m.operator "
		"  FROM mutant m JOIN source s ON s.id = m.source_id WHERE s.current = 1");
	while (db_step(db, st)) {
		mark_seen(files, db_column_text(st, 0), true, seen_files);
		mark_seen(functions, db_column_text(st, 1), false, seen_functions);
		if (*db_column_text(st, 2))
			mark_seen(functions, db_column_text(st, 2), false, seen_functions);
		mark_seen(operators, db_column_text(st, 3), false, seen_operators);
	}
	sqlite3_finalize(st);
	const char *what = "source file", *value = first_unseen(files, seen_files);
	if (!value) {
		what = "mutant in function";
		value = first_unseen(functions, seen_functions);
	}
	if (!value) {
		what = "mutant of operator";
		value = first_unseen(operators, seen_operators);
	}
	free(seen_files);
	free(seen_functions);
	free(seen_operators);
	if (value)
		die("no %s '%s' in campaign '%s'", what, value, db_path(db));
}
