/* The generator; see generate.h and operator-api.h. Invariants: the text operators see is
 * exactly the text that was hashed and parsed (it is handed to libclang as an unsaved file,
 * also when it is a header parsed through the translation unit of --via), "this file" is
 * always the file being mutated (the source model's file), never libclang's main file, every
 * kept proposal lies in code the preprocessor kept and outside comments, and a proposal's id
 * depends only on (path, content hash, range, replacement).
 *
 * The generator owns everything per file: the source model (source.h), the suppressed regions
 * (suppress.h), the function extents, and the proposals. Operators only read the model and
 * propose; nothing calls back into the generator but through operator-api.h. */
#include "generate.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cursor.h"
#include "suppress.h"
#include "util.h"

/* A top-level function definition of this file: its real name (what the compiler, the linker
 * and a debugger know) and, when an object-like macro renames it ('#define synchronize_rcu
 * urcu_mb_synchronize_rcu' and then 'void synchronize_rcu(void) {...}'), the name as spelled. */
struct function_span {
	unsigned start, end;
	char *name, *spelled; /* spelled: "" when the text spells the real name */
};

struct gen_ctx {
	const struct gen_request *req;
	struct source src;
	struct suppression suppressed;
	char hash[HASH_HEX_LEN + 1];
	struct function_span *functions; /* top-level function definitions, in file order */
	size_t nr_functions;
	struct gen_result *out;
	size_t alloc;
	size_t *id_table; /* open addressing over out->mutants: index + 1, 0 = empty */
	size_t id_table_size;
	CXCursor *stack; /* the walk's ancestors, the translation unit first */
	size_t depth, stack_alloc;
	char *parsed_dir;  /* the real folder of the file libclang parsed, with its '/' */
	CXFile beside_file; /* the file of the last definition seen outside this file, */
	char *beside_rel;   /* and its tree-relative path when it lies beside (else NULL) */
};

/* --- counts ----------------------------------------------------------------------------- */

void gen_counts_add(struct gen_counts *c, const char *name, unsigned n)
{
	for (size_t i = 0; i < c->nr; i++)
		if (!strcmp(c->items[i].name, name)) {
			c->items[i].n += n;
			return;
		}
	c->items = xrealloc(c->items, (c->nr + 1) * sizeof(*c->items));
	c->items[c->nr].name = xstrdup(name);
	c->items[c->nr].n = n;
	c->nr++;
}

void gen_counts_clear(struct gen_counts *c)
{
	for (size_t i = 0; i < c->nr; i++)
		free(c->items[i].name);
	free(c->items);
	memset(c, 0, sizeof(*c));
}

/* --- the operator interface ----------------------------------------------------------- */

const struct source *gen_source(const struct gen_ctx *ctx)
{
	return &ctx->src;
}

const struct rule_set *gen_rules(const struct gen_ctx *ctx)
{
	return ctx->req->rules;
}

CXCursor gen_ancestor(const struct gen_ctx *ctx, unsigned n)
{
	if (n >= ctx->depth)
		return clang_getNullCursor();
	return ctx->stack[ctx->depth - 1 - n];
}

void gen_skip(struct gen_ctx *ctx, const struct mutation_operator *op, const char *reason)
{
	(void)op;
	gen_counts_add(&ctx->out->skipped, reason, 1);
}

/* --- proposals ---------------------------------------------------------------------------- */

/* The function holding offset, or NULL at file scope. */
static struct function_span *enclosing_function(const struct gen_ctx *ctx, unsigned offset)
{
	for (size_t i = 0; i < ctx->nr_functions; i++)
		if (ctx->functions[i].start <= offset && offset < ctx->functions[i].end)
			return &ctx->functions[i];
	return NULL;
}

/* --function names a function by its real name or by the name the text spells. */
static bool function_selected(const struct gen_ctx *ctx, const struct function_span *function)
{
	const struct strlist *f = ctx->req->functions;
	if (!f || !f->nr)
		return true;
	return strlist_has(f, function ? function->name : "") ||
	       (function && *function->spelled && strlist_has(f, function->spelled));
}

