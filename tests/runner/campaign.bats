#!/usr/bin/env bats
# 'mutorture campaign' on the runner's fixture target (tests/runner/fixture) and a copy of it:
# the target named as the first argument or with --target; the target's TARGET_GENERATE_ARGS
# and the command line's --generate reach every generate call; a TARGET_RULES name that is a
# file in the target's folder is that file; TARGET_VIA generates a header through the file
# that includes it; --patch applies a patch to the pristine tree and mutates only its lines.
# Campaigns are made with --setup-only: setup and generate are real, no torture runs (but for
# the few mutants of the patched tree); --dry-run makes nothing.

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
	run mt campaign --target "$FIXTURE" --db "$work/t.db" --setup-only
	[ "$status" -eq 0 ]
	[ "$(mt init --db "$work/t.db" --get target)" = "$FIXTURE/target.sh" ]
	[ "$(mt list --db "$work/t.db" --format ids | wc -l)" -gt 20 ]
	run mt campaign "$FIXTURE" --target=toy-rcu --db "$work/u.db" --setup-only
	[ "$status" -eq 129 ]
	[[ $output == *"two targets named: '$FIXTURE' and 'toy-rcu'"* ]]
	[ ! -e "$work/u.db" ]
	# A run option with a typo, or a bad value, is refused before anything is made.
	run mt campaign "$FIXTURE" --db "$work/v.db" --job 2
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: unknown option '--job'" ]
	run mt campaign "$FIXTURE" --db "$work/v.db" --jobs 2 --quick-duration 0
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--quick-duration' expects more than 0 seconds" ]
	[ ! -e "$work/v.db" ] && [ ! -e "$work/v.db.d" ]
	# --mutants - reads its ids once, before the check.
	run mt campaign "$FIXTURE" --db "$work/v.db" --mutants - --setup-only <<<''
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--mutants' names no mutant" ]
}

@test "campaign --dry-run creates nothing: it says what it would create, set up, generate and run; a campaign made already shows run's plan" {
	local work
	work=$(scratch)/dry
	mkdir "$work"
	run mt campaign "$FIXTURE" --db "$work/d.db" --generate --function=settle --jobs 1 --dry-run
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$work")" ]
	[[ $output == *"would create    the database $work/d.db (settings: target $FIXTURE/target.sh, root $work/d.db.d/pristine)"* ]]
	[[ $output == *"would set up    $work/d.db.d/pristine: target_setup of $FIXTURE/target.sh"* ]]
	[[ $output == *"would generate  the mutants of fixture.c: mutorture generate --db $work/d.db --root $work/d.db.d/pristine --function=settle fixture.c"* ]]
	[[ $output == *"would run       the pending mutants: mutorture run --db $work/d.db --target $FIXTURE/target.sh --jobs 1"* ]]
	# Made (--setup-only), then the dry run of the made campaign is run's: its plan, and
	# still nothing written.
	mt campaign "$FIXTURE" --db "$work/d.db" --generate --function=settle --setup-only >"$work/setup.out" 2>&1 || { cat "$work/setup.out"; false; }
	[ -f "$work/d.db.d/pristine.hash" ]
	cp "$work/d.db" "$work/before.db"
	run mt campaign "$FIXTURE" --db "$work/d.db" --generate --function=settle --jobs 1 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"campaign $work/d.db (made already: resumed)"* ]]
	[[ $output == *"target    $FIXTURE/target.sh"* ]]
	cmp "$work/d.db" "$work/before.db"
}

