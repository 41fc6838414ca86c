/* The generator; see generate.h and operator.h. Invariants: the text operators see is exactly
 * the text that was hashed and parsed (it is handed to libclang as an unsaved file, also when
 * it is a header parsed through the translation unit of --via), "this file" is always the
 * file being mutated (ctx->file), never libclang's main file, every
 * kept proposal lies in code the preprocessor kept and outside comments, and a proposal's id
 * depends only on (path, content hash, range, replacement). */
#include "generate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "suppress.h"
#include "util.h"

struct span {
	unsigned start, end;
};

struct function_span {
	unsigned start, end;
	char *name;
};

struct gen_ctx {
	const struct gen_request *req;
	CXTranslationUnit tu;
	CXFile file;
	const char *text;
	size_t len;
	char hash[HASH_HEX_LEN + 1];
	unsigned *line_starts; /* byte offset of each line's first byte */
	size_t nr_lines;
	struct span *comments, *inactive; /* sorted, disjoint */
	size_t nr_comments, nr_inactive;
	struct span *macros; /* macro invocations spelled in this file (nested ones too) */
	size_t nr_macros;
	struct function_span *functions; /* top-level function definitions, in file order */
	size_t nr_functions;
	struct gen_result *out;
	size_t alloc;
	size_t *id_table; /* open addressing over out->mutants: index + 1, 0 = empty */
	size_t id_table_size;
	void *suppress_data;
	CXCursor *stack; /* the walk's ancestors, the translation unit first */
	size_t depth, stack_alloc;
};

/* --- small shared pieces -------------------------------------------------------------- */

void line_set_add(struct line_set *set, unsigned first, unsigned last)
{
	set->ranges = xrealloc(set->ranges, (set->nr + 1) * sizeof(*set->ranges));
	set->ranges[set->nr].first = first;
	set->ranges[set->nr].last = last;
	set->nr++;
	set->active = 1;
}

void line_set_clear(struct line_set *set)
{
	free(set->ranges);
	memset(set, 0, sizeof(*set));
}

static int line_set_hits(const struct line_set *set, unsigned first, unsigned last)
{
	if (!set || !set->active)
		return 1;
	for (size_t i = 0; i < set->nr; i++)
		if (first <= set->ranges[i].last && set->ranges[i].first <= last)
			return 1;
	return 0;
}

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

void gen_content_hash(const char *text, size_t len, char out[HASH_HEX_LEN + 1])
{
	struct hash h;
	hash_init(&h);
	hash_field(&h, text, len);
	hash_hex(&h, out);
}

/* --- the operator interface ----------------------------------------------------------- */

const char *gen_text(const struct gen_ctx *ctx, size_t *len)
{
	if (len)
		*len = ctx->len;
	return ctx->text;
}

const char *gen_path(const struct gen_ctx *ctx)
{
	return ctx->req->rel_path;
}

CXTranslationUnit gen_tu(const struct gen_ctx *ctx)
{
	return ctx->tu;
}

const struct rule_set *gen_rules(const struct gen_ctx *ctx)
{
	return ctx->req->rules;
}

bool gen_in_file(const struct gen_ctx *ctx, CXSourceLocation loc)
{
	CXFile f;
	unsigned offset;
	clang_getFileLocation(loc, &f, NULL, NULL, &offset);
	/* A macro location has another encoding than the file location of the same offset. */
	return f && clang_File_isEqual(f, ctx->file) &&
	       clang_equalLocations(loc, clang_getLocationForOffset(ctx->tu, ctx->file, offset));
}

void gen_set_suppress_data(struct gen_ctx *ctx, void *data)
{
	ctx->suppress_data = data;
}

void *gen_suppress_data(const struct gen_ctx *ctx)
{
	return ctx->suppress_data;
}

/* Offset of loc in this file's text, if it is spelled there (not in a macro body, not in
 * another file): the spelling and the file location must be the same place. */
static bool text_offset(const struct gen_ctx *ctx, CXSourceLocation loc, unsigned *offset)
{
	CXFile spell_file, file_file;
	unsigned spell, at;
	clang_getSpellingLocation(loc, &spell_file, NULL, NULL, &spell);
	clang_getFileLocation(loc, &file_file, NULL, NULL, &at);
	if (!spell_file || !file_file || !clang_File_isEqual(spell_file, ctx->file) ||
	    !clang_File_isEqual(file_file, ctx->file) || spell != at || at > ctx->len)
		return false;
	*offset = at;
	return true;
}