static uint64_t id_key(const char *id)
{
	return strtoull(id, NULL, 16);
}

/* Records id as mutant index and returns index, or returns the index of the mutant that
 * already has this id. */
static size_t id_insert(struct gen_ctx *ctx, const char *id, size_t index)
{
	if (2 * (ctx->out->nr + 1) > ctx->id_table_size) {
		size_t size = ctx->id_table_size ? 2 * ctx->id_table_size : 256;
		size_t *table = xcalloc(size, sizeof(*table));
		for (size_t i = 0; i < ctx->id_table_size; i++) {
			size_t v = ctx->id_table[i];
			if (!v)
				continue;
			size_t j = id_key(ctx->out->mutants[v - 1].id) & (size - 1);
			while (table[j])
				j = (j + 1) & (size - 1);
			table[j] = v;
		}
		free(ctx->id_table);
		ctx->id_table = table;
		ctx->id_table_size = size;
	}
	size_t mask = ctx->id_table_size - 1;
	for (size_t j = id_key(id) & mask;; j = (j + 1) & mask) {
		size_t v = ctx->id_table[j];
		if (!v) {
			ctx->id_table[j] = index + 1;
			return index;
		}
		if (!strcmp(ctx->out->mutants[v - 1].id, id))
			return v - 1;
	}
}

/* One line, at most about 40 bytes of each side: "'a < b' -> 'a <= b'". */
static char *describe(const char *original, const char *replacement)
{
	struct strbuf sb = STRBUF_INIT;
	const char *sides[2] = { original, replacement };
	for (int i = 0; i < 2; i++) {
		sb_adds(&sb, i ? " -> '" : "'");
		int spaced = 0;
		size_t n = 0;
		const char *p = sides[i];
		/* Whitespace runs (newlines too) become one space: the description is one line. */
		for (; *p && n < 40; p++) {
			if (isspace((unsigned char)*p)) {
				spaced = 1;
				continue;
			}
			if (spaced && n)
				sb_addc(&sb, ' '), n++;
			spaced = 0;
			sb_addc(&sb, *p);
			n++;
		}
		if (*p)
			sb_adds(&sb, "...");
		sb_addc(&sb, '\'');
	}
	return sb_detach(&sb, NULL);
}

/* The first reason to drop a proposal, or NULL to keep it. */
static const char *reject_reason(struct gen_ctx *ctx, unsigned start, unsigned end,
				 const char *replacement, const struct function_span *function,
				 unsigned line,
				 unsigned end_line)
{
	const struct source *src = &ctx->src;
	if (start > end || end > src->len)
		return "range";
	if (strlen(replacement) == end - start && !memcmp(src->text + start, replacement, end - start))
		return "unchanged";
	if (source_in_inactive(src, start, end))
		return "inactive";
	if (source_in_comment(src, start) || (end > start && source_in_comment(src, end - 1)))
		return "comment";
	if (!line_set_hits(ctx->req->lines, line, end_line))
		return "lines";
	if (!line_set_hits(ctx->req->diff, line, end_line))
		return "diff";
	if (!function_selected(ctx, function))
		return "function";
	return suppress_reason(&ctx->suppressed, start, end);
}

/* Moves one count from one name to another (a mutant that changes operator). */
static void counts_move(struct gen_counts *c, const char *from, const char *to)
{
	for (size_t i = 0; i < c->nr; i++)
		if (!strcmp(c->items[i].name, from) && c->items[i].n)
			c->items[i].n--;
	gen_counts_add(c, to, 1);
}

/* Position of op among the selected operators (the registry's order); nr_ops if not selected. */
static size_t op_rank(const struct gen_ctx *ctx, const struct mutation_operator *op)
{
	size_t i = 0;
	while (i < ctx->req->nr_ops && ctx->req->ops[i] != op)
		i++;
	return i;
}

