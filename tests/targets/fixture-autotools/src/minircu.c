/* minircu: the library under test (see minircu.h). */
#include <sched.h>
#include <stdatomic.h>

#include "minircu.h"

static atomic_long active_readers;

void rcu_read_lock(void)
{
	atomic_fetch_add(&active_readers, 1);
}

void rcu_read_unlock(void)
{
	atomic_fetch_sub(&active_readers, 1);
}

/* Every reader that began before the call has ended once the count has been 0. */
static void wait_for_readers(void)
{
	while (atomic_load(&active_readers) != 0)
		sched_yield();
}

void synchronize_rcu(void)
{
	wait_for_readers();
}
