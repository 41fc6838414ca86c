/*
 * A reader's counter (0: offline; its low bit: the phase it read), with static inline
 * functions: mp.c uses the first two (the header's mutants are generated through it, --via
 * mp.c) and only ring.c uses phase_odd(), so a mutant of phase_odd() changes ring.o and
 * nothing that mp.c compiles to.
 */
#ifndef FIXTURE_CTR_H
#define FIXTURE_CTR_H

#include <stddef.h>

/* Whether a reader whose counter is ctr is online. */
static inline int reader_online(unsigned long ctr)
{
	return ctr != 0;
}

/* The reader's record while it is online, else NULL. */
static inline void *reader_record(void *record, unsigned long ctr)
{
	if (ctr == 0)
		return NULL;
	return record;
}

/* Whether the counter is in the odd phase. */
static inline int phase_odd(unsigned long ctr)
{
	return (ctr & 1) != 0;
}

#endif
