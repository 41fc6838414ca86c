/* Running one verb; see commands.h. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "commands.h"
#include "path.h"
#include "util.h"

int run_verb(int (*fn)(int argc, const char **argv), int argc, const char **argv)
{
	int rc = fn(argc, argv);
	/* Flush before exit so piped output is never lost on the error paths. */
	if (fflush(stdout) != 0 || ferror(stdout))
		die("cannot write to standard output");
	return rc;
}

void run_script(const char *script, int argc, const char **argv)
{
	char *path = xasprintf("%s/%s", mutorture_home(), script);
	if (setenv("MUTORTURE_HOME", mutorture_home(), 1) ||
	    setenv("MUTORTURE_BIN", mutorture_binary(), 1))
		die("cannot set the environment for '%s'", path);
	const char **args = xcalloc((size_t)argc + 2, sizeof(*args));
	args[0] = "bash";
	args[1] = path;
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	fflush(stdout);
	execvp("bash", (char *const *)args);
	die("cannot run '%s': bash not found", path);
}
