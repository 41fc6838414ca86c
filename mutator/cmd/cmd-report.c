/* mutorture report: the campaign's Markdown summary on stdout, and on request the same results
 * as mutation-testing-report-schema JSON (--json) and as one self-contained HTML page (--html);
 * --min-score makes it a CI gate: exit 1 when the score is below the threshold (or there is no
 * score yet). Files are written by rename, so a reader never sees half a report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "db.h"
#include "options.h"
#include "report.h"
#include "score.h"
#include "util.h"

static void write_report(const char *path, const struct strbuf *sb)
{
	if (write_file_by_rename(path, sb->buf, sb->len) < 0)
		die("cannot write report '%s': %s", path, strerror(errno));
}

int cmd_report(int argc, const char **argv)
{
	const char *db_file = default_db_path();
	const char *json_file = NULL, *html_file = NULL;
	double min_score = OPT_DOUBLE_UNSET;
	int quiet = 0;
	static const char *const usage[] = {
		"mutorture report [--db FILE] [--json FILE] [--html FILE] [--min-score N] [--quiet]",
		NULL
	};
	const struct option options[] = {
		OPT_DB(&db_file),
		OPT_STRING(0, "json", &json_file, "FILE", "write the mutation-testing-report-schema JSON"),
		OPT_STRING(0, "html", &html_file, "FILE", "write a self-contained HTML report"),
		OPT_DOUBLE(0, "min-score", &min_score, "N", "exit 1 if the score (percent) is below N"),
		OPT_BOOL('q', "quiet", &quiet, "no Markdown summary on stdout"),
		OPT_END(),
	};
	if (parse_options(argc, argv, options, usage) != 0)
		usage_with_options(usage, options);
	if (OPT_GIVEN_DOUBLE(min_score) && (min_score < 0 || min_score > 100))
		usage_error("--min-score must be a percentage from 0 to 100, not %g", min_score);
	if (html_file && !report_html_available())
		die("cannot write '%s': this mutorture was built without the HTML report "
		    "(npm was missing at build time; install npm and rebuild)", html_file);

	sqlite3 *db = db_open(db_file, DB_READ);
	report_attach(db);
	struct report rep;
	report_load(db, &rep);
	if (!quiet)
		report_markdown(&rep, stdout);
	double score = 0;
	bool scored = counts_score(&rep.counts, &score);
	if (json_file || html_file) {
		struct strbuf json = STRBUF_INIT;
		report_json(&rep, &json);
		if (json_file) {
			sb_addc(&json, '\n');
			write_report(json_file, &json);
		}
		if (html_file) {
			struct strbuf html = STRBUF_INIT;
			report_html(rep.target ? rep.target : "campaign", json.buf, &html);
			write_report(html_file, &html);
			sb_release(&html);
		}
		sb_release(&json);
	}
	report_free(&rep);
	db_close(db);
	if (!OPT_GIVEN_DOUBLE(min_score))
		return 0;
	if (!scored) {
		error("no mutation score yet: --min-score %g is not met", min_score);
		return 1;
	}
	if (score < min_score) {
		error("mutation score %.1f%% is below --min-score %g", score, min_score);
		return 1;
	}
	return 0;
}
