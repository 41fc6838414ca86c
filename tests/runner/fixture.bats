#!/usr/bin/env bats
# The runner on its own small target (tests/runner/fixture: a real C program built with make):
# the contract check, the plan, failing and flaky baselines, a baseline kept and reused by
# another campaign, and a campaign with mutants that hang. Real GNU parallel, real builds, real
# runs.

load lib

setup_file() {
	# One pristine tree and mutant set, copied for each campaign (a campaign is its database
	# and DB.d beside it; the pristine tree is the root every mutant path is relative to).
	local work
	work=$(scratch)
	mt campaign "$FIXTURE" --db "$work/seed.db" --setup-only >"$work/seed.out" 2>&1
}

# fresh NAME: prints the path of a new campaign database NAME with the seed's mutants.
fresh() {
	local work
	work=$(scratch)
	cp "$work/seed.db" "$work/$1.db"
	printf '%s\n' "$work/$1.db"
}

@test "an incomplete target is refused, naming what it lacks" {
	local work bad
	work=$(scratch)
	bad="$work/incomplete"
	mkdir -p "$bad"
	# The fixture's target.sh with target_build gone (it comes from tests/lib/make-target.sh).
	{ cat "$FIXTURE/target.sh"; echo 'unset -f target_build'; } >"$bad/target.sh"
	run mt run --db "$(fresh incomplete)" --target "$bad"
	[ "$status" -eq 128 ]
	[[ $output == *"does not define the function target_build"* ]]
	sed 's/^TARGET_SCENARIOS=.*//' "$FIXTURE/target.sh" >"$bad/target.sh"
	run mt run --db "$(fresh incomplete2)" --target "$bad"
	[ "$status" -eq 128 ]
	[[ $output == *"does not declare the array TARGET_SCENARIOS"* ]]
}

@test "a wrong command line is a usage error" {
	run mt run --jobs many
	[ "$status" -eq 129 ]
	[[ $output == *"'--jobs' expects a number"* ]]
	run mt run --no-such-option
	[ "$status" -eq 129 ]
	# Numbers no run can mean are refused by the option the user typed, before anything runs.
	run mt run --duration 99999999999999999999 --dry-run
	[ "$status" -eq 129 ]
	[[ $output == *"option '--duration' expects at most 604800 seconds (a week), not '99999999999999999999'"* ]]
	run mt run --confirm 99999999999999999999 --dry-run
	[ "$status" -eq 129 ]
	[[ $output == *"option '--confirm' expects at most 1000000000, not '99999999999999999999'"* ]]
}

@test "--dry-run prints the plan and runs nothing" {
	local db
	db=$(fresh dry)
	run mt run --db "$db" --target "$FIXTURE" --dry-run
	[ "$status" -eq 0 ]
	local total
	total=$(mt list --db "$db" --format ids | wc -l)
	[ "$total" -gt 20 ]
	[[ $output == *"mutants   $total pending"* ]]
	[[ $output == *"baseline  to run"* ]]
	[ "$(count_status "$db" pending)" -eq "$total" ]
	[ ! -e "$db.d" ]
}

@test "a failing baseline stops the campaign before any mutant runs" {
	local db
	db=$(fresh failing)
	FIXTURE_MODE=fail run mt run --db "$db" --target "$FIXTURE" --jobs 2
	[ "$status" -eq 128 ]
	[[ $output == *"baseline run"*"killed (fixture told to fail)"*"no mutant was run"* ]]
	# The failing log is shown.
	[[ $output == *"mutorture-reason: fixture told to fail"* ]]
	[ "$(count_status "$db" pending)" -eq "$(mt list --db "$db" --format ids | wc -l)" ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind <> 'baseline'")" -eq 0 ]
	[ ! -e "$db.d/baseline" ]
}

@test "a flaky baseline stops the campaign before any mutant runs" {
	local db
	db=$(fresh flaky)
	FIXTURE_MODE=flaky run mt run --db "$db" --target "$FIXTURE" --jobs 1
	[ "$status" -eq 128 ]
	[[ $output == *"baseline run 2 of scenario 'only'"*"flaked on its second run"*"no mutant was run"* ]]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'baseline' AND status = 'survived'")" -ge 1 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind <> 'baseline'")" -eq 0 ]
}