bool gen_range(const struct gen_ctx *ctx, CXSourceRange range, unsigned *start, unsigned *end)
{
	unsigned s, e;
	if (!text_offset(ctx, clang_getRangeStart(range), &s) ||
	    !text_offset(ctx, clang_getRangeEnd(range), &e) || s > e)
		return false;
	*start = s;
	*end = e;
	return true;
}

bool gen_cursor_range(const struct gen_ctx *ctx, CXCursor cursor, unsigned *start, unsigned *end)
{
	return gen_range(ctx, clang_getCursorExtent(cursor), start, end);
}

static const struct span *find_span(const struct span *spans, size_t nr, unsigned offset)
{
	size_t lo = 0, hi = nr;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (spans[mid].end <= offset)
			lo = mid + 1;
		else if (spans[mid].start > offset)
			hi = mid;
		else
			return &spans[mid];
	}
	return NULL;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Skips whitespace, comments and line continuations from p up to to. */
static unsigned skip_blank(const struct gen_ctx *ctx, unsigned p, unsigned to)
{
	while (p < to) {
		const struct span *c = find_span(ctx->comments, ctx->nr_comments, p);
		if (c)
			p = c->end;
		else if (is_space(ctx->text[p]) || (ctx->text[p] == '\\' && p + 1 < to &&
						       ctx->text[p + 1] == '\n'))
			p++;
		else
			break;
	}
	return p;
}

bool gen_token_between(const struct gen_ctx *ctx, unsigned from, unsigned to, unsigned *start,
		       unsigned *end)
{
	if (from > to || to > ctx->len)
		return false;
	unsigned s = skip_blank(ctx, from, to), e = s;
	while (e < to && !is_space(ctx->text[e]) && !find_span(ctx->comments, ctx->nr_comments, e))
		e++;
	if (s == e || skip_blank(ctx, e, to) != to)
		return false;
	*start = s;
	*end = e;
	return true;
}

bool gen_text_is(const struct gen_ctx *ctx, unsigned start, unsigned end, const char *s)
{
	size_t n = strlen(s);
	return start <= end && end <= ctx->len && end - start == n && !memcmp(ctx->text + start, s, n);
}

bool gen_expansion_range(const struct gen_ctx *ctx, CXCursor cursor, unsigned *start,
			 unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(cursor);
	CXFile f1;
	unsigned s, e;
	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	/* libclang already moved an end inside a macro body to the end of the invocation; an end
	 * that is still not spelled in the text is a token made by ## pasting, whose place in
	 * the file libclang cannot tell ('!IS_ENABLED(X)' would end right after the '!'). */
	if (!f1 || !clang_File_isEqual(f1, ctx->file) || !text_offset(ctx, clang_getRangeEnd(r), &e) ||
	    s > e)
		return false;
	/* An end strictly inside an invocation means the cursor may be made of pieces of it
	 * (two arguments joined by an operator of the macro body) and its text is not the
	 * cursor; unless the range is exactly a nested invocation ('likely(READ_ONCE(x))'). */
	bool inside = false, exact = false;
	for (size_t i = 0; i < ctx->nr_macros; i++) {
		const struct span *m = &ctx->macros[i];
		inside |= (m->start < s && s < m->end) || (m->start < e && e < m->end);
		exact |= m->start == s && m->end == e;
	}
	if (inside && !exact)
		return false;
	*start = s;
	*end = e;
	return true;
}

/* The range of an operand or operator expression: spelled in the text, or a whole macro call
 * ('READ_ONCE(x) + 1'). Callers check the token they mutate lies between such ranges. */
static bool operand_range(const struct gen_ctx *ctx, CXCursor c, unsigned *start, unsigned *end)
{
	return gen_cursor_range(ctx, c, start, end) || gen_expansion_range(ctx, c, start, end);
}

bool gen_binary(const struct gen_ctx *ctx, CXCursor cursor, CXCursor *lhs, CXCursor *rhs,
		unsigned *op_start, unsigned *op_end)
{
	enum CXCursorKind k = clang_getCursorKind(cursor);
	CXCursor ch[2];
	unsigned ls, le, rs, re;
	if ((k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) ||
	    gen_children(cursor, ch, 2) != 2 || !operand_range(ctx, ch[0], &ls, &le) ||
	    !operand_range(ctx, ch[1], &rs, &re) ||
	    !gen_token_between(ctx, le, rs, op_start, op_end))
		return false;
	*lhs = ch[0];
	*rhs = ch[1];
	return true;
}

