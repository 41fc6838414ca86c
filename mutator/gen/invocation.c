/* Finding calls of named primitives in the file's text; see invocation.h. The scanner only
 * needs to find the matching ')' and the top-level commas, so it understands exactly what
 * could hide a bracket or a comma: comments, string and character literals, and nesting. */
#include "invocation.h"

#include <ctype.h>
#include <string.h>

#include "cursor.h"
#include "util.h"

static bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Offset just past the literal opening at pos (quote is ' or "); len if unterminated. */
static unsigned skip_literal(const char *text, size_t len, unsigned pos)
{
	char quote = text[pos++];
	while (pos < len && text[pos] != quote && text[pos] != '\n')
		pos += text[pos] == '\\' ? 2 : 1;
	return pos < len ? pos + 1 : (unsigned)len;
}

static void add_arg(struct invocation *inv, const char *text, unsigned start, unsigned end)
{
	if (inv->nargs < INVOCATION_MAX_ARGS) {
		while (start < end && isspace((unsigned char)text[start]))
			start++;
		while (end > start && isspace((unsigned char)text[end - 1]))
			end--;
		inv->args[inv->nargs] = (struct span){ start, end };
	}
	inv->nargs++;
}

/* Parses `NAME` at text[start] and, if an argument list follows, `( ... )` with its top-level
 * arguments; false if there is no name there or the list is unbalanced. */
static bool invocation_parse(const struct source *src, unsigned start, struct invocation *inv)
{
	const char *text = src->text;
	size_t len = src->len;
	memset(inv, 0, sizeof(*inv));
	if (start >= len || !(isalpha((unsigned char)text[start]) || text[start] == '_'))
		return false;
	unsigned p = start;
	while (p < len && is_ident_char(text[p]))
		p++;
	if (p - start >= INVOCATION_MAX_NAME)
		return false;
	memcpy(inv->name, text + start, p - start);
	inv->start = start;
	inv->name_end = inv->end = p;

	p = source_skip_blank(src, p, (unsigned)len);
	if (p >= len || text[p] != '(')
		return true;
	unsigned depth = 0, arg_start = p + 1;
	while (p < len) {
		char c = text[p];
		if (c == '"' || c == '\'') {
			p = skip_literal(text, len, p);
			continue;
		}
		unsigned next = source_skip_blank(src, p, (unsigned)len);
		if (next != p) {
			p = next;
			continue;
		}
		if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			if (--depth == 0) {
				if (inv->nargs || source_skip_blank(src, arg_start, (unsigned)len) != p)
					add_arg(inv, text, arg_start, p);
				inv->has_args = true;
				inv->end = p + 1;
				return true;
			}
		} else if (c == ',' && depth == 1) {
			add_arg(inv, text, arg_start, p);
			arg_start = p + 1;
		}
		p++;
	}
	return false; /* unbalanced: not something we can cut */
}

/* The file range of [start, end) in the main file, checked by the generator. */
static bool accepted(const struct source *src, CXFile file, unsigned start, unsigned end)
{
	CXTranslationUnit tu = src->tu;
	CXSourceRange range = clang_getRange(clang_getLocationForOffset(tu, file, start),
					     clang_getLocationForOffset(tu, file, end));
	unsigned s, e;
	return source_range(src, range, &s, &e) && s == start && e == end;
}

/* An implicit conversion wraps a call with the very same extent; only the innermost of such
 * a chain is the use, so every use is found once. */
struct same_extent {
	CXSourceRange extent;
	bool found;
};

static enum CXChildVisitResult find_same_extent(CXCursor c, CXCursor parent, CXClientData data)
{
	struct same_extent *se = data;
	(void)parent;
	if (clang_equalRanges(clang_getCursorExtent(c), se->extent)) {
		se->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

bool invocation_from_cursor(const struct source *src, CXCursor cursor, struct invocation *inv)
{
	enum CXCursorKind kind = clang_getCursorKind(cursor);
	bool macro = kind == CXCursor_MacroExpansion;
	if (!macro && kind != CXCursor_CallExpr && kind != CXCursor_UnexposedExpr)
		return false;
	unsigned start, end;
	if (!source_cursor_range(src, cursor, &start, &end))
		return false;
	if (!invocation_parse(src, start, inv))
		return false;

	if (macro) {
		/* A function-like macro's extent already ends at ')'; an object-like one (e.g.
		 * `#define synchronize_rcu urcu_memb_synchronize_rcu`) covers only the name. */
		CXString spelling = clang_getCursorSpelling(cursor);
		bool same = !strcmp(clang_getCString(spelling), inv->name);
		clang_disposeString(spelling);
		if (!same || (end != inv->name_end && end != inv->end))
			return false;
		return inv->has_args;
	}
	/* A literal call: the whole extent must be `NAME(...)` as written. */
	if (!inv->has_args || inv->end != end)
		return false;
	if (kind == CXCursor_CallExpr) {
		CXString spelling = clang_getCursorSpelling(cursor);
		bool same = !strcmp(clang_getCString(spelling), inv->name);
		clang_disposeString(spelling);
		return same;
	}
	struct same_extent se = { clang_getCursorExtent(cursor), false };
	clang_visitChildren(cursor, find_same_extent, &se);
	return !se.found;
}

bool invocation_statement(const struct source *src, CXCursor cursor, CXCursor parent,
			  struct statement_use *use)
{
	struct invocation *inv = &use->inv;
	enum CXCursorKind pkind = clang_getCursorKind(parent);
	bool in_block = pkind == CXCursor_CompoundStmt;
	if (!in_block && !cursor_is_body(cursor, parent))
		return false;
	enum CXCursorKind kind = clang_getCursorKind(cursor);
	if (!(clang_isStatement(kind) || clang_isExpression(kind)) || kind == CXCursor_DeclStmt)
		return false;
	/* The compound statement must be the file's own text, not a macro body's braces. */
	unsigned ps, pe;
	if (!source_cursor_range(src, parent, &ps, &pe))
		return false;
	/* A statement made by a macro starts and ends inside the expansion; its expansion
	 * locations are the invocation's name and closing parenthesis. */
	CXSourceRange extent = clang_getCursorExtent(cursor);
	CXFile file, end_file;
	unsigned start, end;
	clang_getExpansionLocation(clang_getRangeStart(extent), &file, NULL, NULL, &start);
	clang_getExpansionLocation(clang_getRangeEnd(extent), &end_file, NULL, NULL, &end);
	if (!file || !clang_File_isEqual(file, end_file) || start < ps || end > pe)
		return false;
	if (!invocation_parse(src, start, inv) || !inv->has_args || inv->end != end)
		return false;
	const char *text = src->text;
	size_t len = src->len;
	unsigned semi = source_skip_blank(src, end, (unsigned)len);
	if (semi >= len || text[semi] != ';' || !accepted(src, file, start, end))
		return false;
	use->end = in_block ? semi + 1 : end;
	use->filler = in_block ? "" : "(void)0";
	return true;
}

void statement_deletion(struct strbuf *sb, const char *text, const struct statement_use *use)
{
	sb_adds(sb, use->filler);
	text_add_newlines(sb, text, use->inv.start, use->end);
}
