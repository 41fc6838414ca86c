#!/usr/bin/env bash
# The generator sees the code as the build does (tests/mutator/fixtures/as-built, a small
# library tree with its own compile_commands.json written here):
# - a function whose name a macro spells is mutated, its mutants record both names, and
#   --function (generate, list, survivors) takes either;
# - '-include config.h' is found through -I as gcc finds it, so the configured #if branch is
#   the one mutated; a missing -include stops generate and writes nothing;
# - a file compiled twice (two flavours): the first command with a warning naming it, or the
#   one --entry-filter picks; a filter that picks none or several fails;
# - statement macros under the Linux rules: arid ones are never deleted, a rule deletion is
#   not duplicated by sdl;
# - an operator inside a macro call nested in another macro's argument is mutated.
# Every mutant compiles with the file's own flags.
source "$(dirname "$0")/lib.sh"

TREE=$SCRATCH/tree
cp -a "$FIXTURES/as-built" "$TREE"
src=$TREE/src
# compile_commands.json as the library's build would write it (make from src/).
cat >"$TREE/compile_commands.json" <<EOF
[
 {"directory": "$src", "file": "wait.c",
  "arguments": ["gcc", "-I..", "-include", "config.h", "-O2", "-c", "wait.c", "-o", "wait.o"]},
 {"directory": "$src", "file": "flavour.c",
  "arguments": ["gcc", "-DRCU_MB", "-c", "flavour.c", "-o", "flavour-mb.o"]},
 {"directory": "$src", "file": "flavour.c",
  "arguments": ["gcc", "-DRCU_MEMBARRIER", "-c", "flavour.c", "-o", "flavour-membarrier.o"]},
 {"directory": "$src", "file": "api.c", "arguments": ["gcc", "-c", "api.c"]},
 {"directory": "$src", "file": "kernelish.c", "arguments": ["gcc", "-c", "kernelish.c"]}
]
EOF

# every_mutant_builds FLAGS...: each mutant, applied, compiles with gcc and FLAGS from src/.
every_mutant_builds() {
	local id path
	while IFS=$'\t' read -r id path; do
		mt apply "$id" >"$src/mutant.c"
		(cd "$src" && gcc -std=gnu11 -fsyntax-only "$@" mutant.c) 2>"$SCRATCH/cc.err" ||
			fail "mutant $id of $path does not compile: $(head -n 1 "$SCRATCH/cc.err")"
	done < <(q "SELECT m.id, s.path FROM mutant m JOIN source s ON s.id = m.source_id")
	rm -f "$src/mutant.c"
}

# --- a function a macro renames -----------------------------------------------------------
new_campaign "$TREE"
mt generate src/api.c >"$SCRATCH/api.out"
q "SELECT line || ':' || col, function, function_spelled, replace(original, char(10), '\n'),
          replace(replacement, char(10), '\n')
     FROM mutant ORDER BY start_byte, end_byte, replacement" >"$SCRATCH/api.actual"
diff -u - "$SCRATCH/api.actual" <<'EOF' || fail "api.c: mutants differ"
14:6	urcu_mb_synchronize_rcu	synchronize_rcu	gp_seq > 0	!(gp_seq > 0)
14:6	urcu_mb_synchronize_rcu	synchronize_rcu	gp_seq > 0	0
14:6	urcu_mb_synchronize_rcu	synchronize_rcu	gp_seq > 0	1
14:13	urcu_mb_synchronize_rcu	synchronize_rcu	>	<=
14:13	urcu_mb_synchronize_rcu	synchronize_rcu	>	>=
14:15	urcu_mb_synchronize_rcu	synchronize_rcu	0	1
15:3	urcu_mb_synchronize_rcu	synchronize_rcu	g(gp_seq + 1)	(void)0
15:12	urcu_mb_synchronize_rcu	synchronize_rcu	+	-
15:14	urcu_mb_synchronize_rcu	synchronize_rcu	1	0
15:14	urcu_mb_synchronize_rcu	synchronize_rcu	1	2
16:2	urcu_mb_synchronize_rcu	synchronize_rcu	WRITE_ONCE(snap, READ_ONCE(gp_seq) + 2);	
16:37	urcu_mb_synchronize_rcu	synchronize_rcu	+	-
16:39	urcu_mb_synchronize_rcu	synchronize_rcu	2	1
16:39	urcu_mb_synchronize_rcu	synchronize_rcu	2	3
21:9	get_seq		v * 2	0
21:9	get_seq		v * 2	1
21:11	get_seq		*	/
21:13	get_seq		2	1
21:13	get_seq		2	3
EOF
every_mutant_builds
n=$(q "SELECT count(*) FROM mutant WHERE function = 'urcu_mb_synchronize_rcu'")
for name in synchronize_rcu urcu_mb_synchronize_rcu; do
	new_campaign "$TREE"
	mt generate --function "$name" src/api.c >/dev/null
	expect_eq "generate --function $name" "$n" "$(q 'SELECT count(*) FROM mutant')"
	expect_eq "list --function $name" "$n" "$(mt list --function "$name" --format ids | wc -l)"
