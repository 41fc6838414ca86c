/* libclang cursor helpers that need no source text: direct children, node identity, and
 * what an expression's type allows an operator to do. */
#ifndef MUTORTURE_CURSOR_H
#define MUTORTURE_CURSOR_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* Up to max direct children of a cursor into out; returns how many it has in all. */
unsigned cursor_children(CXCursor cursor, CXCursor *out, unsigned max);

/* Whether cursor is the statement an if, loop, case or label governs (not a condition, not a
 * for loop's init or increment): the last child of a for, the first of a do, any statement
 * child of the others. Conditions and case values are children too, but are never followed by
 * a ';': callers that look for a statement check for it. */
bool cursor_is_body(CXCursor cursor, CXCursor parent);

/* Cursors for one AST node reached two ways (a visit, an accessor) differ in their private
 * parent data, so clang_equalCursors cannot tell: same kind and extent. */
bool cursor_same_node(CXCursor a, CXCursor b);

/* What an expression's type allows, from its canonical type. */
enum type_class {
	TYPE_INT,     /* integers, _Bool, enums, characters */
	TYPE_FLOAT,   /* float, double, long double */
	TYPE_POINTER, /* pointers, and arrays (which decay to them) */
	TYPE_OTHER,   /* structs, unions, void, complex... */
};
enum type_class type_class_of(CXType type);
enum type_class cursor_type_class(CXCursor cursor);

#endif
