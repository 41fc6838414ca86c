/* The source model: one file as the generator, the suppression pass and every operator see it.
 * Its text (exactly what was hashed and parsed), line starts, comments (comments.h),
 * inactive preprocessor branches and the macro invocations spelled in it, all as byte
 * offsets into the text, plus the translation unit it was parsed in, to map libclang
 * locations onto the text.
 *
 * "This file" is always the file being mutated, which need not be libclang's main file (a
 * header mutated --via the .c file that includes it). A location maps onto the text only
 * where it is spelled in this file's own text: not in a macro body, not in another file. */
#ifndef MUTORTURE_SOURCE_H
#define MUTORTURE_SOURCE_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "comments.h"

struct source {
	const char *path; /* tree-relative: what messages name */
	const char *text;
	size_t len;
	CXTranslationUnit tu;
	CXFile file;
	unsigned *line_starts; /* byte offset of each line's first byte */
	size_t nr_lines;
	struct span *comments, *inactive; /* sorted, disjoint */
	size_t nr_comments, nr_inactive;
	struct span *macros; /* macro invocations spelled in this file (nested ones too) */
	size_t nr_macros;
	/* What the translation unit defines, anywhere (headers too): macros and the functions
	 * and variables declared at file scope, sorted by name. */
	struct tu_name { char *name; CXCursor cursor; size_t order; } *names;
	size_t nr_names;
};

/* Builds the model of text (borrowed, as are path and tu) as file of tu. */
void source_init(struct source *src, const char *path, const char *text, size_t len,
		 CXTranslationUnit tu, CXFile file);
void source_release(struct source *src);

/* --- the text ------------------------------------------------------------------------- */

/* 1-based line and byte column of an offset. */
void source_line_col(const struct source *src, unsigned offset, unsigned *line, unsigned *col);
bool source_in_comment(const struct source *src, unsigned offset);
/* Whether [start, end) (a point when empty) meets an inactive #if branch. */
bool source_in_inactive(const struct source *src, unsigned start, unsigned end);
/* First offset at or after p, and before to, that is not whitespace, a comment or a line
 * continuation. */
unsigned source_skip_blank(const struct source *src, unsigned p, unsigned to);
/* The one token spelled in [from, to), whitespace and comments aside (e.g. the operator
 * between a binary expression's operands); false if there is none or more than one, which
 * is how an operator that came from a macro body ('#define LT(a, b) a < b') is refused. */
bool source_token_between(const struct source *src, unsigned from, unsigned to, unsigned *start,
			  unsigned *end);
/* Whether [start, end) of the text is exactly s. */
bool source_text_is(const struct source *src, unsigned start, unsigned end, const char *s);
/* The newlines of text[start, end): counted, or appended to sb. Deletions and rewrites keep
 * them, so the rest of the file keeps its line numbers. */
size_t text_count_newlines(const char *text, unsigned start, unsigned end);
struct strbuf;
void text_add_newlines(struct strbuf *sb, const char *text, unsigned start, unsigned end);

/* --- what the translation unit defines ------------------------------------------------- */

/* Whether name is a macro, a function or a variable the translation unit defines or declares,
 * or a compiler builtin (__builtin_*, __atomic_*, __sync_*): a name a mutant may call. */
bool source_name_defined(const struct source *src, const char *name);
/* The replacement list of the object-like macro name, its tokens joined by single spaces, into
 * body; false if name is no object-like macro of the translation unit. */
bool source_macro_body(const struct source *src, const char *name, struct strbuf *body);

/* --- libclang locations on the text --------------------------------------------------- */

/* Byte range of a cursor's extent by file locations (a macro invocation counts as its whole
 * text), if both ends are in this file. */
bool source_file_extent(const struct source *src, CXCursor cursor, unsigned *start,
			unsigned *end);
/* Whether loc is written in this file (not a macro expansion, not another file). */
bool source_in_file(const struct source *src, CXSourceLocation loc);
/* Byte range [start, end) of a source range or a cursor's extent, if both ends are spelled in
 * this file's own text and not inside a macro body; false otherwise (nothing to mutate).
 * Only the ends are checked: in 'X(a, b)' with '#define X(p, q) p < q' the comparison's range
 * is 'a, b'. Use it to find tokens (source_token_between checks what lies between); to
 * replace a whole expression or statement, use source_expansion_range. */
bool source_range(const struct source *src, CXSourceRange range, unsigned *start, unsigned *end);
bool source_cursor_range(const struct source *src, CXCursor cursor, unsigned *start,
			 unsigned *end);
/* Byte range of a cursor by file locations: a macro invocation counts as its whole text, so
 * a statement or expression that is (or contains) a macro call can be replaced as a whole.
 * False if either end falls strictly inside a macro invocation (the cursor is then pieces of
 * it, and no text range is that cursor). For replacing whole statements and expressions. */
bool source_expansion_range(const struct source *src, CXCursor cursor, unsigned *start,
			    unsigned *end);
/* Where a cursor starts, by file location (a macro call counts from its name). A start is
 * reliable even where the end is not (a last token made by ## pasting, as in the kernel's
 * IS_ENABLED(), has no place in the text). */
bool source_cursor_start(const struct source *src, CXCursor cursor, unsigned *offset);
/* For a BinaryOperator or CompoundAssignOperator cursor: its operands and the operator token
 * (checked to be spelled in the text between them). */
bool source_binary(const struct source *src, CXCursor cursor, CXCursor *lhs, CXCursor *rhs,
		   unsigned *op_start, unsigned *op_end);
/* For a UnaryOperator cursor: its operand and operator token (prefix or postfix). */
bool source_unary(const struct source *src, CXCursor cursor, CXCursor *operand,
		  unsigned *op_start, unsigned *op_end);

#endif