bool gen_cursor_start(const struct gen_ctx *ctx, CXCursor c, unsigned *offset)
{
	CXFile f;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, offset);
	return f && clang_File_isEqual(f, ctx->file) && *offset <= ctx->len;
}

bool gen_unary(const struct gen_ctx *ctx, CXCursor cursor, CXCursor *operand, unsigned *op_start,
	       unsigned *op_end)
{
	CXCursor ch[1];
	unsigned s, e, os, oe;
	if (clang_getCursorKind(cursor) != CXCursor_UnaryOperator || gen_children(cursor, ch, 1) != 1 ||
	    !gen_cursor_start(ctx, cursor, &s) || !gen_cursor_start(ctx, ch[0], &os))
		return false;
	*operand = ch[0];
	/* Prefix: the one token between the starts ('!IS_ENABLED(X)' needs no end); postfix: the
	 * one token after the operand. */
	if (s < os)
		return gen_token_between(ctx, s, os, op_start, op_end);
	return operand_range(ctx, cursor, &s, &e) && operand_range(ctx, ch[0], &os, &oe) &&
	       gen_token_between(ctx, oe, e, op_start, op_end);
}

CXCursor gen_ancestor(const struct gen_ctx *ctx, unsigned n)
{
	if (n >= ctx->depth)
		return clang_getNullCursor();
	return ctx->stack[ctx->depth - 1 - n];
}

struct children {
	CXCursor *out;
	unsigned max, nr;
};

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct children *ch = data;
	if (ch->nr < ch->max)
		ch->out[ch->nr] = c;
	ch->nr++;
	return CXChildVisit_Continue;
}

unsigned gen_children(CXCursor cursor, CXCursor *out, unsigned max)
{
	struct children ch = { out, max, 0 };
	clang_visitChildren(cursor, collect_child, &ch);
	return ch.nr;
}

enum gen_type gen_type_class(CXType type)
{
	CXType t = clang_getCanonicalType(type);
	switch (t.kind) {
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_Char16:
	case CXType_Char32: case CXType_UShort: case CXType_UInt: case CXType_ULong:
	case CXType_ULongLong: case CXType_UInt128: case CXType_Char_S: case CXType_SChar:
	case CXType_WChar: case CXType_Short: case CXType_Int: case CXType_Long:
	case CXType_LongLong: case CXType_Int128: case CXType_Enum:
		return GEN_TYPE_INT;
	case CXType_Float: case CXType_Double: case CXType_LongDouble: case CXType_Float128:
	case CXType_Half: case CXType_Float16:
		return GEN_TYPE_FLOAT;
	case CXType_Pointer: case CXType_ConstantArray: case CXType_IncompleteArray:
	case CXType_VariableArray:
		return GEN_TYPE_POINTER;
	case CXType_Atomic:
		return gen_type_class(clang_Type_getValueType(t));
	default:
		return GEN_TYPE_OTHER;
	}
}

enum gen_type gen_cursor_type_class(CXCursor cursor)
{
	return gen_type_class(clang_getCursorType(cursor));
}

void gen_skip(struct gen_ctx *ctx, const char *op, const char *reason)
{
	(void)op;
	gen_counts_add(&ctx->out->skipped, reason, 1);
}

static void line_col(const struct gen_ctx *ctx, unsigned offset, unsigned *line, unsigned *col)
{
	size_t lo = 0, hi = ctx->nr_lines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ctx->line_starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	*line = (unsigned)lo + 1;
	*col = offset - ctx->line_starts[lo] + 1;
}

static const char *enclosing_function(const struct gen_ctx *ctx, unsigned offset)
{
	for (size_t i = 0; i < ctx->nr_functions; i++)
		if (ctx->functions[i].start <= offset && offset < ctx->functions[i].end)
			return ctx->functions[i].name;
	return "";
}

static bool function_selected(const struct gen_ctx *ctx, const char *function)
{
	const struct strlist *f = ctx->req->functions;
	if (!f || !f->nr)
		return true;
	for (size_t i = 0; i < f->nr; i++)
		if (!strcmp(f->items[i], function))
			return true;
	return false;
}

