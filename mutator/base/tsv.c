/* TSV escaping; see tsv.h. */
#include "tsv.h"

void tsv_put(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", out);
		else if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else
			putc(*s, out);
	}
}

void tsv_field(FILE *out, const char *s, int last)
{
	tsv_put(out, s);
	putc(last ? '\n' : '\t', out);
}

int tsv_unescape(char *s)
{
	char *out = s;
	for (char *p = s; *p; p++) {
		if (*p != '\\') {
			*out++ = *p;
			continue;
		}
		p++;
		if (*p == '\\')
			*out++ = '\\';
		else if (*p == 't')
			*out++ = '\t';
		else if (*p == 'n')
			*out++ = '\n';
		else
			return -1;
	}
	*out = '\0';
	return 0;
}
