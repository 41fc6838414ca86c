/*
 * rcutorture-style torture test of one toy-rcu flavour: readers walk an RCU-protected list
 * and check that what they hold is neither freed nor reused; a writer replaces elements of
 * the list and frees the old ones only after grace periods (by synchronize_rcu and by
 * call_rcu); fake writers run concurrent grace periods; a stall detector turns a grace
 * period, barrier or reader that never finishes into a failure.
 *
 * Invariants: an element's age is 0 while readers can reach it, 1 once it is unlinked, and
 * grows by one per grace period begun after that, so a reader holding an element of age 2 or
 * more, or one poisoned or reused, proves the flavour broken; the first thread to see a
 * certain failure prints "End of test: FAILURE: <reason>" and ends the process with status 1;
 * a clean run ends with "End of test: SUCCESS" and status 0.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rcu-list.h"
#include "rcu.h"

/* Name of this binary's flavour ("qsbr", ..., "busted-cb"), from flavour-name.c. */
extern const char torture_flavour[];

#define PIPE_LEN 10 /* grace periods an element goes through before it is freed */
#define POOL_SIZE 128
#define LIVE 3 /* elements in the list (four while the writer adds before it deletes) */
#define MAGIC_ALIVE 0x600dcafeU
#define MAGIC_FREED 0xdeadbeefU
#define FAKE_WRITERS 2
#define MAX_READERS 1024
#define STAT_INTERVAL 0.5

struct elem {
	struct rcu_list node;
	struct rcu_head rh;
	unsigned int magic;
	unsigned int age;
	unsigned long seq;	/* changes at every allocation, so a reuse is visible */
	struct elem *next_free; /* pool link, or the writer's list of elements it ages */
};

struct reader {
	pthread_t thread;
	unsigned long rng;
	unsigned long progress; /* reads done; the stall detector watches it move */
	unsigned long pipe[PIPE_LEN + 1];
} __attribute__((aligned(64)));

/* A wait the stall detector watches: since_ns is 0 when nobody waits. */
struct watch {
	const char *what;
	unsigned long since_ns;
};

enum { W_SYNC, W_BARRIER, W_ALLOC, W_FAKE, W_SHUTDOWN = W_FAKE + FAKE_WRITERS, W_COUNT };

static struct {
	double duration, stall;
	int readers;
	unsigned long seed;
	bool seed_given;
	bool reader_sync; /* readers wait for grace periods too (off by default) */
} opt = { 1.5, 1.0, 0, 0, false, false };

static struct elem pool[POOL_SIZE];
static struct elem *free_elems;
static int nr_free;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcu_list current_list = RCU_LIST_INIT(current_list);
static struct elem *live[LIVE]; /* the elements in the list; the writer's after start */

static struct reader readers[MAX_READERS];
static struct watch watches[W_COUNT];
static int stop_updaters, stop_readers, failed;
static unsigned long versions, grace_periods, callbacks, barriers, fake_grace_periods;
static unsigned long alloc_waits, barrier_probe_ran, reader_grace_periods;
static struct rcu_head barrier_probe;
static unsigned long start_ns;

static unsigned long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long)ts.tv_sec * 1000000000UL + (unsigned long)ts.tv_nsec;
}

static void sleep_ns(unsigned long ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000UL), (long)(ns % 1000000000UL) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void sleep_until(unsigned long deadline_ns)
{
	unsigned long now = now_ns();

	if (deadline_ns > now)
		sleep_ns(deadline_ns - now);
}

/* xorshift64*: cheap, per-thread, reproducible from --seed. */
static unsigned long rng_next(unsigned long *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 2685821657736338717UL;
}

/* The initial state of random stream k: distinct per thread, never the stuck state 0. */
static unsigned long rng_state(unsigned long k)
{
	return (opt.seed ^ (0x9e3779b97f4a7c15UL * k)) | 1;
}

