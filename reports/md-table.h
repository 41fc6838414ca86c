/* Markdown tables, written row by row: a header with its alignment line, cells escaped so a
 * '|' or a newline in the text cannot end a cell or a row. */
#ifndef MUTORTURE_MD_TABLE_H
#define MUTORTURE_MD_TABLE_H

#include <stdio.h>

/* Writes "| A | B |" and its "|---|---:|" line; align holds one character per column,
 * 'l' (left) or 'r' (right, for numbers). */
void md_header(FILE *out, const char *align, const char *const *titles);
/* Writes one cell: "| text " with the text escaped. */
void md_cell(FILE *out, const char *text);
/* Writes one cell from a printf format (numbers: nothing to escape). */
void md_cellf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Ends the row: "|\n". */
void md_end_row(FILE *out);

#endif
