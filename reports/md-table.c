/* Markdown tables; see md-table.h. */
#include "md-table.h"

#include <stdarg.h>

void md_header(FILE *out, const char *align, const char *const *titles)
{
	for (const char *a = align; *a; a++)
		md_cell(out, titles[a - align]);
	md_end_row(out);
	for (const char *a = align; *a; a++)
		fputs(*a == 'r' ? "|---:" : "|---", out);
	md_end_row(out);
}

void md_cell(FILE *out, const char *s)
{
	fputs("| ", out);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
	fputc(' ', out);
}

void md_cellf(FILE *out, const char *fmt, ...)
{
	va_list ap;
	fputs("| ", out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc(' ', out);
}

void md_end_row(FILE *out)
{
	fputs("|\n", out);
}
