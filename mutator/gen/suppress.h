/* Arid code and source annotations: where no mutant may be proposed. Two sources, both per
 * file and found once right after parsing: calls of the rule sets' `arid` primitives
 * (printing, statistics, assertions), and `mutorture: off` / `on` / `skip-next` annotations
 * in comments, each optionally followed by a reason. Every suppression has its own reason
 * string, so generate can say how many candidates each one removed.
 *
 * The suppression pass reads the source model and hands back regions; the generator owns them
 * and asks suppress_reason() about each candidate. */
#ifndef MUTORTURE_SUPPRESS_H
#define MUTORTURE_SUPPRESS_H

#include <stddef.h>

#include "rules.h"
#include "source.h"

struct suppression {
	struct suppressed_region {
		unsigned start, end;
		char *reason;
	} *regions;
	size_t nr, alloc;
};

/* Finds the arid calls (of rules' arid primitives; rules may be NULL) and annotations of src. */
void suppress_scan(const struct source *src, const struct rule_set *rules,
		   struct suppression *out);
/* NULL if [start, end) may be mutated; else why not (valid until suppress_release). */
const char *suppress_reason(const struct suppression *s, unsigned start, unsigned end);
void suppress_release(struct suppression *s);

#endif
