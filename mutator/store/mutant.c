/* Mutant lookup and application; see mutant.h. */
#include "mutant.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "udiff.h"
#include "util.h"

void mutant_load(sqlite3 *db, const char *prefix, struct mutant_row *m)
{
	size_t n = strlen(prefix);
	if (!n || n > 16 || strspn(prefix, "0123456789abcdef") != n)
		die("'%s' is not a mutant id (1 to 16 lowercase hex digits)", prefix);
	sqlite3_stmt *st = db_prepare(db,
		"SELECT m.id, s.path, s.hash, m.operator, m.tag, m.function, m.original, "
		"       m.replacement, m.description, ms.status, s.content, m.start_byte, m.end_byte, "
		"       m.line, m.col, m.end_line, m.end_col, s.current "
		"  FROM mutant m JOIN source s ON s.id = m.source_id "
		"  JOIN mutant_status ms ON ms.mutant_id = m.id "
		" WHERE substr(m.id, 1, length(?1)) = ?1 LIMIT 2");
	db_bind_text(db, st, 1, prefix);
	if (!db_step(db, st))
		die("no mutant '%s' in '%s'", prefix, db_path(db));
	char *text[10];
	for (int i = 0; i < 10; i++)
		text[i] = xstrdup(db_column_text(st, i));
	m->id = text[0], m->path = text[1], m->hash = text[2], m->operator = text[3];
	m->tag = text[4], m->function = text[5], m->original = text[6], m->replacement = text[7];
	m->description = text[8], m->status = text[9];
	m->len = (size_t)sqlite3_column_bytes(st, 10);
	m->content = xstrndup(m->len ? sqlite3_column_blob(st, 10) : "", m->len);
	m->start = (unsigned)sqlite3_column_int(st, 11);
	m->end = (unsigned)sqlite3_column_int(st, 12);
	m->line = (unsigned)sqlite3_column_int(st, 13);
	m->col = (unsigned)sqlite3_column_int(st, 14);
	m->end_line = (unsigned)sqlite3_column_int(st, 15);
	m->end_col = (unsigned)sqlite3_column_int(st, 16);
	m->current = sqlite3_column_int(st, 17);
	int ambiguous = db_step(db, st);
	sqlite3_finalize(st);
	if (ambiguous)
		die("mutant id '%s' is ambiguous: give more digits", prefix);
	if (m->start > m->end || m->end > m->len)
		die("mutant '%s' has a range outside its source '%s'", m->id, m->path);
}

char *mutant_text(const struct mutant_row *m, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	sb_add(&sb, m->content, m->start);
	sb_adds(&sb, m->replacement);
	sb_add(&sb, m->content + m->end, m->len - m->end);
	return sb_detach(&sb, len);
}

void mutant_diff(const struct mutant_row *m, struct strbuf *out)
{
	size_t len;
	char *text = mutant_text(m, &len);
	diff_unified(out, m->path, m->content, m->len, text, len);
	free(text);
}

void mutant_free(struct mutant_row *m)
{
	char *all[] = { m->id, m->path, m->hash, m->operator, m->tag, m->function, m->original,
			m->replacement, m->description, m->status, m->content };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		free(all[i]);
	memset(m, 0, sizeof(*m));
}

void mutant_load_file(const char *db_file, const char *prefix, struct mutant_row *m)
{
	sqlite3 *db = db_open(db_file, DB_READ);
	mutant_load(db, prefix, m);
	db_close(db);
}
