#!/usr/bin/env bash
# Headers mutated through a translation unit (generate --via): via.h only compiles after what
# via.c defines before including it. Parsed on its own it fails with a --via hint and writes
# nothing; through via.c it gives exactly via.expected, all stored as via.h's mutants (none of
# via.c's own code), each compiles when via.c is compiled with it, show and apply agree, the
# filters and annotations work on the header, and the compile database gives via.c's flags.
source "$(dirname "$0")/lib.sh"
tab=$'\t'

TREE=$SCRATCH/tree
WORK=$SCRATCH/work
mkdir -p "$TREE"
cp "$FIXTURES/via.c" "$FIXTURES/via.h" "$FIXTURES/ror.c" "$TREE/"

# --- on its own: one line that says to use --via, nothing written --------------------------
new_campaign "$TREE"
before=$(db_state)
if mt generate via.h -- -std=gnu11 >/dev/null 2>"$SCRATCH/err"; then
	fail "via.h parsed on its own"
fi
expect_eq "standalone error" \
	"fatal: cannot parse 'via.h': via.h:3: unknown type name 'counter_t' (to mutate a header that does not compile on its own, name a file that includes it: --via FILE.c)" \
	"$(cat "$SCRATCH/err")"
expect_eq "database after the failed run" "$before" "$(db_state)"
echo "ok standalone header: --via hint, nothing written"

# --- through via.c: exact mutants, all of via.h ----------------------------------------------
mt generate --via via.c via.h -- -std=gnu11 >"$SCRATCH/via.out"
q "SELECT line || ':' || col, function, replace(original, char(10), '\n'),
          replace(replacement, char(10), '\n')
     FROM mutant ORDER BY start_byte, end_byte, replacement" >"$SCRATCH/via.actual"
diff -u "$FIXTURES/via.expected" "$SCRATCH/via.actual" || fail "via.h: mutants differ from via.expected"
expect_eq "files with mutants" "via.h" "$(q 'SELECT DISTINCT s.path FROM mutant m JOIN source s ON s.id = m.source_id')"
expect_eq "stored source of via.h" "$(od -An -tx1 -v "$TREE/via.h" | tr -d ' \n' | tr a-f A-F)" \
	"$(q "SELECT hex(content) FROM source WHERE path = 'via.h'")"
grep -Eq '^  via\.h +22  \(22 new, parsed in [0-9.]+ s via via\.c\)$' "$SCRATCH/via.out" ||
	fail "no per-file line naming via.c: $(grep via.h "$SCRATCH/via.out")"
grep -Eq '^  mutorture: skip-next at line 24 \(only cosmetic\) +2$' "$SCRATCH/via.out" || fail "skip-next not counted"
grep -Eq '^  mutorture: off at line 30 \(debugging aid\) +4$' "$SCRATCH/via.out" || fail "off region not counted"
echo "ok via.c: exact mutants of via.h, none of via.c"

# Each mutant, applied to a copy of the tree, changes via.h and compiles as part of via.c;
# 'show' is the diff of that copy, 'apply' to stdout is the same file.
count=0
while IFS=$'\t' read -r id path; do
	rm -rf "$WORK"
	cp -a "$TREE" "$WORK"
	expect_eq "apply --tree output" "$path" "$(mt apply --tree "$WORK" "$id")"
	cmp -s "$WORK/via.h" "$TREE/via.h" && fail "mutant $id does not change via.h"
	mt apply "$id" | cmp -s - "$WORK/via.h" || fail "apply $id to stdout differs from --tree"
	mt show "$id" | sed '1,/^$/d' >"$SCRATCH/show.diff"
	diff -u --label "a/via.h" --label "b/via.h" "$TREE/via.h" "$WORK/via.h" >"$SCRATCH/tree.diff" || true
	cmp -s "$SCRATCH/show.diff" "$SCRATCH/tree.diff" || fail "show $id does not match the applied tree"
	"$CC" -std=gnu11 -fsyntax-only "$WORK/via.c" 2>"$SCRATCH/cc.err" ||
		fail "mutant $id of via.h does not compile in via.c: $(head -1 "$SCRATCH/cc.err")"
	count=$((count + 1))
