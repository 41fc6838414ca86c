/* The registry of mutation operators: every operator, classic (op-*.c) and rule-driven
 * (op-rules.c), is listed once in the table in registry.c, in the order they run. An operator
 * is written against gen/operator-api.h. */
#ifndef MUTORTURE_REGISTRY_H
#define MUTORTURE_REGISTRY_H

#include "operator-api.h"

/* Classic operators, one family per file. */
extern const struct mutation_operator op_ror;   /* op-relational.c */
extern const struct mutation_operator op_aor;   /* op-arithmetic.c */
extern const struct mutation_operator op_bor;   /* op-arithmetic.c */
extern const struct mutation_operator op_sor;   /* op-arithmetic.c */
extern const struct mutation_operator op_lor;   /* op-logical.c */
extern const struct mutation_operator op_neg;   /* op-unary.c */
extern const struct mutation_operator op_inc;   /* op-unary.c */
extern const struct mutation_operator op_const; /* op-constant.c */
extern const struct mutation_operator op_sdl;   /* op-statement.c */
extern const struct mutation_operator op_ret;   /* op-return.c */
extern const struct mutation_operator op_cond;  /* op-condition.c */

/* Rule-driven RCU and memory-ordering operators (op-rules.c), fed by --rules. */
extern const struct mutation_operator op_rcu_delete;
extern const struct mutation_operator op_rcu_weaken;
extern const struct mutation_operator op_rcu_unwrap;
extern const struct mutation_operator op_rcu_rewrite;
extern const struct mutation_operator op_rcu_pair;
extern const struct mutation_operator op_memory_order;

/* Every operator, NULL-terminated. */
extern const struct mutation_operator *const mutation_operators[];
/* The operator called name, or NULL. */
const struct mutation_operator *operator_find(const char *name);

#endif
