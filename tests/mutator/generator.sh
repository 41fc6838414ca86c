#!/usr/bin/env bash
# The generator's rules on real parses: only the named file's own text (no header, comment,
# inactive branch or macro body), enclosing functions, stable ids, nothing added on a second
# run, stale versions kept when a file changes, the --lines/--function/--diff/--operators
# filters, and compile_commands.json handling (gcc-only flags, relative -I, "command" form).
source "$(dirname "$0")/lib.sh"
tab=$'\t'

# --- what gets mutated, exactly ------------------------------------------------------
new_campaign "$FIXTURES"
mt generate general.c -- -DGENERAL_ON >"$SCRATCH/general.out"
q "SELECT line || ':' || col, function, replace(original, char(10), '\n'),
          replace(replacement, char(10), '\n')
     FROM mutant ORDER BY start_byte, end_byte, replacement" >"$SCRATCH/general.actual"
diff -u "$FIXTURES/general.expected" "$SCRATCH/general.actual" ||
	fail "general.c: mutants differ from general.expected"
grep -q '^mutants per operator:$' "$SCRATCH/general.out" || fail "no per-operator counts"
grep -Eq '^  general\.c +25  \(25 new, parsed in [0-9.]+ s\)$' "$SCRATCH/general.out" || fail "no per-file count"
check_every_mutant "$FIXTURES"
echo "ok general.c: exact mutants, all compile"

new_campaign "$FIXTURES"
mt generate macros.c -- -std=gnu11 >/dev/null
q "SELECT line || ':' || col, function, replace(original, char(10), '\n'),
          replace(replacement, char(10), '\n')
     FROM mutant ORDER BY start_byte, end_byte, replacement" >"$SCRATCH/macros.actual"
diff -u "$FIXTURES/macros.expected" "$SCRATCH/macros.actual" ||
	fail "macros.c: mutants differ from macros.expected"
check_every_mutant "$FIXTURES"
echo "ok macros.c: exact mutants, all compile"

# A header named on its own is mutated in its own text.
new_campaign "$FIXTURES"
mt generate general.h -- -std=gnu11 >/dev/null
expect_eq "files and functions of general.h's mutants" "general.h${tab}helper" \
	"$(q 'SELECT DISTINCT s.path, m.function FROM mutant m JOIN source s ON s.id = m.source_id')"
expect_eq "ror mutants of general.h" 2 "$(q "SELECT count(*) FROM mutant WHERE operator = 'ror'")"
check_every_mutant "$FIXTURES"
echo "ok header"

# --- ids are content hashes: stable across runs and databases ----------------------------
new_campaign "$FIXTURES"
mt generate general.c -- -DGENERAL_ON >/dev/null
ids1=$(q "SELECT id FROM mutant ORDER BY id")
mt generate general.c -- -DGENERAL_ON >"$SCRATCH/again.out"
grep -q '^total: 25 mutants (0 new)' "$SCRATCH/again.out" || fail "second run added mutants"
expect_eq "mutants after a second run" 25 "$(q 'SELECT count(*) FROM mutant')"
new_campaign "$FIXTURES"
mt generate general.c -- -DGENERAL_ON >/dev/null
expect_eq "ids in a fresh database" "$ids1" "$(q 'SELECT id FROM mutant ORDER BY id')"
echo "ok ids stable"

# --- a changed file: old version stale, kept with its mutants ---------------------------
TREE=$SCRATCH/tree
mkdir -p "$TREE"
cp "$FIXTURES/ror.c" "$TREE/ror.c"
new_campaign "$TREE"
mt generate ror.c -- -std=gnu11 >/dev/null
old_ids=$(mt list --pending --format ids | sort)
sed -i 's/if (a < b)/if (a > b)/' "$TREE/ror.c"
mt generate ror.c -- -std=gnu11 >/dev/null
expect_eq "versions of ror.c" "2" "$(q "SELECT count(*) FROM source WHERE path = 'ror.c'")"
expect_eq "current versions" "1" "$(q "SELECT count(*) FROM source WHERE current = 1")"
expect_eq "old mutants kept" "$old_ids" \
	"$(q "SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id WHERE s.current = 0 ORDER BY m.id")"