@test "a baseline that passed is kept and reused by a campaign on the same pristine tree, target, runner and knobs; another knob measures again" {
	local work a c
	work=$(scratch)
	export MUTORTURE_BASELINES="$work/baselines"
	# Three campaigns on one pristine tree (copied with its mtimes: the same hash; the fixture
	# has no target_identity).
	a=$(fresh reuse-a)
	mt run --db "$a" --target "$FIXTURE" --setup-only 2>/dev/null
	for c in b c; do
		cp "$a" "$work/reuse-$c.db"
		cp -a "$a.d" "$work/reuse-$c.db.d"
	done
	run mt run --db "$a" --target "$FIXTURE" --jobs 2 --no-confirm --max-mutants 2 --timeout-floor 2
	[ "$status" -eq 0 ]
	[[ $output == *"baseline passed"* ]]
	[ "$(find "$MUTORTURE_BASELINES" -name origin | wc -l)" -eq 1 ]
	# The dry run of the second says it would take it; the run takes it, runs no baseline, and
	# its mutants run under the same timeouts.
	run mt run --db "$work/reuse-b.db" --target "$FIXTURE" --jobs 2 --no-confirm --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"baseline  kept on this machine, reused (measured "*" for $a): slowest build "* ]]
	run mt run --db "$work/reuse-b.db" --target "$FIXTURE" --jobs 2 --no-confirm --max-mutants 2 --timeout-floor 2
	[ "$status" -eq 0 ]
	[[ $output == *"baseline: reused this machine's, measured "*" for $a with the same target, runner, pristine tree, knobs and jobs"*"no baseline run"* ]]
	[[ $output != *"baseline passed"* ]]
	[ "$(query "$work/reuse-b.db" "SELECT count(*) FROM result WHERE kind = 'baseline'")" -eq 0 ]
	[ "$(query "$work/reuse-b.db" "SELECT count(DISTINCT mutant_id) FROM result WHERE kind = 'torture'")" -eq 2 ]
	cmp "$a.d/baseline" "$work/reuse-b.db.d/baseline"
	# Another knob (one job, not two) is another baseline: measured, and kept beside the first.
	run mt run --db "$work/reuse-c.db" --target "$FIXTURE" --jobs 1 --no-confirm --max-mutants 2 --timeout-floor 2
	[ "$status" -eq 0 ]
	[[ $output == *"baseline passed"* ]]
	[[ $output != *"reused"* ]]
	[ "$(find "$MUTORTURE_BASELINES" -name origin | wc -l)" -eq 2 ]
}

