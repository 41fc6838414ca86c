# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-baseline.sh: the baseline of a campaign (sourced by runner/run, never run): whether the
# measured one still holds for a plan, measuring it again (runner/baseline-job through the
# pipeline), and the timeouts that come from it.
#
# Invariants: no mutant runs before a baseline passed that was measured with the same target,
# pristine tree, runs, full duration, readers, job limits and sandbox, at every torture duration
# the run asks for
# (the quick pass's and, with confirmation, the full one: each gets its own timeout), and whose
# build restored every file the plan mutates (headers too: the biggest rebuild a mutant can
# cause); a failing or flaky baseline stops the campaign, showing the failing log;
# DB.d/baseline is written only by a baseline that passed (here, or kept on this machine from
# another campaign with the same key: baseline_reuse): 'knobs=', 'build_s=' and one
# 'test_s@DURATION=' line per duration ('default' when the run leaves it to the target).

# baseline_knobs VAR [PRISTINE]: sets VAR to what a baseline is valid for: the target, the
# pristine tree (its hash, or PRISTINE: baseline_key names it by what it was made from), the
# torture knobs and the limits and sandbox every job runs under (one line, as DB.d/baseline and
# DB.d/coverage.stamp keep it): a baseline measured under other limits proves nothing about
# these.
baseline_knobs() {
	local _hash=${2:-}
	if [[ -z $_hash && -f $MT_CAMPAIGN/pristine.hash ]]; then _hash=$(<"$MT_CAMPAIGN/pristine.hash"); fi
	printf -v "$1" 'target=%s pristine=%s runs=%s duration=%s readers=%s mem_kb=%s nproc=%s sandbox=%s' \
		"$MT_TARGET_FILE" "$_hash" "$opt_baseline_runs" "${MUTORTURE_DURATION:-}" \
		"${MUTORTURE_READERS:-}" "$MT_MEM_KB" "$MT_NPROC" "$MT_SANDBOX"
}

# baseline_durations_set: sets baseline_durations to the torture durations the run asks for,
# the quick pass's first ('default': the target's own), then the full one when confirmation
# rounds run at another.
baseline_durations_set() {
	baseline_durations=("${MT_QUICK_DURATION:-default}")
	if [[ -n $MT_CONFIRM && ${MT_FULL_DURATION:-default} != "${baseline_durations[0]}" ]]; then
		baseline_durations+=("${MT_FULL_DURATION:-default}")
	fi
}

# baseline_durations_text: prints the durations of baseline_durations for a message.
baseline_durations_text() {
	local d sep=''
	for d in "${baseline_durations[@]}"; do
		if [[ $d == default ]]; then printf "%sthe target's default" "$sep"; else printf '%s%s s' "$sep" "$d"; fi
		sep=' and '
	done
}

# baseline_runs_text: prints the slowest baseline run of each duration for a message.
baseline_runs_text() {
	local d sep=''
	for d in "${baseline_durations[@]}"; do
		printf '%s%s s' "$sep" "${baseline_test_s[$d]}"
		if [[ $d != default ]]; then printf ' (runs of %s s)' "$d"; fi
		sep=', '
	done
}

