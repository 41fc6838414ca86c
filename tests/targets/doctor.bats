#!/usr/bin/env bats
# The target doctor, 'mutorture target check', on configs of toy-rcu's tree (one scenario,
# short runs) and a copy of the runner's fixture target: a healthy target passes, with the
# grace period of call_rcu's callback thread deleted as its broken variant, killed; each
# defect is named with what to fix: a setup or build command that fails, a torture command
# that fails on the unmutated code, one that passes even with the grace period removed ("this
# suite cannot fail"), a test that ignores the duration it is given, at the full and the quick
# duration (WARN), a build that makes a mutant's warnings errors (WARN), a worker tree
# whose tests run the pristine code (a wrapper script holding the pristine tree's absolute
# path, as libtool's are) and the same with the fix (a clone that writes the wrapper again),
# a config or a target.sh naming files that do not exist. Real setups, builds and torture runs.

load ../runner/lib

# toy_config FILE [KEY = VALUE]...: a config of toy-rcu's tree, the qsbr flavour only, with the
# given lines after the defaults (a key given again replaces its default).
toy_config() {
	local file=$1 key line
	local -a lines=("tree = $MUTORTURE_HOME/targets/toy-rcu/src" 'sources = call_rcu.c qsbr.c'
		'rules = liburcu' 'scenarios = qsbr' 'compdb = bear -- make -s' 'build = make -s'
		'test = ./torture-{scenario} --duration {duration}' 'fail = ^End of test: FAILURE'
		'pass = ^End of test: SUCCESS$')
	shift
	for line in "$@"; do
		key=${line%% =*}
		mapfile -t lines < <(printf '%s\n' "${lines[@]}" | grep -v "^$key =")
		# ('KEY =': the key left out; a config never gives a key without a value)
		if [[ $line == *=*[![:space:]]* ]]; then lines+=("$line"); fi
	done
	printf '%s\n' "${lines[@]}" >"$file"
}

# check CONFIG: runs the doctor on CONFIG with two short runs.
check() {
	run mt target check "$1" --runs 2 --duration 0.3
}

@test "a healthy target passes: setup, compile database, paths, torture, a broken variant killed, warnings" {
	local work
	work=$(scratch)
	# shellcheck disable=SC2016 # the config's command expands it
	toy_config "$work/ok.conf" 'build = make -s ${MUTORTURE_MUTANT:+WERROR=}'
	check "$work/ok.conf"
	[ "$status" -eq 0 ]
	[[ $output == *"ok    compdb     "*"call_rcu.c "*"qsbr.c "* ]]
	[[ $output == *"ok    paths      no executable of the worker tree names the pristine tree"* ]]
	[[ $output == *"ok    torture    scenario qsbr passed 2 of 2 runs"* ]]
	[[ $output == *"ok    variant    "*"delete the 'synchronize_rcu()' statement): killed by qsbr: End of test: FAILURE"* ]]
	[[ $output == *"ok    warnings   a mutant that only warns builds (an unused static function added to call_rcu.c)"* ]]
	[[ $output == *"verdict: OK"* ]]
	[[ $output != *"FAIL  "* ]]
	run mt target nonsense
	[ "$status" -eq 129 ]
}

@test "a setup or build command that fails is named" {
	local work
	work=$(scratch)
	toy_config "$work/setup.conf" 'compdb = make -s no-such-goal'
	check "$work/setup.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"FAIL  setup      target_setup failed (status 1): "*"build command failed: make -s no-such-goal"* ]]
	[[ $output == *"verdict: 1 problem(s)"* ]]
	toy_config "$work/build.conf" 'build = make -s no-such-goal'
	check "$work/build.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"ok    setup"* ]]
	[[ $output == *"FAIL  build      the build fails in a worker tree of the unmutated code (status 2): "*"no-such-goal"* ]]
	[[ $output == *"fix: target_build (a config: build)"* ]]
}

@test "a torture that fails on the unmutated code, and one that cannot fail, are named" {
	local work
	work=$(scratch)
	toy_config "$work/fails.conf" 'test = ./torture-{scenario} --duration {duration}; exit 3'
	check "$work/fails.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"FAIL  torture    scenario qsbr fails on the unmutated code: 2 of 2 runs failed: the test command exited with status 3 after 'End of test: SUCCESS'"* ]]
	[[ $output != *"variant"* ]]
	# A suite whose verdict nobody reads: its output and status are thrown away.
	toy_config "$work/blind.conf" 'test = ./torture-{scenario} --duration {duration} >/dev/null; true' 'pass =' 'fail ='
	check "$work/blind.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"ok    torture    scenario qsbr passed 2 of 2 runs"* ]]
	[[ $output == *"FAIL  variant    "*"synchronize_rcu()"*"survived every scenario (qsbr): this suite cannot fail, even with a grace period removed"* ]]
	# Its build keeps the Makefile's -Werror for mutants too: a warning costs a mutant.
	[[ $output == *"WARN  warnings   a mutant that only warns does not build (an unused static function added to call_rcu.c: "*"mutorture_check_unused"*"): every such mutant would be a build_error, never tortured"* ]]
	[[ $output == *"fix: build a mutant with warnings not fatal: MUTORTURE_MUTANT is set for its build"* ]]
}

