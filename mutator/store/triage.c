/* Content keys for triage verdicts and their per-connection view; see triage.h. */
#include "triage.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "hash.h"
#include "util.h"

/* Adds text as one hash field with every whitespace run turned into one space and the ends
 * trimmed, so re-indenting the neighbourhood keeps the key. */
static void hash_context(struct hash *h, const char *text, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	bool space = false;
	for (size_t i = 0; i < len; i++) {
		if (isspace((unsigned char)text[i])) {
			space = sb.len > 0;
			continue;
		}
		if (space)
			sb_addc(&sb, ' ');
		space = false;
		sb_addc(&sb, text[i]);
	}
	hash_field(h, sb.buf ? sb.buf : "", sb.len);
	sb_release(&sb);
}

static void triage_key(const char *path, const char *content, size_t len, size_t start, size_t end,
		const char *replacement, char out[HASH_HEX_LEN + 1])
{
	if (start > end || end > len)
		BUG("mutant range [%zu, %zu) outside '%s' (%zu bytes)", start, end, path, len);
	/* Context: from the start of the line TRIAGE_CONTEXT_LINES above the mutant's first line
	 * to the end of the line as far below its last. */
	size_t from = start;
	for (int lines = 0; from > 0; from--)
		if (content[from - 1] == '\n' && lines++ == TRIAGE_CONTEXT_LINES)
			break;
	size_t to = end;
	for (int lines = 0; to < len; to++)
		if (content[to] == '\n' && lines++ == TRIAGE_CONTEXT_LINES)
			break;
	struct hash h;
	hash_init(&h);
	hash_field_str(&h, path);
	hash_field(&h, content + start, end - start);
	hash_field_str(&h, replacement);
	hash_context(&h, content + from, start - from);
	hash_context(&h, content + end, to - end);
	hash_hex(&h, out);
}

static void sql_triage_key(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	const char *path = (const char *)sqlite3_value_text(argv[0]);
	const char *content = sqlite3_value_blob(argv[1]);
	int len = sqlite3_value_bytes(argv[1]);
	sqlite3_int64 start = sqlite3_value_int64(argv[2]);
	sqlite3_int64 end = sqlite3_value_int64(argv[3]);
	const char *replacement = (const char *)sqlite3_value_text(argv[4]);
	if (!path || !replacement || start < 0 || start > end || end > len) {
		sqlite3_result_error(ctx, "mutorture_triage_key: mutant range outside its source", -1);
		return;
	}
	char key[HASH_HEX_LEN + 1];
	triage_key(path, content ? content : "", (size_t)len, (size_t)start, (size_t)end,
		   replacement, key);
	sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
}

void triage_attach(sqlite3 *db)
{
	if (sqlite3_create_function(db, "mutorture_triage_key", 5,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_triage_key,
				    NULL, NULL) != SQLITE_OK)
		db_die(db, "cannot register mutorture_triage_key");
	/* Keys and triage states are computed once per connection, into indexed temporary
	 * tables: the reports join every mutant on them. */
	db_exec(db,
		"CREATE TEMP TABLE current_key AS "
		"SELECT m.id AS mutant_id, "
		"       mutorture_triage_key(s.path, s.content, m.start_byte, m.end_byte, "
		"                            m.replacement) AS key "
		"  FROM mutant m JOIN source s ON s.id = m.source_id WHERE s.current = 1;"
		"CREATE INDEX temp.current_key_key ON current_key(key);"
		"CREATE UNIQUE INDEX temp.current_key_mutant ON current_key(mutant_id);"
		/* Verdicts whose key matches no current mutant, with their mutant's look: few,
		 * so every current mutant is compared with them cheaply. */
		"CREATE TEMP TABLE stale_verdict AS "
		"SELECT t.id, ts.path, tm.function, tm.operator, tm.original, tm.replacement, tm.line "
		"  FROM triage t JOIN mutant tm ON tm.id = t.mutant_id "
		"  JOIN source ts ON ts.id = tm.source_id "
		" WHERE NOT EXISTS (SELECT 1 FROM temp.current_key c WHERE c.key = t.key);"
		"CREATE TEMP TABLE mutant_triage AS "
		"SELECT x.mutant_id, x.key, x.triage_id, "
		"       CASE WHEN x.triage_id IS NULL THEN "
		"         (SELECT sv.id FROM temp.stale_verdict sv "
		"           WHERE sv.path = x.path AND sv.function = x.function "
		"             AND sv.operator = x.operator AND sv.original = x.original "
		"             AND sv.replacement = x.replacement "
		/* Of several current look-alikes, only the one nearest the judged mutant takes
		 * the flag: a second similar change in the function was never judged. */
		"             AND NOT EXISTS (SELECT 1 FROM mutant y "
		"                   JOIN source ys ON ys.id = y.source_id "
		"                  WHERE ys.current = 1 AND ys.path = x.path "
		"                    AND y.function = x.function AND y.operator = x.operator "
		"                    AND y.original = x.original AND y.replacement = x.replacement "
		"                    AND y.id <> x.mutant_id "
		"                    AND (abs(y.line - sv.line) < abs(x.line - sv.line) "
		"                         OR (abs(y.line - sv.line) = abs(x.line - sv.line) "
		"                             AND y.id < x.mutant_id))) "
		"           ORDER BY sv.id DESC LIMIT 1) "
		"       END AS review_id "
		"  FROM (SELECT k.mutant_id, k.key, s.path, m.function, m.operator, m.original, "
		"               m.replacement, m.line, "
		"               (SELECT t.id FROM triage t WHERE t.key = k.key "
		"                 ORDER BY t.id DESC LIMIT 1) AS triage_id "
		"          FROM temp.current_key k "
		"          JOIN mutant m ON m.id = k.mutant_id "
		"          JOIN source s ON s.id = m.source_id) x;"
		"CREATE UNIQUE INDEX temp.mutant_triage_mutant ON mutant_triage(mutant_id);"
		"CREATE INDEX temp.mutant_triage_review ON mutant_triage(review_id);");
}

const char *triage_state(const char *verdict, const char *review_verdict)
{
	static char buf[64];
	if (*verdict)
		return verdict;
	if (!*review_verdict)
		return "";
	snprintf(buf, sizeof(buf), "review (was %s)", review_verdict);
	return buf;
}
