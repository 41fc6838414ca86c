/* The torture of minircu: readers check that the element they hold is never poisoned; the
 * writer replaces it, waits for a grace period, then poisons the old one.
 * Usage: torture [--readers N] [--duration SECONDS]. Ends with 'End of test: SUCCESS' or a
 * 'End of test: FAILURE: ...' line (exit 1). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "minircu.h"

#define GOOD 42
#define POISON -1

struct elem {
	atomic_int value;
};

static struct elem *_Atomic current;
static atomic_bool stop;

static void *reader(void *unused)
{
	(void)unused;
	while (!atomic_load(&stop)) {
		rcu_read_lock();
		struct elem *e = atomic_load(&current);
		/* The yield lets the writer run while this reader holds e, even on a busy machine. */
		for (int i = 0; i < 2; i++) {
			if (atomic_load(&e->value) != GOOD) {
				printf("End of test: FAILURE: a reader saw a poisoned element\n");
				fflush(stdout);
				_exit(1);
			}
			if (!i)
				sched_yield();
		}
		rcu_read_unlock();
		usleep(100);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int readers = 2;
	double duration = 1;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--readers"))
			readers = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--duration"))
			duration = atof(argv[i + 1]);
	}
	struct elem *first = malloc(sizeof(*first));
	atomic_init(&first->value, GOOD);
	atomic_store(&current, first);
	pthread_t threads[64];
	if (readers < 1 || readers > 64)
		readers = 2;
	for (int i = 0; i < readers; i++)
		pthread_create(&threads[i], NULL, reader, NULL);
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		struct elem *e = malloc(sizeof(*e));
		atomic_init(&e->value, GOOD);
		struct elem *old = atomic_exchange(&current, e);
		synchronize_rcu();
		atomic_store(&old->value, POISON); /* leaked, never freed: a reader may still look */
		usleep(100);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec + (now.tv_nsec - start.tv_nsec) / 1e9 < duration);
	atomic_store(&stop, true);
	for (int i = 0; i < readers; i++)
		pthread_join(threads[i], NULL);
	printf("End of test: SUCCESS\n");
	return 0;
}