@test "TARGET_GENERATE_ARGS, --generate, a rule file named without a slash, and TARGET_VIA reach generate" {
	local work target
	work=$(scratch)
	target=$work/fixture-gen
	fixture_copy "$target"
	# The command line's --generate: only settle()'s mutants.
	run mt campaign "$target" --db "$work/all.db" --generate --function=settle --setup-only
	[ "$status" -eq 0 ]
	mt list --db "$work/all.db" --format tsv >"$work/all.tsv"
	[ "$(wc -l <"$work/all.tsv")" -ge 5 ]
	[ "$(awk -F '\t' '$6 != "settle"' "$work/all.tsv" | wc -l)" -eq 0 ]
	# Without the rule file no usleep call is deleted.
	[ "$(awk -F '\t' '$5 == "rcu-delete"' "$work/all.tsv" | wc -l)" -eq 0 ]
	# sum.h, beside fixture.c, defines a function no call mutates: generate says so.
	[[ $output == *"hint: 'sum.h' (included by fixture.c) defines 1 function, not mutated: name it to mutate it (mutorture generate --via fixture.c sum.h; a target: TARGET_SOURCES and TARGET_VIA)"* ]]

	sed -i 's/^TARGET_RULES=()/TARGET_RULES=(extra.rules)\nTARGET_GENERATE_ARGS=(--operators rcu-delete,aor)\nTARGET_SOURCES+=(sum.h)\nTARGET_VIA=(sum.h=fixture.c)/' \
		"$target/target.sh"
	run mt campaign "$target" --db "$work/gen.db" --setup-only
	[ "$status" -eq 0 ]
	# The header first, so the call for fixture.c knows sum.h is mutated: no hint.
	[[ $output == *"generating the mutants of sum.h via fixture.c"*"generating the mutants of fixture.c"* ]]
	[[ $output != *"hint:"* ]]
	# Only rcu-delete and aor (the target's --operators): settle's usleep deleted (the rule
	# file), twice's n + n in sum.h changed by aor (parsed through fixture.c).
	mt list --db "$work/gen.db" --format tsv >"$work/gen.tsv"
	[ "$(awk -F '\t' '$5 != "rcu-delete" && $5 != "aor"' "$work/gen.tsv" | wc -l)" -eq 0 ]
	[ "$(awk -F '\t' '$5 == "rcu-delete" && $6 == "settle" && $8 ~ /usleep/' "$work/gen.tsv" | wc -l)" -eq 1 ]
	[ "$(awk -F '\t' '$2 == "sum.h" && $5 == "aor" && $6 == "twice"' "$work/gen.tsv" | wc -l)" -ge 1 ]
	[ "$(awk -F '\t' '$2 == "fixture.c" && $5 == "aor"' "$work/gen.tsv" | wc -l)" -ge 1 ]

	# A TARGET_VIA entry that is not HEADER=FILE.c is refused, naming it.
	sed -i 's/^TARGET_VIA=.*/TARGET_VIA=(sum.h)/' "$target/target.sh"
	run mt campaign "$target" --db "$work/bad.db" --setup-only
	[ "$status" -eq 128 ]
	[[ $output == *"TARGET_VIA entry 'sum.h': not HEADER=FILE.c"* ]]
}

