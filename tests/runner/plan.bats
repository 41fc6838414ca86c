#!/usr/bin/env bats
# One plan: what 'mutorture run --dry-run' prints is the plan the run then hands GNU parallel
# (DB.d/runs/TOKEN.plan), row for row and in the same order, control runs included, and the
# jobs that ran are its rows in that order. On the fixture target (one file, one scenario) and
# on toy-rcu, whose files need one to three scenarios (longest first), with and without the
# pruning passes. Real GNU parallel, real builds, real torture runs (short ones).

load lib

setup_file() {
	local work
	work=$(scratch)
	mt campaign "$FIXTURE" --db "$work/fixture.db" --setup-only >"$work/fixture.out" 2>&1
	mt campaign toy-rcu --db "$work/toy.db" --setup-only >"$work/toy.out" 2>&1
}

# dry_plan OUTPUT: prints the rows of the plan in a dry run's output (after the 'plan' header
# and its indented notes, before the first confirmation round's 'confirm' header).
dry_plan() {
	awk '/^plan / { on = 1; next } /^confirm / { on = 0 } on && !/^          / { print }' <<<"$1"
}

# plans DB: lists the plans the runs of DB wrote.
plans() {
	find "$1.d/runs" -name '*.plan' | sort
}

# new_plan DB BEFORE: prints the one plan a run of DB wrote that the list BEFORE (plans) lacks.
new_plan() {
	local new
	new=$(comm -13 "$2" <(plans "$1"))
	[ -n "$new" ] && [ "$(wc -l <<<"$new")" -eq 1 ] && printf '%s\n' "$new"
}

# executed DB PLAN: prints, for each torture and control job the run of PLAN recorded in round
# 1, in the order of its sequence number (GNU parallel's {#}, the row it ran), the sequence
# number and the mutant ('-' for a control run): the database's view of what ran (a job's
# first run: those that confirm a survivor in its job are TOKEN.1.SEQ.N).
executed() {
	local token
	token=$(basename "$2" .plan)
	query "$1" "SELECT substr(attempt, length('$token') + 4) || char(9) || ifnull(nullif(mutant_id, ''), '-')
		FROM result WHERE kind IN ('torture', 'control') AND attempt LIKE '$token.1.%'
		AND attempt NOT LIKE '$token.1.%.%'" | sort -n
}

# run_to_plan DB ARGS...: 'mt run --db DB ARGS...', which must succeed; sets PLAN to the one
# plan it wrote (new_plan).
run_to_plan() {
	local db=$1
	shift
	plans "$db" >"$BATS_TEST_TMPDIR/plans.before"
	run mt run --db "$db" "$@"
	[ "$status" -eq 0 ]
	PLAN=$(new_plan "$db" "$BATS_TEST_TMPDIR/plans.before")
}

# numbered PLAN: prints each row's number and mutant: what executed should print for PLAN.
numbered() {
	awk -F '\t' '{ print NR "\t" $1 }' "$1"
}

@test "the fixture: --dry-run prints the very plan the run executes, control runs included" {
	local work db
	work=$(scratch)
	db=$work/fixture.db
	local -a args=(--jobs 2 --max-mutants 9 --control-every 4 --no-prune --timeout-floor 2)
	run mt run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"plan      11 jobs of stage 1, in the order GNU parallel runs them"* ]]
	dry_plan "$output" >"$work/fixture.dry"
	# Nine mutants, a control run after the fourth and the eighth.
	[ "$(wc -l <"$work/fixture.dry")" -eq 11 ]
	[ "$(awk -F '\t' '$1 == "-" { printf "%s ", NR }' "$work/fixture.dry")" = "5 10 " ]
	# The dry run wrote nothing.
	[ -z "$(ls -A "$db.d/runs")" ]

	run_to_plan "$db" "${args[@]}"
	diff -u "$work/fixture.dry" "$PLAN"
	diff -u <(numbered "$PLAN") <(executed "$db" "$PLAN")
}

