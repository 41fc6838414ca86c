/* The source model; see source.h. Invariant: every offset it hands out lies in [0, len] of
 * the text and, when it comes from a libclang location, was spelled in this file's text. */
#include "source.h"

#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "util.h"

static void add_span(struct span **spans, size_t *nr, unsigned start, unsigned end)
{
	*spans = xrealloc(*spans, (*nr + 1) * sizeof(**spans));
	(*spans)[*nr].start = start;
	(*spans)[*nr].end = end;
	(*nr)++;
}

static void index_lines(struct source *src)
{
	size_t alloc = 64;
	src->line_starts = xmalloc(alloc * sizeof(*src->line_starts));
	src->line_starts[src->nr_lines++] = 0;
	for (size_t i = 0; i < src->len; i++) {
		if (src->text[i] != '\n')
			continue;
		if (src->nr_lines == alloc) {
			alloc *= 2;
			src->line_starts = xrealloc(src->line_starts, alloc * sizeof(*src->line_starts));
		}
		src->line_starts[src->nr_lines++] = (unsigned)i + 1;
	}
}

static void find_inactive(struct source *src)
{
	CXSourceRangeList *list = clang_getSkippedRanges(src->tu, src->file);
	for (unsigned i = 0; list && i < list->count; i++) {
		unsigned s, e;
		clang_getFileLocation(clang_getRangeStart(list->ranges[i]), NULL, NULL, NULL, &s);
		clang_getFileLocation(clang_getRangeEnd(list->ranges[i]), NULL, NULL, NULL, &e);
		add_span(&src->inactive, &src->nr_inactive, s, e);
	}
	clang_disposeSourceRangeList(list);
}

/* The detailed preprocessing record lists every macro expansion at the top level. */
static enum CXChildVisitResult find_macro(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct source *src = data;
	unsigned s, e;
	if (clang_getCursorKind(c) == CXCursor_MacroExpansion && source_file_extent(src, c, &s, &e))
		add_span(&src->macros, &src->nr_macros, s, e);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct source *src = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind != CXCursor_MacroDefinition && kind != CXCursor_FunctionDecl &&
	    kind != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	src->names = xrealloc(src->names, (src->nr_names + 1) * sizeof(*src->names));
	CXString name = clang_getCursorSpelling(c);
	src->names[src->nr_names] = (struct tu_name){ xstrdup(clang_getCString(name)), c,
						    src->nr_names };
	src->nr_names++;
	clang_disposeString(name);
	return CXChildVisit_Continue;
}

/* By name, then in the order the translation unit declares them. */
static int by_name(const void *a, const void *b)
{
	const struct tu_name *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

void source_init(struct source *src, const char *path, const char *text, size_t len,
		 CXTranslationUnit tu, CXFile file)
{
	memset(src, 0, sizeof(*src));
	src->path = path;
	src->text = text;
	src->len = len;
	src->tu = tu;
	src->file = file;
	index_lines(src);
	comments_scan(text, len, &src->comments, &src->nr_comments);
	find_inactive(src);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_macro, src);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_name, src);
	qsort(src->names, src->nr_names, sizeof(*src->names), by_name);
}

void source_release(struct source *src)
{
	free(src->line_starts);
	free(src->comments);
	free(src->inactive);
	free(src->macros);
	for (size_t i = 0; i < src->nr_names; i++)
		free(src->names[i].name);
	free(src->names);
	memset(src, 0, sizeof(*src));
}

/* --- the text ------------------------------------------------------------------------- */

