/* The only user of phase_odd() (ctr.h). */
#include "ctr.h"
#include "fixture.h"

int odd(unsigned long ctr)
{
	return phase_odd(ctr);
}
