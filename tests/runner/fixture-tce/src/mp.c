/*
 * Message passing and a sum, the equivalence fixture's barriers: publish() orders its two
 * stores with a full barrier (a deletion and a weakening of it are the same code on x86-64,
 * not on arm64), and sum_slots() has a compiler barrier in its loop whose deletion gcc
 * compiles to the same code on both architectures (clang-19 vectorizes the loop for arm64
 * without it, so comparing gcc's x86 object with clang's arm64 one would call the deletion
 * "equivalent on this host only").
 */
#include "barriers.h"
#include "ctr.h"
#include "fixture.h"

int data, flag;

void publish(int v)
{
	WRITE_ONCE(data, v);
	smp_mb();
	WRITE_ONCE(flag, 1);
}

int sum_slots(const int *slot, int n)
{
	int total = 0;
	for (int i = 0; i < n; i++) {
		total += slot[i];
		barrier();
	}
	return total;
}

int online(unsigned long ctr)
{
	return reader_online(ctr);
}

void *online_record(void *record, unsigned long ctr)
{
	return reader_record(record, ctr);
}
