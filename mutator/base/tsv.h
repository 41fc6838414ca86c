/* The one escaping of tab-separated text mutorture speaks: the runner's result records
 * ('mutorture record') and every TSV listing ('list', 'survivors') escape backslash, tab
 * and newline in a value as \\, \t and \n, so a value never splits a field or a line. */
#ifndef MUTORTURE_TSV_H
#define MUTORTURE_TSV_H

#include <stdio.h>

/* Writes s escaped to out. */
void tsv_put(FILE *out, const char *s);
/* Writes s escaped, then a tab, or a newline when last. */
void tsv_field(FILE *out, const char *s, int last);
/* Undoes the escapes of s in place; -1 on an unknown escape or a trailing backslash. */
int tsv_unescape(char *s);

#endif