@test "the fixture: --shuffle draws its own order, and the run executes the plan it drew" {
	local work db
	work=$(scratch)
	db=$work/fixture.db
	local -a args=(--jobs 2 --shuffle --max-mutants 6 --control-every 3 --no-prune --timeout-floor 2)
	mt list --db "$db" --pending --format ids | sort >"$work/shuffle.pending"
	run mt run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"--shuffle: each run draws its own order"* ]]
	dry_plan "$output" >"$work/shuffle.dry"
	[ "$(awk -F '\t' '$1 == "-" { printf "%s ", NR }' "$work/shuffle.dry")" = "4 8 " ]

	run_to_plan "$db" "${args[@]}"
	# Six pending mutants, each once, a control run after the third and the sixth ...
	[ "$(awk -F '\t' '$1 == "-" { printf "%s ", NR }' "$PLAN")" = "4 8 " ]
	grep -v $'^-\t' "$PLAN" | cut -f1 | sort >"$work/shuffle.ran"
	[ "$(uniq "$work/shuffle.ran" | wc -l)" -eq 6 ]
	[ -z "$(comm -23 "$work/shuffle.ran" "$work/shuffle.pending")" ]
	# ... run in the order of the plan.
	diff -u <(numbered "$PLAN") <(executed "$db" "$PLAN")
}

@test "toy-rcu: the files that need most scenarios run first, as the dry run said" {
	local work db
	work=$(scratch)
	db=$work/toy.db
	# shellcheck disable=SC2054 # the commas separate an option's values
	local -a args=(--jobs 2 --files qsbr.c,registry.c --operators aor,inc --control-every 2
		--no-prune --duration 0.2 --baseline-runs 1)
	# The database lists qsbr.c first; its mutants need one scenario, registry.c's two.
	[ "$(mt list --db "$db" --files qsbr.c,registry.c --operators aor,inc --format tsv | cut -f2 | head -n 1)" = qsbr.c ]
	run mt run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	dry_plan "$output" >"$work/toy.dry"
	[ "$(cut -f2 "$work/toy.dry" | paste -sd ' ')" = "registry.c registry.c - qsbr.c" ]

	run_to_plan "$db" "${args[@]}"
	diff -u "$work/toy.dry" "$PLAN"
	diff -u <(numbered "$PLAN") <(executed "$db" "$PLAN")
}

@test "toy-rcu: the pruning passes only take mutants out of the plan; the controls are placed again" {
	local work db
	work=$(scratch)
	db=$work/toy.db
	# shellcheck disable=SC2054 # the commas separate an option's values
	local -a args=(--jobs 2 --files call_rcu.c --operators neg,cond,ret --max-mutants 7
		--control-every 2 --duration 0.2 --baseline-runs 1)
	run mt run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"before the pruning passes, which need builds"* ]]
	dry_plan "$output" >"$work/pruned.dry"
	[ "$(wc -l <"$work/pruned.dry")" -eq 10 ]

	run_to_plan "$db" "${args[@]}"
	grep -v $'^-\t' "$work/pruned.dry" >"$work/pruned.dry.mutants"
	grep -v $'^-\t' "$PLAN" >"$work/pruned.run.mutants"
	# Some mutants were decided without a torture run (a duplicate, an equivalent one) ...
	comm -23 <(cut -f1 "$work/pruned.dry.mutants" | sort) <(cut -f1 "$work/pruned.run.mutants" | sort) >"$work/pruned"
	[ -s "$work/pruned" ]
	[ -z "$(comm -23 "$work/pruned" <(mt list --db "$db" --status equivalent,weak_memory,duplicate,uncovered,build_error --format ids | sort))" ]
	# ... and left the plan; the rest kept their rows and their order ...
	diff -u <(grep -v -F -f "$work/pruned" "$work/pruned.dry.mutants") "$work/pruned.run.mutants"
	# ... with a control run after every second of them, and the jobs ran in that order.
	[ "$(awk -F '\t' '$1 == "-" { if (n % 2 || n == 0 || n == last) bad = 1; last = n; next } { n++ } END { print bad + 0 }' "$PLAN")" -eq 0 ]
	[ "$(grep -c $'^-\t' "$PLAN")" -eq "$(($(wc -l <"$work/pruned.run.mutants") / 2))" ]
	diff -u <(numbered "$PLAN") <(executed "$db" "$PLAN")
	[ -z "$(leftovers "$db.d")" ]
}