done < <(q "SELECT m.id, s.path FROM mutant m JOIN source s ON s.id = m.source_id")
expect_eq "mutants checked" 22 "$count"
echo "ok $count mutants compile in via.c; show and apply agree"

# Same ids again (content hashes), nothing new on a second run.
ids=$(q 'SELECT id FROM mutant ORDER BY id')
mt generate --via via.c via.h -- -std=gnu11 >"$SCRATCH/again.out"
grep -q '^total: 22 mutants (0 new)' "$SCRATCH/again.out" || fail "second run added mutants"
new_campaign "$TREE"
mt generate --via via.c via.h -- -std=gnu11 >/dev/null
expect_eq "ids in a fresh database" "$ids" "$(q 'SELECT id FROM mutant ORDER BY id')"
echo "ok ids stable"

# --- filters on the header's lines and functions -------------------------------------------
new_campaign "$TREE"
mt generate --via via.c --lines via.h:26-27 via.h -- -std=gnu11 >/dev/null
expect_eq "lines of --lines via.h:26-27" "26 27" "$(q 'SELECT DISTINCT line FROM mutant ORDER BY 1' | xargs)"
new_campaign "$TREE"
mt generate --via via.c --function below via.h -- -std=gnu11 >/dev/null
expect_eq "functions of --function below" "below" "$(q 'SELECT DISTINCT function FROM mutant')"
expect_eq "mutants in below" 9 "$(q 'SELECT count(*) FROM mutant')"
# The file parsed may be named too: it is mutated as usual, the header through it.
new_campaign "$TREE"
mt generate --via via.c via.c via.h -- -std=gnu11 >/dev/null
expect_eq "mutants of via.c and via.h" "via.c${tab}use via.h${tab}below via.h${tab}bump via.h${tab}reset" \
	"$(q "SELECT DISTINCT s.path || char(9) || m.function FROM mutant m JOIN source s ON s.id = m.source_id ORDER BY 1" | paste -sd ' ')"
echo "ok filters"

# --- errors: a file that does not include the header, a file not in the compile database ----
new_campaign "$TREE"
before=$(db_state)
if mt generate --via ror.c via.h -- -std=gnu11 2>"$SCRATCH/err"; then fail "--via ror.c via.h succeeded"; fi
expect_eq "not included" "fatal: cannot mutate 'via.h' via 'ror.c': its translation unit does not include it" \
	"$(cat "$SCRATCH/err")"
if mt generate --via via.c via.h -- -std=gnu11 -Dbump=1 2>"$SCRATCH/err"; then fail "a broken via.c parsed"; fi
grep -q "^fatal: cannot parse 'via.h' via 'via.c': via.h:3:" "$SCRATCH/err" || fail "parse error: $(cat "$SCRATCH/err")"
expect_eq "database after failed runs" "$before" "$(db_state)"

cat >"$TREE/compile_commands.json" <<JSON
[
  {"directory": "$TREE", "file": "via.c", "arguments": ["cc", "-std=gnu11", "-DSTEP=5", "-c", "via.c"]}
]
JSON
mt generate --via via.c via.h >/dev/null
expect_eq "STEP from via.c's compile command" "c + STEP" \
	"$(q "SELECT original FROM mutant WHERE function = 'bump' AND replacement = '0'")"
if mt generate --via ror.c via.h 2>"$SCRATCH/err"; then fail "--via a file not in the database succeeded"; fi
expect_eq "via not in the database" "fatal: 'ror.c' is not in the compilation database '$TREE/compile_commands.json'" \
	"$(cat "$SCRATCH/err")"
echo "ok errors and compile_commands.json"
