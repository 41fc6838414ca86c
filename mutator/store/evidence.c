/* Evidence behind torture verdicts; see evidence.h. */
#include "evidence.h"

#include <stdlib.h>

#include "binomial.h"
#include "db.h"

void confirm_policy_load(sqlite3 *db, struct confirm_policy *p)
{
	char *runs = db_setting_get(db, "confirm_runs");
	char *duration = db_setting_get(db, "confirm_duration");
	p->runs = runs ? strtol(runs, NULL, 10) : CONFIRM_RUNS_DEFAULT;
	p->duration = duration ? strtod(duration, NULL) : 0;
	if (p->runs < 1)
		p->runs = 1;
	free(runs);
	free(duration);
}

bool survivor_confirmed(const struct confirm_policy *p, long full_attempts)
{
	return full_attempts >= p->runs;
}

void evidence_text(struct strbuf *out, long kills, long attempts, double torture_s)
{
	if (attempts < 1) {
		sb_adds(out, "no torture run");
		return;
	}
	sb_addf(out, "%ld/%ld runs, %.0f s, ", kills, attempts, torture_s);
	if (!kills) {
		sb_addf(out, "p(kill) < %.1f%%", 100 * binomial_upper_zero(attempts));
		return;
	}
	double lo, hi;
	binomial_interval(kills, attempts, &lo, &hi);
	sb_addf(out, "p(kill) %.1f%%-%.1f%%", 100 * lo, 100 * hi);
}