@test "campaign --patch: the pristine tree gets the patch, only its lines are mutated (a header's via its file), a resume keeps it, a patch that does not apply or touches no source stops the campaign" {
	local work target
	work=$(scratch)
	target=$work/fixture-patch
	fixture_copy "$target"
	sed -i 's/^TARGET_SOURCES=(fixture.c)/TARGET_SOURCES=(fixture.c sum.h)\nTARGET_VIA=(sum.h=fixture.c)/' "$target/target.sh"
	# The patch under review, as 'diff -ruN' between two trees gives it (not git's a/ b/:
	# read as patch -p1 reads it): a loop bound in fixture.c, the doubling in sum.h, and a file
	# that is not a source.
	cp -a "$target/src" "$work/orig"
	cp -a "$target/src" "$work/fixed"
	sed -i 's/for (int i = 1; i <= n; i++)/for (int i = 0; i <= n; i++)/' "$work/fixed/fixture.c"
	sed -i 's/return n + n;/return 2 * n;/' "$work/fixed/sum.h"
	printf 'notes\n' >"$work/fixed/NOTES"
	(cd "$work" && diff -ruN orig fixed >"$work/fix.diff") || true
	grep -q '^+++ fixed/sum.h' "$work/fix.diff"

	run mt campaign "$target" --db "$work/p.db" --patch "$work/fix.diff" --setup-only
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"patch '$work/fix.diff' applied to the pristine tree: 3 file diffs"* ]]
	[[ $output == *"the patch also changes NOTES: not sources of the target, not mutated"* ]]
	grep -q 'for (int i = 0; i <= n; i++)' "$work/p.db.d/pristine/fixture.c"
	cmp "$work/fix.diff" "$work/p.db.d/pristine.patch"
	# Only the patched lines: fixture.c's loop (line 26 of the copy) and sum.h's line 3.
	mt list --db "$work/p.db" --format tsv >"$work/p.tsv"
	[ "$(awk -F '\t' '$2 == "fixture.c"' "$work/p.tsv" | wc -l)" -ge 2 ]
	[ "$(awk -F '\t' '$2 == "sum.h"' "$work/p.tsv" | wc -l)" -ge 1 ]
	[ "$(awk -F '\t' '!($2 == "fixture.c" && $3 == 26) && !($2 == "sum.h" && $3 == 3)' "$work/p.tsv" | wc -l)" -eq 0 ]
	# The patched tree builds and its mutants run.
	run mt run --db "$work/p.db" --no-confirm --baseline-runs 1 --no-prune --max-mutants 2
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$work/p.db" --pending --format ids | wc -l)" -eq "$(($(wc -l <"$work/p.tsv") - 2))" ]

	# Resumed without --patch: the same mutants, none added; with another patch: refused.
	run mt campaign "$target" --db "$work/p.db" --setup-only
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$work/p.db" --format tsv | wc -l)" -eq "$(wc -l <"$work/p.tsv")" ]
	sed 's/return 2 \* n;/return n * 2;/' "$work/fix.diff" >"$work/other.diff"
	run mt campaign "$target" --db "$work/p.db" --patch "$work/other.diff" --setup-only
	[ "$status" -eq 128 ]
	[[ $output == *"was made with another patch"* ]]
	# run's dry run refuses what its run would: a patch the campaign was not made with, a file
	# that is no patch.
	run mt run --db "$work/p.db" --patch "$work/other.diff" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"was made with another patch"* ]]
	run mt campaign "$target" --db "$work/plain.db" --setup-only
	[ "$status" -eq 0 ]
	run mt run --db "$work/plain.db" --patch "$work/fix.diff" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"was made without a patch: --patch '$work/fix.diff' needs a new campaign"* ]]
	run mt run --db "$work/plain.db" --patch "$target/target.sh" --dry-run
	[ "$status" -eq 129 ]
	[[ $output == *"option '--patch' expects a unified diff (patch -p1), and '$target/target.sh' has no file diff in it"* ]]

	# A patch that does not apply: the campaign stops, no pristine tree counts as made.
	sed 's/return n + n;/return n - n;/' "$work/fix.diff" >"$work/stale.diff"
	run mt campaign "$target" --db "$work/stale.db" --patch "$work/stale.diff" --setup-only
	[ "$status" -eq 128 ]
	[[ $output == *"patch '$work/stale.diff' does not apply to the pristine tree"* ]]
	[ ! -e "$work/stale.db.d/pristine.hash" ]
	[ "$(mt list --db "$work/stale.db" --format ids | wc -l)" -eq 0 ]

	# A patch that changes no source: nothing to mutate.
	(cd "$work" && diff -ruN orig fixed -x '*.c' -x '*.h' >"$work/notes.diff") || true
	run mt campaign "$target" --db "$work/notes.db" --patch "$work/notes.diff" --setup-only
	[ "$status" -eq 128 ]
	[[ $output == *"the patch changes none of the target's sources (fixture.c sum.h): nothing to mutate"* ]]
}