static void print_stats(void)
{
	unsigned long pipe[PIPE_LEN + 1] = { 0 }, reads = 0;
	int i, j;

	for (i = 0; i < opt.readers; i++) {
		reads += CMM_LOAD_SHARED(readers[i].progress);
		for (j = 0; j <= PIPE_LEN; j++)
			pipe[j] += CMM_LOAD_SHARED(readers[i].pipe[j]);
	}
	printf("t=%.2f s: versions %lu grace-periods %lu callbacks %lu barriers %lu "
	       "fake-gps %lu reads %lu free %d/%d alloc-waits %lu reader-gps %lu\n",
	       (double)(now_ns() - start_ns) / 1e9, CMM_LOAD_SHARED(versions),
	       CMM_LOAD_SHARED(grace_periods), CMM_LOAD_SHARED(callbacks),
	       CMM_LOAD_SHARED(barriers), CMM_LOAD_SHARED(fake_grace_periods), reads,
	       CMM_LOAD_SHARED(nr_free), POOL_SIZE, CMM_LOAD_SHARED(alloc_waits),
	       CMM_LOAD_SHARED(reader_grace_periods));
	printf("Reader Pipe:");
	for (j = 0; j <= PIPE_LEN; j++)
		printf(" %lu", pipe[j]);
	printf("\n");
	fflush(stdout);
}

/* Reports the first certain failure and ends the process; later reporters just wait. */
static void __attribute__((noreturn, format(printf, 1, 2))) torture_fail(const char *fmt, ...)
{
	va_list ap;

	if (uatomic_xchg(&failed, 1))
		for (;;)
			pause();
	print_stats();
	printf("End of test: FAILURE: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	_exit(1);
}

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fatal: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit(128);
}

static void watch_begin(int slot)
{
	CMM_STORE_SHARED(watches[slot].since_ns, now_ns());
}

static void watch_end(int slot)
{
	CMM_STORE_SHARED(watches[slot].since_ns, 0);
}

static void elem_free(struct elem *e)
{
	pthread_mutex_lock(&pool_lock);
	if (CMM_LOAD_SHARED(e->magic) != MAGIC_ALIVE)
		torture_fail("element %td freed twice", e - pool);
	CMM_STORE_SHARED(e->magic, MAGIC_FREED);
	e->next_free = free_elems;
	free_elems = e;
	CMM_STORE_SHARED(nr_free, nr_free + 1);
	pthread_mutex_unlock(&pool_lock);
}

/* Takes a free element, waiting (watched) while callbacks still hold them all. */
static struct elem *elem_alloc(void)
{
	struct elem *e;

	for (;;) {
		pthread_mutex_lock(&pool_lock);
		e = free_elems;
		if (e) {
			free_elems = e->next_free;
			CMM_STORE_SHARED(nr_free, nr_free - 1);
		}
		pthread_mutex_unlock(&pool_lock);
		if (e)
			break;
		if (CMM_LOAD_SHARED(watches[W_ALLOC].since_ns) == 0)
			watch_begin(W_ALLOC);
		uatomic_inc(&alloc_waits);
		sleep_ns(100000);
	}
	watch_end(W_ALLOC);
	CMM_STORE_SHARED(e->seq, e->seq + 1);
	CMM_STORE_SHARED(e->age, 0);
	CMM_STORE_SHARED(e->magic, MAGIC_ALIVE);
	return e;
}

/* One grace period has passed since e was queued: age it, and free it at the pipe's end. */
static void elem_callback(struct rcu_head *head)
{
	struct elem *e = (struct elem *)((char *)head - offsetof(struct elem, rh));
	unsigned int age = CMM_LOAD_SHARED(e->age) + 1;

	uatomic_inc(&callbacks);
	CMM_STORE_SHARED(e->age, age);
	/* Once the updaters stop, the grace period just passed is enough: a short shutdown. */
	if (age >= PIPE_LEN || CMM_LOAD_SHARED(stop_updaters))
		elem_free(e);
	else
		call_rcu(&e->rh, elem_callback);
}