# baseline_check RESTORE [DIR]: succeeds when the measured baseline (in DIR, default the
# campaign's DB.d; baseline_reuse asks a kept one) holds for a plan whose baseline
# build restores the files of the list RESTORE: it was measured with the current knobs, at
# every duration of baseline_durations (set here), and its build restored each of those files
# (a baseline from before baseline.files restored TARGET_SOURCES). Sets baseline_build_s and
# baseline_test_s (the slowest build, and the slowest torture run by duration; empty when none
# was measured with the current knobs) and baseline_missing (the files of RESTORE its build did
# not restore, one a line).
baseline_check() {
	local dir=${2:-$MT_CAMPAIGN} line knobs='' now build='' path d sc all=1
	local file="$dir/baseline"
	local -a restored wanted
	local -A rebuilt=() measured=()
	baseline_durations_set
	baseline_build_s=''
	declare -gA baseline_test_s=()
	baseline_missing=''
	if [[ -f $file ]]; then
		while IFS= read -r line; do
			case $line in
			knobs=*) knobs=${line#knobs=} ;;
			build_s=*) build=${line#build_s=} ;;
			test_s@*=*) line=${line#test_s@}; measured["${line%%=*}"]=${line#*=} ;;
			esac
		done <"$file"
		baseline_knobs now
		# A kept one (DIR given) holds by its key (baseline_key), which names the pristine tree
		# by what it was made from: its knobs name another campaign's tree.
		if [[ $knobs == "$now" || -n ${2:-} ]]; then
			baseline_build_s=$build
			for d in "${baseline_durations[@]}"; do
				if [[ -n ${measured[$d]:-} ]]; then baseline_test_s[$d]=${measured[$d]}; else all=''; fi
				# A baseline from before the scenarios' own lines: their duration's line serves.
				for sc in "${TARGET_SCENARIOS[@]}"; do
					if [[ -n ${measured[$d@$sc]:-} ]]; then baseline_test_s[$d@$sc]=${measured[$d@$sc]}; fi
				done
			done
		fi
	fi
	if [[ -f $dir/baseline.files ]]; then
		mapfile -t restored <"$dir/baseline.files"
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
	[[ -n $baseline_build_s && -n $all && -z $baseline_missing ]]
}