static bool overlaps(const struct span *spans, size_t nr, unsigned start, unsigned end)
{
	for (size_t i = 0; i < nr; i++)
		if (spans[i].start < (end > start ? end : start + 1) && start < spans[i].end)
			return true;
	return false;
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

/* The first reason to drop a proposal, or NULL to keep it. */
static const char *reject_reason(struct gen_ctx *ctx, unsigned start, unsigned end,
				 const char *replacement, const char *function, unsigned line,
				 unsigned end_line)
{
	if (start > end || end > ctx->len)
		return "range";
	if (strlen(replacement) == end - start && !memcmp(ctx->text + start, replacement, end - start))
		return "unchanged";
	if (overlaps(ctx->inactive, ctx->nr_inactive, start, end))
		return "inactive";
	if (find_span(ctx->comments, ctx->nr_comments, start) ||
	    (end > start && find_span(ctx->comments, ctx->nr_comments, end - 1)))
		return "comment";
	if (!line_set_hits(ctx->req->lines, line, end_line))
		return "lines";
	if (!line_set_hits(ctx->req->diff, line, end_line))
		return "diff";
	if (!function_selected(ctx, function))
		return "function";
	return suppress_reason(ctx, start, end);
}

/* Moves one count from one name to another (a mutant that changes operator). */
static void counts_move(struct gen_counts *c, const char *from, const char *to)
{
	for (size_t i = 0; i < c->nr; i++)
		if (!strcmp(c->items[i].name, from) && c->items[i].n)
			c->items[i].n--;
	gen_counts_add(c, to, 1);
}

/* Position of the operator called name among the selected ones (the registry's order). */
static size_t op_rank(const struct gen_ctx *ctx, const char *name)
{
	size_t i = 0;
	while (i < ctx->req->nr_ops && strcmp(ctx->req->ops[i]->name, name))
		i++;
	return i;
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
			if (is_space(*p)) {
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

void gen_propose(struct gen_ctx *ctx, const char *op, const char *tag, unsigned start,
		 unsigned end, const char *replacement, const char *description)
{
	unsigned line = 0, col = 0, end_line = 0, end_col = 0;
	const char *function = "";
	if (start <= end && end <= ctx->len) {
		line_col(ctx, start, &line, &col);
		line_col(ctx, end, &end_line, &end_col);
		function = enclosing_function(ctx, start);
	}
	/* The stored name is the registry's (static); a name not selected is not wanted. */
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
			counts_move(&out->per_op, kept->op, op);
			kept->op = ctx->req->ops[rank]->name;
			free(kept->tag);
			kept->tag = xstrdup(tag ? tag : "");
			free(kept->description);
			kept->description = description ? xstrdup(description)
							: describe(kept->original, kept->replacement);
		}
		return;
	}
	m->op = ctx->req->ops[rank]->name;
	m->tag = xstrdup(tag ? tag : "");
	m->start = start;
	m->end = end;
	m->line = line;
	m->col = col;
	m->end_line = end_line;
	m->end_col = end_col;
	m->function = xstrdup(function);
	m->original = xstrndup(ctx->text + start, end - start);
	m->replacement = xstrdup(replacement);
	m->description = description ? xstrdup(description) : describe(m->original, m->replacement);
	out->nr++;
	gen_counts_add(&out->per_op, op, 1);
}

/* --- reading the file ----------------------------------------------------------------- */

static void index_lines(struct gen_ctx *ctx)
{
	size_t alloc = 64;
	ctx->line_starts = xmalloc(alloc * sizeof(*ctx->line_starts));
	ctx->line_starts[ctx->nr_lines++] = 0;
	for (size_t i = 0; i < ctx->len; i++) {
		if (ctx->text[i] != '\n')
			continue;
		if (ctx->nr_lines == alloc) {
			alloc *= 2;
			ctx->line_starts = xrealloc(ctx->line_starts, alloc * sizeof(*ctx->line_starts));
		}
		ctx->line_starts[ctx->nr_lines++] = (unsigned)i + 1;
	}
}

static void add_span(struct span **spans, size_t *nr, unsigned start, unsigned end)
{
	*spans = xrealloc(*spans, (*nr + 1) * sizeof(**spans));
	(*spans)[*nr].start = start;
	(*spans)[*nr].end = end;
	(*nr)++;
}

/* Finds the comments by lexing just enough C: string and character literals (which may hold
 * comment markers) and line continuations (which extend // comments). */
static void find_comments(struct gen_ctx *ctx)
{
	const char *t = ctx->text;
	size_t n = ctx->len;
	for (size_t i = 0; i < n;) {
		if (t[i] == '"' || t[i] == '\'') {
			char quote = t[i++];
			while (i < n && t[i] != quote && t[i] != '\n')
				i += t[i] == '\\' ? 2 : 1;
			i++;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
			const char *close = strstr(t + i + 2, "*/");
			size_t end = close ? (size_t)(close - t) + 2 : n;
			add_span(&ctx->comments, &ctx->nr_comments, (unsigned)i, (unsigned)end);
			i = end;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
			size_t end = i + 2;
			while (end < n && (t[end] != '\n' || t[end - 1] == '\\'))
				end++;
			add_span(&ctx->comments, &ctx->nr_comments, (unsigned)i, (unsigned)end);
			i = end;
		} else {
			i++;
		}
	}
}

static void find_inactive(struct gen_ctx *ctx)
{
	CXSourceRangeList *list = clang_getSkippedRanges(ctx->tu, ctx->file);
	for (unsigned i = 0; list && i < list->count; i++) {
		unsigned s, e;
		clang_getFileLocation(clang_getRangeStart(list->ranges[i]), NULL, NULL, NULL, &s);
		clang_getFileLocation(clang_getRangeEnd(list->ranges[i]), NULL, NULL, NULL, &e);
		add_span(&ctx->inactive, &ctx->nr_inactive, s, e);
	}
	clang_disposeSourceRangeList(list);
}

static void check_c_file(const char *rel, const char *text, size_t len)
{
	if (memchr(text, '\0', len))
		die("'%s' is not a C file (it holds NUL bytes)", rel);
}

/* Dies on the first error diagnostic that has a place in a file: a real syntax error. Errors
 * without a place come from the driver (a compiler flag clang does not know) and are ignored:
 * the flag filter in compdb.c cannot know every gcc flag. */
static void check_diagnostics(const struct gen_ctx *ctx)
{
	unsigned n = clang_getNumDiagnostics(ctx->tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(ctx->tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile file;
		unsigned line;
		clang_getFileLocation(clang_getDiagnosticLocation(d), &file, &line, NULL, NULL);
		if (sev < CXDiagnostic_Error || !file) {
			clang_disposeDiagnostic(d);
			continue;
		}
		CXString msg = clang_getDiagnosticSpelling(d);
		CXString name = clang_getFileName(file);
		const struct gen_request *req = ctx->req;
		CXFile via = req->via_abs ? clang_getFile(ctx->tu, req->via_abs) : NULL;
		char *where = clang_File_isEqual(file, ctx->file) ? xstrdup(req->rel_path)
			      : via && clang_File_isEqual(file, via) ? xstrdup(req->via_rel)
								     : xstrdup(clang_getCString(name));
		char *text = xstrdup(clang_getCString(msg));
		clang_disposeString(name);
		clang_disposeString(msg);
		clang_disposeDiagnostic(d);
		if (req->via_abs)
			die("cannot parse '%s' via '%s': %s:%u: %s", req->rel_path, req->via_rel, where,
			    line, text);
		/* Most headers only compile after what their includers define first. */
		if (ends_with(req->rel_path, ".h"))
			die("cannot parse '%s': %s:%u: %s (to mutate a header that does not compile "
			    "on its own, name a file that includes it: --via FILE.c)",
			    req->rel_path, where, line, text);
		die("cannot parse '%s': %s:%u: %s", req->rel_path, where, line, text);
	}
}

/* The pre-pass over the top level: function definitions and macro invocations. */
static enum CXChildVisitResult find_landmarks(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct gen_ctx *ctx = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind != CXCursor_MacroExpansion &&
	    (kind != CXCursor_FunctionDecl || !clang_isCursorDefinition(c)))
		return CXChildVisit_Continue;
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned s, e;
	/* File locations: a function whose head is a macro (DEFINE_FOO(x) { ... }) still counts. */
	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1 || !f2 || !clang_File_isEqual(f1, ctx->file) || !clang_File_isEqual(f2, ctx->file))
		return CXChildVisit_Continue;
	if (kind == CXCursor_MacroExpansion) {
		add_span(&ctx->macros, &ctx->nr_macros, s, e);
		return CXChildVisit_Continue;
	}
	ctx->functions = xrealloc(ctx->functions, (ctx->nr_functions + 1) * sizeof(*ctx->functions));
	CXString name = clang_getCursorSpelling(c);
	ctx->functions[ctx->nr_functions].start = s;
	ctx->functions[ctx->nr_functions].end = e;
	ctx->functions[ctx->nr_functions].name = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	ctx->nr_functions++;
	return CXChildVisit_Continue;
}