new_ids=$(mt list --pending --format ids | sort)
[[ -z $(comm -12 <(echo "$old_ids") <(echo "$new_ids")) ]] || fail "stale mutants still pending"
expect_eq "list --stale" "$(($(wc -l <<<"$old_ids") + $(wc -l <<<"$new_ids")))" \
	"$(mt list --stale --format ids | wc -l)"
echo "ok stale versions"

# --- filters ---------------------------------------------------------------------------------
new_campaign "$FIXTURES"
mt generate --lines general.c:29-31 general.c -- -DGENERAL_ON >"$SCRATCH/lines.out"
expect_eq "lines outside 29-31" 0 "$(q "SELECT count(*) FROM mutant WHERE line < 29 OR end_line > 31")"
expect_eq "mutants on lines 29-31" 5 "$(q 'SELECT count(*) FROM mutant')"
grep -Eq '^  lines +20$' "$SCRATCH/lines.out" || fail "skipped-by-lines count missing"

new_campaign "$FIXTURES"
mt generate --function third --function second general.c -- -DGENERAL_ON >/dev/null
expect_eq "functions" "second third" "$(q 'SELECT DISTINCT function FROM mutant ORDER BY 1' | xargs)"
expect_eq "mutants in second and third" 9 "$(q 'SELECT count(*) FROM mutant')"

new_campaign "$FIXTURES"
mt generate --operators ror,cond general.c ror.c -- -DGENERAL_ON >/dev/null
expect_eq "operators" "cond ror" "$(q 'SELECT DISTINCT operator FROM mutant ORDER BY 1' | xargs)"

git -C "$TREE" init -q
git -C "$TREE" -c user.name=t -c user.email=t@t add ror.c
git -C "$TREE" -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/return r > 0 \&\& a <= b;/return r > 1 \&\& a <= b;/' "$TREE/ror.c"
new_campaign "$TREE"
mt generate --diff HEAD ror.c -- -std=gnu11 >/dev/null
expect_eq "lines of --diff HEAD" 16 "$(q 'SELECT DISTINCT line FROM mutant')"
git -C "$TREE" checkout -q ror.c
new_campaign "$TREE"
mt generate --diff HEAD ror.c -- -std=gnu11 >/dev/null
expect_eq "mutants of an unchanged file with --diff" 0 "$(q 'SELECT count(*) FROM mutant')"
echo "ok filters"

# --- compile_commands.json: kernel-style gcc flags, relative -I, "command" strings -------
mkdir -p "$TREE/include" "$TREE/build"
printf '#define LIMIT 3\n' >"$TREE/include/limits-test.h"
printf '#include "limits-test.h"\nint lim(int a)\n{\n\treturn a < LIMIT;\n}\n' >"$TREE/lim.c"
cat >"$TREE/build/compile_commands.json" <<JSON
[
  {"directory": "$TREE/build", "file": "../lim.c",
   "command": "gcc -Wp,-MMD,lim.d -nostdinc -I ../include -fconserve-stack -mrecord-mcount -fno-allow-store-data-races --param=allow-store-data-races=0 -mindirect-branch=thunk-extern -mindirect-branch-register -mfunction-return=thunk-extern -fzero-call-used-regs=used-gpr -Wno-maybe-uninitialized -Werror -DKBUILD_BASENAME='\"lim\"' -std=gnu11 -m64 -c -o lim.o ../lim.c"},
  {"directory": "$TREE", "file": "ror.c", "arguments": ["cc", "-std=gnu11", "-c", "ror.c"]}
]
JSON
new_campaign "$TREE"
mt generate -p "$TREE/build" lim.c >"$SCRATCH/kernel.out" 2>"$SCRATCH/kernel.err"
[[ ! -s $SCRATCH/kernel.err ]] || fail "generate with gcc flags printed: $(head -2 "$SCRATCH/kernel.err")"
expect_eq "ror mutants of lim.c" 2 "$(q "SELECT count(*) FROM mutant WHERE operator = 'ror'")"
cp "$TREE/build/compile_commands.json" "$TREE/compile_commands.json"
mt generate ror.c >/dev/null
expect_eq "files generated through the default compile database" 2 \
	"$(q 'SELECT count(*) FROM source')"
echo "ok compile_commands.json"
