#!/usr/bin/env bash
# Each classic operator on its own fixture (tests/mutator/fixtures/OP.c): exactly the expected
# mutants (OP.expected: LINE:COL, original, replacement), and every one of them compiles with
# cc -fsyntax-only and changes the file.
source "$(dirname "$0")/lib.sh"

ops=(ror aor bor sor lor neg inc const sdl ret cond)
for op in "${ops[@]}"; do
	new_campaign "$FIXTURES"
	mt generate --operators "$op" "$op.c" -- -std=gnu11 >"$SCRATCH/$op.out"
	dump_mutants >"$SCRATCH/$op.actual"
	if ! diff -u "$FIXTURES/$op.expected" "$SCRATCH/$op.actual"; then
		fail "operator $op: mutants differ from $op.expected"
	fi
	others=$(q "SELECT count(*) FROM mutant WHERE operator != '$op'")
	expect_eq "mutants of other operators with --operators $op" 0 "$others"
	check_every_mutant "$FIXTURES"
	printf 'ok %s: %s mutants\n' "$op" "$(wc -l <"$SCRATCH/$op.actual")"
done

# All operators at once on all fixtures: still all compile (no operator breaks another's).
new_campaign "$FIXTURES"
mt generate "${ops[@]/%/.c}" -- -std=gnu11 >/dev/null
check_every_mutant "$FIXTURES"
printf 'ok all operators together: %s mutants\n' "$(q 'SELECT count(*) FROM mutant')"
