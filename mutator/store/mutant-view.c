/* The reports' view of mutants; see mutant-view.h. */
#include "mutant-view.h"

#include <stdio.h>
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
