# shellcheck shell=bash
# shellcheck disable=SC2034 # the TARGET_* settings are read by the runner, which sources this file
# config-target.sh: a target from a config file (targets/CONFIG.md): reads NAME.conf, a
# 'key = value' file, WITHOUT executing it, and provides the target contract
# (targets/CONTRACT.md) from it: the TARGET_* settings and the hooks, which run the config's
# commands with 'bash -c' in the tree they are given. Sourced by the runner
# (mt_source_target) for a target named NAME.conf, then config_load FILE.
#
# Invariants: loading forks nothing (the runner loads a target in every job and hook) and
# stops, naming the line or the key, on anything it does not understand, so a typo never passes
# for a default; the user's tree is only ever read (target_setup copies it); a command sees
# its tree as the working directory and as MUTORTURE_TREE, the scenario as MUTORTURE_SCENARIO,
# and the duration as MUTORTURE_DURATION and in place of '{duration}' (the run's, else the
# config's 'duration'; in proportion for a scenario with its own 'duration.SCENARIO');
# optional hooks exist only when their key is given.

# shellcheck source=targets/lib/keyvalue.sh
source "${BASH_SOURCE[0]%/*}/keyvalue.sh"
# This folder (targets/lib): cross.sh, for the aarch64 objects of the equivalence pass.
CONFIG_LIB=${BASH_SOURCE[0]%/*}
if [[ $CONFIG_LIB != /* ]]; then CONFIG_LIB=$PWD/$CONFIG_LIB; fi

# Keys a config may give more than once (their values are joined by newlines), the others,
# and those that take a scenario suffix (test.qsbr, duration.slow).
CONFIG_LIST_KEYS='sources header functions rules generate_args scenarios_for includers fail hang'
CONFIG_KEYS='tree scenarios setup build test pass compdb coverage compile clone entry_filter quick_duration duration confirm_runs changes'
CONFIG_SUFFIXED_KEYS='build test duration compile'

# config_error MESSAGE...: prints a git-style error line about the config on stderr.
config_error() {
	printf 'error: config %s: %s\n' "$CONFIG_FILE" "$*" >&2
}

# config_fail MESSAGE...: the config cannot be loaded: says why, fails the source.
config_fail() {
	printf 'fatal: config %s: %s\n' "$CONFIG_FILE" "$*" >&2
	exit 128
}

# config_glob VAR GLOB: sets the array VAR to the tree-relative files GLOB matches in the
# user's tree (in glob order); fails when none does.
config_glob() {
	local -n _files=$1
	local _path _nullglob='' IFS=''
	local -a _matches
	if shopt -q nullglob; then _nullglob=1; fi
	shopt -s nullglob
	# shellcheck disable=SC2206 # the GLOB is expanded on purpose (IFS is empty: no splitting)
	_matches=("$CONFIG_TREE"/$2)
	if [[ -z $_nullglob ]]; then shopt -u nullglob; fi
	_files=()
	for _path in "${_matches[@]}"; do
		if [[ -f $_path ]]; then _files+=("${_path#"$CONFIG_TREE"/}"); fi
	done
	((${#_files[@]}))
}

# config_load FILE: reads the config FILE and sets the target's settings from it.
config_load() {
	local line scenario via header key rc
	local -a words files
	CONFIG_FILE=$1
	CONFIG_DIR=${1%/*}
	declare -gA CONFIG=()
	# shellcheck disable=SC2154 # kv_error: set by kv_parse (keyvalue.sh)
	kv_parse "$1" CONFIG "$CONFIG_LIST_KEYS" "$CONFIG_KEYS" "$CONFIG_SUFFIXED_KEYS" ||
		config_fail "$kv_error (see targets/CONFIG.md)"
	for key in "${!CONFIG[@]}"; do
		[[ -n ${CONFIG[$key]//[[:space:]]/} ]] || config_fail "'$key' is given without a value"
	done
	[[ -n ${CONFIG[tree]:-} ]] || config_fail "no 'tree' given (see targets/CONFIG.md)"
	CONFIG_TREE=${CONFIG[tree]}
	if [[ $CONFIG_TREE != /* ]]; then CONFIG_TREE=$CONFIG_DIR/$CONFIG_TREE; fi
	[[ -d $CONFIG_TREE ]] || config_fail "tree '${CONFIG[tree]}' is not a directory"

	TARGET_SOURCES=()
	TARGET_VIA=()
	kv_words words "${CONFIG[sources]:-}"
	for line in "${words[@]}"; do
		config_glob files "$line" || config_fail "sources '$line' names no file in '$CONFIG_TREE'"
		TARGET_SOURCES+=("${files[@]}")
	done
	while IFS= read -r line; do
		[[ -n $line ]] || continue
		kv_words words "$line"
		((${#words[@]} >= 3)) && [[ ${words[-2]} == via ]] ||
			config_fail "header '$line': not 'HEADER... via FILE.c'"
		via=${words[-1]}
		[[ -f $CONFIG_TREE/$via ]] || config_fail "header '$line': no file '$via' in '$CONFIG_TREE'"
		for header in "${words[@]:0:${#words[@]}-2}"; do
			config_glob files "$header" || config_fail "header '$header' names no file in '$CONFIG_TREE'"
			for line in "${files[@]}"; do
				TARGET_SOURCES+=("$line")
				TARGET_VIA+=("$line=$via")
			done
		done
	done <<<"${CONFIG[header]:-}"
	((${#TARGET_SOURCES[@]})) || config_fail "no 'sources' or 'header' given: nothing to mutate"

	kv_words TARGET_RULES "${CONFIG[rules]:-}"
	kv_words TARGET_SCENARIOS "${CONFIG[scenarios]:-default}"
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		[[ $scenario =~ ^[A-Za-z0-9_.-]+$ ]] || config_fail "scenario '$scenario': letters, digits, '_', '.' and '-' only"
	done
	# A suffix names a scenario (compile's, the other architecture); build and test: a plain key,
	# or one KEY.SCENARIO for every scenario.
	for key in "${!CONFIG[@]}"; do
		line=${key%%.*}
		if [[ $key == compile.* ]]; then
			[[ $key == compile.aarch64 ]] || config_fail "'$key': the other architecture's compile is 'compile.aarch64'"
		elif [[ $key == *.* && " ${TARGET_SCENARIOS[*]} " != *" ${key#"$line".} "* ]]; then
			config_fail "'$key': no scenario '${key#"$line".}' (scenarios: ${TARGET_SCENARIOS[*]})"
		fi
	done
	for line in build test; do
		[[ -n ${CONFIG[$line]:-} ]] && continue
		for scenario in "${TARGET_SCENARIOS[@]}"; do
			[[ -n ${CONFIG[$line.$scenario]:-} ]] ||
				config_fail "no '$line' given, nor '$line.$scenario' (see targets/CONFIG.md)"
		done
	done
	# One build serves every scenario (targets/CONTRACT.md) when the config builds them alike:
	# no build.SCENARIO, and a build command that names neither {scenario} nor {duration}.
	TARGET_ONE_BUILD=1
	for key in "${!CONFIG[@]}"; do
		if [[ $key == build.* ]]; then TARGET_ONE_BUILD=''; fi
	done
	if [[ ${CONFIG[build]:-} == *'{scenario}'* || ${CONFIG[build]:-} == *'{duration}'* ]]; then TARGET_ONE_BUILD=''; fi
	TARGET_GENERATE_ARGS=()
	kv_words words "${CONFIG[functions]:-}"
	for line in "${words[@]}"; do TARGET_GENERATE_ARGS+=(--function "$line"); done
	if [[ -n ${CONFIG[entry_filter]:-} ]]; then TARGET_GENERATE_ARGS+=(--entry-filter "${CONFIG[entry_filter]}"); fi
	kv_words words "${CONFIG[generate_args]:-}"
	TARGET_GENERATE_ARGS+=("${words[@]}")
	unset TARGET_QUICK_DURATION TARGET_DURATION TARGET_CONFIRM_RUNS
	# Checked here, by the key as written, so that the doctor refuses what a campaign would.
	for key in quick_duration duration; do
		if [[ -n ${CONFIG[$key]:-} ]] && ! kv_seconds "${CONFIG[$key]}"; then
			config_fail "'$key = ${CONFIG[$key]}': not a positive number of seconds (at most a week)"
		fi
	done
	if [[ -n ${CONFIG[confirm_runs]:-} ]] && ! kv_runs "${CONFIG[confirm_runs]}"; then
		config_fail "'confirm_runs = ${CONFIG[confirm_runs]}': not a number of runs (1 or more)"
	fi
	if [[ -n ${CONFIG[quick_duration]:-} && -z ${CONFIG[duration]:-} ]]; then
		config_fail "'quick_duration' needs 'duration', the full duration its survivors are confirmed at"
	fi
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		key=duration.$scenario
		[[ -n ${CONFIG[$key]:-} ]] || continue
		kv_seconds "${CONFIG[$key]}" ||
			config_fail "'$key = ${CONFIG[$key]}': not a positive number of seconds (at most a week)"
		[[ -n ${CONFIG[duration]:-} ]] ||
			config_fail "'$key' needs 'duration', the full duration it stands for in scenario '$scenario'"
	done
	if [[ -n ${CONFIG[quick_duration]:-} ]]; then TARGET_QUICK_DURATION=${CONFIG[quick_duration]}; fi
	if [[ -n ${CONFIG[duration]:-} ]]; then TARGET_DURATION=${CONFIG[duration]}; fi
	if [[ -n ${CONFIG[confirm_runs]:-} ]]; then TARGET_CONFIRM_RUNS=${CONFIG[confirm_runs]}; fi
	# The optional hooks exist only when the config gives their command.
	# The patterns as bash matches them (an ERE it cannot compile would fail every run).
	for key in pass fail hang; do
		while IFS= read -r line; do
			[[ -n $line ]] || continue
			rc=0
			# shellcheck disable=SC2319 # the status of the match itself: 2 is a pattern it cannot compile
			[[ '' =~ $line ]] || rc=$?
			((rc != 2)) || config_fail "$key '$line': not a regular expression (ERE)"
		done <<<"${CONFIG[$key]:-}"
	done
	while IFS= read -r line; do
		[[ -n $line ]] || continue
		kv_words words "${line#*:}"
		[[ $line == *:* ]] && ((${#words[@]})) || config_fail "scenarios_for '$line': not 'GLOB: SCENARIO...'"
		for scenario in "${words[@]}"; do
			[[ " ${TARGET_SCENARIOS[*]} " == *" $scenario "* ]] ||
				config_fail "scenarios_for '$line': no scenario '$scenario' (scenarios: ${TARGET_SCENARIOS[*]})"
		done
	done <<<"${CONFIG[scenarios_for]:-}"
	while IFS= read -r line; do
		[[ -n $line ]] || continue
		kv_words words "${line#*:}"
		[[ $line == *:* ]] && ((${#words[@]})) || config_fail "includers '$line': not 'HEADER: FILE.c...'"
		for via in "${words[@]}"; do
			[[ -f $CONFIG_TREE/$via ]] || config_fail "includers '$line': no file '$via' in '$CONFIG_TREE'"
		done
	done <<<"${CONFIG[includers]:-}"
	if [[ -n ${CONFIG[includers]:-} && -z ${CONFIG[compile]:-} ]]; then
		config_fail "'includers' needs 'compile': they are the files a header's mutants are compiled through"
	fi
	if [[ -n ${CONFIG[compile.aarch64]:-} && -z ${CONFIG[compile]:-} ]]; then
		config_fail "'compile.aarch64' needs 'compile', the object of this host it is compared with"
	fi
	if [[ -z ${CONFIG[compile]:-} ]]; then unset -f target_compile target_includers; fi
	if [[ -z ${CONFIG[coverage]:-} ]]; then unset -f target_coverage; fi
	if [[ -z ${CONFIG[clone]:-} ]]; then unset -f target_clone; fi
	if [[ -z ${CONFIG[scenarios_for]:-} ]]; then unset -f target_scenarios_for; fi
	# Its torture changes: NAME.change files of the folder 'changes' names (default torture/).
	TARGET_CHANGES_DIR=${CONFIG[changes]:-torture}
	if [[ $TARGET_CHANGES_DIR != /* ]]; then TARGET_CHANGES_DIR=$CONFIG_DIR/$TARGET_CHANGES_DIR; fi
}

# config_duration VAR [SCENARIO]: sets VAR to the seconds a run of SCENARIO asks for: the run's
# duration (MUTORTURE_DURATION), else the config's 'duration'; a scenario with its own
# 'duration.SCENARIO' gets it stretched by that over 'duration' (its full runs last exactly
# that, its quick runs and a --duration of the user in proportion). Empty when none is set.
config_duration() {
	local -n _seconds=$1
	local own=${CONFIG[duration.${2:-}]:-}
	_seconds=${MUTORTURE_DURATION:-${TARGET_DURATION:-}}
	if [[ -n $own && -n $_seconds ]]; then
		_seconds=$(awk -v d="$_seconds" -v own="$own" -v full="${CONFIG[duration]}" \
			'BEGIN { printf "%.6g\n", d * own / full }')
	fi
}

# config_command VAR KEY [SCENARIO]: sets VAR to the command of KEY.SCENARIO, else KEY, with
# '{scenario}' and '{duration}' put in; fails, saying why, when it needs a duration there is none.
config_command() {
	local -n _cmd=$1
	local key=$2 scenario=${3:-} duration definition
	config_duration duration "$scenario"
	_cmd=${CONFIG[$key.$scenario]:-${CONFIG[$key]:-}}
	# A torture change's scenario (mutorture gaps try) is its test command.
	if [[ $key == test ]] && declare -F change_scenario >/dev/null && change_scenario definition "$scenario"; then
		_cmd=$definition
	fi
	_cmd=${_cmd//'{scenario}'/$scenario}
	if [[ $_cmd == *'{duration}'* && -z $duration ]]; then
		config_error "'$key' uses {duration} but no duration is set (give 'duration = SECONDS')"
		return 2
	fi
	_cmd=${_cmd//'{duration}'/$duration}
}

# config_run DIR COMMAND [SCENARIO]: runs COMMAND with bash in DIR, with MUTORTURE_TREE (DIR,
# absolute), MUTORTURE_SCENARIO and MUTORTURE_DURATION (config_duration) set.
config_run() {
	(
		cd -- "$1" || exit
		export MUTORTURE_TREE=$PWD MUTORTURE_SCENARIO=${3:-}
		local duration
		config_duration duration "${3:-}"
		if [[ -n $duration ]]; then export MUTORTURE_DURATION=$duration; fi
		exec bash -c "$2"
	)
}

target_setup() {
	local dir=$1 cmd src
	if [[ -e $dir && -n $(ls -A "$dir") ]]; then
		config_error "cannot set up in '$dir': not empty"
		return 1
	fi
	mkdir -p "$dir" && cp -a -- "$CONFIG_TREE"/. "$dir"/ || return 1
	if [[ -n ${CONFIG[setup]:-} ]]; then
		config_run "$dir" "${CONFIG[setup]}" || { config_error "setup command failed: ${CONFIG[setup]}"; return 1; }
	fi
	cmd=${CONFIG[compdb]:-${CONFIG[build]}}
	config_run "$dir" "$cmd" || { config_error "build command failed: $cmd"; return 1; }
	if [[ ! -f $dir/compile_commands.json ]]; then
		config_error "no compile_commands.json in the tree after the build: give 'compdb = bear -- make' (or a build that writes one)"
		return 1
	fi
	for src in "${TARGET_SOURCES[@]}"; do
		[[ -f $dir/$src ]] || { config_error "no file '$src' in the tree after setup"; return 1; }
	done
}

target_build() {
	local cmd
	config_command cmd build "${2:-}" || return
	config_run "$1" "$cmd" "${2:-}"
}

# config_matches KEY LINE: whether LINE matches one of the patterns of the list KEY.
config_matches() {
	local pattern
	while IFS= read -r pattern; do
		if [[ -n $pattern && $2 =~ $pattern ]]; then return 0; fi
	done <<<"${CONFIG[$1]:-}"
	return 1
}

# config_judge LINE: what one console line says, by the config's patterns: sets
# config_decided (hang or fail, with config_reason the line) and config_passed (1 when the
# line matches 'pass'); a decided run stays decided.
config_judge() {
	[[ -z $config_decided ]] || return 0
	if config_matches hang "$1"; then
		config_decided=hang config_reason=$1
	elif config_matches fail "$1"; then
		config_decided=fail config_reason=$1
	elif [[ -n ${CONFIG[pass]:-} && $1 =~ ${CONFIG[pass]} ]]; then
		config_passed=1
	fi
}

# config_verdict STATUS LAST-LINE: the verdict on a judged run (config_judge on every line)
# that ended with STATUS ('' when unknown): as targets/CONTRACT.md's target_test.
config_verdict() {
	local status=$1 last=$2
	case $config_decided in
	hang)
		printf 'mutorture-reason: %s\n' "$config_reason"
		return 124 ;;
	fail)
		printf 'mutorture-reason: %s\n' "$config_reason"
		return 1 ;;
	esac
	if [[ $status == 0 ]]; then
		if [[ -z ${CONFIG[pass]:-} || -n $config_passed ]]; then return 0; fi
		printf "mutorture-reason: no line matched the pass pattern; the last was '%s'\n" "$last"
		return 1
	fi
	printf "mutorture-reason: the test command exited with status %s after '%s'\n" "${status:-unknown}" "$last"
	if [[ $status == 124 ]]; then return 124; fi
	return 1
}

# One torture run, streamed; the first line a 'hang' or 'fail' pattern matches decides and
# stops it (the runner kills what is left of its process group); the exit status closes the log.
target_test() {
	local dir=$1 scenario=$2 cmd line last='' status='' pid out
	config_decided='' config_reason='' config_passed=''
	config_command cmd test "$scenario" || return
	exec {out}< <(config_run "$dir" "$cmd" "$scenario" 2>&1)
	pid=$!
	while IFS= read -r line <&"$out"; do
		printf '%s\n' "$line"
		last=$line
		config_judge "$line"
		if [[ -n $config_decided ]]; then
			kill -TERM "$pid" 2>/dev/null || true
			break
		fi
	done
	exec {out}<&-
	if [[ -z $config_decided ]]; then
		status=0
		wait "$pid" || status=$?
		printf 'mutorture-config: the test command exited with status %s\n' "$status"
	fi
	config_verdict "$status" "$last"
}

# target_recheck LOG SCENARIO: the same verdict from a saved log of target_test, with the
# config's patterns as they are now.
target_recheck() {
	local line last='' status=''
	config_decided='' config_reason='' config_passed=''
	while IFS= read -r line; do
		case $line in
		'mutorture-config: the test command exited with status '*) status=${line##* } ;;
		'mutorture-reason: '*) ;;
		*) last=$line; config_judge "$line" ;;
		esac
	done <"$1"
	config_verdict "$status" "$last"
}

# target_scenarios_for FILE: the scenarios of the first 'scenarios_for = GLOB: SCENARIO...'
# whose GLOB matches FILE, else all.
target_scenarios_for() {
	kv_scenarios_for "${CONFIG[scenarios_for]:-}" "$1" || printf '%s\n' "${TARGET_SCENARIOS[@]}"
}

# target_compile DIR FILE OUT [TRIPLE]: the 'compile' command with MUTORTURE_FILE and
# MUTORTURE_OUT (absolute) set; for this host only.
target_compile() {
	local out=$3 triple=${4:-}
	if [[ $out != /* ]]; then out=$PWD/$out; fi
	if [[ -n $triple ]]; then
		config_cross_compile "$1" "$2" "$out" "$triple"
		return
	fi
	MUTORTURE_FILE=$2 MUTORTURE_OUT=$out config_run "$1" "${CONFIG[compile]}"
}

# target_includers DIR HEADER OUT: the files whose objects a header's mutants are compared
# through: those of the first 'includers = GLOB: FILE...' whose GLOB matches HEADER, else the
# file its 'header = HEADER via FILE.c' names; declined (status 2, saying what to give) when
# the config names none.
target_includers() {
	local header=$2 out=$3 pair
	if kv_scenarios_for "${CONFIG[includers]:-}" "$header" >"$out"; then return 0; fi
	for pair in "${TARGET_VIA[@]}"; do
		if [[ ${pair%%=*} == "$header" ]]; then
			printf '%s\n' "${pair#*=}" >"$out"
			return 0
		fi
	done
	config_error "no file that compiles '$header' is named: give 'includers = $header: FILE.c...'"
	return 2
}

# config_cross_compile DIR FILE OUT TRIPLE: the equivalence pass's object for TRIPLE (only
# aarch64-linux-gnu is asked for): 'compile.aarch64' when the config gives it, else 'compile'
# itself with the compilers it calls by name (cc, gcc, clang) made for TRIPLE by cross.sh (same
# family and version, or declined). An object that is not for TRIPLE (the command named its
# compiler by path) is declined, status 2, saying so: never compared as if it were.
config_cross_compile() {
	local dir=$1 file=$2 out=$3 triple=$4 shims name real status=0
	local cmd=${CONFIG[compile.${triple%%-*}]:-}
	if [[ -n $cmd ]]; then
		MUTORTURE_FILE=$file MUTORTURE_OUT=$out MUTORTURE_TRIPLE=$triple config_run "$dir" "$cmd"
		return
	fi
	shims=$(mktemp -d) || return 1
	for name in cc gcc clang; do
		real=$(command -v "$name") || continue
		printf '#!/usr/bin/env bash\n# shellcheck source=/dev/null\nsource %q || exit 2\ncross_command argv %q %q "$@" || exit\nexec "${argv[@]}"\n' \
			"$CONFIG_LIB/cross.sh" "$triple" "$real" >"$shims/$name"
		chmod +x "$shims/$name"
	done
	PATH=$shims:$PATH MUTORTURE_FILE=$file MUTORTURE_OUT=$out MUTORTURE_TRIPLE=$triple \
		config_run "$dir" "${CONFIG[compile]}" || status=$?
	rm -rf -- "$shims"
	if ((status == 0)) && ! LC_ALL=C readelf -h "$out" 2>/dev/null | grep -q 'Machine:.*AArch64'; then
		rm -f -- "$out"
		printf "config: 'compile' made no %s object (it names its compiler by path, not cc, gcc or clang): give 'compile.aarch64'\n" "$triple" >&2
		status=2
	fi
	return "$status"
}

# target_coverage DIR OUT: the 'coverage' command with MUTORTURE_OUT (absolute) set.
target_coverage() {
	local out=$2
	if [[ $out != /* ]]; then out=$PWD/$out; fi
	MUTORTURE_OUT=$out config_run "$1" "${CONFIG[coverage]}"
}

# target_clone SRC DST: the 'clone' command, run in SRC with MUTORTURE_SRC and MUTORTURE_DST
# (absolute) set.
target_clone() {
	local dst=$2
	if [[ $dst != /* ]]; then dst=$PWD/$dst; fi
	MUTORTURE_SRC=$(cd -- "$1" && pwd -P) MUTORTURE_DST=$dst config_run "$1" "${CONFIG[clone]}"
}

# target_check_change FILE: a torture change's scenarios, 'scenario.NAME = COMMAND': the test
# command of a new scenario (or of one of the config's, redefined), as 'test' is written; a
# config target has no build configurations. Uses no file of the change.
target_check_change() {
	local key
	for key in "${!CHANGE[@]}"; do
		if [[ $key == config.* ]]; then
			config_error "torture change $1: '$key': a config target has one build, no configurations"
			return 1
		fi
	done
}