void gen_propose(struct gen_ctx *ctx, const struct mutation_operator *op, const char *tag,
		 unsigned start, unsigned end, const char *replacement, const char *description)
{
	const struct source *src = &ctx->src;
	unsigned line = 0, col = 0, end_line = 0, end_col = 0;
	const struct function_span *function = NULL;
	if (start <= end && end <= src->len) {
		source_line_col(src, start, &line, &col);
		source_line_col(src, end, &end_line, &end_col);
		function = enclosing_function(ctx, start);
	}
	size_t rank = op_rank(ctx, op);
	const char *why = rank == ctx->req->nr_ops
				  ? "operator"
				  : reject_reason(ctx, start, end, replacement, function, line, end_line);
	if (why) {
		gen_counts_add(&ctx->out->skipped, why, 1);
		return;
	}
	struct gen_result *out = ctx->out;
	if (out->nr == ctx->alloc) {
		ctx->alloc = ctx->alloc ? 2 * ctx->alloc : 64;
		out->mutants = xrealloc(out->mutants, ctx->alloc * sizeof(*out->mutants));
	}
	struct gen_mutant *m = &out->mutants[out->nr];
	struct hash h;
	hash_init(&h);
	hash_field_str(&h, ctx->req->rel_path);
	hash_field_str(&h, ctx->hash);
	hash_field_u64(&h, start);
	hash_field_u64(&h, end);
	hash_field_str(&h, replacement);
	hash_hex(&h, m->id);
	size_t first = id_insert(ctx, m->id, out->nr);
	if (first != out->nr) {
		gen_counts_add(&out->skipped, "duplicate", 1);
		/* The same change from two operators belongs to the one listed first in the
		 * table (the more specific: rcu-delete before sdl), whatever the visit order. */
		struct gen_mutant *kept = &out->mutants[first];
		if (rank < op_rank(ctx, kept->op)) {
			counts_move(&out->per_op, kept->op->name, op->name);
			kept->op = op;
			free(kept->tag);
			kept->tag = xstrdup(tag ? tag : "");
			free(kept->description);
			kept->description = description ? xstrdup(description)
							: describe(kept->original, kept->replacement);
		}
		return;
	}
	m->op = op;
	m->tag = xstrdup(tag ? tag : "");
	m->start = start;
	m->end = end;
	m->line = line;
	m->col = col;
	m->end_line = end_line;
	m->end_col = end_col;
	m->function = xstrdup(function ? function->name : "");
	m->function_spelled = xstrdup(function ? function->spelled : "");
	m->original = xstrndup(src->text + start, end - start);
	m->replacement = xstrdup(replacement);
	m->description = description ? xstrdup(description) : describe(m->original, m->replacement);
	out->nr++;
	gen_counts_add(&out->per_op, op->name, 1);
}

/* --- reading the file ----------------------------------------------------------------- */

static void check_c_file(const char *rel, const char *text, size_t len)
{
	if (memchr(text, '\0', len))
		die("'%s' is not a C file (it holds NUL bytes)", rel);
}

/* Dies on the first error diagnostic: a parse that is not the build's parse must never go on.
 * An error located in a file is a syntax error (in the file or a header it includes); one
 * without a place comes from the command line: a compiler flag clang does not know, or an
 * -include/-imacros file it cannot find. */
