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

bool state_lookup(const char *name, unsigned allowed, enum mutant_state *out)
{
	for (int i = 0; i < STATE_NR; i++)
		if ((allowed & STATE_BIT(i)) && !strcmp(state_names[i], name)) {
			*out = (enum mutant_state)i;
			return true;
		}
	return false;
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
	for (int i = 0; i < KIND_NR; i++)
		if (!strcmp(kind_names[i], name)) {
			*out = (enum result_kind)i;
			return true;
		}
	return false;
}

static void sql_list(struct strbuf *sb, const char *const *names, int nr, unsigned mask)
{
	const char *sep = "";
	for (int i = 0; i < nr; i++)
		if (mask & (1u << i)) {
			sb_addf(sb, "%s'%s'", sep, names[i]);
			sep = ", ";
		}
}

void states_sql(struct strbuf *sb, unsigned mask)
{
	sql_list(sb, state_names, STATE_NR, mask);
}

void kinds_sql(struct strbuf *sb)
{
	sql_list(sb, kind_names, KIND_NR, (1u << KIND_NR) - 1);
}
