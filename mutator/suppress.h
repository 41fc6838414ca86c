/* Arid code and source annotations: where no mutant may be proposed. Two sources, both per
 * file and found once right after parsing: calls of the rule sets' `arid` primitives
 * (printing, statistics, assertions), and `mutorture: off` / `on` / `skip-next` annotations
 * in comments, each optionally followed by a reason. Every suppression has its own reason
 * string, so generate can say how many candidates each one removed. */
#ifndef MUTORTURE_SUPPRESS_H
#define MUTORTURE_SUPPRESS_H

struct gen_ctx;

/* Finds the file's arid calls and annotations; stores them with gen_set_suppress_data. */
void suppress_scan(struct gen_ctx *ctx);
/* NULL if [start, end) may be mutated; else why not (valid until suppress_free). */
const char *suppress_reason(struct gen_ctx *ctx, unsigned start, unsigned end);
/* Frees what suppress_scan stored (the generator calls it when it drops the file). */
void suppress_free(void *data);

#endif
