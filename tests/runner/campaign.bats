#!/usr/bin/env bats
# 'mutorture campaign' on the runner's fixture target (tests/runner/fixture) and a copy of it:
# the target named as the first argument or with --target; the target's TARGET_GENERATE_ARGS
# and the command line's --generate reach every generate call; a TARGET_RULES name that is a
# file in the target's folder is that file; TARGET_VIA generates a header through the file
# that includes it. Campaigns run with --dry-run: setup, generate and the plan are real, no
# torture runs.

load lib

# fixture_copy DIR: a copy of the fixture target in DIR, with a header of its own (sum.h, an
# inline function fixture.c includes) and a rule file 'extra.rules' deleting usleep calls.
fixture_copy() {
	cp -a "$FIXTURE" "$1"
	printf '%s\n' 'static inline int twice(int n)' '{' '	return n + n;' '}' >"$1/src/sum.h"
	sed -i 's|#include <unistd.h>|#include <unistd.h>\n#include "sum.h"|; s|sum_to(10) != 55|sum_to(10) != twice(55) / 2|' \
		"$1/src/fixture.c"
	printf 'delete  usleep\n' >"$1/extra.rules"
}

@test "campaign takes the target as --target as well as first argument; two targets are a usage error" {
	local work
	work=$(scratch)
	run mt campaign --target "$FIXTURE" --db "$work/t.db" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"target    $FIXTURE/target.sh"* ]]
	[ "$(mt list --db "$work/t.db" --format ids | wc -l)" -gt 20 ]
	run mt campaign "$FIXTURE" --target=toy-rcu --db "$work/u.db" --dry-run
	[ "$status" -eq 129 ]
	[[ $output == *"two targets named: '$FIXTURE' and 'toy-rcu'"* ]]
	[ ! -e "$work/u.db" ]
}

@test "TARGET_GENERATE_ARGS, --generate, a rule file named without a slash, and TARGET_VIA reach generate" {
	local work target
	work=$(scratch)
	target=$work/fixture-gen
	fixture_copy "$target"
	# The command line's --generate: only settle()'s mutants.
	run mt campaign "$target" --db "$work/all.db" --generate --function=settle --dry-run
	[ "$status" -eq 0 ]
	mt list --db "$work/all.db" --format tsv >"$work/all.tsv"
	[ "$(wc -l <"$work/all.tsv")" -ge 5 ]
	[ "$(awk -F '\t' '$6 != "settle"' "$work/all.tsv" | wc -l)" -eq 0 ]
	# Without the rule file no usleep call is deleted.
	[ "$(awk -F '\t' '$5 == "rcu-delete"' "$work/all.tsv" | wc -l)" -eq 0 ]

	sed -i 's/^TARGET_RULES=()/TARGET_RULES=(extra.rules)\nTARGET_GENERATE_ARGS=(--operators rcu-delete,aor)\nTARGET_SOURCES+=(sum.h)\nTARGET_VIA=(sum.h=fixture.c)/' \
		"$target/target.sh"
	run mt campaign "$target" --db "$work/gen.db" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"generating the mutants of fixture.c"* ]]
	[[ $output == *"generating the mutants of sum.h via fixture.c"* ]]
	# Only rcu-delete and aor (the target's --operators): settle's usleep deleted (the rule
	# file), twice's n + n in sum.h changed by aor (parsed through fixture.c).
	mt list --db "$work/gen.db" --format tsv >"$work/gen.tsv"
	[ "$(awk -F '\t' '$5 != "rcu-delete" && $5 != "aor"' "$work/gen.tsv" | wc -l)" -eq 0 ]
	[ "$(awk -F '\t' '$5 == "rcu-delete" && $6 == "settle" && $8 ~ /usleep/' "$work/gen.tsv" | wc -l)" -eq 1 ]
	[ "$(awk -F '\t' '$2 == "sum.h" && $5 == "aor" && $6 == "twice"' "$work/gen.tsv" | wc -l)" -ge 1 ]
	[ "$(awk -F '\t' '$2 == "fixture.c" && $5 == "aor"' "$work/gen.tsv" | wc -l)" -ge 1 ]

	# A TARGET_VIA entry that is not HEADER=FILE.c is refused, naming it.
	sed -i 's/^TARGET_VIA=.*/TARGET_VIA=(sum.h)/' "$target/target.sh"
	run mt campaign "$target" --db "$work/bad.db" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"TARGET_VIA entry 'sum.h': not HEADER=FILE.c"* ]]
}
