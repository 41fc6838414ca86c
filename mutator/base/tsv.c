/* TSV escaping; see tsv.h. */
#include "tsv.h"

#include <string.h>

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

void tsv_fields_pick(struct tsv_fields *f, const struct strlist *names,
		     const struct tsv_column *cols, int nr)
{
	if (names->nr > TSV_FIELDS_MAX)
		usage_error("%zu fields named, at most %d", names->nr, TSV_FIELDS_MAX);
	f->nr = 0;
	for (size_t i = 0; i < names->nr; i++) {
		int c = 0;
		while (c < nr && strcmp(cols[c].name, names->items[i]))
			c++;
		if (c == nr) {
			struct strbuf known = STRBUF_INIT;
			tsv_fields_names(&known, cols, nr, NULL, ", ");
			usage_error("unknown field '%s' (fields: %s)", names->items[i], known.buf);
		}
		f->col[f->nr++] = c;
	}
}

void tsv_fields_names(struct strbuf *sb, const struct tsv_column *cols, int nr,
		      const struct tsv_fields *f, const char *sep)
{
	size_t n = f ? f->nr : (size_t)nr;
	for (size_t i = 0; i < n; i++)
		sb_addf(sb, "%s%s", i ? sep : "", cols[f ? f->col[i] : (int)i].name);
}

void tsv_fields_select(struct strbuf *sb, const struct tsv_column *cols, int nr)
{
	for (int i = 0; i < nr; i++)
		sb_addf(sb, "%s%s", i ? ", " : "", cols[i].sql);
}

void tsv_fields_put(FILE *out, const struct tsv_fields *f, const char *const *row)
{
	for (size_t i = 0; i < f->nr; i++) {
		if (i)
			putc('\t', out);
		tsv_put(out, row[f->col[i]]);
	}
}

void tsv_fields_help(struct strbuf *sb, const char *lead, const struct tsv_column *cols, int nr,
		     const struct tsv_fields *dflt)
{
	sb_addf(sb, "%s: ", lead);
	tsv_fields_names(sb, cols, nr, NULL, ", ");
	sb_adds(sb, "; without it: ");
	tsv_fields_names(sb, cols, nr, dflt, ",");
}

void tsv_fields_choose(struct tsv_fields *f, const char *format, const struct strlist *names,
		       const struct tsv_column *cols, int nr, const struct tsv_fields *dflt)
{
	if (names->nr && strcmp(format, "tsv"))
		usage_error("--fields names the columns of --format tsv, not of '%s'", format);
	if (names->nr)
		tsv_fields_pick(f, names, cols, nr);
	else
		*f = *dflt;
}
