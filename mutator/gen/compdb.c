/* compile_commands.json reading and compiler-flag filtering; see compdb.h. Our own reader
 * rather than libclang's CXCompilationDatabase: that one silently invents a command for a file
 * it does not list (interpolation), and reports a malformed file without saying where. */
#include "compdb.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "util.h"

/* --- a JSON reader just big enough for compile_commands.json ------------------------- */

struct reader {
	const char *path;
	const char *start, *p, *end;
};

static _Noreturn void malformed(const struct reader *r, const char *what)
{
	unsigned line = 1;
	for (const char *q = r->start; q < r->p && q < r->end; q++)
		line += *q == '\n';
	die("malformed compilation database '%s':%u: %s", r->path, line, what);
}

static void skip_ws(struct reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static int peek(struct reader *r)
{
	skip_ws(r);
	return r->p < r->end ? (unsigned char)*r->p : -1;
}

static void expect(struct reader *r, char c, const char *what)
{
	if (peek(r) != c)
		malformed(r, what);
	r->p++;
}

static void put_utf8(struct strbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		sb_addc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(sb, (char)(0xc0 | cp >> 6));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_addc(sb, (char)(0xe0 | cp >> 12));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else {
		sb_addc(sb, (char)(0xf0 | cp >> 18));
		sb_addc(sb, (char)(0x80 | ((cp >> 12) & 0x3f)));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

static unsigned hex4(struct reader *r)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++, r->p++) {
		if (r->p >= r->end || !isxdigit((unsigned char)*r->p))
			malformed(r, "bad \\u escape");
		int c = tolower((unsigned char)*r->p);
		v = v * 16 + (unsigned)(isdigit(c) ? c - '0' : c - 'a' + 10);
	}
	return v;
}

static char *read_string(struct reader *r)
{
	expect(r, '"', "expected a string");
	struct strbuf sb = STRBUF_INIT;
	for (;;) {
		if (r->p >= r->end)
			malformed(r, "unterminated string");
		char c = *r->p++;
		if (c == '"')
			break;
		if ((unsigned char)c < 0x20)
			malformed(r, "control character in string");
		if (c != '\\') {
			sb_addc(&sb, c);
			continue;
		}
		if (r->p >= r->end)
			malformed(r, "unterminated string");
		c = *r->p++;
		switch (c) {
		case '"': case '\\': case '/': sb_addc(&sb, c); break;
		case 'b': sb_addc(&sb, '\b'); break;
		case 'f': sb_addc(&sb, '\f'); break;
		case 'n': sb_addc(&sb, '\n'); break;
		case 'r': sb_addc(&sb, '\r'); break;
		case 't': sb_addc(&sb, '\t'); break;
		case 'u': {
			unsigned cp = hex4(r);
			if (cp >= 0xd800 && cp < 0xdc00 && r->end - r->p >= 6 && r->p[0] == '\\' &&
			    r->p[1] == 'u') {
				r->p += 2;
				unsigned lo = hex4(r);
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			}
			put_utf8(&sb, cp);
			break;
		}
		default:
			malformed(r, "bad escape in string");
		}
	}
	return sb_detach(&sb, NULL);
}

static void skip_value(struct reader *r, int depth);

static void skip_literal(struct reader *r)
{
	const char *s = r->p;
	while (r->p < r->end && (isalnum((unsigned char)*r->p) || strchr("+-.", *r->p)))
		r->p++;
	size_t n = (size_t)(r->p - s);
	if (!n)
		malformed(r, "expected a value");
	if (!(n == 4 && !memcmp(s, "true", 4)) && !(n == 5 && !memcmp(s, "false", 5)) &&
	    !(n == 4 && !memcmp(s, "null", 4)) && !(isdigit((unsigned char)*s) || *s == '-'))
		malformed(r, "expected a value");
}

static void skip_value(struct reader *r, int depth)
{
	if (depth > 64)
		malformed(r, "nested too deeply");
	int c = peek(r);
	if (c == '"') {
		free(read_string(r));
	} else if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';
		r->p++;
		if (peek(r) == close) {
			r->p++;
			return;
		}
		for (;;) {
			if (close == '}') {
				free(read_string(r));
				expect(r, ':', "expected ':'");
			}
			skip_value(r, depth + 1);
			if (peek(r) == ',') {
				r->p++;
				continue;
			}
			expect(r, close, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
			return;
		}
	} else {
		skip_literal(r);
	}
}

static void read_string_array(struct reader *r, struct strlist *out)
{
	expect(r, '[', "\"arguments\" must be an array of strings");
	if (peek(r) == ']') {
		r->p++;
		return;
	}
	for (;;) {
		char *s = read_string(r);
		strlist_add(out, s);
		free(s);
		if (peek(r) == ',') {
			r->p++;
			continue;
		}
		expect(r, ']', "expected ',' or ']'");
		return;
	}
}

/* Splits a "command" string as a POSIX shell would split words (quotes and backslashes). */
static void split_command(struct reader *r, const char *cmd, struct strlist *out)
{
	struct strbuf word = STRBUF_INIT;
	int in_word = 0;
	for (const char *p = cmd;; p++) {
		if (!*p || isspace((unsigned char)*p)) {
			if (in_word)
				strlist_add(out, word.buf);
			sb_reset(&word);
			in_word = 0;
			if (!*p)
				break;
			continue;
		}
		in_word = 1;
		if (*p == '\\' && p[1]) {
			sb_addc(&word, *++p);
		} else if (*p == '\'') {
			const char *q = strchr(p + 1, '\'');
			if (!q)
				malformed(r, "unterminated quote in \"command\"");
			sb_add(&word, p + 1, (size_t)(q - p - 1));
			p = q;
		} else if (*p == '"') {
			for (p++; *p && *p != '"'; p++) {
				if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
					p++;
				sb_addc(&word, *p);
			}
			if (!*p)
				malformed(r, "unterminated quote in \"command\"");
		} else {
			sb_addc(&word, *p);
		}
	}
	sb_release(&word);
}

static void read_entry(struct reader *r, struct compile_command *cmd)
{
	char *file = NULL, *command = NULL;
	int has_args = 0;
	expect(r, '{', "expected an object for each compile command");
	if (peek(r) != '}') {
		for (;;) {
			char *key = read_string(r);
			expect(r, ':', "expected ':'");
			if (!strcmp(key, "directory") && !cmd->directory) {
				cmd->directory = read_string(r);
			} else if (!strcmp(key, "file") && !file) {
				file = read_string(r);
			} else if (!strcmp(key, "command") && !command) {
				command = read_string(r);
			} else if (!strcmp(key, "arguments") && !has_args) {
				read_string_array(r, &cmd->args);
				has_args = 1;
			} else {
				skip_value(r, 1);
			}
			free(key);
			if (peek(r) == ',') {
				r->p++;
				continue;
			}
			break;
		}
	}
	expect(r, '}', "expected ',' or '}'");
	if (!cmd->directory || !file || (!command && !has_args))
		malformed(r, "an entry lacks \"directory\", \"file\" or \"arguments\"/\"command\"");
	if (cmd->directory[0] != '/')
		malformed(r, "\"directory\" is not an absolute path");
	if (!has_args)
		split_command(r, command, &cmd->args);
	if (!cmd->args.nr)
		malformed(r, "an entry has an empty command");
	cmd->file = path_normalize(cmd->directory, file);
	free(file);
	free(command);
}

void compdb_load(struct compdb *db, const char *path)
{
	char *data;
	size_t len;
	if (read_file(path, &data, &len) < 0)
		die("cannot read compilation database '%s': %s", path, strerror(errno));
	struct reader r = { path, data, data, data + len };
	if (peek(&r) < 0)
		die("compilation database '%s' is empty", path);
	memset(db, 0, sizeof(*db));
	db->path = xstrdup(path);
	size_t alloc = 0;
	expect(&r, '[', "expected an array of compile commands");
	if (peek(&r) == ']') {
		r.p++;
	} else {
		for (;;) {
			if (db->nr == alloc) {
				alloc = alloc ? 2 * alloc : 64;
				db->entries = xrealloc(db->entries, alloc * sizeof(*db->entries));
			}
			memset(&db->entries[db->nr], 0, sizeof(db->entries[0]));
			read_entry(&r, &db->entries[db->nr++]);
			if (peek(&r) == ',') {
				r.p++;
				continue;
			}
			expect(&r, ']', "expected ',' or ']'");
			break;
		}
	}
	if (peek(&r) >= 0)
		malformed(&r, "trailing text after the array");
	free(data);
}

void compdb_free(struct compdb *db)
{
	for (size_t i = 0; i < db->nr; i++) {
		free(db->entries[i].directory);
		free(db->entries[i].file);
		strlist_clear(&db->entries[i].args);
	}
	free(db->entries);
	free(db->path);
	memset(db, 0, sizeof(*db));
}

size_t compdb_find_all(const struct compdb *db, const char *abs_file,
		       const struct compile_command ***out)
{
	char *want = path_normalize("/", abs_file);
	size_t nr = 0;
	*out = xcalloc(db->nr + 1, sizeof(**out));
	for (size_t i = 0; i < db->nr; i++)
		if (!strcmp(db->entries[i].file, want))
			(*out)[nr++] = &db->entries[i];
	/* Symlinked trees: compare the real paths only when the plain names did not match. */
	char real_want[PATH_MAX], real_entry[PATH_MAX];
	if (!nr && realpath(want, real_want))
		for (size_t i = 0; i < db->nr; i++)
			if (realpath(db->entries[i].file, real_entry) && !strcmp(real_entry, real_want))
				(*out)[nr++] = &db->entries[i];
	free(want);
	return nr;
}

bool compdb_entry_contains(const struct compile_command *cmd, const char *text)
{
	for (size_t i = 0; i < cmd->args.nr; i++)
		if (strstr(cmd->args.items[i], text))
			return true;
	return false;
}

void compdb_entry_differences(const struct compile_command *const *entries, size_t nr, size_t which,
			      struct strbuf *out)
{
	const struct compile_command *e = entries[which];
	for (size_t a = 1; a < e->args.nr; a++) {
		bool everywhere = true;
		for (size_t k = 0; k < nr && everywhere; k++)
			everywhere = strlist_has(&entries[k]->args, e->args.items[a]);
		if (!everywhere)
			sb_addf(out, "%s%s", out->len ? " " : "", e->args.items[a]);
	}
}

const struct compile_command *compdb_find_near(const struct compdb *db, const char *abs_file)
{
	char *want = path_normalize("/", abs_file);
	size_t dir_len = (size_t)(strrchr(want, '/') - want);
	const struct compile_command *found = db->nr ? &db->entries[0] : NULL;
	for (size_t i = 0; i < db->nr; i++) {
		const char *f = db->entries[i].file;
		if (strlen(f) > dir_len && !strncmp(f, want, dir_len) && f[dir_len] == '/' &&
		    !strchr(f + dir_len + 1, '/')) {
			found = &db->entries[i];
			break;
		}
	}
	free(want);
	return found;
}

/* --- flags ------------------------------------------------------------------------------ */

/* Options whose value is the next argument (when not joined): kept with their value. */
static const char *const kept_with_value[] = {
	"-D", "-U", "-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
	"-isysroot", "--sysroot", "-iprefix", "-iwithprefixbefore", "-iwithprefix", "-target",
	"-x", "-Xclang", NULL,
};
/* Of those, the ones whose value is a path, resolved against the entry's directory (but see
 * searched_like_include). */
static const char *const path_valued[] = {
	"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-isysroot",
	"--sysroot", NULL,
};
/* Dropped together with their value: outputs and dependency files. */
static const char *const dropped_with_value[] = {
	"-o", "-MF", "-MT", "-MQ", "-Xassembler", "-Xlinker", "-aux-info", "--param", NULL,
};
/* Dropped alone: compile-mode switches, dependency generation, warnings made fatal (a
 * warning must not stop the parse), and gcc-only flags that clang rejects with "unknown
 * argument" (the Linux kernel's gcc builds use all of these). A trailing '*' is a prefix. */
static const char *const dropped[] = {
	"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-Wp,-M*", "-Werror*",
	"-pipe", "-save-temps*", "-fconserve-stack", "-mrecord-mcount", "-fallow-store-data-races",
	"-fno-allow-store-data-races", "--param=*", "-mindirect-branch=*",
	"-mindirect-branch-register", "-mfunction-return=*", "-mpreferred-stack-boundary=*",
	"-fno-var-tracking-assignments", "-fmin-function-alignment=*", "-fno-ipa-*",
	"-fno-inline-functions-called-once", "-mharden-sls=*", "-fplugin*", "-fno-partial-inlining",
	"-falign-jumps=*", "-fno-code-hoisting", "-Wimplicit-fallthrough=*", NULL,
};

static int in_table(const char *const *table, const char *arg)
{
	for (size_t i = 0; table[i]; i++) {
		size_t n = strlen(table[i]);
		if (table[i][n - 1] == '*' ? !strncmp(arg, table[i], n - 1) : !strcmp(arg, table[i]))
			return 1;
	}
	return 0;
}

/* The option of table that arg is, joined ("-Ifoo": *value = "foo", "--sysroot=x": "x") or
 * alone (*value = ""). Tables list a longer option before its prefixes. */
static const char *option_of(const char *const *table, const char *arg, const char **value)
{
	for (size_t i = 0; table[i]; i++) {
		size_t n = strlen(table[i]);
		if (strncmp(arg, table[i], n))
			continue;
		if (table[i][1] == '-' && arg[n] && arg[n] != '=')
			continue;
		*value = arg + n + (table[i][1] == '-' && arg[n] == '=');
		return table[i];
	}
	return NULL;
}

/* -include and -imacros name a file the way gcc looks for it: in the working directory first,
 * then along the #include "..." chain (-iquote, -I, ...): so it is made absolute only when
 * the entry's directory holds it, and otherwise left for clang to search the same chain. */
static bool searched_like_include(const char *opt)
{
	return !strcmp(opt, "-include") || !strcmp(opt, "-imacros");
}

static void add_option(struct strlist *out, const char *directory, const char *opt,
		       const char *value)
{
	if (in_table(path_valued, opt) && value[0] != '/') {
		char *abs = path_normalize(directory, value);
		bool resolve = !searched_like_include(opt) || access(abs, F_OK) == 0;
		strlist_add(out, opt);
		strlist_add(out, resolve ? abs : value);
		free(abs);
		return;
	}
	strlist_add(out, opt);
	strlist_add(out, value);
}

void compdb_clang_flags(const char *directory, const char *const *args, size_t nr,
			int has_compiler, struct strlist *out)
{
	for (size_t i = has_compiler ? 1 : 0; i < nr; i++) {
		const char *a = args[i], *value;
		const char *opt;
		if ((opt = option_of(dropped_with_value, a, &value))) {
			i += !*value;
		} else if (in_table(dropped, a)) {
			continue;
		} else if ((opt = option_of(kept_with_value, a, &value))) {
			if (!*value && i + 1 < nr)
				value = args[++i];
			add_option(out, directory, opt, value);
		} else if (a[0] != '-') {
			continue; /* an input file: the generator names the file itself */
		} else {
			strlist_add(out, a);
		}
	}
	/* gcc-only warning names are harmless but noisy; relative paths clang still resolves
	 * itself (e.g. in #line or -fmacro-prefix-map) use the entry's directory. */
	strlist_add(out, "-Wno-unknown-warning-option");
	strlist_add(out, "-working-directory");
	strlist_add(out, directory);
}
