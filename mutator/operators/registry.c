/* The one table of mutation operators; see registry.h. A new operator is one line here and
 * one extern in registry.h. */
#include "registry.h"

#include <string.h>

/* The rule-driven operators come first: when two operators propose the same mutant (sdl and
 * rcu-delete both delete `smp_mb();`), the first keeps it, and the specific name is the one
 * reports should show. */
const struct mutation_operator *const mutation_operators[] = {
	&op_rcu_delete,
	&op_rcu_weaken,
	&op_rcu_unwrap,
	&op_rcu_rewrite,
	&op_rcu_pair,
	&op_memory_order,
	&op_ror,
	&op_aor,
	&op_bor,
	&op_sor,
	&op_lor,
	&op_neg,
	&op_inc,
	&op_const,
	&op_sdl,
	&op_ret,
	&op_cond,
	NULL,
};

const struct mutation_operator *operator_find(const char *name)
{
	for (size_t i = 0; mutation_operators[i]; i++)
		if (!strcmp(mutation_operators[i]->name, name))
			return mutation_operators[i];
	return NULL;
}
