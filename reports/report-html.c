/* The self-contained HTML report: the template reports/report.html with the
 * mutation-testing-elements bundle and the report JSON inlined, so the one file opens offline.
 * Both assets are embedded in the binary at build time (reports/reports.cmake). */
#include <string.h>

#include "report.h"
#include "util.h"

extern const char report_html_template[];
extern const char mutation_test_elements_js[];

bool report_html_available(void)
{
	return mutation_test_elements_js[0] != '\0';
}

/* Appends s with '<' and '>' and '&' as HTML text needs them. */
static void add_html_text(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			sb_adds(out, "&lt;");
		else if (*s == '>')
			sb_adds(out, "&gt;");
		else if (*s == '&')
			sb_adds(out, "&amp;");
		else if (*s == '"')
			sb_adds(out, "&quot;");
		else
			sb_addc(out, *s);
	}
}

void report_html(const char *title, const char *json, struct strbuf *out)
{
	if (!report_html_available())
		BUG("report_html() in a build without mutation-testing-elements");
	/* A script element ends at the first "</script"; the JSON writer escapes '<', and the
	 * bundle must not contain one either or the page would break. */
	if (strstr(mutation_test_elements_js, "</script") || strstr(json, "</script"))
		BUG("'</script' inside an inlined script");
	const char *t = report_html_template;
	while (*t) {
		const char *at = strchr(t, '@');
		if (!at) {
			sb_adds(out, t);
			return;
		}
		sb_add(out, t, (size_t)(at - t));
		if (starts_with(at, "@TITLE@")) {
			add_html_text(out, title);
			t = at + strlen("@TITLE@");
		} else if (starts_with(at, "@ELEMENTS_JS@")) {
			sb_adds(out, mutation_test_elements_js);
			t = at + strlen("@ELEMENTS_JS@");
		} else if (starts_with(at, "@REPORT_JSON@")) {
			sb_adds(out, json);
			t = at + strlen("@REPORT_JSON@");
		} else {
			sb_addc(out, '@');
			t = at + 1;
		}
	}
}
