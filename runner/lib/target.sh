# shellcheck shell=bash
# shellcheck disable=SC2034 # TARGET_DIR and MT_TARGET_SCENARIOS are read by the sourcing scripts
# runner/lib/target.sh: finding, loading and checking a target (sourced, never run; needs
# lib/base.sh): mt_target_file names it, mt_source_target loads it with the default optional
# hooks, mt_scenarios_for asks it which scenarios a file's mutant runs, mt_check_target checks it
# against targets/CONTRACT.md once a run.

# mt_target_file TARGET: prints the absolute path of the target.sh that TARGET names: a
# name under $MUTORTURE_HOME/targets/, a folder holding target.sh, or a target.sh file (or a
# target config file NAME.conf).
mt_target_file() {
	local t=$1
	if [[ $t != */* && -f $MUTORTURE_HOME/targets/$t/target.sh ]]; then
		realpath -- "$MUTORTURE_HOME/targets/$t/target.sh"
	elif [[ -d $t && -f $t/target.sh ]]; then
		realpath -- "$t/target.sh"
	elif [[ -f $t ]]; then
		realpath -- "$t"
	else
		mt_die "cannot find target '$t': not a name under '$MUTORTURE_HOME/targets/', a folder with a target.sh, or a target.sh"
	fi
}

# mt_source_target FILE: sources a target.sh (or loads a target config NAME.conf through
# targets/lib/config-target.sh) with TARGET_DIR set and defines the default
# optional hooks it lacks. No checks and no forks: jobs and hooks call it many times, after
# mt_check_target vouched for the file once in the run.
mt_source_target() {
	TARGET_DIR=${1%/*}
	if [[ $1 == *.conf ]]; then
		# A config file is read, never run (targets/CONFIG.md).
		# shellcheck source=targets/lib/config-target.sh
		source "$MUTORTURE_HOME/targets/lib/config-target.sh" && config_load "$1" ||
			mt_die "cannot load target config '$1'"
	else
		# shellcheck source=/dev/null
		source "$1" || mt_die "cannot load target '$1'"
	fi
	if ! declare -F target_clone >/dev/null; then
		target_clone() { cp -a -- "$1" "$2"; }
	fi
	if ! declare -F target_scenarios_for >/dev/null; then
		target_scenarios_for() { printf '%s\n' "${TARGET_SCENARIOS[@]}"; }
	fi
	# Under a torture change (mutorture gaps try) its scenarios are the ones that run.
	if [[ -n ${MUTORTURE_CHANGE:-} ]]; then
		# shellcheck source=targets/lib/change.sh
		source "$MUTORTURE_HOME/targets/lib/change.sh" || mt_die "cannot load targets/lib/change.sh"
		# shellcheck disable=SC2154 # change_error: set by change_load
		change_load "$MUTORTURE_CHANGE" || mt_die "$change_error"
		MT_TARGET_SCENARIOS=("${TARGET_SCENARIOS[@]}")
		kv_words TARGET_SCENARIOS "${CHANGE[scenarios]}"
	fi
}

# mt_scenarios_for FILE: prints, one a line, the scenarios a mutant of FILE runs: the
# target's (target_scenarios_for); under a torture change, those its 'scenarios_for' gives FILE,
# else those of the target's for FILE that the change runs, else every scenario it runs.
mt_scenarios_for() {
	local name
	local -a own picked=()
	if [[ -z ${MUTORTURE_CHANGE:-} ]]; then
		target_scenarios_for "$1"
		return
	fi
	kv_scenarios_for "${CHANGE[scenarios_for]:-}" "$1" && return 0
	mapfile -t own < <(target_scenarios_for "$1")
	for name in "${TARGET_SCENARIOS[@]}"; do
		if [[ " ${own[*]} " == *" $name "* ]]; then picked+=("$name"); fi
	done
	if ((${#picked[@]} == 0)); then picked=("${TARGET_SCENARIOS[@]}"); fi
	printf '%s\n' "${picked[@]}"
}

# mt_check_target FILE: after mt_source_target FILE, stops with a message naming what the
# target lacks of the target contract (targets/CONTRACT.md).
mt_check_target() {
	local fn var
	for var in TARGET_SOURCES TARGET_RULES TARGET_SCENARIOS; do
		if [[ $(declare -p "$var" 2>/dev/null) != 'declare -a'* ]]; then
			mt_die "target '$1' is incomplete: it does not declare the array $var (see targets/CONTRACT.md)"
		fi
	done
	if ((${#TARGET_SOURCES[@]} == 0 || ${#TARGET_SCENARIOS[@]} == 0)); then
		mt_die "target '$1' is incomplete: TARGET_SOURCES and TARGET_SCENARIOS must not be empty"
	fi
	for fn in target_setup target_build target_test; do
		declare -F "$fn" >/dev/null ||
			mt_die "target '$1' is incomplete: it does not define the function $fn (see targets/CONTRACT.md)"
	done
	for var in TARGET_GENERATE_ARGS TARGET_VIA; do
		if [[ -n ${!var+set} && $(declare -p "$var") != 'declare -a'* ]]; then
			mt_die "target '$1' declares $var, which must be an array (see targets/CONTRACT.md)"
		fi
	done
}
