/*
 * The qsbr flavour: readers pay nothing in rcu_read_lock/unlock and instead announce
 * quiescent states; a grace period ends when every registered thread has announced one
 * since it began (or is offline).
 *
 * Invariants: gp_ctr is never 0 and only changes under gp_lock; a registered thread's ctr is
 * either 0 (offline: holds no RCU-protected pointer) or a value gp_ctr had when the thread
 * last passed a quiescent state; a thread holds RCU-protected pointers only while online and
 * only between two quiescent states.
 */
#include <pthread.h>
#include <stdbool.h>

#include "rcu.h"
#include "registry.h"

#define QSBR_OFFLINE 0UL

static pthread_mutex_t gp_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long gp_ctr = 1;
static __thread struct rcu_reader self;
static __thread bool registered;

static void thread_online(void)
{
	CMM_STORE_SHARED(self.ctr, CMM_LOAD_SHARED(gp_ctr));
	/* The announcement must be visible before this thread loads any protected pointer. */
	cmm_smp_mb();
}

static void thread_offline(void)
{
	/* Every load of a protected pointer must be done before we say we hold none. */
	cmm_smp_mb();
	CMM_STORE_SHARED(self.ctr, QSBR_OFFLINE);
}

void rcu_register_thread(void)
{
	CMM_STORE_SHARED(self.ctr, QSBR_OFFLINE);
	rcu_registry_add(&self);
	registered = true;
	thread_online();
}

void rcu_unregister_thread(void)
{
	thread_offline();
	registered = false;
	rcu_registry_remove(&self);
}

/* Read-side critical sections cost nothing here: the quiescent states delimit them. */
void rcu_read_lock(void)
{
	cmm_barrier();
}

void rcu_read_unlock(void)
{
	cmm_barrier();
}

void rcu_quiescent_state(void)
{
	cmm_smp_mb();
	CMM_STORE_SHARED(self.ctr, CMM_LOAD_SHARED(gp_ctr));
	cmm_smp_mb();
}

/* A reader blocks the grace period until it is offline or has seen the new gp_ctr. */
static bool holds_old_reference(unsigned long ctr)
{
	return ctr != QSBR_OFFLINE && ctr != CMM_LOAD_SHARED(gp_ctr);
}

void synchronize_rcu(void)
{
	/* A registered caller would otherwise wait for its own quiescent state forever. */
	bool was_online = registered && CMM_LOAD_SHARED(self.ctr) != QSBR_OFFLINE;

	if (was_online)
		thread_offline();
	pthread_mutex_lock(&gp_lock);
	/* The caller's removal must be visible before we look at any reader. */
	cmm_smp_mb();
	CMM_STORE_SHARED(gp_ctr, gp_ctr + 1);
	cmm_smp_mb();
	rcu_registry_wait(holds_old_reference);
	/* The readers' last loads happen before whatever the caller frees next. */
	cmm_smp_mb();
	pthread_mutex_unlock(&gp_lock);
	if (was_online)
		thread_online();
}
