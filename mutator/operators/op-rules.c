/* The rule-driven RCU and memory-ordering operators: each reads the rule set the generator
 * loaded (gen_rules) and mutates uses of the primitives it names, found at their source site
 * by invocation.c (macro expansion sites and literal calls, never expanded code). Deletions
 * keep every newline of what they delete, so the rest of the file keeps its line numbers;
 * rewrites append the newlines their template dropped for the same reason. A statement is
 * deleted only when it is a whole expression statement, so a call whose value is used is
 * never deleted. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "invocation.h"
#include "registry.h"
#include "util.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct rule_set *rules_of(struct gen_ctx *ctx)
{
	const struct rule_set *rules = gen_rules(ctx);
	return rules && rules_count(rules) ? rules : NULL;
}

/* The rule sets, if cursor is a use of a primitive (invocation.h) and there are rules. */
static const struct rule_set *rules_at_use(struct gen_ctx *ctx, CXCursor cursor,
					   struct invocation *inv)
{
	const struct rule_set *rules = rules_of(ctx);
	return rules && invocation_from_cursor(gen_source(ctx), cursor, inv) ? rules : NULL;
}

static void propose_delete(struct gen_ctx *ctx, const struct mutation_operator *op,
			   const char *tag, const struct statement_use *use, const char *why)
{
	const struct source *src = gen_source(ctx);
	const char *text = src->text;
	struct strbuf sb = STRBUF_INIT;
	statement_deletion(&sb, text, use);
	char *repl = sb_detach(&sb, NULL);
	char *desc = xasprintf("delete the '%s()' statement%s", use->inv.name, why);
	gen_propose(ctx, op, tag, use->inv.start, use->end, repl, desc);
	free(desc);
	free(repl);
}

/* rcu-delete: a barrier, grace-period wait, read-side marker... deleted as a statement. */
static void visit_delete(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct source *src = gen_source(ctx);
	const struct rule_set *rules = rules_of(ctx);
	struct statement_use use;
	if (!rules || !invocation_statement(src, cursor, parent, &use))
		return;
	if (rules_next(rules, RULE_DELETE, use.inv.name, NULL))
		propose_delete(ctx, &op_rcu_delete, "", &use, "");
}

/* rcu-weaken: the called name replaced by each weaker primitive; arguments stay. */
static void visit_weaken(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	struct invocation inv;
	const struct rule_set *rules = rules_at_use(ctx, cursor, &inv);
	(void)parent;
	if (!rules)
		return;
	for (const struct rule *r = NULL; (r = rules_next(rules, RULE_WEAKEN, inv.name, r));)
		for (size_t i = 0; i < r->nr_operands; i++) {
			/* A weaker primitive the file cannot see would only fail to build. */
			if (!source_name_defined(gen_source(ctx), r->operands[i])) {
				gen_skip(ctx, &op_rcu_weaken, "undefined");
				continue;
			}
			char *desc = xasprintf("weaken '%s' to '%s'", inv.name, r->operands[i]);
			gen_propose(ctx, &op_rcu_weaken, "", inv.start, inv.name_end, r->operands[i],
				    desc);
			free(desc);
		}
}

/* Expands a template (%0 the name, %1..%9 the argument texts, %% a percent); false if it
 * names an argument the call does not have. */
static bool expand_template(const char *tmpl, const char *text, const struct invocation *inv,
			    struct strbuf *out)
{
	for (const char *p = tmpl; *p; p++) {
		if (*p != '%') {
			sb_addc(out, *p);
			continue;
		}
		p++;
		if (*p == '%') {
			sb_addc(out, '%');
		} else if (*p == '0') {
			sb_adds(out, inv->name);
		} else {
			unsigned n = (unsigned)(*p - '0');
			if (n > inv->nargs || n > INVOCATION_MAX_ARGS)
				return false;
			const struct span *a = &inv->args[n - 1];
			sb_add(out, text + a->start, a->end - a->start);
		}
	}
	return true;
}

/* Whether a template calls a primitive the translation unit does not define: its leading
 * identifier, when a '(' follows it ('READ_ONCE(*(%1))'). */
static bool calls_undefined(const struct source *src, const char *tmpl)
{
	size_t n = 0;
	while (tmpl[n] == '_' || isalnum((unsigned char)tmpl[n]))
		n++;
	if (!n || isdigit((unsigned char)tmpl[0]) || tmpl[n + strspn(tmpl + n, " \t")] != '(')
		return false;
	char *name = xstrndup(tmpl, n);
	bool undefined = !source_name_defined(src, name);
	free(name);
	return undefined;
}

