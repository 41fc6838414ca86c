/* mutorture init: create (or reopen) a campaign database and record its settings. Running it
 * again on an existing campaign only updates the settings given; --get KEY prints one (the
 * runner reads the target a campaign was made with this way). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "util.h"

int cmd_init(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *root = NULL, *target = NULL, *get = NULL;
	static const char *const usage[] = { "mutorture init [--db FILE] [--root DIR] [--target TARGET]",
						   "mutorture init [--db FILE] --get root|target", NULL };
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "root", &root, "DIR", "tree whose files are mutated (paths are stored relative to it)"),
		OPT_STRING(0, "target", &target, "TARGET", "target name or path to its target.sh"),
		OPT_STRING(0, "get", &get, "KEY", "print the setting KEY (root or target); exit 1 when unset"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);

	if (get) {
		if (root || target)
			usage_error("--get cannot be combined with --root or --target");
		sqlite3 *db = db_open(db_file, DB_READ);
		char *value = db_setting_get(db, get);
		db_close(db);
		if (!value)
			return 1;
		puts(value);
		free(value);
		return 0;
	}

	char real_root[PATH_MAX];
	if (root && !realpath(root, real_root))
		die("cannot use root '%s': no such directory", root);
	sqlite3 *db = db_open(db_file, DB_CREATE);
	db_begin(db);
	if (root)
		db_setting_set(db, "root", real_root);
	if (target)
		db_setting_set(db, "target", target);
	db_commit(db);
	db_close(db);
	return 0;
}