@test "a test that ignores the duration it is given is a WARN, at the full and the quick duration" {
	local work
	work=$(scratch)
	# As a program that reads whole seconds would: every run as short, whatever is asked.
	# (a run of it takes about 0.4 s: the drain and checks at its end; under half of each asked)
	toy_config "$work/fixed.conf" 'test = ./torture-{scenario} --duration 0.05' 'quick_duration = 1.2' 'duration = 1.5'
	run mt target check "$work/fixed.conf" --runs 1 --duration 2
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"WARN  duration   scenario qsbr asked for 2 s ran at most "*" s: the test does not torture for the duration it is given"* ]]
	[[ $output == *"ok    torture    scenario qsbr passed a run at the quick duration (seconds: "*"; asked for 1.2)"* ]]
	[[ $output == *"WARN  duration   scenario qsbr asked for 1.2 s ran at most "* ]]
	[[ $output == *"fix: honour {duration} (MUTORTURE_DURATION) in the test command"* ]]
	# The toy's own config honours both.
	[[ "$(mt target check "$MUTORTURE_HOME/targets/toy-rcu/toy-rcu.conf" --runs 1)" != *"WARN"* ]]
}

@test "a worker tree whose tests run the pristine code fails the check; a clone that writes the wrapper again passes" {
	local work wrapper
	work=$(scratch)
	# As libtool's wrapper scripts: written at setup, naming the tree's absolute path.
	wrapper='printf "#!/bin/sh\nexec %s/torture-qsbr \"\$@\"\n" "$PWD" >run-qsbr && chmod +x run-qsbr'
	toy_config "$work/trap.conf" "setup = $wrapper" 'test = ./run-qsbr --duration {duration}'
	check "$work/trap.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"FAIL  paths      the worker tree's tests would run the pristine code: run-qsbr name the pristine tree"* ]]
	[[ $output == *"FAIL  variant    "*"survived: a change in the worker tree does not reach the program under test"* ]]
	[[ $output == *"verdict: 2 problem(s)"* ]]
	# Seven such scripts: five are named, and how many more.
	toy_config "$work/trap7.conf" "setup = $wrapper && for i in 1 2 3 4 5 6; do cp run-qsbr run-\$i; done" \
		'test = ./run-qsbr --duration {duration}'
	check "$work/trap7.conf"
	[ "$status" -eq 1 ]
	[[ $output =~ the\ worker\ tree\'s\ tests\ would\ run\ the\ pristine\ code:\ (run-[0-9a-z]+\ ){5}and\ 2\ more\ name\ the\ pristine\ tree ]]
	toy_config "$work/fixed.conf" "setup = $wrapper" 'test = ./run-qsbr --duration {duration}' \
		"clone = cp -a \"\$MUTORTURE_SRC\" \"\$MUTORTURE_DST\" && cd \"\$MUTORTURE_DST\" && $wrapper"
	check "$work/fixed.conf"
	[ "$status" -eq 0 ]
	[[ $output == *"ok    paths"* ]]
	[[ $output == *"ok    variant    "*"killed by qsbr"* ]]
	# The same, with six more scripts naming the pristine tree that the tests never run: left
	# out by --ignore, and counted.
	toy_config "$work/fixed6.conf" "setup = $wrapper && for i in 1 2 3 4 5 6; do cp run-qsbr run-\$i; done" \
		'test = ./run-qsbr --duration {duration}' \
		"clone = cp -a \"\$MUTORTURE_SRC\" \"\$MUTORTURE_DST\" && cd \"\$MUTORTURE_DST\" && $wrapper"
	run mt target check "$work/fixed6.conf" --runs 1 --duration 0.3 --ignore 'run-[0-9]'
	[ "$status" -eq 0 ]
	[[ $output == *"ok    paths      no executable of the worker tree names the pristine tree (6 left out: --ignore run-[0-9])"* ]]
}

@test "a config or a target.sh naming files that do not exist is named" {
	local work
	work=$(scratch)
	toy_config "$work/missing.conf" 'sources = call_rcu.c qsbr.c no-such.c'
	check "$work/missing.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"FAIL  contract   fatal: config $work/missing.conf: sources 'no-such.c' names no file in '$MUTORTURE_HOME/targets/toy-rcu/src'"* ]]
	cp -a "$FIXTURE" "$work/fixture"
	sed -i 's/^TARGET_SOURCES=(fixture.c)/TARGET_SOURCES=(fixture.c gone.c)/' "$work/fixture/target.sh"
	check "$work/fixture"
	[ "$status" -eq 1 ]
	[[ $output == *"FAIL  setup      the target names files the pristine tree does not have: gone.c"* ]]
}

@test "the doctor refuses the durations and run counts a campaign would refuse, by key" {
	local work value
	work=$(scratch)
	for value in 'duration = abc' 'duration = -1' 'duration = 99999999999999999999' 'quick_duration = $(true)' \
		'confirm_runs = nan' 'confirm_runs = 0'; do
		toy_config "$work/bad.conf" "$value"
		check "$work/bad.conf"
		[ "$status" -eq 1 ]
		[[ $output == *"FAIL  contract   fatal: config $work/bad.conf: '$value': not a"* ]] || fail "$value: $output"
	done
	toy_config "$work/bad.conf" 'quick_duration = 1'
	check "$work/bad.conf"
	[ "$status" -eq 1 ]
	[[ $output == *"'quick_duration' needs 'duration'"* ]]
}

@test "generate arguments from the config that generate refuses are named as the config's" {
	local work
	work=$(scratch)
	toy_config "$work/args.conf" 'generate_args = -rf'
	check "$work/args.conf"
	[ "$status" -eq 1 ]
	# Refused with the contract, before any setup: the arguments named as the config's.
	[[ $output == *"FAIL  contract   error: generate refused the arguments of target '$work/args.conf' (TARGET_RULES, TARGET_GENERATE_ARGS; in a config file: rules, functions, entry_filter, generate_args): unknown option '-rf'"* ]]
	[[ $output != *"ok    setup"* ]]
}