/* --- the walk ------------------------------------------------------------------------- */

static void walk(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent);

/* Cursors for one AST node reached two ways (a visit, an accessor) differ in their private
 * parent data, so clang_equalCursors cannot tell: compare kind and extent. */
static bool same_node(CXCursor a, CXCursor b)
{
	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

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
		       !same_node(child, clang_Cursor_getVarDeclInitializer(parent));
	case CXCursor_CaseStmt: {
		/* case V: S and case A ... B: S -- all but the statement. */
		CXCursor kids[3];
		unsigned n = gen_children(parent, kids, 3);
		return n > 1 && n <= 3 && !same_node(child, kids[n - 1]);
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

/* Top level: only what this file spells (other files' declarations are not ours to mutate). */
static enum CXChildVisitResult walk_top(CXCursor c, CXCursor parent, CXClientData data)
{
	if (gen_in_file(data, clang_getCursorLocation(c)))
		walk(data, c, parent);
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
	gen_content_hash(out->text, out->len, out->hash);

	struct gen_ctx ctx = { .req = req, .text = out->text, .len = out->len, .out = out };
	memcpy(ctx.hash, out->hash, sizeof(ctx.hash));
	struct CXUnsavedFile unsaved = { req->abs_path, out->text, (unsigned long)out->len };
	const char *parsed = req->via_abs ? req->via_abs : req->abs_path;
	double t0 = now();
	enum CXErrorCode rc = clang_parseTranslationUnit2(
		index, parsed, (const char *const *)req->flags->items, (int)req->flags->nr,
		&unsaved, 1, CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing,
		&ctx.tu);
	out->parse_s = now() - t0;
	if (rc != CXError_Success)
		die("cannot parse '%s': libclang failed (error %d)",
		    req->via_abs ? req->via_rel : req->rel_path, (int)rc);
	ctx.file = clang_getFile(ctx.tu, req->abs_path);
	if (ctx.file && req->via_abs && !includes(ctx.tu, ctx.file))
		die("cannot mutate '%s' via '%s': its translation unit does not include it",
		    req->rel_path, req->via_rel);
	if (!ctx.file)
		BUG("libclang lost the main file '%s'", req->abs_path);
	check_diagnostics(&ctx);

	index_lines(&ctx);
	find_comments(&ctx);
	find_inactive(&ctx);
	CXCursor top = clang_getTranslationUnitCursor(ctx.tu);
	clang_visitChildren(top, find_landmarks, &ctx);
	suppress_scan(&ctx);
	ctx.stack = xmalloc(sizeof(*ctx.stack));
	ctx.stack[0] = top;
	ctx.depth = ctx.stack_alloc = 1;
	clang_visitChildren(top, walk_top, &ctx);

	suppress_free(ctx.suppress_data);
	for (size_t i = 0; i < ctx.nr_functions; i++)
		free(ctx.functions[i].name);
	free(ctx.functions);
	free(ctx.comments);
	free(ctx.inactive);
	free(ctx.macros);
	free(ctx.line_starts);
	free(ctx.id_table);
	free(ctx.stack);
	clang_disposeTranslationUnit(ctx.tu);
}

void gen_result_free(struct gen_result *res)
{
	for (size_t i = 0; i < res->nr; i++) {
		struct gen_mutant *m = &res->mutants[i];
		free(m->tag);
		free(m->function);
		free(m->original);
		free(m->replacement);
		free(m->description);
	}
	free(res->mutants);
	free(res->text);
	gen_counts_clear(&res->per_op);
	gen_counts_clear(&res->skipped);
	memset(res, 0, sizeof(*res));
}
