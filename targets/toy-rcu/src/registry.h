/*
 * Registry of reader threads for the flavours whose grace periods scan per-thread counters
 * (qsbr and mb): a list of one word per registered thread, and the wait loop over it.
 *
 * Invariants: a registered rcu_reader stays valid until rcu_registry_remove() returns; only
 * the owning thread writes its ctr; rcu_registry_wait() sees every thread registered when it
 * starts.
 */
#ifndef TOY_RCU_REGISTRY_H
#define TOY_RCU_REGISTRY_H

#include <stdbool.h>

struct rcu_reader {
	unsigned long ctr; /* flavour-defined; read by updaters with uatomic_read */
	struct rcu_reader *next;
};

void rcu_registry_add(struct rcu_reader *reader);
void rcu_registry_remove(struct rcu_reader *reader);
/* Returns once holds_old_reference(ctr) is false for every registered reader. */
void rcu_registry_wait(bool (*holds_old_reference)(unsigned long ctr));

#endif