@test "hanging mutants are timeouts within timeout + 2 s, under the job limits, leaving nothing behind" {
	local db hang record test_s
	db=$(fresh hang)
	hang=$(mutant_where "$db" sdl settle 'spins\+\+')
	[ -n "$hang" ]
	run mt run --db "$db" --target "$FIXTURE" --jobs 2 --timeout-factor 1 --timeout-floor 2 \
		--mem-limit 512 --proc-limit 300
	[ "$status" -eq 0 ]
	# (a build timeout never falls below 120 s: runner/run-baseline.sh)
	[[ $output == *"timeouts: build 120 s, torture 2 s"* ]]
	[[ $output != *"left behind"* ]]
	# Every mutant got a final status.
	[ "$(mt list --db "$db" --pending --format ids | wc -l)" -eq 0 ]
	[ "$(mt list --db "$db" --status timeout --format ids | grep -c "^$hang\$")" -eq 1 ]
	# The timing the runner recorded for every timeout: within the timeout plus 2 s.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE status = 'timeout' AND kind = 'torture'")" -ge 1 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE status = 'timeout' AND (test_s < 2 OR test_s > 4)")" -eq 0 ]
	record=$(mutant_record "$db" "$hang")
	[[ $record == *$'\tstatus=timeout\t'* ]]
	test_s=$(record_test_s "$record")
	awk -v t="$test_s" 'BEGIN { exit !(t >= 2 && t <= 4) }'
	# The job ran under the memory and process limits asked for.
	grep -qx 'fixture limits: 524288 KiB, 300 processes' "$db.d/logs/$hang"/*/only.log
	# Each torture run left a decoy sleep in its process group: none of them is alive.
	[ -z "$(leftovers "$db.d")" ]
	# The pristine tree is as target_setup left it.
	pristine_unchanged "$db"
}

@test "each scenario its own torture timeout: a hang in a short scenario ends at its own, not at a long one's" {
	local db hang work record test_s
	work=$(scratch)
	db=$(fresh scenarios)
	hang=$(mutant_where "$db" sdl settle 'spins\+\+')
	# Two scenarios of the fixture: 'slow' takes 2 s more than 'fast'; each says the timeout the
	# runner gave it.
	mkdir -p "$work/two"
	cp -r "$FIXTURE/src" "$work/two/"
	sed -e 's/^TARGET_SCENARIOS=.*/TARGET_SCENARIOS=(fast slow)/' \
		-e 's/^\tlocal dir=\$1 runs=0 status=0$/&\n\techo "timeout ${MUTORTURE_TEST_TIMEOUT:-none}"\n\tif [[ $2 == slow ]]; then sleep 2; fi/' \
		"$FIXTURE/target.sh" >"$work/two/target.sh"
	grep -q 'sleep 2; fi' "$work/two/target.sh"
	run mt run --db "$db" --target "$work/two" --mutants "$hang" --jobs 1 --baseline-runs 1 --no-confirm \
		--no-prune --control-every 0 --timeout-factor 1.5 --timeout-floor 1
	echo "$output"
	[ "$status" -eq 0 ]
	# fast: 1.5 x well under a second, so the floor; slow: 1.5 x over 2 s, so 4 s.
	[[ $output == *"timeouts: build 120 s, torture fast 1 s, slow 4 s"* ]]
	[ "$(mt list --db "$db" --status timeout --format ids)" = "$hang" ]
	record=$(mutant_record "$db" "$hang")
	[[ $record == *$'\tscenario=fast\t'* ]]
	test_s=$(record_test_s "$record")
	awk -v t="$test_s" 'BEGIN { exit !(t >= 1 && t < 3) }'
	grep -qx 'timeout 1' "$db.d/logs/$hang"/*/fast.log
	[ -z "$(leftovers "$db.d")" ]
}

@test "one run per campaign; Ctrl-C stops cleanly after recording what finished" {
	local db pid
	db=$(fresh interrupted)
	# A background job ignores SIGINT; perl gives the runner the default disposition back, as
	# a foreground run on a terminal has.
	perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$MUTORTURE_BIN" run --db "$db" --target "$FIXTURE" \
		--jobs 2 --timeout-floor 2 --no-confirm >"$db.out" 2>&1 &
	pid=$!
	for ((n = 0; n < 600; n++)); do
		(($(count_status "$db" killed) >= 3)) && break
		sleep 0.1
	done
	run mt run --db "$db"
	[ "$status" -eq 128 ]
	[[ $output == *"is being run by process $pid"* ]]
	kill -INT "$pid"
	local rc=0
	wait "$pid" || rc=$?
	[ "$rc" -eq 130 ]
	grep -q "interrupted: what finished is recorded" "$db.out"
	# What finished is recorded, the rest is pending, nothing runs, the trees are clean.
	local decided
	decided=$(mt list --db "$db" --status killed,survived,timeout --format ids | wc -l)
	[ "$decided" -ge 3 ]
	[ "$(grep -c $'\tkind=torture\t' "$db.d"/runs/*.records)" -eq "$decided" ]
	[ "$(count_status "$db" pending)" -gt 0 ]
	[ -z "$(leftovers "$db.d")" ]
	cmp "$db.d/pristine/fixture.c" "$db.d/workers/1/fixture.c"
	cmp "$db.d/pristine/fixture.c" "$db.d/workers/2/fixture.c"
	# Running again picks up exactly the mutants left (the quick pass: --no-confirm).
	local left
	left=$(count_status "$db" pending)
	run mt run --db "$db" --jobs 2 --timeout-floor 2 --no-confirm
	[ "$status" -eq 0 ]
	[[ $output == *"ran $left mutant jobs"* ]]
	[ "$(count_status "$db" pending)" -eq 0 ]
}

@test "a campaign runs on the target named in its database, and without one is refused" {
	local db work
	db=$(fresh named)
	[[ "$(mt init --db "$db" --get target)" == */tests/runner/fixture/target.sh ]]
	run mt run --db "$db" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"baseline  to run"* ]]
	work=$(scratch)
	mt init --db "$work/bare.db"
	run mt run --db "$work/bare.db" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"has no target yet: name one with --target"* ]]
}

