# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-baseline.sh: the baseline of a campaign (sourced by runner/run, never run): whether the
# measured one still holds for a plan, measuring it again (runner/baseline-job through the
# pipeline), and the timeouts that come from it.
#
# Invariants: no mutant runs before a baseline passed that was measured with the same target,
# pristine tree, runs, duration and readers, and whose build restored every file the plan
# mutates (headers too: the biggest rebuild a mutant can cause); a failing or flaky baseline
# stops the campaign, showing the failing log; DB.d/baseline is written only by a baseline
# that passed.

# baseline_knobs VAR: sets VAR to what a baseline is valid for: the target, the pristine tree
# and the torture knobs (one line, as DB.d/baseline and DB.d/coverage.stamp keep it).
baseline_knobs() {
	local _hash=''
	if [[ -f $MT_CAMPAIGN/pristine.hash ]]; then _hash=$(<"$MT_CAMPAIGN/pristine.hash"); fi
	printf -v "$1" 'target=%s pristine=%s runs=%s duration=%s readers=%s' "$MT_TARGET_FILE" \
		"$_hash" "$opt_baseline_runs" "${MUTORTURE_DURATION:-}" "${MUTORTURE_READERS:-}"
}

# baseline_check RESTORE: succeeds when the measured baseline holds for a plan whose baseline
# build restores the files of the list RESTORE: it was measured with the current knobs, and
# its build restored each of those files (a baseline from before baseline.files restored
# TARGET_SOURCES). Sets baseline_build_s and baseline_test_s (the slowest build and torture
# run; empty when none was measured with the current knobs) and baseline_missing (the files of
# RESTORE its build did not restore, one a line).
baseline_check() {
	local file="$MT_CAMPAIGN/baseline" line knobs='' now build='' test='' path
	local -a restored wanted
	local -A rebuilt=()
	baseline_build_s=''
	baseline_test_s=''
	baseline_missing=''
	if [[ -f $file ]]; then
		while IFS= read -r line; do
			case $line in
			knobs=*) knobs=${line#knobs=} ;;
			build_s=*) build=${line#build_s=} ;;
			test_s=*) test=${line#test_s=} ;;
			esac
		done <"$file"
		baseline_knobs now
		if [[ $knobs == "$now" ]]; then
			baseline_build_s=$build
			baseline_test_s=$test
		fi
	fi
	if [[ -f $MT_CAMPAIGN/baseline.files ]]; then
		mapfile -t restored <"$MT_CAMPAIGN/baseline.files"
	else
		restored=("${TARGET_SOURCES[@]}")
	fi
	for path in "${restored[@]}"; do
		if [[ -n $path ]]; then rebuilt["$path"]=1; fi
	done
	mapfile -t wanted <"$1"
	for path in "${wanted[@]}"; do
		if [[ -n $path && -z ${rebuilt["$path"]+set} ]]; then baseline_missing+=$path$'\n'; fi
	done
	baseline_missing=${baseline_missing%$'\n'}
	[[ -n $baseline_build_s && -n $baseline_test_s && -z $baseline_missing ]]
}

