/* mutorture init: create (or reopen) a campaign database and record its settings. Running it
 * again on an existing campaign only updates the settings given; --get KEY prints one (the
 * runner reads the target a campaign was made with this way). The confirmation settings say
 * when a survivor is confirmed: after --confirm-runs torture runs of at least
 * --confirm-duration seconds each (the runner sets them from the target and its options). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "path.h"
#include "util.h"

/* Dies unless target names one the runner can load, as runner/lib/target.sh's mt_target_file
 * looks for it: a name under targets/ of the mutorture home, a folder holding target.sh, or a
 * file. */
static void check_target(const char *target)
{
	struct stat st;
	char *builtin = xasprintf("%s/targets/%s/target.sh", mutorture_home(), target);
	char *in_dir = xasprintf("%s/target.sh", target);
	bool found = (!strchr(target, '/') && access(builtin, R_OK) == 0) ||
		     (stat(target, &st) == 0 && (S_ISDIR(st.st_mode) ? access(in_dir, R_OK) == 0
								    : access(target, R_OK) == 0));
	free(builtin);
	free(in_dir);
	if (!found)
		die("no target '%s': not a name under '%s/targets/', a folder with a target.sh, or "
		    "a target.sh", target, mutorture_home());
}

/* The longest torture run a campaign can confirm at: a week, as the runner's durations. */
#define CONFIRM_DURATION_MAX 604800

/* The settings a campaign keeps (schema.sql, table campaign). */
static const char *const settings[] = { "root", "target", "created", "flaky", "confirm_runs",
					"confirm_duration", NULL };

int cmd_init(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *root = NULL, *target = NULL, *get = NULL;
	long confirm_runs = OPT_INT_UNSET;
	double confirm_duration = OPT_DOUBLE_UNSET;
	static const char *const usage[] = {
		"mutorture init [--db FILE] [--root DIR] [--target TARGET] [--confirm-runs K] "
		"[--confirm-duration S]",
		"mutorture init [--db FILE] --get KEY", NULL };
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "root", &root, "DIR", "tree whose files are mutated (paths are stored relative to it)"),
		OPT_STRING(0, "target", &target, "TARGET", "target name or path to its target.sh"),
		OPT_INT(0, "confirm-runs", &confirm_runs, "K", "torture runs that confirm a survivor"),
		OPT_DOUBLE(0, "confirm-duration", &confirm_duration, "S",
			   "seconds of torture a confirming run needs at least"),
		OPT_STRING(0, "get", &get, "KEY", "print the setting KEY (root, target, created, flaky, "
			   "confirm_runs, confirm_duration); exit 1 when unset"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (OPT_GIVEN_INT(confirm_runs) && confirm_runs < 1)
		usage_error("--confirm-runs must be at least 1, not %ld", confirm_runs);
	/* 0: the target's own run length; more than a week no run can ask for (the runner's
	 * limit on every duration). */
	if (OPT_GIVEN_DOUBLE(confirm_duration) && !(confirm_duration >= 0))
		usage_error("--confirm-duration must be a number of seconds, not %g", confirm_duration);
	if (OPT_GIVEN_DOUBLE(confirm_duration) && confirm_duration > CONFIRM_DURATION_MAX)
		usage_error("--confirm-duration must be at most %d seconds (a week), not %g",
			    CONFIRM_DURATION_MAX, confirm_duration);

	if (get) {
		if (root || target || OPT_GIVEN_INT(confirm_runs) || OPT_GIVEN_DOUBLE(confirm_duration))
			usage_error("--get cannot be combined with settings to write");
		size_t k = 0;
		while (settings[k] && strcmp(settings[k], get))
			k++;
		if (!settings[k])
			usage_error("unknown setting '%s' (root, target, created, flaky, confirm_runs, "
				    "confirm_duration)", get);
		sqlite3 *db = db_open(db_file, DB_READ);
		char *value = db_setting_get(db, get);
		db_close(db);
		if (!value)
			return 1;
		puts(value);
		free(value);
		return 0;
	}

	if (target)
		check_target(target);
	char real_root[PATH_MAX];
	if (root && !realpath(root, real_root))
		die("cannot use root '%s': no such directory", root);
	sqlite3 *db = db_open(db_file, DB_CREATE);
	db_begin(db);
	if (root)
		db_setting_set(db, "root", real_root);
	if (target)
		db_setting_set(db, "target", target);
	char number[64];
	if (OPT_GIVEN_INT(confirm_runs)) {
		snprintf(number, sizeof(number), "%ld", confirm_runs);
		db_setting_set(db, "confirm_runs", number);
	}
	if (OPT_GIVEN_DOUBLE(confirm_duration)) {
		snprintf(number, sizeof(number), "%g", confirm_duration);
		db_setting_set(db, "confirm_duration", number);
	}
	db_commit(db);
	db_close(db);
	return 0;
}
