/* Rule files: which primitives (functions or macros) the RCU and memory-ordering operators
 * mutate and how, and which calls are arid (never mutated inside). A rule set is loaded once,
 * is read-only afterwards, and outlives every file the generator walks. Every rule remembers
 * the file and line it came from, so any message about it can name its origin.
 *
 * Format (mutator/rules/README.md): one rule a line, `#` starts a comment (at line start or
 * after blanks), fields separated by blanks:
 *     delete  NAME                  delete each statement that is a call of NAME
 *     weaken  NAME WEAKER...        replace the called name by each weaker one
 *     unwrap  NAME [N]              NAME(a, b) -> (a)   (argument N, default 1)
 *     rewrite NAME TEMPLATE...      replace the call by TEMPLATE: %1..%9 the argument texts,
 *                                   %0 the name, %% a percent sign
 *     pair    LOCK UNLOCK           delete a lock/unlock pair in one function (and each side)
 *     order   NAME CLASS POS [POS]  weaken the memory order argument(s) at POS (1-based);
 *                                   CLASS is load, store, rmw, fence or cas (success, failure)
 *     arid    NAME                  no mutant inside a call of NAME; NAME may end in `*`
 */
#ifndef MUTORTURE_RULES_H
#define MUTORTURE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "strlist.h"

enum rule_kind {
	RULE_DELETE,
	RULE_WEAKEN,
	RULE_UNWRAP,
	RULE_REWRITE,
	RULE_PAIR,
	RULE_ORDER,
	RULE_ARID,
};

/* What an atomic operation may be ordered by, which bounds how far its order can weaken. */
enum order_class {
	ORDER_LOAD,  /* relaxed, consume, acquire, seq_cst */
	ORDER_STORE, /* relaxed, release, seq_cst */
	ORDER_RMW,   /* any order */
	ORDER_FENCE, /* any order but relaxed (a relaxed fence is a deleted fence) */
	ORDER_CAS,   /* success: any; failure: a load order no stronger than success */
};

struct rule {
	enum rule_kind kind;
	char *name;       /* primitive; for RULE_ARID a trailing '*' matches any suffix */
	char **operands;  /* weaken: weaker names; pair: the unlock name; rewrite/unwrap: the
			     template (unwrap's is "(%N)") */
	size_t nr_operands;
	enum order_class order_class; /* RULE_ORDER only */
	unsigned order_pos[2];        /* RULE_ORDER: 1-based argument positions; [1] for cas */
	const char *file;             /* origin, for messages */
	unsigned line;
};

struct rule_set;

/* Loads and merges the named rule sets: a NAME without '/' that does not end in ".rules"
 * is $MUTORTURE_HOME/mutator/rules/NAME.rules, anything else a path. Dies with
 * "FILE:LINE: message" on the first malformed line, or naming a file it cannot read. */
struct rule_set *rules_load(const struct strlist *names_or_paths);
/* An empty set (no --rules given); every set is freed with rules_free. */
struct rule_set *rules_new(void);
void rules_free(struct rule_set *set);

/* Iterates over the rules of one kind that match name (exactly, or by an arid glob): pass
 * NULL for the first, then the previous result; NULL at the end. */
const struct rule *rules_next(const struct rule_set *set, enum rule_kind kind, const char *name,
			      const struct rule *prev);
/* The pair rule whose UNLOCK side is name, after prev (NULL first); NULL at the end. */
const struct rule *rules_next_unlock(const struct rule_set *set, const char *name,
				     const struct rule *prev);
/* All rules in file order, for operators that go through every rule of a kind. */
size_t rules_count(const struct rule_set *set);
const struct rule *rules_at(const struct rule_set *set, size_t i);

#endif
