/* mutorture generate: parse the named files, run the operators over them and store the new
 * source versions and mutants. Everything that can fail (arguments, compile database, rule
 * files, parsing) is done before the first write, and all rows go in in one transaction:
 * a failed run leaves the database as it was. Generating again on unchanged files adds
 * nothing (ids are content hashes); a changed file's old version is kept, marked stale.
 * A named header that the compile database does not list is parsed on its own with the flags
 * of a file from its directory; with --via FILE.c, every named file is mutated as it appears in
 * FILE.c's translation unit, parsed with FILE.c's compile command. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "changed-lines.h"
#include "commands.h"
#include "compdb.h"
#include "db.h"
#include "generate.h"
#include "options.h"
#include "path.h"
#include "registry.h"
#include "rules.h"
#include "util.h"

struct target_file {
	char *abs, *rel;
	struct strlist flags;
	struct line_set lines, diff;
	struct gen_result res;
	unsigned added;
};

static char *resolve_root(sqlite3 *db, const char *root_opt)
{
	char buf[PATH_MAX];
	char *stored = db_setting_get(db, "root");
	const char *root = root_opt ? root_opt : stored ? stored : ".";
	if (!realpath(root, buf))
		die("cannot use root '%s': %s", root, strerror(errno));
	free(stored);
	return xstrdup(buf);
}

/* Splits a FILE argument into its absolute and root-relative paths. */
static void locate(const char *root, const char *file, char **abs, char **rel)
{
	*abs = path_normalize(root, file);
	size_t n = strlen(root);
	if (strncmp(*abs, root, n) || (*abs)[n] != '/' || !(*abs)[n + 1])
		die("'%s' is outside the root '%s'", file, root);
	*rel = xstrdup(*abs + n + 1);
}

/* The named operators (all if none), in the registry's order: it decides which operator
 * keeps a mutant two of them propose. */
static void select_operators(const struct strlist *names, const struct mutation_operator ***ops,
			     size_t *nr)
{
	size_t all = 0;
	while (mutation_operators[all])
		all++;
	for (size_t i = 0; i < names->nr; i++)
		if (!operator_find(names->items[i]))
			usage_error("unknown operator '%s' (see 'mutorture generate --help')",
				    names->items[i]);
	*ops = xcalloc(all + 1, sizeof(**ops));
	*nr = 0;
	for (size_t i = 0; i < all; i++) {
		int wanted = !names->nr;
		for (size_t j = 0; j < names->nr && !wanted; j++)
			wanted = !strcmp(names->items[j], mutation_operators[i]->name);
		if (wanted)
			(*ops)[(*nr)++] = mutation_operators[i];
	}
}

/* Reads the line number at *p (digits only, at most UINT_MAX) into *out and moves *p past it. */
static bool read_line_number(const char **p, unsigned *out)
{
	char *end;
	if (!isdigit((unsigned char)**p))
		return false;
	errno = 0;
	unsigned long v = strtoul(*p, &end, 10);
	if (errno || v > UINT_MAX)
		return false;
	*out = (unsigned)v;
	*p = end;
	return true;
}

/* --lines FILE:A-B (or FILE:A) into the named file's line set. */
static void add_lines(const char *root, const char *spec, struct target_file *files, size_t nr)
{
	const char *colon = strrchr(spec, ':');
	unsigned a = 0, b = 0;
	if (!colon)
		usage_error("option '--lines' expects FILE:A-B, not '%s'", spec);
	const char *p = colon + 1;
	bool ok = read_line_number(&p, &a);
	b = a;
	if (ok && *p == '-') {
		p++;
		ok = read_line_number(&p, &b);
	}
	if (!ok || *p || a < 1 || b < a)
		usage_error("option '--lines' expects FILE:A-B with 1 <= A <= B, not '%s'", spec);
	char *name = xstrndup(spec, (size_t)(colon - spec));
	char *abs, *rel;
	locate(root, name, &abs, &rel);
	size_t i = 0;
	while (i < nr && strcmp(files[i].rel, rel))
		i++;
	if (i == nr)
		usage_error("option '--lines' names '%s', which is not a file to generate", name);
	line_set_add(&files[i].lines, a, b);
	free(name);
	free(abs);
	free(rel);
}

