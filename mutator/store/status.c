/* The status vocabulary; see status.h. */
#include "status.h"

#include <string.h>

const char *const state_names[STATE_NR] = {
#define X(e, name) [STATE_##e] = name,
	MUTANT_STATES(X)
#undef X
};

const char *const kind_names[KIND_NR] = {
#define X(e, name) [KIND_##e] = name,
	RESULT_KINDS(X)
#undef X
};

const char *const verdict_names[VERDICT_NR] = {
#define X(e, name) [VERDICT_##e] = name,
	TRIAGE_VERDICTS(X)
#undef X
};

/* The index of name among names[0..nr) whose bit is in allowed, or -1. */
static int name_index(const char *const *names, int nr, unsigned allowed, const char *name)
{
	for (int i = 0; i < nr; i++)
		if ((allowed & (1u << i)) && !strcmp(names[i], name))
			return i;
	return -1;
}

bool state_lookup(const char *name, unsigned allowed, enum mutant_state *out)
{
	int i = name_index(state_names, STATE_NR, allowed, name);
	if (i >= 0)
		*out = (enum mutant_state)i;
	return i >= 0;
}

enum mutant_state state_from_name(const char *name)
{
	enum mutant_state s;
	if (!state_lookup(name, STATES_ALL, &s))
		die("unknown mutant status '%s' in the database (a newer mutorture wrote it?)", name);
	return s;
}

bool kind_lookup(const char *name, enum result_kind *out)
{
	int i = name_index(kind_names, KIND_NR, ~0u, name);
	if (i >= 0)
		*out = (enum result_kind)i;
	return i >= 0;
}

bool verdict_lookup(const char *name, enum triage_verdict *out)
{
	int i = name_index(verdict_names, VERDICT_NR, ~0u, name);
	if (i >= 0)
		*out = (enum triage_verdict)i;
	return i >= 0;
}

void verdicts_text(struct strbuf *sb, const char *sep, const char *last_sep)
{
	for (int i = 0; i < VERDICT_NR; i++)
		sb_addf(sb, "%s%s", !i ? "" : i < VERDICT_NR - 1 ? sep : last_sep, verdict_names[i]);
}

/* A placeholder of vocabulary_sql and the names it stands for: those of names whose bit is in
 * mask. */
static const struct placeholder {
	const char *name;
	const char *const *names;
	unsigned mask;
} placeholders[] = {
#define X(e, name) { "STATE_" #e, state_names, STATE_BIT(STATE_##e) },
	MUTANT_STATES(X)
#undef X
#define X(e, name) { "KIND_" #e, kind_names, 1u << KIND_##e },
	RESULT_KINDS(X)
#undef X
#define X(e, name) { "VERDICT_" #e, verdict_names, 1u << VERDICT_##e },
	TRIAGE_VERDICTS(X)
#undef X
	{ "RESULT_STATES", state_names, STATES_RESULT },
	{ "SCENARIO_STATES", state_names, STATES_SCENARIO },
	{ "UNTORTURED_STATES", state_names, STATES_UNTORTURED },
	{ "DETECTED_STATES", state_names, STATES_DETECTED },
	{ "TORTURED_STATES", state_names, STATES_TORTURED },
	{ "TO_RUN_STATES", state_names, STATES_TO_RUN },
	{ "RESULT_KINDS", kind_names, (1u << KIND_NR) - 1 },
	{ "VERDICTS", verdict_names, (1u << VERDICT_NR) - 1 },
};

void vocabulary_sql(struct strbuf *sb, const char *sql)
{
	for (const char *p = sql;;) {
		const char *at = strchr(p, '@');
		if (!at) {
			sb_adds(sb, p);
			return;
		}
		sb_add(sb, p, (size_t)(at - p));
		const char *end = strchr(at + 1, '@');
		size_t len = end ? (size_t)(end - at - 1) : 0;
		const struct placeholder *ph = NULL;
		for (size_t i = 0; !ph && i < sizeof(placeholders) / sizeof(placeholders[0]); i++)
			if (strlen(placeholders[i].name) == len &&
			    !strncmp(placeholders[i].name, at + 1, len))
				ph = &placeholders[i];
		if (!ph)
			BUG("unknown placeholder in SQL text: %.40s", at);
		const char *sep = "";
		for (unsigned i = 0; ph->mask >> i; i++)
			if (ph->mask & (1u << i)) {
				sb_addf(sb, "%s'%s'", sep, ph->names[i]);
				sep = ", ";
			}
		p = end + 1;
	}
}
