/* Which lines of a file a change touched, for generate --diff and --patch: one reader of
 * unified diffs for both ('git diff -U0 REV' output, a patch file, an mbox of several patches as
 * sent to a mailing list). Added lines are the lines a patch adds (its '+' lines, in the new
 * file's numbering); a pure deletion marks the lines on both sides of the cut. When a later
 * patch of a series changes the same file, the lines the earlier ones added are carried
 * through its hunks to the final file's numbering (and dropped where it removes them). */
#include "changed-lines.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* Runs argv with stdout into *out; dies naming what, with the first line the command wrote
 * on stderr, if it cannot run or exits non-zero (so the failure is still one line). */
static void run_capture(const char *const *argv, const char *what, struct strbuf *out)
{
	int fds[2];
	FILE *err = tmpfile();
	if (!err || pipe(fds) < 0)
		die("cannot run %s: %s", what, strerror(errno));
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		die("cannot run %s: %s", what, strerror(errno));
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fileno(err), STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	char buf[65536];
	ssize_t n;
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("cannot read the output of %s: %s", what, strerror(errno));
		sb_add(out, buf, (size_t)n);
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("cannot wait for %s: %s", what, strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char line[512] = "";
		rewind(err);
		if (!fgets(line, sizeof(line), err))
			snprintf(line, sizeof(line), "exit status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		line[strcspn(line, "\n")] = '\0';
		die("%s failed: %s", what, line);
	}
	fclose(err);
}

/* One file's hunks in a diff, as a map from the file before to the file after: what carries
 * earlier patches' lines through a later one. */
struct hunk {
	unsigned old_start, old_count, new_start, new_count;
	unsigned *after; /* after[i]: new line of old line old_start + i, 0 if removed */
};

struct file_diff {
	char *path;
	struct hunk *hunks;
	size_t nr;
	unsigned *added; /* new-file lines this diff adds or marks */
	size_t nr_added;
};

static void add_line(struct file_diff *f, unsigned line)
{
	if (!line)
		return;
	f->added = xrealloc(f->added, (f->nr_added + 1) * sizeof(*f->added));
	f->added[f->nr_added++] = line;
}

/* A pure deletion before new line n: the lines on both sides of the cut. */
static void mark_cut(struct file_diff *f, unsigned n)
{
	add_line(f, n > 1 ? n - 1 : 0);
	add_line(f, n);
}

/* The path a '+++ ' or '--- ' line names, read as 'patch -p1' and 'git apply' read it (the
 * campaign applies patches so): its first component taken off (git's a/ and b/, or the
 * 'linux-6.1.orig/' of a diff -u between two trees), and without a trailing tab and timestamp
 * (diff -u); NULL for /dev/null. A path without a '/' is kept whole. */
static char *diff_path(const char *p, const char *end)
{
	const char *stop = p;
	while (stop < end && *stop != '\t')
		stop++;
	if (stop - p == 9 && !strncmp(p, "/dev/null", 9))
		return NULL;
	const char *slash = memchr(p, '/', (size_t)(stop - p));
	if (slash && slash + 1 < stop)
		p = slash + 1;
	return xstrndup(p, (size_t)(stop - p));
}

/* Where old line l of a file went in a diff: its new line, or 0 if removed. */
static unsigned map_line(const struct file_diff *f, unsigned l)
{
	long shift = 0;
	for (size_t i = 0; i < f->nr; i++) {
		const struct hunk *h = &f->hunks[i];
		if (l < h->old_start)
			break;
		if (l < h->old_start + h->old_count)
			return h->after[l - h->old_start];
		shift = (long)(h->new_start + h->new_count) - (long)(h->old_start + h->old_count);
	}
	return (unsigned)((long)l + shift);
}

/* Reads the hunks of one file's diff starting at *pos (just after its '+++' line). */
static void read_hunks(const char *what, const char **pos, const char *end, struct file_diff *f)
{
	const char *p = *pos;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		unsigned os, oc = 1, ns, nc = 1;
		int used = 0;
		if (strncmp(p, "@@ -", 4))
			break;
		if (sscanf(p, "@@ -%u%n", &os, &used) != 1)
			die("cannot read %s: bad hunk header '%.*s'", what, (int)(eol - p), p);
		const char *q = p + used;
		if (*q == ',')
			oc = (unsigned)strtoul(q + 1, (char **)&q, 10);
		if (sscanf(q, " +%u%n", &ns, &used) != 1)
			die("cannot read %s: bad hunk header '%.*s'", what, (int)(eol - p), p);
		q += used;
		if (*q == ',')
			nc = (unsigned)strtoul(q + 1, (char **)&q, 10);
		/* In 'git diff -U0' an empty side names the line before the change. */
		unsigned o = oc ? os : os + 1, n = nc ? ns : ns + 1;
		f->hunks = xrealloc(f->hunks, (f->nr + 1) * sizeof(*f->hunks));
		struct hunk *h = &f->hunks[f->nr++];
		*h = (struct hunk){ o, oc, n, nc, xcalloc(oc + 1, sizeof(unsigned)) };
		unsigned old_left = oc, new_left = nc;
		/* Removed lines followed by added ones are a change (the added lines say it); with
		 * none after them, a pure deletion: the cut before new line n is marked. */
		bool cut = false;
		p = nl ? nl + 1 : end;
		while (p < end && (old_left || new_left)) {
			nl = memchr(p, '\n', (size_t)(end - p));
			eol = nl ? nl : end;
			if (*p == ' ' || p == eol) { /* context (an empty line is a blank context line) */
				if (!old_left || !new_left)
					die("cannot read %s: a hunk longer than its header says", what);
				if (cut)
					mark_cut(f, n), cut = false;
				h->after[o - h->old_start] = n;
				o++, n++, old_left--, new_left--;
			} else if (*p == '-') {
				if (!old_left)
					die("cannot read %s: a hunk longer than its header says", what);
				cut = true;
				o++, old_left--;
			} else if (*p == '+') {
				if (!new_left)
					die("cannot read %s: a hunk longer than its header says", what);
				cut = false;
				add_line(f, n);
				n++, new_left--;
			} else if (*p != '\\') { /* '\ No newline at end of file' */
				die("cannot read %s: a hunk shorter than its header says", what);
			}
			p = nl ? nl + 1 : end;
		}
		if (old_left || new_left)
			die("cannot read %s: a hunk shorter than its header says", what);
		if (cut)
			mark_cut(f, n);
		while (p < end && *p == '\\') {
			nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl + 1 : end;
		}
	}
	*pos = p;
}