static void check_diagnostics(const struct gen_request *req, CXTranslationUnit tu, CXFile main)
{
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		CXFile file;
		unsigned line;
		clang_getFileLocation(clang_getDiagnosticLocation(d), &file, &line, NULL, NULL);
		CXString msg = clang_getDiagnosticSpelling(d);
		char *text = xstrdup(clang_getCString(msg));
		clang_disposeString(msg);
		char *where = NULL;
		if (file) {
			CXString name = clang_getFileName(file);
			CXFile via = req->via_abs ? clang_getFile(tu, req->via_abs) : NULL;
			where = clang_File_isEqual(file, main) ? xasprintf("%s:%u", req->rel_path, line)
				: via && clang_File_isEqual(file, via)
					? xasprintf("%s:%u", req->via_rel, line)
					: xasprintf("%s:%u", clang_getCString(name), line);
			clang_disposeString(name);
		}
		clang_disposeDiagnostic(d);
		const char *parsed = req->via_abs ? req->via_rel : req->rel_path;
		if (!where)
			die("cannot parse '%s' as its build does: %s (%s)", parsed, text,
			    strstr(text, "not found")
				    ? "an -include or -imacros file of its compile command: gcc looks "
				      "in the working directory, then along the -iquote and -I chain"
				    : "its compile command has a flag clang does not take; the gcc "
				      "flags mutorture drops are listed in mutator/gen/compdb.c");
		if (req->via_abs)
			die("cannot parse '%s' via '%s': %s: %s", req->rel_path, req->via_rel, where, text);
		/* Most headers only compile after what their includers define first. */
		if (ends_with(req->rel_path, ".h"))
			die("cannot parse '%s': %s: %s (to mutate a header that does not compile "
			    "on its own, name a file that includes it: --via FILE.c)",
			    req->rel_path, where, text);
		die("cannot parse '%s': %s: %s", req->rel_path, where, text);
	}
}

/* The name a function definition's text spells, when an object-like macro made its real name
 * (malloc'd), else "". A function-like macro at the name (DEFINE_FOO(x) { ... }) spells no
 * name of its own. */
static char *spelled_name(const struct source *src, CXCursor function)
{
	CXSourceLocation loc = clang_getCursorLocation(function);
	if (source_in_file(src, loc))
		return xstrdup("");
	CXFile file;
	unsigned offset;
	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	if (!file || !clang_File_isEqual(file, src->file))
		return xstrdup("");
	CXCursor at = clang_getCursor(src->tu, clang_getLocationForOffset(src->tu, file, offset));
	CXCursor def = clang_getCursorReferenced(at);
	if (clang_getCursorKind(at) != CXCursor_MacroExpansion ||
	    clang_getCursorKind(def) != CXCursor_MacroDefinition ||
	    clang_Cursor_isMacroFunctionLike(def))
		return xstrdup("");
	CXString name = clang_getCursorSpelling(at);
	char *spelled = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	return spelled;
}

/* The pre-pass over the top level: function definitions, found by where their text is
 * (whatever spells their name). */
static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct gen_ctx *ctx = data;
	unsigned s, e;
	/* File locations: a function whose head is a macro (DEFINE_FOO(x) { ... }) still counts. */
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !source_file_extent(&ctx->src, c, &s, &e))
		return CXChildVisit_Continue;
	ctx->functions = xrealloc(ctx->functions, (ctx->nr_functions + 1) * sizeof(*ctx->functions));
	CXString name = clang_getCursorSpelling(c);
	ctx->functions[ctx->nr_functions].start = s;
	ctx->functions[ctx->nr_functions].end = e;
	ctx->functions[ctx->nr_functions].name = xstrdup(clang_getCString(name));
	ctx->functions[ctx->nr_functions].spelled = spelled_name(&ctx->src, c);
	strlist_add(&ctx->out->functions, ctx->functions[ctx->nr_functions].name);
	if (*ctx->functions[ctx->nr_functions].spelled)
		strlist_add(&ctx->out->functions, ctx->functions[ctx->nr_functions].spelled);
	clang_disposeString(name);
	ctx->nr_functions++;
	return CXChildVisit_Continue;
}

/* --- the walk ------------------------------------------------------------------------- */

static void walk(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent);

/* Whether child (of parent) is a constant expression the language checks at compile time:
 * an array bound, a bit-field width, an enumerator's value, a case label. A mutant there
 * either fails to build (duplicate case, negative size) or only moves a layout. */