/* The compile command generate parses file with, or NULL if the database has none. With
 * several (one file built in several flavours), the one whose arguments contain filter (with a
 * leading '!': the one whose arguments do not, as libtool's non-PIC command lacks -fPIC), or
 * the first with a warning that says which and how to choose. */
static const struct compile_command *choose_command(const struct compdb *compdb, const char *abs,
						    const char *rel, const char *filter)
{
	const struct compile_command **all;
	size_t nr = compdb_find_all(compdb, abs, &all), chosen = 0, matches = 0;
	const struct compile_command *cmd = nr ? all[0] : NULL;
	if (filter && nr) {
		bool without = filter[0] == '!';
		for (size_t i = 0; i < nr; i++)
			if (compdb_entry_contains(all[i], filter + without) != without)
				matches++, chosen = i;
		if (matches != 1) {
			struct strbuf list = STRBUF_INIT, one = STRBUF_INIT;
			for (size_t i = 0; i < nr; i++) {
				sb_reset(&one);
				compdb_entry_differences(all, nr, i, &one);
				sb_addf(&list, "%s%s", i ? "; " : "", one.buf ? one.buf : "");
			}
			sb_release(&one);
			die("%zu of the %zu compile commands of '%s' %s '%s' (--entry-filter must "
			    "pick one: TEXT, or !TEXT for the one without; they differ in: %s)", matches,
			    nr, rel, without ? "lack" : "contain", filter + without,
			    list.len ? list.buf : "nothing");
		}
		cmd = all[chosen];
	} else if (nr > 1) {
		struct strbuf used = STRBUF_INIT;
		compdb_entry_differences(all, nr, 0, &used);
		warning("'%s' has %zu compile commands; parsing it with the first (%s); choose "
			"another with --entry-filter TEXT", rel, nr, used.len ? used.buf : "no difference");
		sb_release(&used);
	}
	free(all);
	return cmd;
}

static void store(sqlite3 *db, struct target_file *f)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT INTO source(path, hash, content) VALUES (?1, ?2, ?3) "
		"ON CONFLICT(path, hash) DO NOTHING");
	db_bind_text(db, st, 1, f->rel);
	db_bind_text(db, st, 2, f->res.hash);
	if (sqlite3_bind_blob(st, 3, f->res.text, (int)f->res.len, SQLITE_STATIC) != SQLITE_OK)
		db_die(db, "cannot bind parameter");
	db_step(db, st);
	sqlite3_finalize(st);

	/* Only the version just parsed is current; older ones stay, stale, with their results. */
	st = db_prepare(db, "UPDATE source SET current = (hash = ?2) WHERE path = ?1");
	db_bind_text(db, st, 1, f->rel);
	db_bind_text(db, st, 2, f->res.hash);
	db_step(db, st);
	sqlite3_finalize(st);

	st = db_prepare(db, "SELECT id FROM source WHERE path = ?1 AND hash = ?2");
	db_bind_text(db, st, 1, f->rel);
	db_bind_text(db, st, 2, f->res.hash);
	if (!db_step(db, st))
		BUG("source row for '%s' vanished", f->rel);
	long long source_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);

	st = db_prepare(db,
		"INSERT INTO mutant(id, source_id, operator, tag, start_byte, end_byte, line, col, "
		"end_line, end_col, function, original, replacement, description, function_spelled) "
		"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) "
		"ON CONFLICT(id) DO NOTHING");
	for (size_t i = 0; i < f->res.nr; i++) {
		const struct gen_mutant *m = &f->res.mutants[i];
		sqlite3_reset(st);
		db_bind_text(db, st, 1, m->id);
		db_bind_int(db, st, 2, source_id);
		db_bind_text(db, st, 3, m->op->name);
		db_bind_text(db, st, 4, m->tag);
		db_bind_int(db, st, 5, m->start);
		db_bind_int(db, st, 6, m->end);
		db_bind_int(db, st, 7, m->line);
		db_bind_int(db, st, 8, m->col);
		db_bind_int(db, st, 9, m->end_line);
		db_bind_int(db, st, 10, m->end_col);
		db_bind_text(db, st, 11, m->function);
		db_bind_text(db, st, 12, m->original);
		db_bind_text(db, st, 13, m->replacement);
		db_bind_text(db, st, 14, m->description);
		db_bind_text(db, st, 15, m->function_spelled);
		db_step(db, st);
		f->added += (unsigned)sqlite3_changes(db);
	}
	sqlite3_finalize(st);
}