static void propose_template(struct gen_ctx *ctx, const struct mutation_operator *op,
			     const struct rule *r, const struct invocation *inv)
{
	const struct source *src = gen_source(ctx);
	if (calls_undefined(src, r->operands[0])) {
		gen_skip(ctx, op, "undefined");
		return;
	}
	const char *text = src->text;
	struct strbuf sb = STRBUF_INIT;
	if (!expand_template(r->operands[0], text, inv, &sb)) {
		gen_skip(ctx, op, "arity");
		sb_release(&sb);
		return;
	}
	size_t had = text_count_newlines(text, inv->start, inv->end);
	for (size_t has = text_count_newlines(sb.buf, 0, (unsigned)sb.len); has < had; has++)
		sb_addc(&sb, '\n');
	char *desc = r->kind == RULE_UNWRAP
			     ? xasprintf("unwrap '%s(...)' to %s", inv->name, r->operands[0])
			     : xasprintf("rewrite '%s(...)' as '%s'", inv->name, r->operands[0]);
	char *repl = sb_detach(&sb, NULL);
	gen_propose(ctx, op, "", inv->start, inv->end, repl, desc);
	free(desc);
	free(repl);
}

/* rcu-unwrap: READ_ONCE(x) -> (x), rcu_dereference(p) -> (p). */
static void visit_unwrap(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	struct invocation inv;
	const struct rule_set *rules = rules_at_use(ctx, cursor, &inv);
	(void)parent;
	if (!rules)
		return;
	for (const struct rule *r = NULL; (r = rules_next(rules, RULE_UNWRAP, inv.name, r));)
		propose_template(ctx, &op_rcu_unwrap, r, &inv);
}

/* rcu-rewrite: call_rcu(h, f) -> (f)(h), WRITE_ONCE(x, v) -> ((x) = (v)), ... */
static void visit_rewrite(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	struct invocation inv;
	const struct rule_set *rules = rules_at_use(ctx, cursor, &inv);
	(void)parent;
	if (!rules)
		return;
	for (const struct rule *r = NULL; (r = rules_next(rules, RULE_REWRITE, inv.name, r));)
		propose_template(ctx, &op_rcu_rewrite, r, &inv);
}

/* ---- rcu-pair ---------------------------------------------------------------------- */

struct pair_use {
	struct statement_use use;
	char *key;   /* first argument without blanks: which lock, which flags */
	int partner; /* pair grouping: index of the lock this unlock closes, or -1 */
};

struct pair_walk {
	struct gen_ctx *ctx;
	const struct rule_set *rules;
	struct pair_use *uses;
	size_t nr, alloc;
};

static char *use_key(const char *text, const struct invocation *inv)
{
	struct strbuf sb = STRBUF_INIT;
	if (inv->nargs)
		for (unsigned i = inv->args[0].start; i < inv->args[0].end; i++)
			if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n')
				sb_addc(&sb, text[i]);
	return sb_detach(&sb, NULL);
}

static enum CXChildVisitResult collect_pair_use(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pair_walk *w = data;
	struct statement_use use;
	if (!invocation_statement(gen_source(w->ctx), c, parent, &use))
		return CXChildVisit_Recurse;
	if (!rules_next(w->rules, RULE_PAIR, use.inv.name, NULL) &&
	    !rules_next_unlock(w->rules, use.inv.name, NULL))
		return CXChildVisit_Recurse;
	if (w->nr == w->alloc) {
		w->alloc = w->alloc ? 2 * w->alloc : 16;
		w->uses = xrealloc(w->uses, w->alloc * sizeof(*w->uses));
	}
	const char *text = gen_source(w->ctx)->text;
	w->uses[w->nr++] = (struct pair_use){ use, use_key(text, &use.inv), -1 };
	return CXChildVisit_Continue; /* nothing to find inside a lock call */
}

/* Whether name is the lock side of a pair rule closed by unlock. */
static bool is_lock_of(const struct rule_set *rules, const char *name, const char *unlock)
{
	for (const struct rule *r = NULL; (r = rules_next(rules, RULE_PAIR, name, r));)
		if (!strcmp(r->operands[0], unlock))
			return true;
	return false;
}

