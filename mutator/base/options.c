/* Table-driven option parsing; see options.h. */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *default_db_path(void)
{
	const char *env = getenv("MUTORTURE_DB");
	return env && *env ? env : "mutorture.db";
}

static void print_usage(FILE *out, const char *const *usage, const struct option *options)
{
	for (size_t i = 0; usage[i]; i++)
		fprintf(out, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
	fputc('\n', out);
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (!o->help)
			continue; /* an alias kept for old command lines */
		char head[80];
		char shortopt[8] = "    ";
		if (o->short_name)
			snprintf(shortopt, sizeof(shortopt), "-%c, ", o->short_name);
		snprintf(head, sizeof(head), "    %s--%s%s%s", shortopt, o->long_name,
			 o->argh ? " " : "", o->argh ? o->argh : "");
		fprintf(out, "%-30s %s\n", head, o->help);
	}
	fprintf(out, "%-30s %s\n", "    -h, --help", "show this help");
}

void usage_with_options(const char *const *usage, const struct option *options)
{
	print_usage(stderr, usage, options);
	exit(EXIT_USAGE);
}

static void set_value(const struct option *o, const char *arg, const char *spelled)
{
	char *end;
	switch (o->type) {
	case OPTION_BOOL:
		*(int *)o->value = 1;
		return;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return;
	case OPTION_INT:
		errno = 0;
		*(long *)o->value = strtol(arg, &end, 10);
		/* LONG_MIN is OPT_INT_UNSET: no option means it. */
		if (errno || end == arg || *end || *(long *)o->value == LONG_MIN)
			usage_error("option '%s' expects an integer, not '%s'", spelled, arg);
		return;
	case OPTION_DOUBLE:
		errno = 0;
		*(double *)o->value = strtod(arg, &end);
		/* strtod takes "nan" and "inf": no option means either. */
		if (errno || end == arg || *end || !isfinite(*(double *)o->value))
			usage_error("option '%s' expects a number, not '%s'", spelled, arg);
		return;
	case OPTION_LIST: {
		/* "a,b" and repeated options both add to the list; a value that names nothing ('',
		 * ',') is a typo, never "no filter". */
		const char *p = arg;
		if (!arg[strspn(arg, ",")])
			usage_error("option '%s' names nothing: '%s'", spelled, arg);
		for (;;) {
			const char *comma = strchr(p, ',');
			size_t n = comma ? (size_t)(comma - p) : strlen(p);
			if (n) {
				char *item = xstrndup(p, n);
				strlist_add(o->value, item);
				free(item);
			}
			if (!comma)
				break;
			p = comma + 1;
		}
		return;
	}
	case OPTION_END:
		break;
	}
	BUG("option type %d", (int)o->type);
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usage)
{
	int npos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			while (i < argc)
				argv[npos++] = argv[i++];
			break;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			print_usage(stdout, usage, options);
			exit(0);
		}
		if (a[0] != '-' || !a[1]) {
			argv[npos++] = a;
			continue;
		}
		const struct option *o = options;
		const char *inline_arg = NULL;
		if (a[1] == '-') {
			const char *name = a + 2;
			const char *eq = strchr(name, '=');
			size_t n = eq ? (size_t)(eq - name) : strlen(name);
			for (; o->type != OPTION_END; o++)
				if (strlen(o->long_name) == n && !strncmp(o->long_name, name, n))
					break;
			if (eq)
				inline_arg = eq + 1;
		} else {
			for (; o->type != OPTION_END; o++)
				if (o->short_name && o->short_name == a[1])
					break;
			if (a[2])
				inline_arg = a + 2;
		}
		if (o->type == OPTION_END)
			usage_error("unknown option '%s' (see --help)", a);
		if (o->type == OPTION_BOOL) {
			if (inline_arg)
				usage_error("option '%s' takes no value", a);
			set_value(o, NULL, a);
			continue;
		}
		if (!inline_arg) {
			if (i + 1 >= argc)
				usage_error("option '%s' needs a value", a);
			inline_arg = argv[++i];
		}
		set_value(o, inline_arg, a);
	}
	return npos;
}
