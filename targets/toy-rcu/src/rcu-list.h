/*
 * An RCU-protected circular doubly-linked list: updaters (serialized by the caller) add,
 * delete and replace nodes while readers walk it forwards inside read-side critical sections.
 *
 * Invariants: a node is fully initialized before it is published through rcu_assign_pointer;
 * a deleted node keeps its next pointer, so a reader standing on it still reaches the list
 * head; readers follow only next pointers, updaters use prev.
 */
#ifndef TOY_RCU_LIST_H
#define TOY_RCU_LIST_H

#include <stddef.h>

#include "rcu-prims.h"

struct rcu_list {
	struct rcu_list *next, *prev;
};

#define RCU_LIST_INIT(name) { &(name), &(name) }

/* Publishes node right after head. */
void rcu_list_add(struct rcu_list *node, struct rcu_list *head);
/* Unlinks node; it may be reused only after a grace period. */
void rcu_list_del(struct rcu_list *node);
/* Puts node where old was, in one step for readers; old as after rcu_list_del. */
void rcu_list_replace(struct rcu_list *old, struct rcu_list *node);

#define rcu_list_entry(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

/* Walks the list inside a read-side critical section. */
#define rcu_list_for_each(pos, head)                                                      \
	for ((pos) = rcu_dereference((head)->next); (pos) != (head);                      \
	     (pos) = rcu_dereference((pos)->next))

#endif
