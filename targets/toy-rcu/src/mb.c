/*
 * The mb flavour: each reader keeps a nesting counter tagged with the grace-period phase it
 * started in; the updater flips the global phase and waits for the readers still in the old
 * phase, twice. Readers never block and never write anything but their own counter.
 *
 * Invariants: a reader's ctr is 0 outside critical sections; inside, its low bits
 * (MB_NEST_MASK) count the nesting and its MB_PHASE bit is the phase of gp_ctr that the
 * outermost rcu_read_lock() loaded; gp_ctr's nesting bits are always MB_NEST_ONE, and it only
 * changes under gp_lock.
 */
#include <pthread.h>
#include <stdbool.h>

#include "rcu.h"
#include "registry.h"

#define MB_NEST_ONE 1UL
#define MB_NEST_MASK 0xffffUL
#define MB_PHASE (MB_NEST_MASK + 1)

static pthread_mutex_t gp_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long gp_ctr = MB_NEST_ONE;
static __thread struct rcu_reader self;

void rcu_register_thread(void)
{
	CMM_STORE_SHARED(self.ctr, 0);
	rcu_registry_add(&self);
}

void rcu_unregister_thread(void)
{
	rcu_registry_remove(&self);
}

void rcu_read_lock(void)
{
	unsigned long ctr = self.ctr;

	if ((ctr & MB_NEST_MASK) == 0) {
		CMM_STORE_SHARED(self.ctr, CMM_LOAD_SHARED(gp_ctr));
		/* Updaters must see us active before we load any protected pointer. */
		cmm_smp_mb();
	} else {
		CMM_STORE_SHARED(self.ctr, ctr + MB_NEST_ONE);
	}
}

void rcu_read_unlock(void)
{
	unsigned long ctr = self.ctr;

	/* Our loads of protected pointers are done before updaters can see us leave. */
	if ((ctr & MB_NEST_MASK) == MB_NEST_ONE)
		cmm_smp_mb();
	CMM_STORE_SHARED(self.ctr, ctr - MB_NEST_ONE);
}

/* Readers announce nothing here: leaving the critical section is the quiescent state. */
void rcu_quiescent_state(void)
{
	cmm_barrier();
}

/* A reader blocks the current phase while it is inside a section begun in the other one. */
static bool holds_old_reference(unsigned long ctr)
{
	return (ctr & MB_NEST_MASK) != 0 && ((ctr ^ CMM_LOAD_SHARED(gp_ctr)) & MB_PHASE) != 0;
}

static void flip_phase_and_wait(void)
{
	CMM_STORE_SHARED(gp_ctr, gp_ctr ^ MB_PHASE);
	/* The new phase must be visible before we read the readers' counters. */
	cmm_smp_mb();
	rcu_registry_wait(holds_old_reference);
}

void synchronize_rcu(void)
{
	pthread_mutex_lock(&gp_lock);
	/* The caller's removal must be visible before we look at any reader. */
	cmm_smp_mb();
	/*
	 * One flip is not enough: a reader may load gp_ctr just before the flip and store it
	 * just after our scan, so it looks idle now and would look current to the next grace
	 * period, which flips back to its phase. The second flip waits for such a reader.
	 */
	flip_phase_and_wait();
	cmm_smp_mb();
	flip_phase_and_wait();
	/* The readers' last loads happen before whatever the caller frees next. */
	cmm_smp_mb();
	pthread_mutex_unlock(&gp_lock);
}
