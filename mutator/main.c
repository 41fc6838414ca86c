/* The mutorture command: one table of verbs. C verbs run in this process; the campaign verbs
 * are bash scripts under runner/ that are exec'd with MUTORTURE_HOME and MUTORTURE_BIN set, so
 * they call back into this binary for every database access. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "path.h"
#include "util.h"

struct verb {
	const char *name;
	int (*fn)(int argc, const char **argv); /* NULL: a script under runner/ */
	const char *script;                      /* runner script, relative to the home */
	const char *summary;
};

static const struct verb verbs[] = {
	{ "init", cmd_init, NULL, "create a campaign database" },
	{ "generate", cmd_generate, NULL, "parse C files and store their mutants" },
	{ "list", cmd_list, NULL, "list mutants (filters; table, tsv, ids or json)" },
	{ "show", cmd_show, NULL, "one mutant's metadata and unified diff" },
	{ "apply", cmd_apply, NULL, "write a mutant into a tree, or print the mutated file" },
	{ "record", cmd_record, NULL, "store result records read from stdin (the runner's writer)" },
	{ "coverage", cmd_coverage, NULL, "import line coverage and mark unreached mutants uncovered" },
	{ "run", NULL, "runner/run", "run the pending mutants in parallel (baseline, timeouts, resume)" },
	{ "campaign", NULL, "runner/campaign", "init + generate + run + report on a target (default toy-rcu)" },
	{ "status", cmd_status, NULL, "counts per status, score so far, ETA" },
	{ "survivors", cmd_survivors, NULL, "list the survivors with their triage state" },
	{ "triage", cmd_triage, NULL, "give a survivor a verdict; --list shows them all" },
	{ "report", cmd_report, NULL, "scores, coverage, kill matrix; JSON and HTML reports" },
	{ "attempts", cmd_attempts, NULL, "the torture attempts that count, with their logs (recheck)" },
	{ "recheck", NULL, "runner/recheck", "judge saved torture logs again with the target's rules" },
};

static void print_help(FILE *out)
{
	fprintf(out, "usage: mutorture <verb> [options] [args]\n\n"
		     "Mutation testing for RCU implementations and their torture suites.\n\n"
		     "Verbs:\n");
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		fprintf(out, "   %-12s %s\n", verbs[i].name, verbs[i].summary);
	fprintf(out, "\n'mutorture <verb> --help' describes one verb.\n");
}

static int run_script(const struct verb *v, int argc, const char **argv)
{
	char *path = xasprintf("%s/%s", mutorture_home(), v->script);
	if (setenv("MUTORTURE_HOME", mutorture_home(), 1) ||
	    setenv("MUTORTURE_BIN", mutorture_binary(), 1))
		die("cannot set the environment for '%s'", path);
	const char **args = xcalloc((size_t)argc + 2, sizeof(*args));
	args[0] = "bash";
	args[1] = path;
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	execvp("bash", (char *const *)args);
	die("cannot run '%s': bash not found", path);
}

int main(int argc, const char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		print_help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("mutorture %s\n", MUTORTURE_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		const struct verb *v = &verbs[i];
		if (strcmp(argv[1], v->name))
			continue;
		if (!v->fn)
			return run_script(v, argc - 1, argv + 1);
		/* Flush before exit so piped output is never lost on the error paths. */
		int rc = v->fn(argc - 1, argv + 1);
		if (fflush(stdout) != 0 || ferror(stdout))
			die("cannot write to standard output");
		return rc;
	}
	usage_error("'%s' is not a mutorture verb (see 'mutorture --help')", argv[1]);
}
