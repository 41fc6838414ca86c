/* Triage keys: a verdict on a survivor is stored under a key computed from the mutant's content
 * (path, original text, replacement, and the surrounding TRIAGE_CONTEXT_LINES lines with
 * whitespace runs collapsed), never from its id, so it outlives regeneration after edits
 * elsewhere in the file. A verdict whose key no longer matches any current mutant, but whose
 * mutant has a current look-alike (same path, function, operator, original and replacement;
 * the one nearest by line if several), is "to review": the mutated code itself changed.
 *
 * triage_attach() gives one connection the SQL function mutorture_triage_key(path, content,
 * start, end, replacement) and the temporary tables current_key (mutant_id, key of every
 * mutant of a current source) and mutant_triage (one row per such mutant: mutant_id, key,
 * triage_id = the latest verdict under its key or NULL, review_id = the latest look-alike
 * verdict to review or NULL), a snapshot taken when attached. */
#ifndef MUTORTURE_TRIAGE_H
#define MUTORTURE_TRIAGE_H

#include <sqlite3.h>
#include <stdbool.h>

#define TRIAGE_CONTEXT_LINES 2

/* Works on a read-only connection too: the keys live in the temp schema. */
void triage_attach(sqlite3 *db);
/* What listings show of a mutant's triage: its verdict, "review (was V)" when only a
 * look-alike's verdict V applies, or "" when untriaged; static storage. */
const char *triage_state(const char *verdict, const char *review_verdict);

#endif
