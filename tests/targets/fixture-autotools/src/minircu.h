/* minircu: readers mark themselves in a global count; a grace period waits for a moment with
 * no reader at all (correct, if unfair to writers). */
#ifndef MINIRCU_H
#define MINIRCU_H

void rcu_read_lock(void);
void rcu_read_unlock(void);
void synchronize_rcu(void);

#endif
