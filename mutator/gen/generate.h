/* The generator: parses one C file with libclang (detailed preprocessing record on), or the
 * translation unit of another file that includes it (--via), walks every cursor of that file
 * in pre-order through the selected operators, and collects their
 * proposals after checking and filtering them (see gen_propose in operator-api.h). It never
 * touches the database: the caller stores the result, so a failure leaves nothing half done.
 * Every error (unreadable or non-C file, a syntax error) is fatal and one line. */
#ifndef MUTORTURE_GENERATE_H
#define MUTORTURE_GENERATE_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "hash.h"
#include "line-set.h"
#include "operator-api.h"
#include "strlist.h"

struct gen_request {
	const char *abs_path; /* the file to mutate */
	const char *rel_path; /* its tree-relative path: what ids and rows name */
	const char *via_abs;  /* the file to parse, which includes abs_path; NULL: abs_path */
	const char *via_rel;
	const struct strlist *flags; /* clang flags (already filtered) of the file parsed */
	const struct mutation_operator *const *ops; /* selected operators */
	size_t nr_ops;
	const struct strlist *functions; /* --function names; none = every function */
	const struct line_set *lines;    /* --lines for this file */
	const struct line_set *diff;     /* lines touched by --diff */
	const struct rule_set *rules;
};

struct gen_mutant {
	char id[HASH_HEX_LEN + 1];
	const struct mutation_operator *op;
	char *tag;
	unsigned start, end, line, col, end_line, end_col;
	char *function;         /* the enclosing function's real name, "" at file scope */
	char *function_spelled; /* its name as the text spells it, when a macro renames it */
	char *original, *replacement, *description;
};

/* A name -> count table, in order of first appearance. */
struct gen_counts {
	struct gen_count { char *name; unsigned n; } *items;
	size_t nr;
};
void gen_counts_add(struct gen_counts *c, const char *name, unsigned n);
void gen_counts_clear(struct gen_counts *c);

struct gen_result {
	char *text; /* the file as parsed */
	size_t len;
	char hash[HASH_HEX_LEN + 1];
	struct gen_mutant *mutants;
	size_t nr;
	struct gen_counts per_op;  /* kept mutants per operator */
	struct gen_counts skipped; /* rejected candidates per reason */
	double parse_s;            /* seconds spent in libclang's parse */
	struct strlist functions;  /* every function defined in the file: real and spelled names */
	/* Functions defined per file that the parsed file includes from its own folder (a
	 * worker implementation kept in a header): tree-relative path -> definitions. Such a
	 * file is mutated only when named, so the caller can say it exists. */
	struct gen_counts beside;
};

/* Parses and walks one file; dies on any error. index is shared by all files of a run. */
void gen_file(CXIndex index, const struct gen_request *req, struct gen_result *out);
void gen_result_free(struct gen_result *res);

#endif