/* Closes the locks of one pair rule in source order: an unlock closes the innermost open
 * lock on the same key; an unlock with none open (an early-exit path) closes the lock the
 * previous unlock closed, so deleting "the pair" removes the whole critical section. Locks
 * of other rules with the same unlock (rdlock and wrlock) are on the stack too, so their
 * unlocks are never taken for this rule's. */
static void match_pairs(struct pair_walk *w, const struct rule *r)
{
	const char *unlock = r->operands[0];
	long *stack = xcalloc(w->nr + 1, sizeof(*stack));
	for (size_t i = 0; i < w->nr; i++) {
		struct pair_use *u = &w->uses[i];
		if (strcmp(u->use.inv.name, unlock))
			continue;
		size_t depth = 0;
		long last_closed = -1;
		for (size_t j = 0; j < i; j++) {
			const struct pair_use *v = &w->uses[j];
			if (strcmp(v->key, u->key))
				continue;
			if (!strcmp(v->use.inv.name, unlock)) {
				if (depth)
					last_closed = stack[--depth];
			} else if (is_lock_of(w->rules, v->use.inv.name, unlock)) {
				stack[depth++] = strcmp(v->use.inv.name, r->name) ? -1 : (long)j;
			}
		}
		u->partner = (int)(depth ? stack[depth - 1] : last_closed);
	}
	free(stack);
}

static void propose_pair(struct pair_walk *w, const struct rule *r, size_t lock)
{
	const char *text = gen_source(w->ctx)->text;
	struct strbuf sb = STRBUF_INIT;
	const struct pair_use *l = &w->uses[lock];
	unsigned pos = l->use.inv.start, end = 0;
	for (size_t i = lock; i < w->nr; i++) {
		const struct pair_use *u = &w->uses[i];
		if (i != lock && !(u->partner == (int)lock && !strcmp(u->use.inv.name, r->operands[0])))
			continue;
		sb_add(&sb, text + pos, u->use.inv.start - pos);
		statement_deletion(&sb, text, &u->use);
		pos = end = u->use.end;
	}
	char *repl = sb_detach(&sb, NULL);
	if (end > l->use.end) {
		char *desc = xasprintf("delete the '%s()'/'%s()' pair", r->name, r->operands[0]);
		gen_propose(w->ctx, &op_rcu_pair, "pair", l->use.inv.start, end, repl, desc);
		free(desc);
	}
	free(repl);
}

static void visit_pair(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	const struct rule_set *rules = rules_of(ctx);
	(void)parent;
	if (!rules || clang_getCursorKind(cursor) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(cursor))
		return;
	struct pair_walk w = { ctx, rules, NULL, 0, 0 };
	clang_visitChildren(cursor, collect_pair_use, &w);
	for (size_t i = 0; i < w.nr; i++)
		propose_delete(ctx, &op_rcu_pair, "single", &w.uses[i].use, " (one side of a pair)");
	for (size_t k = 0; k < rules_count(rules); k++) {
		const struct rule *r = rules_at(rules, k);
		if (r->kind != RULE_PAIR)
			continue;
		match_pairs(&w, r);
		for (size_t i = 0; i < w.nr; i++)
			if (!strcmp(w.uses[i].use.inv.name, r->name))
				propose_pair(&w, r, i);
	}
	for (size_t i = 0; i < w.nr; i++)
		free(w.uses[i].key);
	free(w.uses);
}

/* ---- memory-order ------------------------------------------------------------------ */

/* seq_cst_fence is liburcu's (CMM_SEQ_CST_FENCE): seq_cst with a full fence around it. */
enum mo {
	MO_RELAXED, MO_CONSUME, MO_ACQUIRE, MO_RELEASE, MO_ACQ_REL, MO_SEQ_CST, MO_SEQ_CST_FENCE,
	MO_NR
};
#define MO(x) (1u << (x))
#define MO_ALL (MO(MO_NR) - 1)

