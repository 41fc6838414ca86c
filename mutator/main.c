/* The mutorture command: one table of verbs. C verbs run in this process; the campaign verbs
 * are bash scripts under runner/ that are exec'd with MUTORTURE_HOME and MUTORTURE_BIN set, so
 * they call back into this binary for every database access. generate runs in its own
 * executable beside this one (generate-main.c): only it links libclang, whose loading (LLVM's
 * relocations and static constructors) would otherwise cost every runner call 15 ms or more. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "path.h"
#include "util.h"

/* A verb is one of: a C function run in this process, a bash script under runner/ (relative to
 * the home), or an executable beside this one. */
struct verb {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *script;
	const char *program;
	const char *summary;
};
#define C_VERB(name, fn, summary) { name, fn, NULL, NULL, summary }
#define SCRIPT_VERB(name, script, summary) { name, NULL, script, NULL, summary }
#define PROGRAM_VERB(name, program, summary) { name, NULL, NULL, program, summary }

static const struct verb verbs[] = {
	C_VERB("init", cmd_init, "create a campaign database"),
	PROGRAM_VERB("generate", "mutorture-generate", "parse C files and store their mutants"),
	C_VERB("list", cmd_list, "list mutants (filters; table, tsv, ids or json)"),
	C_VERB("show", cmd_show, "one mutant's metadata and unified diff"),
	C_VERB("apply", cmd_apply, "write a mutant into a tree, or print the mutated file"),
	C_VERB("record", cmd_record, "store result records read from stdin (the runner's writer)"),
	C_VERB("coverage", cmd_coverage, "import line coverage and mark unreached mutants uncovered"),
	SCRIPT_VERB("run", "runner/run", "run the pending mutants in parallel (baseline, timeouts, resume)"),
	SCRIPT_VERB("campaign", "runner/campaign", "init + generate + run + report on a target (default toy-rcu)"),
	C_VERB("status", cmd_status, "counts per status, score so far, ETA"),
	C_VERB("survivors", cmd_survivors, "list the survivors with their evidence and triage state"),
	C_VERB("triage", cmd_triage, "give a survivor a verdict; --list shows them all"),
	C_VERB("report", cmd_report, "scores, coverage, kill matrix; JSON and HTML reports"),
	C_VERB("attempts", cmd_attempts, "the torture attempts that count, with their logs (recheck, reclass)"),
	C_VERB("cap", cmd_cap, "write a hook's output to a log of bounded size (head and tail)"),
	SCRIPT_VERB("recheck", "runner/recheck", "judge saved torture logs again with the target's rules"),
	SCRIPT_VERB("reclass", "runner/reclass", "decide survivors and equivalents again from object code (weak_memory)"),
	SCRIPT_VERB("target", "runner/target", "'target check T': is a target fit for a campaign (the doctor)"),
	C_VERB("gaps", cmd_gaps, "close the test gaps: try torture changes on the survivors, export them"),
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

static int run_program(const struct verb *v, const char **argv)
{
	char *path = xasprintf("%s", mutorture_binary());
	char *slash = strrchr(path, '/');
	char *program = xasprintf("%.*s/%s", (int)(slash ? slash - path : 1), slash ? path : ".",
				  v->program);
	execv(program, (char *const *)argv);
	die("cannot run '%s' (installed beside '%s'?): %s", program, path, strerror(errno));
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
		if (v->program)
			return run_program(v, argv + 1);
		if (!v->fn)
			run_script(v->script, argc - 1, argv + 1);
		return run_verb(v->fn, argc - 1, argv + 1);
	}
	usage_error("'%s' is not a mutorture verb (see 'mutorture --help')", argv[1]);
}
