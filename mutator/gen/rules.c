/* The rule-file loader (format in rules.h and mutator/rules/README.md). A malformed line is
 * fatal and named as FILE:LINE, so a typo in a rule file never silently drops mutants; a rule
 * naming a primitive that no source uses is not an error (rule sets cover whole ecosystems). */
#include "rules.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "util.h"

struct rule_set {
	struct rule *rules;
	size_t nr, alloc;
	char **origins; /* file names the rules point to; owned here */
	size_t nr_origins;
};

static const char *const kind_names[] = {
	[RULE_DELETE] = "delete", [RULE_WEAKEN] = "weaken", [RULE_UNWRAP] = "unwrap",
	[RULE_REWRITE] = "rewrite", [RULE_PAIR] = "pair", [RULE_ORDER] = "order",
	[RULE_ARID] = "arid",
};

static const char *const class_names[] = {
	[ORDER_LOAD] = "load", [ORDER_STORE] = "store", [ORDER_RMW] = "rmw",
	[ORDER_FENCE] = "fence", [ORDER_CAS] = "cas",
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct rule_set *rules_new(void)
{
	return xcalloc(1, sizeof(struct rule_set));
}

void rules_free(struct rule_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->nr; i++) {
		struct rule *r = &set->rules[i];
		free(r->name);
		for (size_t j = 0; j < r->nr_operands; j++)
			free(r->operands[j]);
		free(r->operands);
	}
	for (size_t i = 0; i < set->nr_origins; i++)
		free(set->origins[i]);
	free(set->origins);
	free(set->rules);
	free(set);
}

/* One line being parsed: the fields split off so far and where the message points. */
struct line {
	const char *origin;
	unsigned number;
	char *rest; /* unparsed remainder, NUL-terminated, no comment */
};

static _Noreturn void __attribute__((format(printf, 2, 3)))
line_die(const struct line *l, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	die("%s:%u: %s", l->origin, l->number, msg);
}

/* Next blank-separated field, or NULL at the end of the line. */
static char *next_field(struct line *l)
{
	char *p = l->rest;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	char *start = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (*p)
		*p++ = '\0';
	l->rest = p;
	return start;
}

static char *trimmed_rest(struct line *l)
{
	char *p = l->rest;
	while (*p == ' ' || *p == '\t')
		p++;
	size_t n = strlen(p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		p[--n] = '\0';
	l->rest = p + n;
	return p;
}

static bool is_identifier(const char *s, bool allow_glob)
{
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++) {
		if (allow_glob && s[0] == '*' && !s[1])
			return true;
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	}
	return true;
}

static char *want_identifier(struct line *l, const char *what, bool allow_glob)
{
	char *f = next_field(l);
	if (!f)
		line_die(l, "missing %s", what);
	if (!is_identifier(f, allow_glob))
		line_die(l, "'%s' is not a valid %s", f, what);
	return f;
}

static void no_more_fields(struct line *l)
{
	char *f = next_field(l);
	if (f)
		line_die(l, "unexpected '%s' at the end of the rule", f);
}

static unsigned want_position(struct line *l, const char *what)
{
	char *f = next_field(l);
	if (!f)
		line_die(l, "missing %s", what);
	if (!(f[0] >= '1' && f[0] <= '9') || f[1])
		line_die(l, "'%s' is not a valid %s (1 to 9)", f, what);
	return (unsigned)(f[0] - '0');
}

/* A template may use %0..%9 and %%; anything else after '%' is a typo worth stopping on. */
static void check_template(struct line *l, const char *t)
{
	for (const char *p = t; *p; p++) {
		if (*p != '%')
			continue;
		p++;
		if (!(*p == '%' || (*p >= '0' && *p <= '9')))
			line_die(l, "bad '%%' escape in template '%s' (use %%0..%%9 or %%%%)", t);
	}
}

static struct rule *add_rule(struct rule_set *set, const struct line *l, enum rule_kind kind,
			     const char *name)
{
	if (set->nr == set->alloc) {
		set->alloc = set->alloc ? 2 * set->alloc : 64;
		set->rules = xrealloc(set->rules, set->alloc * sizeof(*set->rules));
	}
	struct rule *r = &set->rules[set->nr++];
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->name = xstrdup(name);
	r->file = set->origins[set->nr_origins - 1];
	r->line = l->number;
	return r;
}

static void add_operand(struct rule *r, const char *s)
{
	r->operands = xrealloc(r->operands, (r->nr_operands + 1) * sizeof(*r->operands));
	r->operands[r->nr_operands++] = xstrdup(s);
}

static void parse_order(struct line *l, struct rule *r)
{
	char *cls = next_field(l);
	if (!cls)
		line_die(l, "missing order class (load, store, rmw, fence or cas)");
	size_t c;
	for (c = 0; c < ARRAY_SIZE(class_names); c++)
		if (!strcmp(cls, class_names[c]))
			break;
	if (c == ARRAY_SIZE(class_names))
		line_die(l, "unknown order class '%s' (load, store, rmw, fence or cas)", cls);
	r->order_class = (enum order_class)c;
	r->order_pos[0] = want_position(l, "argument position");
	if (r->order_class == ORDER_CAS)
		r->order_pos[1] = want_position(l, "failure order position");
}