static void print_counts(const char *title, const struct gen_counts *c)
{
	if (!c->nr)
		return;
	/* One column for the counts, however long a reason names its macro. */
	int width = 28;
	for (size_t i = 0; i < c->nr; i++)
		if ((int)strlen(c->items[i].name) > width)
			width = (int)strlen(c->items[i].name);
	printf("%s:\n", title);
	for (size_t i = 0; i < c->nr; i++)
		if (c->items[i].n)
			printf("  %-*s %6u\n", width, c->items[i].name, c->items[i].n);
}

static void print_summary(const struct target_file *files, size_t nr, const char *via)
{
	struct gen_counts per_op = { 0 }, skipped = { 0 };
	unsigned total = 0, added = 0, rejected = 0;
	printf("mutants per file:\n");
	for (size_t i = 0; i < nr; i++) {
		const struct target_file *f = &files[i];
		printf("  %-28s %6zu  (%u new, parsed in %.3f s%s%s)\n", f->rel, f->res.nr, f->added,
		       f->res.parse_s, via ? " via " : "", via ? via : "");
		total += (unsigned)f->res.nr;
		added += f->added;
		for (size_t j = 0; j < f->res.per_op.nr; j++)
			gen_counts_add(&per_op, f->res.per_op.items[j].name, f->res.per_op.items[j].n);
		for (size_t j = 0; j < f->res.skipped.nr; j++) {
			gen_counts_add(&skipped, f->res.skipped.items[j].name, f->res.skipped.items[j].n);
			rejected += f->res.skipped.items[j].n;
		}
	}
	print_counts("mutants per operator", &per_op);
	print_counts("skipped candidates by reason", &skipped);
	printf("total: %u mutants (%u new) in %zu file%s, %u candidates skipped\n", total, added, nr,
	       nr == 1 ? "" : "s", rejected);
	gen_counts_clear(&per_op);
	gen_counts_clear(&skipped);
}

/* Says which files beside a parsed file define functions yet are mutated neither by this call
 * nor by an earlier one of the campaign: a worker implementation kept in a header, as Tree
 * RCU's tree_plugin.h, is mutated only when named. */
static void print_unmutated_beside(sqlite3 *db, const struct target_file *files, size_t nr,
				   const char *via)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM source WHERE path = ?1");
	for (size_t i = 0; i < nr; i++) {
		const struct gen_counts *beside = &files[i].res.beside;
		for (size_t j = 0; j < beside->nr; j++) {
			const char *rel = beside->items[j].name;
			bool named = false, shown = false;
			for (size_t k = 0; k < nr; k++)
				named |= !strcmp(files[k].rel, rel);
			/* Each once, with the first file that includes it. */
			for (size_t k = 0; k < i; k++)
				for (size_t l = 0; l < files[k].res.beside.nr; l++)
					shown |= !strcmp(files[k].res.beside.items[l].name, rel);
			if (named || shown || db_has_row(db, st, rel))
				continue;
			const char *parsed = via ? via : files[i].rel;
			fprintf(stderr,
				"hint: '%s' (included by %s) defines %u function%s, not mutated: name it "
				"to mutate it (mutorture generate --via %s %s; a target: TARGET_SOURCES and "
				"TARGET_VIA)\n",
				rel, parsed, beside->items[j].n, beside->items[j].n == 1 ? "" : "s", parsed, rel);
		}
	}
	sqlite3_finalize(st);
}

