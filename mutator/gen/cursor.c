/* Cursor helpers; see cursor.h. */
#include "cursor.h"

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

unsigned cursor_children(CXCursor cursor, CXCursor *out, unsigned max)
{
	struct children ch = { out, max, 0 };
	clang_visitChildren(cursor, collect_child, &ch);
	return ch.nr;
}

bool cursor_is_body(CXCursor cursor, CXCursor parent)
{
	CXCursor kids[4];
	unsigned n;
	switch (clang_getCursorKind(parent)) {
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_LabelStmt:
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		return true;
	case CXCursor_DoStmt:
		return cursor_children(parent, kids, 1) >= 1 && clang_equalCursors(kids[0], cursor);
	case CXCursor_ForStmt:
		n = cursor_children(parent, kids, 4);
		return n >= 1 && n <= 4 && clang_equalCursors(kids[n - 1], cursor);
	default:
		return false;
	}
}

bool cursor_same_node(CXCursor a, CXCursor b)
{
	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

enum type_class type_class_of(CXType type)
{
	CXType t = clang_getCanonicalType(type);
	switch (t.kind) {
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_Char16:
	case CXType_Char32: case CXType_UShort: case CXType_UInt: case CXType_ULong:
	case CXType_ULongLong: case CXType_UInt128: case CXType_Char_S: case CXType_SChar:
	case CXType_WChar: case CXType_Short: case CXType_Int: case CXType_Long:
	case CXType_LongLong: case CXType_Int128: case CXType_Enum:
		return TYPE_INT;
	case CXType_Float: case CXType_Double: case CXType_LongDouble: case CXType_Float128:
	case CXType_Half: case CXType_Float16:
		return TYPE_FLOAT;
	case CXType_Pointer: case CXType_ConstantArray: case CXType_IncompleteArray:
	case CXType_VariableArray:
		return TYPE_POINTER;
	case CXType_Atomic:
		return type_class_of(clang_Type_getValueType(t));
	default:
		return TYPE_OTHER;
	}
}

enum type_class cursor_type_class(CXCursor cursor)
{
	return type_class_of(clang_getCursorType(cursor));
}