static const char *const mo_names[MO_NR] = {
	"relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst", "seq_cst_fence",
};
/* The orders strictly weaker than each order (consume sits between relaxed and acquire). */
static const unsigned mo_weaker[MO_NR] = {
	[MO_RELAXED] = 0,
	[MO_CONSUME] = MO(MO_RELAXED),
	[MO_ACQUIRE] = MO(MO_RELAXED) | MO(MO_CONSUME),
	[MO_RELEASE] = MO(MO_RELAXED),
	[MO_ACQ_REL] = MO(MO_RELAXED) | MO(MO_CONSUME) | MO(MO_ACQUIRE) | MO(MO_RELEASE),
	[MO_SEQ_CST] = MO_ALL & ~MO(MO_SEQ_CST) & ~MO(MO_SEQ_CST_FENCE),
	[MO_SEQ_CST_FENCE] = MO_ALL & ~MO(MO_SEQ_CST_FENCE),
};
#define MO_LOADS                                                                            \
	(MO(MO_RELAXED) | MO(MO_CONSUME) | MO(MO_ACQUIRE) | MO(MO_SEQ_CST) | MO(MO_SEQ_CST_FENCE))
/* Orders each class of operation accepts. A relaxed fence is left to fence deletion. */
static const unsigned mo_valid[] = {
	[ORDER_LOAD] = MO_LOADS,
	[ORDER_STORE] = MO(MO_RELAXED) | MO(MO_RELEASE) | MO(MO_SEQ_CST) | MO(MO_SEQ_CST_FENCE),
	[ORDER_RMW] = MO_ALL,
	[ORDER_FENCE] = MO_ALL & ~MO(MO_RELAXED),
	[ORDER_CAS] = MO_ALL,
};
/* Consume is never a target: compilers treat it as acquire, so it would only duplicate; nor
 * is the strongest order, which weakens nothing. */
#define MO_TARGETS (MO_ALL & ~MO(MO_CONSUME) & ~MO(MO_SEQ_CST_FENCE))

/* The spellings of the orders: C11, the GCC/Clang builtins' macros, liburcu's CMM_*, and
 * which orders each can spell. */
static const struct mo_family {
	const char *prefix;
	bool upper;
	unsigned spells;
} mo_families[] = {
	{ "memory_order_", false, MO_ALL & ~MO(MO_SEQ_CST_FENCE) },
	{ "__ATOMIC_", true, MO_ALL & ~MO(MO_SEQ_CST_FENCE) },
	{ "CMM_", true, MO_ALL },
};

struct mo_arg {
	const struct mo_family *family;
	enum mo order;
	struct span span;
};

/* The n characters at s spell name, in upper case for the macro families. */
static bool suffix_is(const char *s, const char *name, bool upper)
{
	for (; *name; s++, name++)
		if (*s != (upper ? (char)toupper((unsigned char)*name) : *name))
			return false;
	return true;
}

/* The order s spells (blanks and parentheses around it aside): memory_order_X, __ATOMIC_X,
 * CMM_X, or an object-like macro that expands to one of them, through up to 8 macros. */
static bool order_spelling(const struct source *src, const char *s, int depth,
			   const struct mo_family **family, enum mo *order)
{
	size_t n = strlen(s);
	for (;;) {
		while (n && isspace((unsigned char)*s))
			s++, n--;
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (n < 2 || s[0] != '(' || s[n - 1] != ')')
			break;
		s++;
		n -= 2;
	}
	for (size_t f = 0; f < ARRAY_SIZE(mo_families); f++) {
		const struct mo_family *fam = &mo_families[f];
		size_t plen = strlen(fam->prefix);
		if (n <= plen || strncmp(s, fam->prefix, plen))
			continue;
		for (int o = 0; o < MO_NR; o++)
			if ((fam->spells & MO(o)) && n == plen + strlen(mo_names[o]) &&
			    suffix_is(s + plen, mo_names[o], fam->upper)) {
				*family = fam;
				*order = (enum mo)o;
				return true;
			}
	}
	char *name = xstrndup(s, n);
	struct strbuf body = STRBUF_INIT;
	bool found = depth < 8 && source_macro_body(src, name, &body) &&
		     order_spelling(src, body.buf, depth + 1, family, order);
	sb_release(&body);
	free(name);
	return found;
}

/* How an order argument is written: a known order (directly or through macros), left out (an
 * optional argument, as liburcu's uatomic_load(addr[, mo])), or anything else. */
enum order_arg { ORDER_KNOWN, ORDER_ABSENT, ORDER_NOT_CONSTANT };

