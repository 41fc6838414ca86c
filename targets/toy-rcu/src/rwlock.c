/*
 * The rwlock flavour: two reader-writer locks; a reader read-locks whichever one it can
 * without blocking, and a grace period write-locks and releases each of them in turn, which
 * waits out every reader that held either lock when it began.
 *
 * Invariants: the locks prefer writers, so a reader's try-lock fails on the one lock an
 * updater is taking and succeeds on the other (updaters are serialized by gp_lock and hold
 * at most one lock at a time), so readers never block; a thread holds one read lock exactly
 * while its nesting count is positive, and held names it.
 */
#include <pthread.h>

#include "rcu.h"

static pthread_mutex_t gp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t gp_rwlock[2] = {
	PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP,
	PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP,
};
static __thread unsigned int nesting, held;

/* This flavour keeps no per-thread state outside critical sections: nothing to record. */
void rcu_register_thread(void)
{
}

void rcu_unregister_thread(void)
{
}

void rcu_read_lock(void)
{
	unsigned int i;

	if (nesting++ > 0)
		return;
	for (i = 0; pthread_rwlock_tryrdlock(&gp_rwlock[i]) != 0; i ^= 1)
		caa_cpu_relax();
	held = i;
}

void rcu_read_unlock(void)
{
	if (--nesting == 0)
		pthread_rwlock_unlock(&gp_rwlock[held]);
}

/* Leaving the critical section released the lock: nothing more to announce. */
void rcu_quiescent_state(void)
{
	cmm_barrier();
}

void synchronize_rcu(void)
{
	unsigned int i;

	pthread_mutex_lock(&gp_lock);
	for (i = 0; i < 2; i++) {
		pthread_rwlock_wrlock(&gp_rwlock[i]);
		pthread_rwlock_unlock(&gp_rwlock[i]);
	}
	pthread_mutex_unlock(&gp_lock);
}