/* Spends a random while inside a read-side critical section, rarely asleep. */
static void reader_dwell(struct reader *r)
{
	unsigned long x = rng_next(&r->rng), spins;

	if ((x & 0x3ff) == 0) {
		sleep_ns(50000 + (x >> 10) % 950000);
		return;
	}
	spins = (x & 0x1f) == 0 ? (x >> 10) & 0xfff : (x >> 10) & 0x3f;
	while (spins--)
		caa_cpu_relax();
}

static void reader_check(struct reader *r, struct elem *e, unsigned long seq)
{
	unsigned int age = CMM_LOAD_SHARED(e->age), slot = age < PIPE_LEN ? age : PIPE_LEN;

	/* Read age before the identity, so the age belongs to the element we checked. */
	cmm_smp_rmb();
	if (CMM_LOAD_SHARED(e->magic) != MAGIC_ALIVE)
		torture_fail("element %td freed while a reader held it (age %u)", e - pool, age);
	if (CMM_LOAD_SHARED(e->seq) != seq)
		torture_fail("element %td reused while a reader held it", e - pool);
	CMM_STORE_SHARED(r->pipe[slot], r->pipe[slot] + 1);
	if (age > 1)
		torture_fail("a grace period ended while a reader held element %td (age %u)",
			     e - pool, age);
}

/* One read-side critical section, sometimes nested, checking what it holds throughout. */
static void reader_read(struct reader *r)
{
	struct elem *held[POOL_SIZE];
	unsigned long seq[POOL_SIZE];
	struct rcu_list *pos;
	bool nested = (rng_next(&r->rng) & 3) == 0;
	int n = 0, i;

	rcu_read_lock();
	if (nested)
		rcu_read_lock();
	rcu_list_for_each(pos, &current_list) {
		/*
		 * A next pointer only leads to an element inserted earlier, and none is reused
		 * while we are inside: a walk longer than the pool has gone round a cycle.
		 */
		if (n == POOL_SIZE)
			torture_fail("a reader walked past %d elements: the list is corrupt",
				     POOL_SIZE);
		held[n] = rcu_list_entry(pos, struct elem, node);
		seq[n] = CMM_LOAD_SHARED(held[n]->seq);
		if (CMM_LOAD_SHARED(held[n]->magic) != MAGIC_ALIVE)
			torture_fail("a reader reached element %td after it was freed",
				     held[n] - pool);
		n++;
	}
	if (n == 0)
		torture_fail("a reader found the list empty");
	reader_dwell(r);
	for (i = 0; i < n; i++)
		reader_check(r, held[i], seq[i]);
	if (nested) {
		/* Still inside the outer section: what we hold must stay valid. */
		rcu_read_unlock();
		reader_dwell(r);
		for (i = 0; i < n; i++)
			reader_check(r, held[i], seq[i]);
	}
	rcu_read_unlock();
}

static void *reader_thread(void *arg)
{
	struct reader *r = arg;

	rcu_register_thread();
	while (!CMM_LOAD_SHARED(stop_readers)) {
		reader_read(r);
		rcu_quiescent_state();
		/*
		 * --reader-sync: a registered thread, outside any read-side critical section, waits
		 * for a grace period itself (a reader that also updates), which a flavour must not
		 * wait on its own quiescent state for.
		 */
		if (opt.reader_sync && (rng_next(&r->rng) & 0x3f) == 0) {
			synchronize_rcu();
			uatomic_inc(&reader_grace_periods);
		}
		CMM_STORE_SHARED(r->progress, r->progress + 1);
		if ((rng_next(&r->rng) & 0xff) == 0)
			sleep_ns(rng_next(&r->rng) % 100000);
	}
	rcu_unregister_thread();
	return NULL;
}

static void barrier_probe_callback(struct rcu_head *head)
{
	(void)head;
	CMM_STORE_SHARED(barrier_probe_ran, 1);
}