static enum order_arg parse_order_arg(const struct source *src, const struct invocation *inv,
				      unsigned pos, struct mo_arg *out)
{
	if (pos > inv->nargs)
		return ORDER_ABSENT;
	if (pos > INVOCATION_MAX_ARGS)
		return ORDER_NOT_CONSTANT;
	const struct span *a = &inv->args[pos - 1];
	char *text = xstrndup(src->text + a->start, a->end - a->start);
	const struct mo_family *family;
	enum mo order;
	bool known = order_spelling(src, text, 0, &family, &order);
	free(text);
	if (!known)
		return ORDER_NOT_CONSTANT;
	*out = (struct mo_arg){ family, order, *a };
	return ORDER_KNOWN;
}

/* Counts an order argument that cannot be weakened, by why. */
static bool order_usable(struct gen_ctx *ctx, enum order_arg how)
{
	if (how == ORDER_ABSENT)
		gen_skip(ctx, &op_memory_order, "no order argument");
	else if (how == ORDER_NOT_CONSTANT)
		gen_skip(ctx, &op_memory_order, "order not a constant");
	return how == ORDER_KNOWN;
}

static void propose_orders(struct gen_ctx *ctx, const struct invocation *inv,
			   const struct mo_arg *arg, unsigned targets, const char *tag)
{
	for (int o = 0; o < MO_NR; o++) {
		if (!(targets & arg->family->spells & MO(o)))
			continue;
		char *repl = xasprintf("%s%s", arg->family->prefix, mo_names[o]);
		if (arg->family->upper)
			for (char *p = repl + strlen(arg->family->prefix); *p; p++)
				*p = (char)toupper((unsigned char)*p);
		char *desc = xasprintf("weaken the %s order of '%s' from %s to %s", tag,
				       inv->name, mo_names[arg->order], mo_names[o]);
		gen_propose(ctx, &op_memory_order, tag, arg->span.start, arg->span.end, repl, desc);
		free(desc);
		free(repl);
	}
}

static const char *const class_tags[] = {
	[ORDER_LOAD] = "load", [ORDER_STORE] = "store", [ORDER_RMW] = "rmw",
	[ORDER_FENCE] = "fence", [ORDER_CAS] = "success",
};

static void visit_order(struct gen_ctx *ctx, CXCursor cursor, CXCursor parent)
{
	struct invocation inv;
	const struct rule_set *rules = rules_at_use(ctx, cursor, &inv);
	(void)parent;
	if (!rules)
		return;
	const struct source *src = gen_source(ctx);
	for (const struct rule *r = NULL; (r = rules_next(rules, RULE_ORDER, inv.name, r));) {
		struct mo_arg arg, fail;
		if (!order_usable(ctx, parse_order_arg(src, &inv, r->order_pos[0], &arg)))
			continue;
		unsigned targets = mo_valid[r->order_class] & mo_weaker[arg.order] & MO_TARGETS;
		if (r->order_class != ORDER_CAS) {
			propose_orders(ctx, &inv, &arg, targets, class_tags[r->order_class]);
			continue;
		}
		/* A failure order is a load order and never stronger than the success order. */
		if (!order_usable(ctx, parse_order_arg(src, &inv, r->order_pos[1], &fail)))
			continue;
		unsigned at_least_fail = 0;
		for (int o = 0; o < MO_NR; o++)
			if (o == (int)fail.order || (mo_weaker[o] & MO(fail.order)))
				at_least_fail |= MO(o);
		propose_orders(ctx, &inv, &arg, targets & at_least_fail, "success");
		propose_orders(ctx, &inv, &fail, MO_LOADS & mo_weaker[fail.order] & MO_TARGETS,
			       "failure");
	}
}

const struct mutation_operator op_rcu_delete = {
	"rcu-delete", "delete a statement calling a rule's primitive (barrier, grace period...)",
	visit_delete,
};
const struct mutation_operator op_rcu_weaken = {
	"rcu-weaken", "replace a rule's primitive by a weaker one (smp_mb -> smp_wmb...)",
	visit_weaken,
};
const struct mutation_operator op_rcu_unwrap = {
	"rcu-unwrap", "unwrap an access marker (READ_ONCE(x) -> (x))", visit_unwrap,
};
const struct mutation_operator op_rcu_rewrite = {
	"rcu-rewrite", "rewrite a call by a rule's template (call_rcu(h, f) -> (f)(h)...)",
	visit_rewrite,
};
const struct mutation_operator op_rcu_pair = {
	"rcu-pair", "delete a lock/unlock pair in one function (tag pair), or one side (single)",
	visit_pair,
};
const struct mutation_operator op_memory_order = {
	"memory-order", "weaken a memory order argument to a weaker order valid for the operation",
	visit_order,
};
