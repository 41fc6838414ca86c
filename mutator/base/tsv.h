/* The one escaping of tab-separated text mutorture speaks: the runner's result records
 * ('mutorture record') and every TSV listing ('list', 'survivors') escape backslash, tab
 * and newline in a value as \\, \t and \n, so a value never splits a field or a line. And
 * the columns of a listing by name (--fields). */
#ifndef MUTORTURE_TSV_H
#define MUTORTURE_TSV_H

#include <stdio.h>

#include "strlist.h"
#include "util.h"

/* Writes s escaped to out. */
void tsv_put(FILE *out, const char *s);
/* Writes s escaped, then a tab, or a newline when last. */
void tsv_field(FILE *out, const char *s, int last);
/* Undoes the escapes of s in place; -1 on an unknown escape or a trailing backslash. */
int tsv_unescape(char *s);

/*
 * Columns by name: a TSV listing names its columns in a table, and a caller picks the ones it
 * reads, in its own order (--fields NAME,...), so a column added to the table, or a default
 * order changed, never shifts what a caller reads.
 */
struct tsv_column {
	const char *name; /* as --fields and --help spell it */
	const char *sql;  /* the expression the verb's query selects it by (NULL: rows made in C) */
};
/* A verb's table from an X-macro list of X(E, "name", "sql"): enum column { LIST(TSV_ENUM)
 * COL_NR }; static const struct tsv_column columns[COL_NR] = { LIST(TSV_COLUMN) }; */
#define TSV_ENUM(e, name, sql) COL_##e,
#define TSV_COLUMN(e, name, sql) [COL_##e] = { name, sql },

#define TSV_FIELDS_MAX 64
/* Columns picked: indexes into a verb's table, in the order they are printed. */
struct tsv_fields {
	size_t nr;
	int col[TSV_FIELDS_MAX];
};

/* Sets f to the columns names lists, in its order (a name may come twice); a name the table
 * does not have is a usage error that lists those it has. */
void tsv_fields_pick(struct tsv_fields *f, const struct strlist *names,
		     const struct tsv_column *cols, int nr);
/* Appends the names of f's columns, or of every column of the table when f is NULL, joined by
 * sep: for --help and messages. */
void tsv_fields_names(struct strbuf *sb, const struct tsv_column *cols, int nr,
		      const struct tsv_fields *f, const char *sep);
/* Sets f to the columns --format tsv prints: those names lists, else dflt. Names with a format
 * other than tsv are a usage error. */
void tsv_fields_choose(struct tsv_fields *f, const char *format, const struct strlist *names,
		       const struct tsv_column *cols, int nr, const struct tsv_fields *dflt);
/* Appends a --fields option's help: lead, the table's names, then '; without it: ' and the
 * default columns dflt. */
void tsv_fields_help(struct strbuf *sb, const char *lead, const struct tsv_column *cols, int nr,
		     const struct tsv_fields *dflt);
/* Appends every column's sql, comma-separated, in table order: a query's select list, whose
 * column i is then the table's column i. */
void tsv_fields_select(struct strbuf *sb, const struct tsv_column *cols, int nr);
/* Writes row's values (indexed as the table) of f's columns, escaped and tab-separated,
 * without a newline. */
void tsv_fields_put(FILE *out, const struct tsv_fields *f, const char *const *row);

#endif
