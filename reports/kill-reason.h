/* Grouping kill reasons (console lines) across runs: see kill-reason.c. */
#ifndef MUTORTURE_KILL_REASON_H
#define MUTORTURE_KILL_REASON_H

#include "util.h"

/* Writes into out the reason without CPU, PID and Comm tokens, symbol offsets (+0x1a/0x3d0)
 * and addresses (8+ hex digits, shown as ADDR):
 * "WARNING: CPU: 0 PID: 38 at kernel/rcu/tiny.c:88 f+0x3a5/0x3d0" gives
 * "WARNING: at kernel/rcu/tiny.c:88 f". */
void kill_reason_class(const char *reason, struct strbuf *out);

#endif
