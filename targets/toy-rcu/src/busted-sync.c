/*
 * The busted-sync flavour, deliberately broken (like rcutorture's rcu_busted): a grace
 * period ends at once, so updaters free what readers still hold. The torture suite must
 * fail on it; it is part of the target's self-test, never a scenario.
 *
 * Invariants: none on purpose; readers are not tracked at all.
 */
#include "rcu.h"

void rcu_register_thread(void)
{
}

void rcu_unregister_thread(void)
{
}

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
	cmm_barrier();
}

void synchronize_rcu(void)
{
	cmm_smp_mb();
}