static void free_file_diff(struct file_diff *f)
{
	for (size_t i = 0; i < f->nr; i++)
		free(f->hunks[i].after);
	free(f->hunks);
	free(f->added);
	free(f->path);
}

/* Folds one file's diff into the patch: the file's earlier lines carried through it, then its
 * own added lines. */
static void fold(struct patch *patch, struct file_diff *f)
{
	struct patch_file *pf = NULL;
	for (size_t i = 0; i < patch->nr && !pf; i++)
		if (!strcmp(patch->files[i].path, f->path))
			pf = &patch->files[i];
	if (!pf) {
		patch->files = xrealloc(patch->files, (patch->nr + 1) * sizeof(*patch->files));
		pf = &patch->files[patch->nr++];
		memset(pf, 0, sizeof(*pf));
		pf->path = xstrdup(f->path);
		pf->lines.active = true;
	}
	struct line_set moved = { .active = true };
	for (size_t r = 0; r < pf->lines.nr; r++)
		for (unsigned l = pf->lines.ranges[r].first; l <= pf->lines.ranges[r].last; l++) {
			unsigned m = map_line(f, l);
			if (m)
				line_set_add(&moved, m, m);
		}
	for (size_t i = 0; i < f->nr_added; i++)
		line_set_add(&moved, f->added[i], f->added[i]);
	line_set_clear(&pf->lines);
	pf->lines = moved;
	pf->lines.active = true;
}

void patch_parse(const char *text, size_t len, const char *what, struct patch *out)
{
	memset(out, 0, sizeof(*out));
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		/* A file's diff: '--- OLD' then '+++ NEW' then hunks. */
		if (!strncmp(p, "--- ", 4) && next < end && !strncmp(next, "+++ ", 4)) {
			const char *nl2 = memchr(next, '\n', (size_t)(end - next));
			const char *after = nl2 ? nl2 + 1 : end;
			struct file_diff f = { 0 };
			f.path = diff_path(next + 4, nl2 ? nl2 : end);
			read_hunks(what, &after, end, &f);
			if (f.path) /* a deleted file has nothing left to mutate */
				fold(out, &f);
			free_file_diff(&f);
			p = after;
			continue;
		}
		p = next;
	}
	if (!out->nr)
		die("cannot read %s: no file diff in it (expected '--- a/FILE', '+++ b/FILE' and "
		    "'@@' hunks)", what);
}

const struct line_set *patch_lines(const struct patch *patch, const char *path)
{
	for (size_t i = 0; i < patch->nr; i++)
		if (!strcmp(patch->files[i].path, path))
			return &patch->files[i].lines;
	return NULL;
}

void patch_free(struct patch *patch)
{
	for (size_t i = 0; i < patch->nr; i++) {
		free(patch->files[i].path);
		line_set_clear(&patch->files[i].lines);
	}
	free(patch->files);
	memset(patch, 0, sizeof(*patch));
}

void patch_load(const char *file, struct patch *out)
{
	char *text;
	size_t len;
	char *what = xasprintf("patch '%s'", file);
	if (!strcmp(file, "-")) {
		struct strbuf sb = STRBUF_INIT;
		char buf[65536];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
			sb_add(&sb, buf, n);
		if (ferror(stdin))
			die("cannot read the patch on standard input: %s", strerror(errno));
		text = sb_detach(&sb, &len);
	} else if (read_file(file, &text, &len) < 0) {
		die("cannot read patch '%s': %s", file, strerror(errno));
	}
	patch_parse(text, len, what, out);
	free(text);
	free(what);
}

void diff_changed_lines(const char *root, const char *rev, const char *path,
			struct line_set *out)
{
	struct strbuf text = STRBUF_INIT;
	char *what = xasprintf("'git diff %s -- %s'", rev, path);
	const char *argv[] = { "git", "-C", root, "diff", "--no-color", "--no-ext-diff", "-U0",
			       rev, "--", path, NULL };
	run_capture(argv, what, &text);
	memset(out, 0, sizeof(*out));
	out->active = true;
	if (text.len) {
		struct patch patch;
		patch_parse(text.buf, text.len, what, &patch);
		const struct line_set *lines = patch_lines(&patch, path);
		for (size_t r = 0; lines && r < lines->nr; r++)
			line_set_add(out, lines->ranges[r].first, lines->ranges[r].last);
		patch_free(&patch);
	}
	free(what);
	sb_release(&text);
}