done
echo "ok a macro-named function: mutated, both names recorded and selectable"

# --- -include through -I -------------------------------------------------------------------
new_campaign "$TREE"
mt generate --operators sdl,inc src/wait.c >/dev/null
expect_eq "mutants of the configured branch" "$(printf '%s\n' "10:14	--	++" "11:3	sched_yield()	(void)0")" \
	"$(q "SELECT line || ':' || col, original, replacement FROM mutant ORDER BY start_byte")"
every_mutant_builds -I.. -include config.h
before=$(db_state)
sed -i 's/"config.h"/"configure.h"/' "$TREE/compile_commands.json"
if mt generate src/wait.c >"$SCRATCH/out" 2>"$SCRATCH/err"; then
	fail "generate went on without the -include file"
fi
grep -q "^fatal: cannot parse 'src/wait.c' as its build does: 'configure.h' file not found (an -include or -imacros file" "$SCRATCH/err" ||
	fail "missing -include: $(cat "$SCRATCH/err")"
expect_eq "database after the failed generate" "$before" "$(db_state)"
sed -i 's/"configure.h"/"config.h"/' "$TREE/compile_commands.json"
echo "ok -include found through -I; a missing one fails and writes nothing"

# --- one file, two compile commands ---------------------------------------------------------
new_campaign "$TREE"
mt generate --operators aor src/flavour.c >/dev/null 2>"$SCRATCH/err"
expect_eq "warning" "warning: 'src/flavour.c' has 2 compile commands; parsing it with the first (-DRCU_MB flavour-mb.o); choose another with --entry-filter TEXT" \
	"$(cat "$SCRATCH/err")"
expect_eq "first flavour" "'*' -> '/'" "$(q 'SELECT description FROM mutant')"
new_campaign "$TREE"
mt generate --operators aor --entry-filter MEMBARRIER src/flavour.c >/dev/null 2>"$SCRATCH/err"
[[ ! -s $SCRATCH/err ]] || fail "--entry-filter still warns: $(cat "$SCRATCH/err")"
expect_eq "chosen flavour" "'+' -> '-'" "$(q 'SELECT description FROM mutant')"
for filter in RCU QSBR; do
	before=$(db_state)
	if mt generate --entry-filter "$filter" src/flavour.c >/dev/null 2>"$SCRATCH/err"; then
		fail "--entry-filter $filter picked one"
	fi
	grep -q "^fatal: [02] of the 2 compile commands of 'src/flavour.c' contain '$filter' (--entry-filter must pick one: TEXT, or !TEXT for the one without; they differ in: -DRCU_MB flavour-mb.o; -DRCU_MEMBARRIER flavour-membarrier.o)$" "$SCRATCH/err" ||
		fail "--entry-filter $filter: $(cat "$SCRATCH/err")"
	expect_eq "database after --entry-filter $filter" "$before" "$(db_state)"
done
# !TEXT: the one without TEXT (libtool's non-PIC command lacks -fPIC; both have the rest).
new_campaign "$TREE"
mt generate --operators aor --entry-filter '!MEMBARRIER' src/flavour.c >/dev/null 2>"$SCRATCH/err"
[[ ! -s $SCRATCH/err ]] || fail "--entry-filter !MEMBARRIER warns: $(cat "$SCRATCH/err")"
expect_eq "the flavour without MEMBARRIER" "'*' -> '/'" "$(q 'SELECT description FROM mutant')"
if mt generate --entry-filter '!RCU' src/flavour.c >/dev/null 2>"$SCRATCH/err"; then fail "--entry-filter !RCU picked one"; fi
grep -q "^fatal: 0 of the 2 compile commands of 'src/flavour.c' lack 'RCU'" "$SCRATCH/err" || fail "--entry-filter !RCU: $(cat "$SCRATCH/err")"
echo "ok two compile commands: a warning naming the one used, --entry-filter"

# --- statement macros under the Linux rules ---------------------------------------------------
new_campaign "$TREE"
mt generate --rules linux --operators rcu-delete,rcu-rewrite,sdl src/kernelish.c >"$SCRATCH/k.out"
expect_eq "statement macro mutants" "$(printf '%s\n' \
	"14:2	rcu-delete	synchronize_rcu();	" \
	"15:2	rcu-rewrite	WRITE_ONCE(flag, a)	((flag) = (a))" \
	"15:2	sdl	WRITE_ONCE(flag, a);	")" \
	"$(q "SELECT line || ':' || col, operator, original, replacement FROM mutant ORDER BY start_byte, operator")"
grep -Eq "^  arid call of 'WARN_ON' +[1-9]" "$SCRATCH/k.out" || fail "WARN_ON not counted as arid: $(cat "$SCRATCH/k.out")"
grep -Eq '^  duplicate +1$' "$SCRATCH/k.out" || fail "sdl's deletion of synchronize_rcu() not a duplicate"
every_mutant_builds
echo "ok statement macros: arid kept, a rule deletion not duplicated"
