/*
 * The runner tests' hostile program (tests/runner/hostile): each line of main() names one way a
 * mutant's torture run can misbehave, behind 'if (0)'. The const mutant '0' -> '1' of that
 * line makes the program print the name, and target_test then does it ("nobuild": target_build
 * refuses that mutant). The unmutated program prints "hostile: ok" and exits 0.
 */
#include <stdio.h>

static void act(const char *name)
{
	printf("hostile: %s\n", name);
}

int main(void)
{
	if (0) act("deltree");
	if (0) act("fail");
	if (0) act("pass");
	if (0) act("loop");
	if (0) act("forkbomb");
	if (0) act("memhog");
	if (0) act("daemon");
	if (0) act("daemon-noenv");
	if (0) act("spew");
	if (0) act("reason");
	if (0) act("outside");
	if (0) act("connect");
	if (0) act("nobuild");
	printf("hostile: ok\n");
	return 0;
}