static bool constant_context(CXCursor child, CXCursor parent)
{
	switch (clang_getCursorKind(parent)) {
	case CXCursor_EnumConstantDecl:
	case CXCursor_FieldDecl:
		return true;
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl:
	case CXCursor_TypedefDecl:
		/* Everything but a variable's initializer is part of its type. */
		return clang_isExpression(clang_getCursorKind(child)) &&
		       !cursor_same_node(child, clang_Cursor_getVarDeclInitializer(parent));
	case CXCursor_CaseStmt: {
		/* case V: S and case A ... B: S -- all but the statement. */
		CXCursor kids[3];
		unsigned n = cursor_children(parent, kids, 3);
		return n > 1 && n <= 3 && !cursor_same_node(child, kids[n - 1]);
	}
	default:
		return false;
	}
}

static enum CXChildVisitResult walk_child(CXCursor c, CXCursor parent, CXClientData data)
{
	if (!constant_context(c, parent))
		walk(data, c, parent);
	return CXChildVisit_Continue;
}

static void walk(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	/* A static assertion only checks at compile time: a mutant there either fails to
	 * compile or changes nothing (like the constant contexts below). */
	if (clang_getCursorKind(cursor) == CXCursor_StaticAssert)
		return;
	for (size_t i = 0; i < ctx->req->nr_ops; i++)
		ctx->req->ops[i]->visit(ctx, cursor, parent);
	if (ctx->depth == ctx->stack_alloc) {
		ctx->stack_alloc = ctx->stack_alloc ? 2 * ctx->stack_alloc : 64;
		ctx->stack = xrealloc(ctx->stack, ctx->stack_alloc * sizeof(*ctx->stack));
	}
	ctx->stack[ctx->depth++] = cursor;
	clang_visitChildren(cursor, walk_child, ctx);
	ctx->depth--;
}

/* The tree-relative path of file when it lies in the parsed file's folder and is neither the
 * parsed file nor this one; else NULL. */
static char *beside_path(const struct gen_ctx *ctx, CXFile file)
{
	if (clang_File_isEqual(file, ctx->src.file))
		return NULL;
	CXString real = clang_File_tryGetRealPathName(file);
	if (!*clang_getCString(real)) {
		clang_disposeString(real);
		real = clang_getFileName(file);
	}
	const char *path = clang_getCString(real), *parsed = ctx->req->via_rel;
	size_t dir_len = strlen(ctx->parsed_dir);
	char *rel = NULL;
	if (!parsed)
		parsed = ctx->req->rel_path;
	const char *slash = strrchr(parsed, '/');
	if (!strncmp(path, ctx->parsed_dir, dir_len) && !strchr(path + dir_len, '/') &&
	    strcmp(path + dir_len, slash ? slash + 1 : parsed))
		rel = xasprintf("%.*s%s", slash ? (int)(slash - parsed + 1) : 0, parsed, path + dir_len);
	clang_disposeString(real);
	return rel;
}

/* Counts a function defined outside this file, in a file beside the parsed one (out->beside). */
static void count_beside(struct gen_ctx *ctx, CXCursor c)
{
	CXFile file;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (!file)
		return;
	/* Definitions come in runs from one file: the path is worked out once a run. */
	if (!ctx->beside_file || !clang_File_isEqual(file, ctx->beside_file)) {
		ctx->beside_file = file;
		free(ctx->beside_rel);
		ctx->beside_rel = beside_path(ctx, file);
	}
	if (ctx->beside_rel)
		gen_counts_add(&ctx->out->beside, ctx->beside_rel, 1);
}

/* Top level: only what this file spells (other files' declarations are not ours to mutate),
 * and every function defined in its text, also when a macro spells the function's name. */
static enum CXChildVisitResult walk_top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct gen_ctx *ctx = data;
	unsigned s, e;
	bool definition = clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c);
	if (source_in_file(&ctx->src, clang_getCursorLocation(c)) ||
	    (definition && source_file_extent(&ctx->src, c, &s, &e)))
		walk(ctx, c, parent);
	else if (definition)
		count_beside(ctx, c);
	return CXChildVisit_Continue;
}

struct inclusion {
	CXFile file;
	bool found;
};

