/*
 * The equivalence fixture's torture: a single thread checks what mp.c and ring.c compute
 * (so their barrier mutants survive it, and their arithmetic mutants are killed).
 *
 * Invariant: the unmutated program prints "fixture-tce: ok" and exits 0.
 */
#include <stdio.h>

#include "fixture.h"

int main(void)
{
	static const int slot[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

	publish(42);
	if (data != 42 || flag != 1 || sum_slots(slot, 10) != 55 || online(0) || !online(7) ||
	    online_record(&data, 0) || online_record(&data, 1) != &data || !odd(3) || odd(4)) {
		printf("fixture-tce: wrong result\n");
		return 1;
	}
	printf("fixture-tce: ok\n");
	return 0;
}
