/* Command-line options declared as data, as git's parse-options: each verb lists its options
 * in an array and gets --help for free. --help is answered before the verb touches anything. */
#ifndef MUTORTURE_OPTIONS_H
#define MUTORTURE_OPTIONS_H

#include <limits.h>
#include <math.h>
#include <stddef.h>

#include "strlist.h"

enum option_type {
	OPTION_END,
	OPTION_BOOL,   /* int *: set to 1 */
	OPTION_STRING, /* const char **: last value wins */
	OPTION_INT,    /* long *: decimal, checked */
	OPTION_DOUBLE, /* double *: checked */
	OPTION_LIST,   /* struct strlist *: every value, also comma-separated ones split */
};

struct option {
	enum option_type type;
	char short_name;       /* 0 for none */
	const char *long_name; /* without the leading dashes */
	void *value;
	const char *argh;      /* name of the argument in help, e.g. "FILE" */
	const char *help; /* NULL: an alias that --help does not list */
};

/* The value pointer's type is checked at compile time: an `int` given to OPT_INT (which writes
 * a long) is a pointer type mismatch, an error under -Werror, not a stack overflow at run time. */
#define OPT_VALUE(type, v) (1 ? (v) : (type)0)
#define OPT_BOOL(s, l, v, h) { OPTION_BOOL, (s), (l), OPT_VALUE(int *, v), NULL, (h) }
#define OPT_STRING(s, l, v, a, h) { OPTION_STRING, (s), (l), OPT_VALUE(const char **, v), (a), (h) }
#define OPT_INT(s, l, v, a, h) { OPTION_INT, (s), (l), OPT_VALUE(long *, v), (a), (h) }
#define OPT_DOUBLE(s, l, v, a, h) { OPTION_DOUBLE, (s), (l), OPT_VALUE(double *, v), (a), (h) }
#define OPT_LIST(s, l, v, a, h) { OPTION_LIST, (s), (l), OPT_VALUE(struct strlist *, v), (a), (h) }
#define OPT_END() { OPTION_END, 0, NULL, NULL, NULL, NULL }

/* Defaults that say "not given": no command line can produce them (the parser refuses LONG_MIN
 * and every non-finite number), so a verb never mistakes a typed value such as -1 for none. */
#define OPT_INT_UNSET LONG_MIN
#define OPT_DOUBLE_UNSET NAN
#define OPT_GIVEN_INT(v) ((v) != OPT_INT_UNSET)
#define OPT_GIVEN_DOUBLE(v) (!isnan(v))

/* The --db option every database verb takes; default from $MUTORTURE_DB, else mutorture.db. */
#define OPT_DB(v) OPT_STRING(0, "db", (v), "FILE", "campaign database (default: $MUTORTURE_DB or ./mutorture.db)")
const char *default_db_path(void);

/*
 * Parses argv[1..argc) (argv[0] is the verb). Positional arguments are moved to the front of
 * argv and their count is returned; a "--" stops option parsing and is kept as a positional
 * argument so a verb can take compiler flags after it. "-h"/"--help" print the usage lines
 * and the option table to stdout and exit 0; a bad option is a usage error (exit 129).
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usage);
/* Prints the usage lines and options to stderr and exits 129: for a wrong positional count. */
_Noreturn void usage_with_options(const char *const *usage, const struct option *options);

#endif
