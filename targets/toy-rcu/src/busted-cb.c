/*
 * The busted-cb callbacks, deliberately broken: call_rcu() runs the callback at once,
 * without waiting for a grace period. Linked with the (correct) mb flavour; the torture
 * suite must fail on it; part of the target's self-test, never a scenario.
 *
 * Invariants: no callback is ever pending, so rcu_barrier() has nothing to wait for.
 */
#include "rcu.h"

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	head->func = func;
	head->func(head);
}

void rcu_barrier(void)
{
	cmm_smp_mb();
}
