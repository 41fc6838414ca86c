/*
 * The toy-rcu API, the same for every flavour: each flavour's .c file defines the read side,
 * synchronize_rcu() and thread registration; call_rcu.c defines call_rcu() and rcu_barrier()
 * over the flavour's synchronize_rcu().
 *
 * Invariants: a thread calls rcu_register_thread() before its first rcu_read_lock() and
 * rcu_unregister_thread() before it exits; read-side critical sections nest; a thread never
 * calls synchronize_rcu() or rcu_barrier() inside a read-side critical section.
 */
#ifndef TOY_RCU_H
#define TOY_RCU_H

#include "rcu-prims.h"

void rcu_register_thread(void);
void rcu_unregister_thread(void);
void rcu_read_lock(void);
void rcu_read_unlock(void);
/* Announces that the calling thread holds no RCU-protected pointer (only qsbr needs it). */
void rcu_quiescent_state(void);
/* Returns after every read-side critical section that began before the call has ended. */
void synchronize_rcu(void);

/* Callback record embedded in the structure to free; owned by toy-rcu until func runs. */
struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

/* Runs func(head) on the callback thread after a grace period; never blocks. */
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
/* Returns after every callback queued before the call has run. */
void rcu_barrier(void);

#endif
