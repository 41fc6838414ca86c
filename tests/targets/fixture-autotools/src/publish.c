/* publish: a configuration published by one thread and read by others, liburcu style (the
 * publication pattern of rcu_assign_pointer() and rcu_dereference(), written out). */
#include <stddef.h>

#include "publish.h"
#include "urcu-lite.h"

static struct config *published;

void config_publish(struct config *c, int a, int b)
{
	CMM_STORE_SHARED(c->a, a);
	CMM_STORE_SHARED(c->b, b);
	/* Both fields reach memory before the pointer does. */
	cmm_smp_wmb();
	CMM_STORE_SHARED(published, c);
}

int config_sum(void)
{
	/* Pairs with the barrier above: the fields are read after the pointer. */
	struct config *c = uatomic_load(&published, CMM_ACQUIRE);
	if (c == NULL)
		return -1;
	return CMM_LOAD_SHARED(c->a) + CMM_LOAD_SHARED(c->b);
}
