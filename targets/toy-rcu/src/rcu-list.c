/*
 * Update side of the RCU-protected list (see rcu-list.h).
 *
 * Invariants: every store a reader may observe is either a publication through
 * rcu_assign_pointer (the node is complete before it) or a single untorn store of a pointer
 * to a node that readers already could reach; prev pointers are the updaters' only.
 */
#include "rcu-list.h"

void rcu_list_add(struct rcu_list *node, struct rcu_list *head)
{
	struct rcu_list *next = head->next;

	CMM_STORE_SHARED(node->next, next);
	node->prev = head;
	rcu_assign_pointer(head->next, node);
	next->prev = node;
}

void rcu_list_del(struct rcu_list *node)
{
	CMM_STORE_SHARED(node->prev->next, node->next);
	node->next->prev = node->prev;
}

void rcu_list_replace(struct rcu_list *old, struct rcu_list *node)
{
	CMM_STORE_SHARED(node->next, old->next);
	node->prev = old->prev;
	rcu_assign_pointer(node->prev->next, node);
	node->next->prev = node;
}
