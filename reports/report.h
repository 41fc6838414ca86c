/* The report writers behind `mutorture report`, each rendering what report_load() read
 * (report-data.h) from a connection that has had report_attach(): the Markdown summary, the
 * mutation-testing-report-schema JSON (the format Stryker, Mull and dextool users read) and
 * the self-contained HTML page built on mutation-testing-elements (embedded at build time). */
#ifndef MUTORTURE_REPORT_H
#define MUTORTURE_REPORT_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>

#include "report-data.h"
#include "util.h"

/* Prepares a connection for the writers: triage keys (triage.h) and the temporary view
 * scenario_kill(mutant_id, scenario, status), one row per scenario a torture attempt ran:
 * its scenario_run rows, or the attempt's own scenario when it recorded none. */
void report_attach(sqlite3 *db);

/* Writes the Markdown summary. */
void report_markdown(const struct report *r, FILE *out);
/* Appends the report in mutation-testing-report-schema version 2 to out. */
void report_json(const struct report *r, struct strbuf *out);
/* Whether this build carries mutation-testing-elements (npm was there at build time). */
bool report_html_available(void);
/* Appends one self-contained HTML page showing the given schema JSON to out; only where
 * report_html_available(). */
void report_html(const char *title, const char *json, struct strbuf *out);

#endif