# baseline_timeouts: sets MT_BUILD_TIMEOUT and MT_TEST_TIMEOUT from the slowest baseline build
# and run: max(floor, factor x seconds), rounded up to whole seconds.
baseline_timeouts() {
	local timeouts
	timeouts=$(awk -v b="$baseline_build_s" -v t="$baseline_test_s" -v f="$opt_factor" -v floor="$opt_floor" '
		function timeout(s) { s *= f; if (s < floor) s = floor; return (s == int(s)) ? s : int(s) + 1 }
		BEGIN { printf "%d %d\n", timeout(b), timeout(t) }')
	read -r MT_BUILD_TIMEOUT MT_TEST_TIMEOUT <<<"$timeouts"
}

# baseline_measure RESTORE: builds the unmutated code in every worker tree, with the files of
# the list RESTORE put back, and runs each scenario K times; any failure stops the campaign.
# Records the slowest build and run for the timeouts, and RESTORE as baseline.files.
baseline_measure() {
	local blog="$MT_CAMPAIGN/logs/baseline/$MT_TOKEN" slot result build_s=0 test_s records bad knobs
	local -a slots runs
	export MT_BASELINE_FILES=$1
	mt_note "baseline: building the unmutated code in $opt_jobs worker trees ($(wc -l <"$1") files restored), then $opt_baseline_runs runs of each scenario (${TARGET_SCENARIOS[*]})"
	mkdir -p -- "$blog"
	mapfile -t slots < <(seq "$opt_jobs")
	mapfile -t runs < <(seq "$opt_baseline_runs")
	pipeline 0 --jobs "$opt_jobs" bash "$MUTORTURE_HOME/runner/baseline-job" build '{}' ::: "${slots[@]}" ||
		mt_die "recording the baseline failed"
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the baseline'; exit 130; fi
	for ((slot = 1; slot <= opt_jobs; slot++)); do
		result=$(cat "$blog/build-$slot.result" 2>/dev/null) || result='error 0'
		if [[ $result != ok\ * ]]; then
			tail -n 30 -- "$blog/build-$slot.log" >&2 || true
			mt_die "baseline build of the unmutated code failed (${result% *}) in '$MT_CAMPAIGN/workers/$slot' (log: $blog/build-$slot.log): no mutant was run"
		fi
		build_s=$(awk -v a="$build_s" -v b="${result#* }" 'BEGIN { print (b > a) ? b : a }')
	done
	pipeline "$((${#TARGET_SCENARIOS[@]} * opt_baseline_runs))" --jobs "$opt_jobs" bash "$MUTORTURE_HOME/runner/baseline-job" test '{%}' '{1}' '{2}' \
		::: "${TARGET_SCENARIOS[@]}" ::: "${runs[@]}" || mt_die "recording the baseline failed"
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the baseline'; exit 130; fi
	records=$(grep -F $'\tkind=baseline\t' "$MT_RECORDS" || true)
	if (($(printf '%s\n' "$records" | grep -c 'status=') != ${#TARGET_SCENARIOS[@]} * opt_baseline_runs)); then
		mt_die "the baseline did not complete: $(printf '%s\n' "$records" | grep -c 'status=') of $((${#TARGET_SCENARIOS[@]} * opt_baseline_runs)) runs recorded"
	fi
	bad=$(printf '%s\n' "$records" | grep -v -F $'\tstatus=survived\t' | head -n 1 || true)
	if [[ -n $bad ]]; then
		local scenario status reason attempt
		scenario=$(mt_field scenario <<<"$bad")
		status=$(mt_field status <<<"$bad")
		reason=$(mt_field reason <<<"$bad")
		attempt=$(mt_field attempt <<<"$bad")
		local log="$blog/$scenario-${attempt##*-}.log"
		tail -n 30 -- "$log" >&2 || true
		mt_die "baseline run ${attempt##*-} of scenario '$scenario' on the unmutated code: $status${reason:+ ($reason)}; log: $log. A failing or flaky baseline makes every kill meaningless: no mutant was run"
	fi
	test_s=$(mt_field test_s <<<"$records" | sort -g | tail -n 1)
	baseline_knobs knobs
	printf 'knobs=%s\nbuild_s=%s\ntest_s=%s\n' "$knobs" "$build_s" "$test_s" >"$MT_CAMPAIGN/baseline"
	cp -- "$1" "$MT_CAMPAIGN/baseline.files"
	mt_note "baseline passed: slowest build $build_s s, slowest torture run $test_s s"
}

# baseline_ensure RESTORE: measures the baseline again unless the measured one holds for the
# list RESTORE (baseline_check), then exports the job timeouts (MT_BUILD_TIMEOUT,
# MT_TEST_TIMEOUT) it gives.
baseline_ensure() {
	if ! baseline_check "$1"; then
		if [[ -n $baseline_missing && -n $baseline_build_s ]]; then
			mt_note "baseline: measuring again: the plan mutates ${baseline_missing//$'\n'/ }, which the last baseline build did not rebuild"
		fi
		baseline_measure "$1"
		baseline_check "$1" || mt_die "the baseline just measured does not hold for the plan: '$MT_CAMPAIGN/baseline'"
	fi
	baseline_timeouts
	export MT_BUILD_TIMEOUT MT_TEST_TIMEOUT
}
