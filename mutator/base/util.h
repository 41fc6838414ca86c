/* Process-wide helpers: git-style error reporting, checked allocation, a growable string
 * buffer, and whole-file I/O. Every allocation failure is fatal; nothing here returns NULL. */
#ifndef MUTORTURE_UTIL_H
#define MUTORTURE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define EXIT_DIE 128   /* fatal error, as git's die() */
#define EXIT_USAGE 129 /* wrong command line, as git's usage() */

_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void bug(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#define BUG(...) bug(__FILE__, __LINE__, __VA_ARGS__)
/* Prints "error: ..." and returns -1, for failures the caller handles. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable, always NUL-terminated byte buffer. Zero-initialise with STRBUF_INIT. */
struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};
#define STRBUF_INIT { NULL, 0, 0 }
void sb_grow(struct strbuf *sb, size_t extra);
void sb_add(struct strbuf *sb, const char *data, size_t len);
void sb_adds(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_reset(struct strbuf *sb);
/* Hands the buffer to the caller (never NULL) and leaves sb empty. */
char *sb_detach(struct strbuf *sb, size_t *len);
void sb_release(struct strbuf *sb);

/* Reads a whole file; returns -1 with errno set on failure. The buffer is NUL-terminated. */
int read_file(const char *path, char **data, size_t *len);
/* Writes data to path by writing a temporary file beside it and renaming it over path, so
 * readers never see half a file and a file shared by hard links is never written in place. */
int write_file_by_rename(const char *path, const char *data, size_t len);

bool starts_with(const char *s, const char *prefix);
bool ends_with(const char *s, const char *suffix);
/* Makes s fit for a terminal line, in place: every control byte (a tab or newline a record
 * unescaped, say) becomes '?'. Returns s. */
char *printable(char *s);

#endif
