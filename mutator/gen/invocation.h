/* A call of a named primitive as written in the file's text: `NAME ( ARG, ARG... )`. Kernel
 * and liburcu primitives are macros, so a use is found from the macro expansion site (the
 * invocation's source extent) or from a literal call in the text (function or builtin), never
 * from the expanded code; the argument texts are cut from the file by a small C-aware scanner
 * (comments, string and character literals, nested brackets). Every offset is a byte offset
 * into the file's own text, inside a range source_range() accepted. */
#ifndef MUTORTURE_INVOCATION_H
#define MUTORTURE_INVOCATION_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "source.h"

#define INVOCATION_MAX_ARGS 9 /* templates address %1..%9 */
#define INVOCATION_MAX_NAME 128

struct invocation {
	char name[INVOCATION_MAX_NAME];
	unsigned start;    /* first byte of the name */
	unsigned name_end; /* just past the name */
	unsigned end;      /* just past ')' (or name_end when no argument list follows) */
	bool has_args;     /* a parenthesised argument list follows the name */
	unsigned nargs;    /* number of arguments; 0 for "()" */
	struct span args[INVOCATION_MAX_ARGS]; /* blanks trimmed; only the first 9 kept */
};

/* A use at a macro expansion cursor (function-like, or object-like followed by an argument
 * list), or an innermost expression whose whole extent is a literal `NAME(...)` in the text
 * (a function call or a builtin such as __atomic_load_n). False for anything else. */
bool invocation_from_cursor(const struct source *src, CXCursor cursor, struct invocation *inv);

/* A use that is a whole expression statement (`NAME(...);`, its value unused), and what
 * deleting it means: in a block the statement goes with its ';'; as the body of an if, a loop
 * or a label the call becomes `(void)0` and the ';' stays, so the next statement is not
 * pulled into the body and no empty-body warning appears. */
struct statement_use {
	struct invocation inv;
	unsigned end;       /* deleting replaces [inv.start, end) */
	const char *filler; /* by this (static), plus the newlines the range held */
};

/* cursor is the statement, parent the block, if, loop or label holding it. The statement may
 * come from a macro expansion (do-while, asm, ...). */
bool invocation_statement(const struct source *src, CXCursor cursor, CXCursor parent,
			  struct statement_use *use);
/* Appends to sb what replaces a deleted use: its filler and the newlines it spanned. */
struct strbuf;
void statement_deletion(struct strbuf *sb, const char *text, const struct statement_use *use);

#endif