/* rcu_barrier() must not return before a callback queued just before it has run. */
static void writer_check_barrier(void)
{
	CMM_STORE_SHARED(barrier_probe_ran, 0);
	call_rcu(&barrier_probe, barrier_probe_callback);
	watch_begin(W_BARRIER);
	rcu_barrier();
	watch_end(W_BARRIER);
	uatomic_inc(&barriers);
	if (!CMM_LOAD_SHARED(barrier_probe_ran))
		torture_fail("rcu_barrier returned before a callback queued before it had run");
}

/*
 * One synchronize_rcu(), then one step along the pipe for every element the writer ages;
 * those that reach free_age are freed.
 */
static void writer_sync_and_age(struct elem **aging, unsigned int free_age)
{
	struct elem *e;
	unsigned int age;

	watch_begin(W_SYNC);
	synchronize_rcu();
	watch_end(W_SYNC);
	uatomic_inc(&grace_periods);
	while ((e = *aging)) {
		age = CMM_LOAD_SHARED(e->age) + 1;
		CMM_STORE_SHARED(e->age, age);
		if (age >= free_age) {
			*aging = e->next_free;
			elem_free(e);
		} else {
			aging = &e->next_free;
		}
	}
}

static void *writer_thread(void *unused)
{
	struct elem *old, *aging = NULL;
	unsigned long rng = rng_state(MAX_READERS), x, iter;
	unsigned int slot;

	(void)unused;
	for (iter = 0; !CMM_LOAD_SHARED(stop_updaters); iter++) {
		x = rng_next(&rng);
		slot = (unsigned int)((x >> 1) % LIVE);
		old = live[slot];
		live[slot] = elem_alloc();
		if (x & 1) {
			rcu_list_replace(&old->node, &live[slot]->node);
		} else {
			rcu_list_add(&live[slot]->node, &current_list);
			rcu_list_del(&old->node);
		}
		CMM_STORE_SHARED(old->age, 1);
		uatomic_inc(&versions);
		if (iter & 1) {
			call_rcu(&old->rh, elem_callback);
		} else {
			old->next_free = aging;
			aging = old;
			writer_sync_and_age(&aging, PIPE_LEN);
		}
		if ((iter & 0xff) == 0xff)
			writer_check_barrier();
		if ((x & 0x1f00) == 0)
			sleep_ns((x >> 16) % 50000);
	}
	/* Stopping: one more grace period makes every element still aging safe to free. */
	if (aging)
		writer_sync_and_age(&aging, 2);
	return NULL;
}

static void *fake_writer_thread(void *arg)
{
	int slot = (int)(long)arg;
	unsigned long rng = rng_state(MAX_READERS + 1 + (unsigned long)slot), x;

	while (!CMM_LOAD_SHARED(stop_updaters)) {
		x = rng_next(&rng);
		sleep_ns(x % 2000000);
		watch_begin(slot);
		if ((x >> 32) % 8 == 0)
			rcu_barrier();
		else
			synchronize_rcu();
		watch_end(slot);
		uatomic_inc(&fake_grace_periods);
	}
	return NULL;
}

/* Fails the run when a watched wait or a reader has not moved for opt.stall seconds. */
static void *stall_detector_thread(void *unused)
{
	unsigned long last[MAX_READERS] = { 0 }, moved[MAX_READERS], now, since, p;
	unsigned long limit = (unsigned long)(opt.stall * 1e9);
	int i;

	(void)unused;
	for (i = 0; i < opt.readers; i++)
		moved[i] = now_ns();
	for (;;) {
		sleep_ns(50000000);
		now = now_ns();
		for (i = 0; i < W_COUNT; i++) {
			since = CMM_LOAD_SHARED(watches[i].since_ns);
			/* A wait that began after now was read is no stall (now - since would wrap). */
			if (since && since < now && now - since > limit)
				torture_fail("stall: %s has not returned after %.1f s",
					     watches[i].what, (double)(now - since) / 1e9);
		}
		for (i = 0; i < opt.readers; i++) {
			p = CMM_LOAD_SHARED(readers[i].progress);
			if (p != last[i]) {
				last[i] = p;
				moved[i] = now;
			} else if (now - moved[i] > limit && !CMM_LOAD_SHARED(stop_readers)) {
				torture_fail("stall: reader %d made no progress for %.1f s", i,
					     (double)(now - moved[i]) / 1e9);
			}
		}
	}
}

