/* mutorture show: one mutant's metadata and its unified diff against the source version it
 * was made from (--- a/PATH, +++ b/PATH, 3 lines of context, as 'diff -u'). */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "mutant.h"
#include "options.h"
#include "util.h"

int cmd_show(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	static const char *const usage[] = { "mutorture show [--db FILE] ID", NULL };
	const struct option options[] = { OPT_DB(&db_file), OPT_END() };
	if (parse_options(argc, argv, options, usage) != 1)
		usage_with_options(usage, options);
	struct mutant_row m;
	mutant_load_file(db_file, argv[0], &m);

	printf("mutant      %s\n", m.id);
	printf("file        %s:%u:%u-%u:%u%s\n", m.path, m.line, m.col, m.end_line, m.end_col,
	       m.current ? "" : " (stale: the file has changed since)");
	printf("function    %s\n", *m.function ? m.function : "(file scope)");
	printf("operator    %s%s%s\n", m.operator, *m.tag ? " " : "", m.tag);
	printf("status      %s\n", m.status);
	printf("change      %s\n\n", m.description);
	struct strbuf diff = STRBUF_INIT;
	mutant_diff(&m, &diff);
	fwrite(diff.buf ? diff.buf : "", 1, diff.len, stdout);
	sb_release(&diff);
	mutant_free(&m);
	return 0;
}