@test "a control run that fails ends the run FLAKY; status and report say so" {
	local db
	db=$(fresh flaky-controls)
	# One job, one baseline run: the suite fails from its fourth run in the worker tree on,
	# after two mutants, so the control run after them fails.
	FIXTURE_MODE=fail-after:3 run mt run --db "$db" --target "$FIXTURE" --jobs 1 --baseline-runs 1 \
		--control-every 2 --max-mutants 4 --no-confirm --timeout-floor 2
	[ "$status" -eq 1 ]
	[[ $output == *"error: FLAKY CAMPAIGN: 2 control runs of the unmutated code failed in this run"* ]]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'control' AND status = 'killed'")" -eq 2 ]
	[[ "$(mt init --db "$db" --get flaky)" == "control run "*" killed: fixture fails after run 3" ]]
	run mt status --db "$db"
	[[ $output == *"FLAKY: 2 of 2 control runs"* ]]
	run mt report --db "$db"
	[[ $output == *"**FLAKY: 2 of 2 control runs of the unmutated code failed: kills may be chance.**"* ]]
}

@test "recheck: same rules change nothing and leave runs the runner's timeout ended; a changed rule's verdicts, and kills it names by another line, are recorded once" {
	local work hang before n printed
	local DB # db_state reads it
	work=$(scratch)
	DB=$(fresh recheck)
	hang=$(mutant_where "$DB" sdl settle 'spins\+\+')
	run mt run --db "$DB" --target "$FIXTURE" --jobs 2 --operators sdl,aor --control-every 5 \
		--timeout-factor 1 --timeout-floor 2
	[ "$status" -eq 0 ]
	[ "$(count_status "$DB" timeout)" -ge 1 ]
	[ "$(count_status "$DB" survived)" -ge 1 ]
	[ "$(query "$DB" "SELECT count(*) FROM result WHERE kind = 'control'")" -ge 1 ]
	# The same rules: nothing changes, the hang (no verdict in its log) is left as it was.
	before=$(db_state)
	run mt recheck --db "$DB"
	[ "$status" -eq 0 ]
	[[ $output == *"attempts judged again ("*" logs): 0 changed, "*" runs the runner's timeout ended left as they were"* ]]
	[ "$(db_state)" = "$before" ]
	# A copy of the target with a stricter rule: a clean exit passes only with the program's
	# 'fixture: ok' line. Exactly the surviving attempts whose logs lack that line become kills
	# (the mutant that deletes the printf), each superseding the one it judged again.
	mkdir -p "$work/stricter"
	cp -a "$FIXTURE/." "$work/stricter/"
	sed -i "s/grep -qx 'fixture: exit 0' \"\$1\"/& \&\& grep -qx 'fixture: ok' \"\$1\"/" "$work/stricter/target.sh"
	grep -qF "grep -qx 'fixture: exit 0' \"\$1\" && grep -qx 'fixture: ok' \"\$1\"" "$work/stricter/target.sh"
	query "$DB" "SELECT attempt || char(9) || log_dir FROM live_result WHERE kind IN ('torture', 'control')
		AND status = 'survived' ORDER BY attempt" | while IFS=$'\t' read -r attempt dir; do
		grep -qx 'fixture: ok' "$dir/only.log" || printf '%s\n' "$attempt"
	done >"$work/changing"
	n=$(wc -l <"$work/changing")
	[ "$n" -ge 1 ]
	[ "$n" -lt "$(query "$DB" "SELECT count(*) FROM live_result WHERE status = 'survived'")" ]
	run mt recheck --db "$DB" --target "$work/stricter" --dry-run
	[ "$status" -eq 0 ]
	[ "$(grep -c ' survived -> killed by only  recheck: fixture: no clean exit$' <<<"$output")" -eq "$n" ]
	[[ $output == *"(dry run, nothing recorded)"* ]]
	[ "$(db_state)" = "$before" ]
	run mt recheck --db "$DB" --target "$work/stricter"
	[ "$status" -eq 0 ]
	[ "$(grep -c ' survived -> killed by only  recheck: fixture: no clean exit$' <<<"$output")" -eq "$n" ]
	[[ $output == *": $n changed, "*" (recorded: "* ]]
	diff -u "$work/changing" <(query "$DB" "SELECT supersedes FROM result WHERE supersedes IS NOT NULL ORDER BY supersedes")
	[ "$(query "$DB" "SELECT count(*) FROM result WHERE supersedes IS NOT NULL
		AND (status <> 'killed' OR reason <> 'recheck: fixture: no clean exit' OR attempt NOT LIKE 'recheck-%')")" -eq 0 ]
	# Each new attempt keeps the evidence, kind, timing and duration of the one it judged again,
	# with its scenario run judged again.
	[ "$(query "$DB" "SELECT count(*) FROM result n JOIN result o ON o.attempt = n.supersedes
		WHERE n.log_dir <> o.log_dir OR n.kind <> o.kind OR n.mutant_id IS NOT o.mutant_id
		   OR n.test_s IS NOT o.test_s OR n.build_s IS NOT o.build_s OR n.duration IS NOT o.duration")" -eq 0 ]
	[ "$(query "$DB" "SELECT count(*) FROM scenario_run s JOIN result n ON n.id = s.result_id
		WHERE n.supersedes IS NOT NULL AND s.status = 'killed' AND s.reason = 'fixture: no clean exit'")" -eq "$n" ]
	# The superseded attempts no longer count: the printf's mutant is killed now, the other
	# survivors are not; the hang is still the runner's timeout.
	[ "$(query "$DB" "SELECT count(*) FROM live_result l JOIN result o ON o.attempt = l.attempt
		WHERE o.attempt IN (SELECT supersedes FROM result WHERE supersedes IS NOT NULL)")" -eq 0 ]
	printed=$(mutant_where "$DB" sdl main 'fixture: ok')
	[ -n "$printed" ]
	mt list --db "$DB" --status killed --format ids | grep -qx "$printed"
	[ "$(count_status "$DB" survived)" -ge 1 ]
	[ "$(query "$DB" "SELECT status || ': ' || reason FROM live_result WHERE mutant_id = '$hang'")" = \
		"timeout: no verdict within the timeout of 2 s" ]
	# Again with the same rule: nothing changes.
	before=$(db_state)
	run mt recheck --db "$DB" --target "$work/stricter"
	[ "$status" -eq 0 ]
	[[ $output == *": 0 changed"* ]]
	[ "$(db_state)" = "$before" ]
	# A rule that names the same kills by another line: each kill is recorded again with its
	# new reason and the same status, once.
	mkdir -p "$work/renamed"
	cp -a "$work/stricter/." "$work/renamed/"
	sed -i "s/echo 'mutorture-reason: fixture: wrong arithmetic'/echo 'mutorture-reason: fixture: a sum differs'/" "$work/renamed/target.sh"
	grep -q 'a sum differs' "$work/renamed/target.sh"
	n=$(query "$DB" "SELECT count(*) FROM live_result WHERE status = 'killed' AND reason LIKE '%wrong arithmetic'")
	[ "$n" -ge 1 ]
	run mt recheck --db "$DB" --target "$work/renamed"
	[ "$status" -eq 0 ]
	[ "$(grep -c ' killed by only -> killed by only  recheck: fixture: a sum differs$' <<<"$output")" -eq "$n" ]
	[ "$(query "$DB" "SELECT count(*) FROM live_result WHERE status = 'killed' AND reason LIKE '%wrong arithmetic'")" -eq 0 ]
	[ "$(query "$DB" "SELECT count(*) FROM live_result WHERE status = 'killed' AND reason = 'recheck: fixture: a sum differs'")" -eq "$n" ]
	before=$(db_state)
	run mt recheck --db "$DB" --target "$work/renamed"
	[[ $output == *": 0 changed"* ]]
	[ "$(db_state)" = "$before" ]
}