static void start_thread(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	int err = pthread_create(thread, NULL, fn, arg);

	if (err)
		die("cannot create a thread: %s", strerror(err));
}

static void usage(FILE *out, int status)
{
	fprintf(out,
		"usage: torture-%s [--flavour NAME] [--duration SECONDS] [--readers N] [--seed N]\n"
		"       [--stall SECONDS] [--reader-sync]\n"
		"\n"
		"Tortures the '%s' flavour of toy-rcu and ends with 'End of test: SUCCESS'\n"
		"(exit 0) or 'End of test: FAILURE: <reason>' (exit 1) at the first certain failure.\n"
		"\n"
		"    --flavour NAME      run the torture binary of flavour NAME (qsbr, mb, rwlock,\n"
		"                        busted-sync, busted-cb), built next to this one\n"
		"    --duration SECONDS  how long the writer updates, fractional (default 1.5)\n"
		"    --readers N         reader threads (default twice the online CPUs)\n"
		"    --seed N            seed of the threads' random delays (default from the clock)\n"
		"    --stall SECONDS     a wait this long is a stall, hence a failure (default 1)\n"
		"    --reader-sync       readers also call synchronize_rcu() now and then, outside\n"
		"                        their read-side critical sections (default: only updaters)\n",
		torture_flavour, torture_flavour);
	exit(status);
}

static double parse_seconds(const char *name, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v > 0) || v > 86400)
		die("invalid %s '%s'", name, arg);
	return v;
}

static unsigned long parse_ulong(const char *name, const char *arg, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || *arg == '-' || v > max)
		die("invalid %s '%s'", name, arg);
	return v;
}

/* Replaces this process by the sibling binary torture-NAME, same arguments. */
static void exec_flavour(const char *name, char **argv)
{
	char self[PATH_MAX], path[PATH_MAX + 32];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (!*name || strspn(name, "abcdefghijklmnopqrstuvwxyz-") != strlen(name))
		die("invalid flavour '%s'", name);
	if (len < 0)
		die("cannot find this program: %s", strerror(errno));
	self[len] = '\0';
	slash = strrchr(self, '/');
	*slash = '\0';
	snprintf(path, sizeof(path), "%s/torture-%s", self, name);
	execv(path, argv);
	die("cannot run flavour '%s': %s", name, strerror(errno));
}

static void parse_options(int argc, char **argv)
{
	static const struct option options[] = {
		{ "flavour", required_argument, NULL, 'f' },
		{ "duration", required_argument, NULL, 'd' },
		{ "readers", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "stall", required_argument, NULL, 't' },
		{ "reader-sync", no_argument, NULL, 'y' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *flavour = NULL;
	int c;

	while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			flavour = optarg;
			break;
		case 'd':
			opt.duration = parse_seconds("duration", optarg);
			break;
		case 'r':
			opt.readers = (int)parse_ulong("readers", optarg, MAX_READERS);
			if (opt.readers == 0)
				die("invalid readers '%s'", optarg);
			break;
		case 's':
			opt.seed = parse_ulong("seed", optarg, ULONG_MAX);
			opt.seed_given = true;
			break;
		case 't':
			opt.stall = parse_seconds("stall", optarg);
			break;
		case 'y':
			opt.reader_sync = true;
			break;
		case 'h':
			usage(stdout, 0);
			break;
		default:
			usage(stderr, 129);
		}
	}
	if (optind < argc)
		usage(stderr, 129);
	if (flavour && strcmp(flavour, torture_flavour))
		exec_flavour(flavour, argv);
	if (!opt.readers) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		opt.readers = cpus > 0 && cpus < MAX_READERS / 2 ? 2 * (int)cpus : 4;
	}
	if (!opt.seed_given)
		opt.seed = now_ns() ^ ((unsigned long)getpid() << 32);
}