int cmd_generate(int argc, const char **argv)
{
	const char *db_file = default_db_path(), *root_opt = NULL, *compdb_dir = NULL;
	const char *diff_rev = NULL, *via = NULL, *entry_filter = NULL, *patch_file = NULL;
	struct strlist rule_names = { 0 }, op_names = { 0 }, line_specs = { 0 }, functions = { 0 };
	int check_args = 0;
	static const char *const usage[] = {
		"mutorture generate [--db FILE] [--root DIR] [-p DIR] [--rules NAME|PATH]... "
		"[--operators A,B] [--lines FILE:A-B]... [--function NAME]... [--diff REV | --patch FILE] "
		"[--via FILE.c] [--entry-filter TEXT] FILE... [-- CLANG-FLAGS]",
		"mutorture generate [OPTIONS] --patch FILE [-- CLANG-FLAGS]",
		NULL,
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "root", &root_opt, "DIR", "tree the FILEs are in (default: the campaign's root)"),
		OPT_STRING('p', "build-path", &compdb_dir, "DIR", "directory of compile_commands.json (default: the root)"),
		OPT_LIST(0, "rules", &rule_names, "NAME|PATH", "rule set for the RCU operators (repeatable)"),
		OPT_LIST(0, "operators", &op_names, "A,B", "only these operators (default: all)"),
		OPT_LIST(0, "lines", &line_specs, "FILE:A-B", "only mutants touching these lines (repeatable)"),
		OPT_LIST(0, "function", &functions, "NAME", "only mutants inside these functions (repeatable)"),
		OPT_STRING(0, "diff", &diff_rev, "REV", "only lines changed since git revision REV"),
		OPT_STRING(0, "patch", &patch_file, "FILE",
			   "only lines a patch or mbox series adds or changes ('-': stdin); no FILE: "
			   "every C file it touches"),
		OPT_STRING(0, "via", &via, "FILE.c", "parse FILE.c and mutate the FILEs (headers) it includes"),
		OPT_STRING(0, "entry-filter", &entry_filter, "TEXT",
			   "of several compile commands for a file, the one with an argument containing TEXT "
			   "(!TEXT: the one without)"),
		/* The runner's check of a target's arguments before a campaign makes anything:
		 * options, operators, rule sets and patch are checked, nothing is opened or written. */
		OPT_BOOL(0, "check-args", &check_args, NULL),
		OPT_END(),
	};
	int npos = parse_options(argc, argv, options, usage);
	int nr_args = 0;
	while (nr_args < npos && strcmp(argv[nr_args], "--"))
		nr_args++;
	if (diff_rev && patch_file)
		usage_error("--diff and --patch cannot be combined");
	if (!nr_args && !patch_file)
		usage_error("name the files to mutate (see 'mutorture generate --help')");
	if (!nr_args && via)
		usage_error("--via needs the headers to mutate named");
	/* Flags after '--' follow the files. */
	const char *const *flag_args = (const char *const *)argv + nr_args + (nr_args < npos);
	size_t nr_flag_args = (size_t)(npos - nr_args - (nr_args < npos));
	bool flags_given = nr_args < npos;
	struct patch patch = { 0 };
	if (patch_file)
		patch_load(patch_file, &patch);
	const struct mutation_operator **ops;
	size_t nr_ops;
	select_operators(&op_names, &ops, &nr_ops);
	if (check_args) {
		if (rule_names.nr)
			rules_free(rules_load(&rule_names));
		free(ops);
		strlist_clear(&rule_names);
		strlist_clear(&op_names);
		strlist_clear(&line_specs);
		strlist_clear(&functions);
		patch_free(&patch);
		return 0;
	}

	sqlite3 *db = db_open(db_file, DB_WRITE);
	char *root = resolve_root(db, root_opt);
	struct rule_set *rules = rule_names.nr ? rules_load(&rule_names) : rules_new();

	/* The files: those named, else the C files of the tree the patch changes. */
	struct strlist names = { 0 };
	for (int i = 0; i < nr_args; i++)
		strlist_add(&names, argv[i]);
	for (size_t i = 0; !nr_args && i < patch.nr; i++) {
		const char *path = patch.files[i].path;
		char *abs = path_normalize(root, path);
		if ((ends_with(path, ".c") || ends_with(path, ".h")) && access(abs, R_OK) == 0)
			strlist_add(&names, path);
		free(abs);
	}
	if (!names.nr)
		die("patch '%s' changes no C file of the tree '%s'", patch_file, root);
	int nr_files = (int)names.nr;
	struct target_file *files = xcalloc((size_t)nr_files, sizeof(*files));
	for (int i = 0; i < nr_files; i++) {
		locate(root, names.items[i], &files[i].abs, &files[i].rel);
		if (access(files[i].abs, R_OK) != 0)
			die("cannot read '%s': %s", files[i].rel, strerror(errno));
		if (!ends_with(files[i].rel, ".c") && !ends_with(files[i].rel, ".h"))
			die("'%s' is not a C file (expected a .c or .h file)", files[i].rel);
	}
	for (size_t i = 0; i < line_specs.nr; i++)
		add_lines(root, line_specs.items[i], files, (size_t)nr_files);
	char *via_abs = NULL, *via_rel = NULL;
	if (via) {
		locate(root, via, &via_abs, &via_rel);
		if (access(via_abs, R_OK) != 0)
			die("cannot read '%s': %s", via_rel, strerror(errno));
	}

	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd)))
		die("cannot find the current directory: %s", strerror(errno));
	struct compdb compdb = { 0 };
	if (!flags_given) {
		char *path = xasprintf("%s/compile_commands.json", compdb_dir ? compdb_dir : root);
		compdb_load(&compdb, path);
		free(path);
	}
	for (int i = 0; i < nr_files; i++) {
		struct target_file *f = &files[i];
		if (flags_given) {
			compdb_clang_flags(cwd, flag_args, nr_flag_args, 0, &f->flags);
		} else {
			/* With --via, the compile command of the file parsed, never a guess. */
			const struct compile_command *cmd =
				via ? choose_command(&compdb, via_abs, via_rel, entry_filter)
				    : choose_command(&compdb, f->abs, f->rel, entry_filter);
			if (!cmd && !via && ends_with(f->rel, ".h"))
				cmd = compdb_find_near(&compdb, f->abs);
			if (!cmd)
				die("'%s' is not in the compilation database '%s'", via ? via_rel : f->rel,
				    compdb.path);
			compdb_clang_flags(cmd->directory, (const char *const *)cmd->args.items,
					   cmd->args.nr, 1, &f->flags);
		}
		if (diff_rev)
			diff_changed_lines(root, diff_rev, f->rel, &f->diff);
		if (patch_file) {
			/* A named file the patch does not touch has nothing to mutate. */
			const struct line_set *lines = patch_lines(&patch, f->rel);
			f->diff.active = true;
			for (size_t r = 0; lines && r < lines->nr; r++)
				line_set_add(&f->diff, lines->ranges[r].first, lines->ranges[r].last);
		}
	}

	CXIndex index = clang_createIndex(0, 0);
	for (int i = 0; i < nr_files; i++) {
		struct target_file *f = &files[i];
		struct gen_request req = {
			.abs_path = f->abs, .rel_path = f->rel, .via_abs = via_abs, .via_rel = via_rel,
			.flags = &f->flags, .ops = ops,
			.nr_ops = nr_ops, .functions = &functions, .lines = &f->lines,
			.diff = &f->diff, .rules = rules,
		};
		gen_file(index, &req, &f->res);
	}
	clang_disposeIndex(index);
	/* A --function no file defines is a typo: say so rather than generate nothing. */
	for (size_t k = 0; k < functions.nr; k++) {
		int i = 0;
		while (i < nr_files && !strlist_has(&files[i].res.functions, functions.items[k]))
			i++;
		if (i == nr_files && nr_files == 1)
			die("no function '%s' is defined in '%s' (nothing was written)",
			    functions.items[k], files[0].rel);
		if (i == nr_files)
			die("no function '%s' is defined in any of the %d files named (nothing was "
			    "written)", functions.items[k], nr_files);
	}

	db_begin(db);
	char *stored_root = db_setting_get(db, "root");
	if (!stored_root) /* the first generate fixes the root all stored paths are relative to */
		db_setting_set(db, "root", root);
	free(stored_root);
	for (int i = 0; i < nr_files; i++)
		store(db, &files[i]);
	db_commit(db);
	print_summary(files, (size_t)nr_files, via_rel);
	print_unmutated_beside(db, files, (size_t)nr_files, via_rel);
	db_close(db);

	for (int i = 0; i < nr_files; i++) {
		gen_result_free(&files[i].res);
		strlist_clear(&files[i].flags);
		line_set_clear(&files[i].lines);
		line_set_clear(&files[i].diff);
		free(files[i].abs);
		free(files[i].rel);
	}
	free(files);
	free(via_abs);
	free(via_rel);
	compdb_free(&compdb);
	rules_free(rules);
	free(root);
	free(ops);
	strlist_clear(&rule_names);
	strlist_clear(&op_names);
	strlist_clear(&line_specs);
	strlist_clear(&functions);
	strlist_clear(&names);
	patch_free(&patch);
	return 0;
}
