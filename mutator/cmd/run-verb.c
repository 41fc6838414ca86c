/* Running one verb; see commands.h. */
#include <stdio.h>

#include "commands.h"
#include "util.h"

int run_verb(int (*fn)(int argc, const char **argv), int argc, const char **argv)
{
	int rc = fn(argc, argv);
	/* Flush before exit so piped output is never lost on the error paths. */
	if (fflush(stdout) != 0 || ferror(stdout))
		die("cannot write to standard output");
	return rc;
}