static void parse_line(struct rule_set *set, struct line *l)
{
	char *kind_field = next_field(l);
	if (!kind_field)
		return;
	size_t k;
	for (k = 0; k < ARRAY_SIZE(kind_names); k++)
		if (!strcmp(kind_field, kind_names[k]))
			break;
	if (k == ARRAY_SIZE(kind_names))
		line_die(l, "unknown rule kind '%s' (delete, weaken, unwrap, rewrite, pair, order "
			    "or arid)", kind_field);
	enum rule_kind kind = (enum rule_kind)k;
	const char *name = want_identifier(l, "primitive name", kind == RULE_ARID);
	struct rule *r = add_rule(set, l, kind, name);

	switch (kind) {
	case RULE_DELETE:
	case RULE_ARID:
		break;
	case RULE_WEAKEN:
		for (char *f; (f = next_field(l));) {
			if (!is_identifier(f, false))
				line_die(l, "'%s' is not a valid weaker name", f);
			add_operand(r, f);
		}
		if (!r->nr_operands)
			line_die(l, "weaken '%s' names no weaker primitive", name);
		break;
	case RULE_UNWRAP: {
		char *f = next_field(l);
		unsigned pos = 1;
		if (f) {
			if (!(f[0] >= '1' && f[0] <= '9') || f[1])
				line_die(l, "'%s' is not a valid argument position (1 to 9)", f);
			pos = (unsigned)(f[0] - '0');
		}
		char tmpl[8];
		snprintf(tmpl, sizeof(tmpl), "(%%%u)", pos);
		add_operand(r, tmpl);
		break;
	}
	case RULE_REWRITE: {
		const char *t = trimmed_rest(l);
		if (!*t)
			line_die(l, "rewrite '%s' has no template", name);
		check_template(l, t);
		add_operand(r, t);
		break;
	}
	case RULE_PAIR:
		add_operand(r, want_identifier(l, "unlock name", false));
		break;
	case RULE_ORDER:
		parse_order(l, r);
		break;
	}
	no_more_fields(l);
}

static void rules_parse(struct rule_set *set, const char *origin, const char *text)
{
	set->origins = xrealloc(set->origins, (set->nr_origins + 1) * sizeof(*set->origins));
	set->origins[set->nr_origins++] = xstrdup(origin);

	unsigned number = 0;
	for (const char *p = text; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *buf = xstrndup(p, n);
		number++;
		/* '#' opens a comment only at the start or after a blank, so a template may
		 * still contain one inside an expression (e.g. a stringised name). */
		for (char *c = buf; *c; c++)
			if (*c == '#' && (c == buf || c[-1] == ' ' || c[-1] == '\t')) {
				*c = '\0';
				break;
			}
		if (buf[0] && buf[strlen(buf) - 1] == '\r')
			buf[strlen(buf) - 1] = '\0';
		struct line l = { origin, number, buf };
		parse_line(set, &l);
		free(buf);
		p += n;
		if (*p)
			p++;
	}
}

static char *resolve(const char *name_or_path)
{
	if (strchr(name_or_path, '/') || ends_with(name_or_path, ".rules"))
		return xstrdup(name_or_path);
	return xasprintf("%s/mutator/rules/%s.rules", mutorture_home(), name_or_path);
}

struct rule_set *rules_load(const struct strlist *names_or_paths)
{
	struct rule_set *set = rules_new();
	for (size_t i = 0; i < names_or_paths->nr; i++) {
		char *path = resolve(names_or_paths->items[i]);
		char *text;
		size_t len;
		if (read_file(path, &text, &len) < 0)
			die("cannot read rule file '%s': %s", path, strerror(errno));
		if (memchr(text, '\0', len))
			die("%s: not a text file", path);
		rules_parse(set, path, text);
		free(text);
		free(path);
	}
	return set;
}

static bool name_matches(const struct rule *r, const char *name)
{
	size_t n = strlen(r->name);
	if (r->kind == RULE_ARID && n && r->name[n - 1] == '*')
		return !strncmp(r->name, name, n - 1);
	return !strcmp(r->name, name);
}

const struct rule *rules_next(const struct rule_set *set, enum rule_kind kind, const char *name,
			      const struct rule *prev)
{
	size_t i = prev ? (size_t)(prev - set->rules) + 1 : 0;
	for (; i < set->nr; i++)
		if (set->rules[i].kind == kind && name_matches(&set->rules[i], name))
			return &set->rules[i];
	return NULL;
}

const struct rule *rules_next_unlock(const struct rule_set *set, const char *name,
				     const struct rule *prev)
{
	size_t i = prev ? (size_t)(prev - set->rules) + 1 : 0;
	for (; i < set->nr; i++)
		if (set->rules[i].kind == RULE_PAIR && !strcmp(set->rules[i].operands[0], name))
			return &set->rules[i];
	return NULL;
}

size_t rules_count(const struct rule_set *set)
{
	return set->nr;
}

const struct rule *rules_at(const struct rule_set *set, size_t i)
{
	return &set->rules[i];
}
