/* compile_commands.json: a small reader for the one JSON shape it has (an array of objects
 * with "directory", "file" and "arguments" or "command"), and the filter that turns a
 * compiler's command line (often gcc's, e.g. the kernel's) into flags libclang accepts.
 * Every problem is fatal and names the file (and line for malformed JSON). */
#ifndef MUTORTURE_COMPDB_H
#define MUTORTURE_COMPDB_H

#include <stdbool.h>
#include <stddef.h>

#include "strlist.h"
#include "util.h"

struct compile_command {
	char *directory; /* absolute */
	char *file;      /* absolute, lexically normalised */
	struct strlist args; /* the command line, compiler first */
};

struct compdb {
	char *path;
	struct compile_command *entries;
	size_t nr;
};

/* Reads path; dies on a missing, empty or malformed file. */
void compdb_load(struct compdb *db, const char *path);
/* The entries compiling abs_file (compared after normalisation, else by real path), in file
 * order: *out (malloc'd, pointers into db) and how many. A library built in several flavours
 * compiles one file several times (-DRCU_MB, -DRCU_MEMBARRIER, ...). */
size_t compdb_find_all(const struct compdb *db, const char *abs_file,
		       const struct compile_command ***out);
/* Whether an argument of cmd contains text (how generate --entry-filter chooses). */
bool compdb_entry_contains(const struct compile_command *cmd, const char *text);
/* The arguments of entries[which] that not every one of the nr entries has, space-separated:
 * what tells one compile command of a file from the others. */
void compdb_entry_differences(const struct compile_command *const *entries, size_t nr, size_t which,
			      struct strbuf *out);
/* For a header, which compile databases rarely list: the first entry compiling a file in the
 * same directory, else the first entry; NULL for an empty database. */
const struct compile_command *compdb_find_near(const struct compdb *db, const char *abs_file);
void compdb_free(struct compdb *db);

/*
 * Appends to out the flags of a command line (args[0] is the compiler when has_compiler) that
 * matter for parsing: -I/-D/-U/-include/-std/-m... are kept, relative include paths made
 * absolute against directory; outputs (-o, -c), dependency files (-M*, -Wp,-M*), inputs,
 * -Werror and the gcc-only flags clang rejects are dropped (table in compdb.c).
 */
void compdb_clang_flags(const char *directory, const char *const *args, size_t nr,
			int has_compiler, struct strlist *out);

#endif
