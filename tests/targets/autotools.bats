#!/usr/bin/env bats
# An autotools project as a config-file target (tests/targets/fixture-autotools: minircu, a
# small RCU-like libtool library and its torture program, a check program): the doctor
# catches the absolute-path trap of libtool's wrapper scripts (minircu.conf: the worker tree's
# ./torture runs the pristine tree's library, so a deleted grace period survives) and passes
# the fixed config (minircu-fixed.conf: static libraries, the torture program linked again
# after each mutant); a campaign on the fixed config runs end to end; with a compile command
# (minircu-weak.conf) the equivalence pass gets aarch64 objects from it, and publish.c's
# barrier deletion, its weakening to a compiler barrier and its acquire-load weakening are
# weak_memory without a torture run. Real autoreconf, configure, libtool, bear, cross compiler
# and torture runs (each setup about 30 s on a loaded machine).

load ../runner/lib

setup_file() {
	export AT_FIXTURE="$BATS_TEST_DIRNAME/fixture-autotools" AT_DB
	# One campaign set up and generated for the last two tests (each setup costs 30 s).
	AT_DB="$(scratch)/minircu.db"
	mt campaign "$AT_FIXTURE/minircu-weak.conf" --db "$AT_DB" --setup-only >/dev/null
}

@test "the doctor catches the absolute-path trap of a libtool wrapper, and passes the fixed config" {
	run mt target check "$AT_FIXTURE/minircu.conf" --runs 1 --duration 0.3
	[ "$status" -eq 1 ]
	# The compile database has two commands for the library's file (PIC and not): says which.
	[[ $output == *"note  compdb     warning: 'minircu.c' has 2 compile commands; parsing it with the first"* ]]
	[[ $output == *"FAIL  paths      the worker tree's tests would run the pristine code: torture name the pristine tree"* ]]
	[[ $output == *"FAIL  variant    "*"(minircu.c:28: delete 'wait_for_readers();') survived: a change in the worker tree does not reach the program under test"* ]]
	run mt target check "$AT_FIXTURE/minircu-fixed.conf" --runs 1 --duration 0.3
	[ "$status" -eq 0 ]
	[[ $output == *"ok    paths      no executable of the worker tree names the pristine tree"* ]]
	[[ $output == *"ok    variant    "*"delete 'wait_for_readers();'): killed by default: End of test: FAILURE: a reader saw a poisoned element"* ]]
	[[ $output == *"verdict: OK"* ]]
}

@test "a campaign on the fixed autotools config runs end to end" {
	local db=$AT_DB waits
	# (minircu-weak.conf: minircu-fixed.conf with publish.c and a compile command; minircu.c's
	# mutants are the campaign here.)
	run mt campaign "$AT_FIXTURE/minircu-weak.conf" --db "$db" --jobs 2 --duration 0.3 --no-confirm \
		--no-prune --baseline-runs 1 --control-every 0 --files minircu.c
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --files minircu.c --format ids | wc -l)" -eq 12 ]
	[ "$(mt list --db "$db" --files minircu.c --pending --format ids | wc -l)" -eq 0 ]
	waits=$(mutant_where "$db" sdl synchronize_rcu wait_for_readers)
	[ -n "$waits" ]
	mt list --db "$db" --status killed --format ids | grep -qx "$waits"
	[ "$(count_status "$db" killed)" -ge 3 ]
	[[ $output == *"Mutation score"* ]]
	pristine_unchanged "$db"
	[ -z "$(leftovers "$db.d")" ]
}

@test "an autotools library's barrier deletion and acquire-load weakening are weak_memory, without a torture run" {
	local db=$AT_DB deleted weakened relaxed m
	deleted=$(mutant_where "$db" rcu-delete config_publish "cmm_smp_wmb")
	weakened=$(mutant_where "$db" rcu-weaken config_publish "to 'cmm_barrier'")
	relaxed=$(mutant_where "$db" memory-order config_sum "from acquire to relaxed")
	[ -n "$deleted" ] && [ -n "$weakened" ] && [ -n "$relaxed" ]
	run mt run --db "$db" --mutants "$deleted,$weakened,$relaxed" --no-confirm --control-every 0 --jobs 2 --baseline-runs 1 --duration 0.3
	[ "$status" -eq 0 ]
	[[ $output == *"compiled for x86_64 and aarch64"* ]]
	for m in "$deleted" "$weakened" "$relaxed"; do
		[ "$(query "$db" "SELECT status || ': ' || reason FROM result WHERE mutant_id = '$m' AND kind = 'tce'")" = \
			"weak_memory: object code identical on this host (x86_64) but differs for aarch64: only killable on weakly ordered hardware" ]
	done
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id IN ('$deleted', '$weakened', '$relaxed')")" -eq 0 ]
	run mt status --db "$db"
	[[ $output == *$'\nweak-memory only: 3 ('* ]]
	pristine_unchanged "$db"
	[ -z "$(leftovers "$db.d")" ]
}
