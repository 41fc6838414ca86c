/* Grouping kill reasons (console lines) across runs: see kill-reason.c. */
#ifndef MUTORTURE_KILL_REASON_H
#define MUTORTURE_KILL_REASON_H

#include "util.h"

/* Writes into out the reason without CPU, PID and Comm tokens and symbol offsets
 * (+0x1a/0x3d0), addresses (8+ hex digits) shown as ADDR and other numbers as N, source
 * locations kept: "WARNING: CPU: 0 PID: 38 at kernel/rcu/tiny.c:88 f+0x3a5/0x3d0" gives
 * "WARNING: at kernel/rcu/tiny.c:88 f"; "stall: reader 3 made no progress for 5.2 s" gives
 * "stall: reader N made no progress for N s". The "recheck: " of a re-judged kill is left out. */
void kill_reason_class(const char *reason, struct strbuf *out);

#endif