static void init_watches(void)
{
	static char fake_names[FAKE_WRITERS][48];
	int i;

	watches[W_SYNC].what = "the writer's synchronize_rcu";
	watches[W_BARRIER].what = "the writer's rcu_barrier";
	watches[W_ALLOC].what = "the writer's wait for callbacks to free an element";
	watches[W_SHUTDOWN].what = "the shutdown (joining threads, draining callbacks)";
	for (i = 0; i < FAKE_WRITERS; i++) {
		snprintf(fake_names[i], sizeof(fake_names[i]),
			 "fake writer %d's synchronize_rcu or rcu_barrier", i);
		watches[W_FAKE + i].what = fake_names[i];
	}
}

int main(int argc, char **argv)
{
	pthread_t writer, fake[FAKE_WRITERS], detector;
	unsigned long end_ns, next_stat_ns;
	int i;

	parse_options(argc, argv);
	init_watches();
	printf("toy-rcu torture: flavour %s duration %.3f s readers %d fake-writers %d "
	       "seed %lu stall %.1f s reader-sync %s\n",
	       torture_flavour, opt.duration, opt.readers, FAKE_WRITERS, opt.seed, opt.stall,
	       opt.reader_sync ? "on" : "off");
	fflush(stdout);
	start_ns = now_ns();
	for (i = POOL_SIZE - 1; i >= 0; i--) {
		pool[i].magic = MAGIC_FREED;
		pool[i].next_free = free_elems;
		free_elems = &pool[i];
	}
	nr_free = POOL_SIZE;
	for (i = 0; i < LIVE; i++) {
		live[i] = elem_alloc();
		rcu_list_add(&live[i]->node, &current_list);
	}

	start_thread(&detector, stall_detector_thread, NULL);
	for (i = 0; i < opt.readers; i++) {
		readers[i].rng = rng_state((unsigned long)i);
		start_thread(&readers[i].thread, reader_thread, &readers[i]);
	}
	for (i = 0; i < FAKE_WRITERS; i++)
		start_thread(&fake[i], fake_writer_thread, (void *)(long)(W_FAKE + i));
	start_thread(&writer, writer_thread, NULL);

	end_ns = start_ns + (unsigned long)(opt.duration * 1e9);
	for (next_stat_ns = start_ns + (unsigned long)(STAT_INTERVAL * 1e9);
	     next_stat_ns < end_ns; next_stat_ns += (unsigned long)(STAT_INTERVAL * 1e9)) {
		sleep_until(next_stat_ns);
		print_stats();
	}
	sleep_until(end_ns);

	/*
	 * Updaters stop first and callbacks drain while the readers still run: a grace period
	 * that cannot end beside active readers must stall here, not end when readers leave.
	 */
	watch_begin(W_SHUTDOWN);
	CMM_STORE_SHARED(stop_updaters, 1);
	pthread_join(writer, NULL);
	for (i = 0; i < FAKE_WRITERS; i++)
		pthread_join(fake[i], NULL);
	/*
	 * Callbacks seeing the stop free their element: those that ran before it re-queued
	 * theirs before the first barrier's marker, so two barriers see every element home.
	 */
	rcu_barrier();
	rcu_barrier();
	if (CMM_LOAD_SHARED(nr_free) != POOL_SIZE - LIVE)
		torture_fail("%d elements were never freed: callbacks lost",
			     POOL_SIZE - LIVE - CMM_LOAD_SHARED(nr_free));
	CMM_STORE_SHARED(stop_readers, 1);
	for (i = 0; i < opt.readers; i++)
		pthread_join(readers[i].thread, NULL);
	watch_end(W_SHUTDOWN);
	/*
	 * The stall detector is left running: nothing is watched any more, so it can fail nothing,
	 * and joining it would wait out its 50-ms sleep (a sixth of a 0.3-s run); exit ends it.
	 */
	print_stats();
	printf("End of test: SUCCESS\n");
	return 0;
}