static void find_inclusion(CXFile included, CXSourceLocation *stack, unsigned depth,
			   CXClientData data)
{
	(void)stack;
	(void)depth;
	struct inclusion *in = data;
	in->found |= clang_File_isEqual(included, in->file) != 0;
}

/* Whether the translation unit read file (clang_getFile finds any file on the disk). */
static bool includes(CXTranslationUnit tu, CXFile file)
{
	struct inclusion in = { file, false };
	clang_getInclusions(tu, find_inclusion, &in);
	return in.found;
}

/* The real folder of path, with its trailing '/'. */
static char *real_dir(const char *path)
{
	char real[PATH_MAX];
	if (!realpath(path, real))
		die("cannot resolve '%s': %s", path, strerror(errno));
	*(strrchr(real, '/') + 1) = '\0';
	return xstrdup(real);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void gen_file(CXIndex index, const struct gen_request *req, struct gen_result *out)
{
	memset(out, 0, sizeof(*out));
	if (read_file(req->abs_path, &out->text, &out->len) < 0)
		die("cannot read '%s': %s", req->rel_path, strerror(errno));
	check_c_file(req->rel_path, out->text, out->len);
	hash_content(out->text, out->len, out->hash);

	struct gen_ctx ctx = { .req = req, .out = out };
	memcpy(ctx.hash, out->hash, sizeof(ctx.hash));
	struct CXUnsavedFile unsaved = { req->abs_path, out->text, (unsigned long)out->len };
	const char *parsed = req->via_abs ? req->via_abs : req->abs_path;
	CXTranslationUnit tu;
	double t0 = now();
	enum CXErrorCode rc = clang_parseTranslationUnit2(
		index, parsed, (const char *const *)req->flags->items, (int)req->flags->nr,
		&unsaved, 1, CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing,
		&tu);
	out->parse_s = now() - t0;
	if (rc != CXError_Success)
		die("cannot parse '%s': libclang failed (error %d)",
		    req->via_abs ? req->via_rel : req->rel_path, (int)rc);
	CXFile file = clang_getFile(tu, req->abs_path);
	if (file && req->via_abs && !includes(tu, file))
		die("cannot mutate '%s' via '%s': its translation unit does not include it",
		    req->rel_path, req->via_rel);
	if (!file)
		BUG("libclang lost the main file '%s'", req->abs_path);
	check_diagnostics(req, tu, file);

	source_init(&ctx.src, req->rel_path, out->text, out->len, tu, file);
	ctx.parsed_dir = real_dir(parsed);
	CXCursor top = clang_getTranslationUnitCursor(tu);
	clang_visitChildren(top, find_function, &ctx);
	suppress_scan(&ctx.src, req->rules, &ctx.suppressed);
	ctx.stack = xmalloc(sizeof(*ctx.stack));
	ctx.stack[0] = top;
	ctx.depth = ctx.stack_alloc = 1;
	clang_visitChildren(top, walk_top, &ctx);

	suppress_release(&ctx.suppressed);
	for (size_t i = 0; i < ctx.nr_functions; i++) {
		free(ctx.functions[i].name);
		free(ctx.functions[i].spelled);
	}
	free(ctx.functions);
	free(ctx.parsed_dir);
	free(ctx.beside_rel);
	source_release(&ctx.src);
	free(ctx.id_table);
	free(ctx.stack);
	clang_disposeTranslationUnit(tu);
}

void gen_result_free(struct gen_result *res)
{
	for (size_t i = 0; i < res->nr; i++) {
		struct gen_mutant *m = &res->mutants[i];
		free(m->tag);
		free(m->function);
		free(m->function_spelled);
		free(m->original);
		free(m->replacement);
		free(m->description);
	}
	free(res->mutants);
	free(res->text);
	gen_counts_clear(&res->per_op);
	gen_counts_clear(&res->skipped);
	gen_counts_clear(&res->beside);
	strlist_clear(&res->functions);
	memset(res, 0, sizeof(*res));
}
