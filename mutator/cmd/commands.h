/* Every verb of the mutorture command: one function per verb, one file per verb
 * (mutator/cmd/cmd-<verb>.c), all listed in the table in mutator/main.c. A verb gets argv
 * with its own name in argv[0] and returns the process exit status. */
#ifndef MUTORTURE_COMMANDS_H
#define MUTORTURE_COMMANDS_H

/* Runs a verb and flushes its output: its exit status, or a fatal error when stdout could not
 * be written (a full disk or a closed pipe must not pass for success). */
int run_verb(int (*fn)(int argc, const char **argv), int argc, const char **argv);
/* Replaces this process with the bash script (a path under the mutorture home) given argv
 * (argv[0] its own name, left out), MUTORTURE_HOME and MUTORTURE_BIN set for it. */
_Noreturn void run_script(const char *script, int argc, const char **argv);

int cmd_init(int argc, const char **argv);
int cmd_coverage(int argc, const char **argv);
int cmd_generate(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_show(int argc, const char **argv);
int cmd_apply(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_status(int argc, const char **argv);
int cmd_survivors(int argc, const char **argv);
int cmd_triage(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_attempts(int argc, const char **argv);
int cmd_cap(int argc, const char **argv);
int cmd_gaps(int argc, const char **argv);

#endif