@test "run --mutants: only those mutants, in both stages, from the command line or a file; an unknown id is a one-line error" {
	local db total slow fast kill
	db=$(fresh some)
	total=$(mt list --db "$db" --format ids | wc -l)
	slow=$(mutant_where "$db" const settle "'1000' -> '1001'")
	fast=$(mutant_where "$db" const settle "'1000' -> '999'")
	kill=$(mutant_where "$db" ror sum_to "'<=' -> '<'")
	[ -n "$slow" ] && [ -n "$fast" ] && [ -n "$kill" ]
	run mt run --db "$db" --target "$FIXTURE" --mutants "$slow,0123456789abcdef" --dry-run
	[ "$status" -eq 128 ]
	[ "$output" = "fatal: no mutant '0123456789abcdef' in campaign '$db'" ]
	[ ! -e "$db.d" ]
	run mt run --db "$db" --target "$FIXTURE" --mutants , --dry-run
	[ "$status" -eq 129 ]
	[[ $output == *"option '--mutants' names no mutant"* ]]

	# A quick look at one mutant: it survives, and nothing else ran.
	run mt run --db "$db" --target "$FIXTURE" --mutants "$fast" --no-confirm --no-prune --control-every 0 --jobs 1
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --status survived --format ids)" = "$fast" ]
	[ "$(count_status "$db" pending)" -eq $((total - 1)) ]

	# Two more from a file (comments, blanks): the dry run plans them alone, and its
	# confirmation round leaves out the unconfirmed survivor not named.
	printf '# the ones to look at\n%s\n\n%s   # killed at once\n' "$slow" "$kill" >"$db.ids"
	run mt run --db "$db" --target "$FIXTURE" --mutants "@$db.ids" --confirm 2 --control-every 0 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"mutants   2 pending"* ]]
	[ "$(printf '%s\n' "${lines[@]}" | grep -cE "^($slow|$kill)	")" -eq 2 ]
	[[ $output == *"confirm   0 jobs of the first confirmation round"* ]]
	[[ $output != *"$fast	"* ]]
	run mt run --db "$db" --target "$FIXTURE" --mutants - --confirm 2 --no-prune --control-every 0 --jobs 1 <"$db.ids"
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --status killed --format ids)" = "$kill" ]
	[ "$(mt list --db "$db" --status survived --format ids | sort)" = "$(printf '%s\n' "$slow" "$fast" | sort)" ]
	[ "$(count_status "$db" pending)" -eq $((total - 3)) ]
	# The named survivor was confirmed by 2 runs; the other kept its single quick-look run.
	[ "$(mt attempts --db "$db" --mutants "$slow" | awk -F '\t' '$3 == "torture"' | wc -l)" -eq 2 ]
	[ "$(mt attempts --db "$db" --mutants "$fast" | awk -F '\t' '$3 == "torture"' | wc -l)" -eq 1 ]
	# Named again: decided already, said so; only the unconfirmed survivor is planned (round 2).
	run mt run --db "$db" --target "$FIXTURE" --mutants "$fast,$kill" --confirm 2 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"--mutants: 2 of the 2 named mutants have a final result already"* ]]
	[[ $output == *"mutants   0 pending"* ]]
	[[ $output == *"confirm   1 jobs of the first confirmation round"* ]]
}
