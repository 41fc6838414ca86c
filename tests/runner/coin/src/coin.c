/*
 * The runner tests' coin: a torture run whose mutants fail with probabilities their text
 * decides, for the tests of the two-stage runs (tests/runner/confirm.bats). A run of D seconds
 * (the first argument) takes ten steps a second, without waiting: only the count matters.
 *
 * Invariant: the unmutated program never fails: it prints "End of test: SUCCESS" and exits 0.
 * Its mutants on the two checks below (ror, const) are, by their description:
 *   coin() > 1:  '>' -> '>=' and '1' -> '0' fail one run in two; '>' -> '<=' fails every run;
 *                '1' -> '2' never fails.
 *   late * 0 > 0: the first '0' -> '1' fails every run longer than a second, and no shorter
 *                one (a bug only a long run reaches, as rcutorture's forward-progress test
 *                never starts in a short run); the second '0' -> '1' never fails; '>' -> '>='
 *                and '>' -> '<=' fail every run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>

/* One fair random bit from the kernel: no seed, so no two runs share their draws. */
static unsigned int coin(void)
{
	unsigned char byte;
	if (getrandom(&byte, 1, 0) != 1)
		exit(2);
	return byte & 1;
}

int main(int argc, char **argv)
{
	double duration = argc > 1 ? atof(argv[1]) : 2.0;
	long steps = (long)(duration * 10 + 0.5);
	long late = steps > 10 ? steps - 10 : 0; /* steps after the first second */

	if (coin() > 1) {
		printf("End of test: FAILURE: the coin came up\n");
		return 1;
	}
	if (late * 0 > 0) {
		printf("End of test: FAILURE: a late step went wrong\n");
		return 1;
	}
	printf("End of test: SUCCESS\n");
	return 0;
}
