/*
 * Registry of reader threads shared by the qsbr and mb flavours (see registry.h).
 *
 * Invariants: registry_lock protects the list; rcu_registry_wait() holds it for the whole
 * scan, so a reader cannot leave (and free its record) while it is being waited on.
 */
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include "rcu-prims.h"
#include "registry.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcu_reader *registry;

void rcu_registry_add(struct rcu_reader *reader)
{
	pthread_mutex_lock(&registry_lock);
	reader->next = registry;
	registry = reader;
	pthread_mutex_unlock(&registry_lock);
}

void rcu_registry_remove(struct rcu_reader *reader)
{
	struct rcu_reader **link;

	pthread_mutex_lock(&registry_lock);
	for (link = &registry; *link != reader; link = &(*link)->next)
		;
	*link = reader->next;
	pthread_mutex_unlock(&registry_lock);
}

/*
 * Backs off a little more on each attempt: spin first (critical sections are short), then
 * yield (there are more readers than CPUs, so the one we wait for may need our CPU), then
 * sleep, so that a preempted reader costs the updater no CPU.
 */
static void wait_backoff(unsigned int attempt)
{
	static const struct timespec nap = { 0, 50 * 1000 };

	if (attempt < 64)
		caa_cpu_relax();
	else if (attempt < 256)
		sched_yield();
	else
		nanosleep(&nap, NULL);
}

void rcu_registry_wait(bool (*holds_old_reference)(unsigned long ctr))
{
	struct rcu_reader *reader;
	unsigned int attempt;

	pthread_mutex_lock(&registry_lock);
	for (reader = registry; reader; reader = reader->next)
		for (attempt = 0; holds_old_reference(uatomic_read(&reader->ctr)); attempt++)
			wait_backoff(attempt);
	pthread_mutex_unlock(&registry_lock);
}
