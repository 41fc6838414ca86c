/* mutorture-generate: the generate verb in an executable of its own, the only one that links
 * libclang; 'mutorture generate ...' execs it with the same arguments (main.c). */
#include "commands.h"

int main(int argc, const char **argv)
{
	return run_verb(cmd_generate, argc, argv);
}