# baseline_scale VAR SECONDS: sets VAR to the timeout of a step whose slowest baseline time
# was SECONDS: max(floor, factor x SECONDS), rounded up to whole seconds.
baseline_scale() {
	local _t
	_t=$(awk -v t="$2" -v f="$opt_factor" -v floor="$opt_floor" '
		BEGIN { s = t * f; if (s < floor) s = floor; printf "%d\n", (s == int(s)) ? s : int(s) + 1 }')
	printf -v "$1" '%s' "$_t"
}

# The build timeout never falls below this many seconds. A build is work, not a wait: load
# stretches it far more than a torture run of fixed length. Measured on 2 cores: a Tree RCU
# mutant whose baseline built in 5.9 s passed its 18-s timeout (3 x) under load; the same
# Tiny RCU baseline build took 22 to 79 s as other guests came and went. A build that hangs
# costs this once and is tried once more (runner/job) before it is an error.
BASELINE_BUILD_FLOOR=120

# baseline_build_timeout VAR SECONDS: sets VAR to the build timeout of a slowest baseline build
# of SECONDS: baseline_scale, but never below BASELINE_BUILD_FLOOR.
baseline_build_timeout() {
	baseline_scale "$1" "$2"
	if ((${!1} < BASELINE_BUILD_FLOOR)); then printf -v "$1" "%s" "$BASELINE_BUILD_FLOOR"; fi
}

# baseline_timeout_for VAR DURATION [SCENARIO]: sets VAR to the torture timeout of runs of
# DURATION (a value of baseline_durations), from the slowest baseline run of that duration: of
# SCENARIO, when the baseline measured it, else of any scenario.
baseline_timeout_for() {
	local _key=$2
	if [[ -n ${3:-} && -n ${baseline_test_s[$2@$3]:-} ]]; then _key=$2@$3; fi
	baseline_scale "$1" "${baseline_test_s[$_key]}"
}

# baseline_timeouts_fields VAR SLOWEST: sets VAR to the torture timeouts of a line of
# MT_HOST_TIMEOUTS, 'DURATION=SECONDS DURATION@SCENARIO=SECONDS ...', from the associative array
# named SLOWEST (the slowest baseline runs, keyed as baseline_test_s and runner/slowest.awk key
# them); a scenario with no run of its own is left out (its jobs take their duration's).
baseline_timeouts_fields() {
	local -n _slowest=$2
	local _d _sc _secs _fields=''
	for _d in "${baseline_durations[@]}"; do
		baseline_scale _secs "${_slowest[$_d]}"
		_fields+=" $_d=$_secs"
		for _sc in "${TARGET_SCENARIOS[@]}"; do
			if [[ -n ${_slowest[$_d@$_sc]:-} ]]; then
				baseline_scale _secs "${_slowest[$_d@$_sc]}"
				_fields+=" $_d@$_sc=$_secs"
			fi
		done
	done
	printf -v "$1" '%s' "${_fields# }"
}

# baseline_scenario_timeouts VAR DURATION: sets VAR to 'SCENARIO=SECONDS ...', the torture
# timeout of each scenario at DURATION (the jobs' MT_TEST_TIMEOUTS).
baseline_scenario_timeouts() {
	# (Not _t: baseline_scale's own local would take the value.)
	local _sc _timeout _all=''
	for _sc in "${TARGET_SCENARIOS[@]}"; do
		baseline_timeout_for _timeout "$2" "$_sc"
		_all+="${_all:+ }$_sc=$_timeout"
	done
	printf -v "$1" '%s' "$_all"
}

# baseline_timeouts_text VAR DURATION: sets VAR to the torture timeouts at DURATION for a
# message: 'T s' when every scenario has the same, else 'SCENARIO T s, ...'.
baseline_timeouts_text() {
	local _pairs _pair _text='' _same=1
	local -a _list
	baseline_scenario_timeouts _pairs "$2"
	read -ra _list <<<"$_pairs"
	for _pair in "${_list[@]}"; do
		_text+="${_text:+, }${_pair%%=*} ${_pair#*=} s"
		if [[ ${_pair#*=} != "${_list[0]#*=}" ]]; then _same=''; fi
	done
	if [[ -n $_same ]]; then _text="${_list[0]#*=} s"; fi
	printf -v "$1" '%s' "$_text"
}

# baseline_timeouts: sets MT_BUILD_TIMEOUT from the slowest baseline build and MT_TEST_TIMEOUT
# to the torture timeout of the quick pass's runs (baseline_timeout_for gives each stage its
# own).
baseline_timeouts() {
	baseline_build_timeout MT_BUILD_TIMEOUT "$baseline_build_s"
	baseline_timeout_for MT_TEST_TIMEOUT "${baseline_durations[0]}"
}

# baseline_measure RESTORE: builds the unmutated code in every worker tree, with the files of
# the list RESTORE put back, and runs each scenario K times at each duration of
# baseline_durations; any failure stops the campaign. Records the slowest build and the slowest
# run of each duration for the timeouts, and RESTORE as baseline.files.
baseline_measure() {
	local blog="$MT_CAMPAIGN/logs/baseline/$MT_TOKEN" slot result build_s=0 records bad knobs slowest
	local -a slots runs
	local total=$((${#TARGET_SCENARIOS[@]} * opt_baseline_runs * ${#baseline_durations[@]}))
	export MT_BASELINE_FILES=$1
	mt_note "baseline: building the unmutated code in $opt_jobs worker trees ($(wc -l <"$1") files restored), then $opt_baseline_runs runs of each scenario (${TARGET_SCENARIOS[*]}) for each duration ($(baseline_durations_text))"
	mkdir -p -- "$blog"
	mapfile -t slots < <(seq "$opt_jobs")
	mapfile -t runs < <(seq "$opt_baseline_runs")
	pipeline 0 --jobs "$opt_jobs" bash "$MUTORTURE_HOME/runner/baseline-job" build '{}' ::: "${slots[@]}" || [[ -n $MT_STOP ]] ||
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
	pipeline "$total" --jobs "$opt_jobs" bash "$MUTORTURE_HOME/runner/baseline-job" test '{%}' '{1}' '{2}' '{3}' \
		::: "${TARGET_SCENARIOS[@]}" ::: "${runs[@]}" ::: "${baseline_durations[@]}" || [[ -n $MT_STOP ]] || mt_die "recording the baseline failed"
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the baseline'; exit 130; fi
	records=$(grep -F $'\tkind=baseline\t' "$MT_RECORDS" || true)
	if ! baseline_judge "$records" "$total" && ((baseline_recorded != total)); then
		mt_die "the baseline did not complete: $baseline_recorded of $total runs recorded"
	fi
	bad=$baseline_bad
	if [[ -n $bad ]]; then
		local scenario status reason attempt run duration
		scenario=$(mt_field scenario <<<"$bad")
		status=$(mt_field status <<<"$bad")
		reason=$(mt_field reason <<<"$bad")
		attempt=$(mt_field attempt <<<"$bad")
		duration=$(mt_field duration <<<"$bad")
		# The attempt is TOKEN-baseline-SCENARIO-RUN, then -DURATIONs when the run asks for one.
		run=${attempt#"$MT_TOKEN-baseline-$scenario-"}
		baseline_failed "${run%%-*}" "$scenario" "$duration" "$status" "$reason" "$blog/$scenario-$run.log"
	fi
	# The slowest run of each duration, and of each scenario at each duration, as
	# 'test_s@DURATION=SECONDS' and 'test_s@DURATION@SCENARIO=SECONDS' lines.
	slowest=$(sort <<<"$baseline_slowest" | sed 's/^\([^ ]*\) /test_s@\1=/')
	baseline_knobs knobs
	printf 'knobs=%s\nbuild_s=%s\n%s\n' "$knobs" "$build_s" "$slowest" >"$MT_CAMPAIGN/baseline"
	cp -- "$1" "$MT_CAMPAIGN/baseline.files"
	baseline_check "$1" || true
	mt_note "baseline passed: slowest build $build_s s, slowest torture run $(baseline_runs_text)"
}

# baseline_judge RECORDS TOTAL: judges the records of a baseline of TOTAL runs (RECORDS, one
# a line, here or on a host): sets baseline_recorded (how many runs were recorded),
# baseline_bad (the first record of a run that did not survive, else empty) and
# baseline_slowest (the slowest run of each duration, and of each scenario at each duration:
# 'DURATION[@SCENARIO] SECONDS' lines, runner/slowest.awk). Fails unless all TOTAL runs were
# recorded and survived.
baseline_judge() {
	baseline_recorded=$(grep -c 'status=' <<<"$1" || true)
	baseline_bad=$(grep -v -F $'\tstatus=survived\t' <<<"$1" | grep -F 'status=' | head -n 1 || true)
	baseline_slowest=$(awk -F '\t' -f "$MUTORTURE_HOME/runner/slowest.awk" <<<"$1")
	((baseline_recorded == $2)) && [[ -z $baseline_bad ]]
}

# baseline_ensure RESTORE [reuse]: measures the baseline again unless the measured one holds for
# the list RESTORE (baseline_check) or, with 'reuse', one kept on this machine does
# (baseline_reuse; with 'reuse' a measured one is kept; a torture change's try neither takes
# nor keeps one: it measures its controls), then exports the job timeouts (MT_BUILD_TIMEOUT,
# MT_TEST_TIMEOUT: the quick pass's; each round sets its own, baseline_timeout_for).
baseline_ensure() {
	local again='' kept=''
	if ! baseline_check "$1"; then
		if [[ -n $baseline_missing && -n $baseline_build_s ]]; then again=${baseline_missing//$'\n'/ }; fi
		# The folder of this run's kept baseline, its key computed once.
		if [[ ${2:-} == reuse ]]; then baseline_cache_dir kept || true; fi
		if [[ -z $kept ]] || ! baseline_reuse "$1" "$kept"; then
			if [[ -n $again ]]; then
				mt_note "baseline: measuring again: the plan mutates $again, which the last baseline build did not rebuild"
			fi
			baseline_measure "$1"
			baseline_check "$1" || mt_die "the baseline just measured does not hold for the plan: '$MT_CAMPAIGN/baseline'"
			if [[ -n $kept ]]; then baseline_keep "$kept"; fi
		fi
	fi
	baseline_timeouts
	export MT_BUILD_TIMEOUT MT_TEST_TIMEOUT
}

# A baseline that passed is kept on this machine (in MUTORTURE_BASELINES/KEY/, default
# ~/.cache/mutorture/baselines) for any campaign or check whose baseline would be the same:
# baseline_key names everything that decides it. A Tiny RCU baseline is 24 guest runs (13 of
# the 17 minutes of a 6-mutant check): a later check of the same kernel and target takes it.

# baseline_key VAR: sets VAR to the key of the run's baseline: its knobs (baseline_knobs: the
# target, the runs, durations, limits and sandbox), the pristine tree (what the target says it
# was made from, target_identity, and the campaign's patch; else its hash: two setups of the
# same code differ by paths and mtimes), the jobs (the slowest run is measured beside the
# others), and the versions of what runs it: this runner (its scripts, targets/lib and the
# binary) and the target (the files of its folder: target.sh or the config, a Linux target's
# kernel config fragments). Empty when target_identity fails: nothing is kept or reused.
baseline_key() {
	local _knobs _tree=''
	if declare -F target_identity >/dev/null; then
		_tree=$(target_identity "$MT_CAMPAIGN/pristine") && [[ -n $_tree ]] || { printf -v "$1" ''; return 0; }
		if [[ -f $MT_CAMPAIGN/pristine.patch ]]; then
			_tree+="+patch-$(sha256sum <"$MT_CAMPAIGN/pristine.patch" | cut -c1-16)"
		fi
	fi
	baseline_knobs _knobs "$_tree"
	printf -v "$1" '%s' "$({
		printf '%s jobs=%s\n' "$_knobs" "$opt_jobs"
		(cd -- "$MUTORTURE_HOME" && find runner targets/lib -type f -print0 | sort -z | xargs -0 sha256sum)
		sha256sum <"$MUTORTURE_BIN"
		find "$TARGET_DIR" -maxdepth 1 -type f -print0 | sort -z | xargs -0 sha256sum
	} | sha256sum | cut -c1-16)"
}

# baseline_cache_dir VAR: sets VAR to the folder of this machine's kept baseline for the run
# (under MUTORTURE_BASELINES, default MUTORTURE_CACHE/baselines); fails when there is no key, or
# MUTORTURE_BASELINES is 'off' (none kept or reused: the tests, whose results must not depend
# on the order they run in).
baseline_cache_dir() {
	local _key _dir=${MUTORTURE_BASELINES:-${MUTORTURE_CACHE:-$HOME/.cache/mutorture}/baselines}
	[[ $_dir != off ]] || return 1
	baseline_key _key
	[[ -n $_key ]] || return 1
	printf -v "$1" '%s' "$_dir/$_key"
}

# baseline_keep DIR: keeps the campaign's baseline, just passed, in DIR (baseline_cache_dir) for
# later runs (baseline_reuse), with where and when it was measured. Best effort: a cache that
# cannot be written costs only the reuse.
baseline_keep() {
	local dir=$1
	{
		mkdir -p -- "$dir.tmp.$$" &&
			cp -- "$MT_CAMPAIGN/baseline" "$MT_CAMPAIGN/baseline.files" "$dir.tmp.$$"/ &&
			printf '%s for %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$MT_DB" >"$dir.tmp.$$/origin" &&
			rm -rf -- "$dir" && mv -- "$dir.tmp.$$" "$dir"
	} 2>/dev/null || rm -rf -- "$dir.tmp.$$"
}

# baseline_reuse RESTORE DIR: takes the baseline kept in DIR (baseline_keep) as the campaign's
# when it holds for RESTORE (baseline_check: the same knobs, every duration, every file
# restored), and says so; fails, taking nothing, when there is none or it does not hold.
# Control runs go on checking the unmutated code during the run.
baseline_reuse() {
	local dir=$2 origin knobs
	[[ -f $dir/origin ]] && baseline_check "$1" "$dir" || return 1
	origin=$(<"$dir/origin")
	# Taken with this campaign's knobs, which the key made equal: a later run's check holds.
	baseline_knobs knobs
	{ printf 'knobs=%s\n' "$knobs" && grep -v '^knobs=' "$dir/baseline"; } >"$MT_CAMPAIGN/baseline.reused" &&
		cp -- "$dir/baseline.files" "$MT_CAMPAIGN/baseline.files.reused" || return 1
	mv -f -- "$MT_CAMPAIGN/baseline.reused" "$MT_CAMPAIGN/baseline"
	mv -f -- "$MT_CAMPAIGN/baseline.files.reused" "$MT_CAMPAIGN/baseline.files"
	mt_note "baseline: reused this machine's, measured $origin with the same target, runner, pristine tree, knobs and jobs ($dir; remove it to measure again): slowest build $baseline_build_s s, slowest torture run $(baseline_runs_text); no baseline run"
}

# baseline_failed RUN SCENARIO DURATION STATUS REASON LOG: stops the run after a baseline run of
# the unmutated code that did not pass, showing the end of its LOG. (A torture change's try
# says what such a failure means for the change instead: runner/gaps-try.)
baseline_failed() {
	tail -n 30 -- "$6" >&2 || true
	mt_die "baseline run $1 of scenario '$2'${3:+ (runs of $3 s)} on the unmutated code: $4${5:+ ($5)}; log: $6. A failing or flaky baseline makes every kill meaningless: no mutant was run"
}