void source_line_col(const struct source *src, unsigned offset, unsigned *line, unsigned *col)
{
	size_t lo = 0, hi = src->nr_lines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (src->line_starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	*line = (unsigned)lo + 1;
	*col = offset - src->line_starts[lo] + 1;
}

bool source_in_comment(const struct source *src, unsigned offset)
{
	return span_find(src->comments, src->nr_comments, offset) != NULL;
}

bool source_in_inactive(const struct source *src, unsigned start, unsigned end)
{
	for (size_t i = 0; i < src->nr_inactive; i++)
		if (src->inactive[i].start < (end > start ? end : start + 1) &&
		    start < src->inactive[i].end)
			return true;
	return false;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

unsigned source_skip_blank(const struct source *src, unsigned p, unsigned to)
{
	while (p < to) {
		const struct span *c = span_find(src->comments, src->nr_comments, p);
		if (c)
			p = c->end;
		else if (is_space(src->text[p]) ||
			 (src->text[p] == '\\' && p + 1 < to && src->text[p + 1] == '\n'))
			p++;
		else
			break;
	}
	return p;
}

bool source_token_between(const struct source *src, unsigned from, unsigned to, unsigned *start,
			  unsigned *end)
{
	if (from > to || to > src->len)
		return false;
	unsigned s = source_skip_blank(src, from, to), e = s;
	while (e < to && !is_space(src->text[e]) && !source_in_comment(src, e))
		e++;
	if (s == e || source_skip_blank(src, e, to) != to)
		return false;
	*start = s;
	*end = e;
	return true;
}

bool source_text_is(const struct source *src, unsigned start, unsigned end, const char *s)
{
	size_t n = strlen(s);
	return start <= end && end <= src->len && end - start == n &&
	       !memcmp(src->text + start, s, n);
}

size_t text_count_newlines(const char *text, unsigned start, unsigned end)
{
	size_t n = 0;
	for (unsigned i = start; i < end; i++)
		n += text[i] == '\n';
	return n;
}

void text_add_newlines(struct strbuf *sb, const char *text, unsigned start, unsigned end)
{
	for (size_t n = text_count_newlines(text, start, end); n; n--)
		sb_addc(sb, '\n');
}

/* --- what the translation unit defines ------------------------------------------------- */

/* The first entry for name (a name may be declared many times), or NULL. */
static const struct tu_name *find_tu_name(const struct source *src, const char *name)
{
	size_t lo = 0, hi = src->nr_names;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(src->names[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < src->nr_names && !strcmp(src->names[lo].name, name) ? &src->names[lo] : NULL;
}

bool source_name_defined(const struct source *src, const char *name)
{
	return starts_with(name, "__builtin_") || starts_with(name, "__atomic_") ||
	       starts_with(name, "__sync_") || find_tu_name(src, name) != NULL;
}

bool source_macro_body(const struct source *src, const char *name, struct strbuf *body)
{
	/* The last definition of a macro is the one in force at the end of the file. */
	const struct tu_name *n = find_tu_name(src, name), *def = NULL;
	for (; n && n < src->names + src->nr_names && !strcmp(n->name, name); n++)
		if (clang_getCursorKind(n->cursor) == CXCursor_MacroDefinition)
			def = n;
	if (!def || clang_Cursor_isMacroFunctionLike(def->cursor))
		return false;
	CXToken *tokens;
	unsigned nr;
	clang_tokenize(src->tu, clang_getCursorExtent(def->cursor), &tokens, &nr);
	for (unsigned i = 1; i < nr; i++) { /* token 0 is the macro's name */
		CXString t = clang_getTokenSpelling(src->tu, tokens[i]);
		sb_addf(body, "%s%s", i > 1 ? " " : "", clang_getCString(t));
		clang_disposeString(t);
	}
	clang_disposeTokens(src->tu, tokens, nr);
	return true;
}

/* --- libclang locations on the text --------------------------------------------------- */

bool source_file_extent(const struct source *src, CXCursor cursor, unsigned *start,
			unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(cursor);
	CXFile f1, f2;
	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, start);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, end);
	return f1 && f2 && clang_File_isEqual(f1, src->file) && clang_File_isEqual(f2, src->file);
}

bool source_in_file(const struct source *src, CXSourceLocation loc)
{
	CXFile f;
	unsigned offset;
	clang_getFileLocation(loc, &f, NULL, NULL, &offset);
	/* A macro location has another encoding than the file location of the same offset. */
	return f && clang_File_isEqual(f, src->file) &&
	       clang_equalLocations(loc, clang_getLocationForOffset(src->tu, src->file, offset));
}

/* Offset of loc in this file's text, if it is spelled there (not in a macro body, not in
 * another file): the spelling and the file location must be the same place. */
static bool text_offset(const struct source *src, CXSourceLocation loc, unsigned *offset)
{
	CXFile spell_file, file_file;
	unsigned spell, at;
	clang_getSpellingLocation(loc, &spell_file, NULL, NULL, &spell);
	clang_getFileLocation(loc, &file_file, NULL, NULL, &at);
	if (!spell_file || !file_file || !clang_File_isEqual(spell_file, src->file) ||
	    !clang_File_isEqual(file_file, src->file) || spell != at || at > src->len)
		return false;
	*offset = at;
	return true;
}

bool source_range(const struct source *src, CXSourceRange range, unsigned *start, unsigned *end)
{
	unsigned s, e;
	if (!text_offset(src, clang_getRangeStart(range), &s) ||
	    !text_offset(src, clang_getRangeEnd(range), &e) || s > e)
		return false;
	*start = s;
	*end = e;
	return true;
}

bool source_cursor_range(const struct source *src, CXCursor cursor, unsigned *start,
			 unsigned *end)
{
	return source_range(src, clang_getCursorExtent(cursor), start, end);
}

bool source_expansion_range(const struct source *src, CXCursor cursor, unsigned *start,
			    unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(cursor);
	CXFile f1;
	unsigned s, e;
	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	/* libclang already moved an end inside a macro body to the end of the invocation; an end
	 * that is still not spelled in the text is a token made by ## pasting, whose place in
	 * the file libclang cannot tell ('!IS_ENABLED(X)' would end right after the '!'). */
	if (!f1 || !clang_File_isEqual(f1, src->file) ||
	    !text_offset(src, clang_getRangeEnd(r), &e) || s > e)
		return false;
	/* An end strictly inside an invocation means the cursor may be made of pieces of it
	 * (two arguments joined by an operator of the macro body) and its text is not the
	 * cursor; unless the range is exactly a nested invocation ('likely(READ_ONCE(x))'). */
	bool inside = false, exact = false;
	for (size_t i = 0; i < src->nr_macros; i++) {
		const struct span *m = &src->macros[i];
		inside |= (m->start < s && s < m->end) || (m->start < e && e < m->end);
		exact |= m->start == s && m->end == e;
	}
	if (inside && !exact)
		return false;
	*start = s;
	*end = e;
	return true;
}

/* The macro invocation of the text that starts at offset, or NULL. */
static const struct span *macro_at(const struct source *src, unsigned offset)
{
	for (size_t i = 0; i < src->nr_macros; i++)
		if (src->macros[i].start == offset)
			return &src->macros[i];
	return NULL;
}

/* The range of an operand or operator expression: spelled in the text, or a whole macro call
 * ('READ_ONCE(x) + 1'). A macro call inside another macro's argument
 * ('WRITE_ONCE(s, READ_ONCE(t) + 2)') has an end libclang cannot place in the text; it starts
 * at its invocation, so the invocation's own extent is taken. Callers check that exactly one
 * token lies between such ranges, which also refuses a wrong guess. */
static bool operand_range(const struct source *src, CXCursor c, unsigned *start, unsigned *end)
{
	if (source_cursor_range(src, c, start, end) || source_expansion_range(src, c, start, end))
		return true;
	const struct span *m;
	if (!source_cursor_start(src, c, start) || !(m = macro_at(src, *start)))
		return false;
	*end = m->end;
	return true;
}

/* The operator token just before the right operand, when the left operand's end has no place
 * in the text: in a macro argument whose left operand ends in an object-like macro
 * ('STORE(c, c ^ PHASE ^ 1)', the second '^'). Both operands must start in the text, in that
 * order, and the token before the right one must be the operator libclang parsed; an operator
 * of a macro's body has both operands placed at the invocation (or no such token): refused. */
static bool operator_before(const struct source *src, CXCursor cursor, CXCursor lhs, CXCursor rhs,
			    unsigned *start, unsigned *end)
{
	unsigned ls, rs;
	if (!source_cursor_start(src, lhs, &ls) || !source_cursor_start(src, rhs, &rs) || ls >= rs)
		return false;
	unsigned e = rs;
	while (e > ls && (is_space(src->text[e - 1]) || source_in_comment(src, e - 1)))
		e--;
	CXString spelling =
		clang_getBinaryOperatorKindSpelling(clang_getCursorBinaryOperatorKind(cursor));
	const char *op = clang_getCString(spelling);
	size_t n = op ? strlen(op) : 0;
	bool found = n && e - ls > n && !memcmp(src->text + e - n, op, n);
	clang_disposeString(spelling);
	if (found) {
		*start = e - (unsigned)n;
		*end = e;
	}
	return found;
}

bool source_binary(const struct source *src, CXCursor cursor, CXCursor *lhs, CXCursor *rhs,
		   unsigned *op_start, unsigned *op_end)
{
	enum CXCursorKind k = clang_getCursorKind(cursor);
	CXCursor ch[2];
	unsigned ls, le, rs, re;
	if ((k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) ||
	    cursor_children(cursor, ch, 2) != 2)
		return false;
	if (!(operand_range(src, ch[0], &ls, &le) && operand_range(src, ch[1], &rs, &re) &&
	      source_token_between(src, le, rs, op_start, op_end)) &&
	    !operator_before(src, cursor, ch[0], ch[1], op_start, op_end))
		return false;
	*lhs = ch[0];
	*rhs = ch[1];
	return true;
}

bool source_cursor_start(const struct source *src, CXCursor c, unsigned *offset)
{
	CXFile f;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, offset);
	return f && clang_File_isEqual(f, src->file) && *offset <= src->len;
}

bool source_unary(const struct source *src, CXCursor cursor, CXCursor *operand,
		  unsigned *op_start, unsigned *op_end)
{
	CXCursor ch[1];
	unsigned s, e, os, oe;
	if (clang_getCursorKind(cursor) != CXCursor_UnaryOperator ||
	    cursor_children(cursor, ch, 1) != 1 || !source_cursor_start(src, cursor, &s) ||
	    !source_cursor_start(src, ch[0], &os))
		return false;
	*operand = ch[0];
	/* Prefix: the one token between the starts ('!IS_ENABLED(X)' needs no end); postfix: the
	 * one token after the operand. */
	if (s < os)
		return source_token_between(src, s, os, op_start, op_end);
	return operand_range(src, cursor, &s, &e) && operand_range(src, ch[0], &os, &oe) &&
	       source_token_between(src, oe, e, op_start, op_end);
}
