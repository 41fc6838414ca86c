/* mutorture cap: the runner's log writer. Copies stdin to FILE while keeping FILE at most
 * --limit bytes (plus one line saying what was cut): the first half of the limit is written as
 * it arrives (the evidence is on disk while the hook runs), the last half is kept in a ring
 * buffer and written at the end, after a line naming how many bytes were cut between them. A
 * hook that prints gigabytes costs the disk at most the limit, and a verdict printed last (a
 * torture suite's End of test line) is kept. The end comes at end of input or at TERM, INT or
 * HUP (the runner stops a writer that a process escaping its job keeps open): either way the
 * tail is written. Bytes are copied as they are: a log may hold anything a hook printed. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "options.h"
#include "util.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* The ring buffer of the tail: its last `size` bytes seen (`used` of them so far). */
struct ring {
	char *buf;
	size_t size, start, used;
};

static void ring_add(struct ring *r, const char *p, size_t n)
{
	if (n > r->size) {
		p += n - r->size;
		n = r->size;
	}
	size_t end = (r->start + r->used) % r->size;
	size_t first = r->size - end < n ? r->size - end : n;
	memcpy(r->buf + end, p, first);
	memcpy(r->buf, p + first, n - first);
	if (r->used + n <= r->size) {
		r->used += n;
	} else {
		r->start = (r->start + r->used + n) % r->size;
		r->used = r->size;
	}
}

static void write_all(FILE *out, const char *p, size_t n, const char *file)
{
	if (n && fwrite(p, 1, n, out) != n)
		die("cannot write '%s': %s", file, strerror(errno));
}

int cmd_cap(int argc, const char **argv)
{
	long limit = 8L << 20;
	static const char *const usage[] = { "mutorture cap [--limit BYTES] FILE < OUTPUT", NULL };
	const struct option options[] = {
		OPT_INT(0, "limit", &limit, "BYTES", "most bytes FILE keeps (default 8 MiB)"),
		OPT_END(),
	};
	argc = parse_options(argc, argv, options, usage);
	if (argc != 1)
		usage_with_options(usage, options);
	/* The tail is held in memory: a limit past 1 GiB is a typo, not a log size. */
	if (limit < 2 || limit > 1L << 30)
		die("cannot cap a log at %ld bytes: the limit must be from 2 to 1 GiB", limit);
	const char *file = argv[0];
	FILE *out = fopen(file, "w");
	if (!out)
		die("cannot open '%s': %s", file, strerror(errno));

	/* No SA_RESTART: a signal ends the blocked read, and the tail is written. */
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	size_t head = (size_t)limit / 2, written = 0;
	struct ring tail = { xcalloc((size_t)limit - head, 1), (size_t)limit - head, 0, 0 };
	unsigned long long seen = 0;
	char buf[65536];
	while (!stop) {
		ssize_t n = read(0, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("cannot read the output for '%s': %s", file, strerror(errno));
		if (n == 0)
			break;
		seen += (unsigned long long)n;
		size_t k = (size_t)n, take = written < head ? head - written : 0;
		if (take > k)
			take = k;
		write_all(out, buf, take, file);
		written += take;
		if (take)
			fflush(out);
		ring_add(&tail, buf + take, k - take);
	}
	unsigned long long cut = seen - written - tail.used;
	if (cut)
		fprintf(out, "\n[mutorture: %llu bytes of output cut here: the log keeps its first %zu and "
			     "last %zu bytes]\n", cut, written, tail.used);
	size_t first = tail.start ? tail.size - tail.start : tail.used;
	write_all(out, tail.buf + tail.start, first, file);
	write_all(out, tail.buf, tail.used - first, file);
	free(tail.buf);
	if (fclose(out) != 0)
		die("cannot write '%s': %s", file, strerror(errno));
	return 0;
}
