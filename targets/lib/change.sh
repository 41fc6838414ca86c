# shellcheck shell=bash
# shellcheck disable=SC2034 # change_error and CHANGE_* are read by the callers
# change.sh: a torture change (targets/CONTRACT.md, "Torture changes"), read from its
# NAME.change file WITHOUT executing it (keyvalue.sh's format). The runner loads the change of
# a 'mutorture gaps try' in every job and hook (MUTORTURE_CHANGE names its file); a target that
# takes scenario definitions reads them here: change_scenario, change_configs, change_file.
# Sourced; defines functions only; loading forks nothing.

# shellcheck source=targets/lib/keyvalue.sh
source "${BASH_SOURCE[0]%/*}/keyvalue.sh"

# The keys of a change file: repeatable, single, and those that take a '.NAME' suffix
# (scenario.NAME: a scenario's definition in the target's own terms; config.NAME: a build
# configuration, for targets that have them).
CHANGE_LIST_KEYS='why scenarios_for'
CHANGE_KEYS='subject gaps patch scenarios'
CHANGE_SUFFIXED_KEYS='scenario config'

# change_load FILE: reads the change FILE into the associative array CHANGE, and sets
# CHANGE_FILE, CHANGE_DIR (its folder: the files it names are there) and CHANGE_NAME (the file
# name without .change). Fails with change_error set on a line it does not understand or a
# change without subject or scenarios.
change_load() {
	CHANGE_FILE=$1
	CHANGE_DIR=${1%/*}
	if [[ $CHANGE_DIR == "$1" ]]; then CHANGE_DIR=.; fi
	CHANGE_NAME=${1##*/}
	CHANGE_NAME=${CHANGE_NAME%.change}
	declare -gA CHANGE=()
	change_error=''
	if [[ ! -f $1 || ! -r $1 ]]; then
		change_error="cannot read torture change '$1'"
		return 1
	fi
	if ! kv_parse "$1" CHANGE "$CHANGE_LIST_KEYS" "$CHANGE_KEYS" "$CHANGE_SUFFIXED_KEYS"; then
		# shellcheck disable=SC2154 # kv_error: set by kv_parse (keyvalue.sh)
		change_error="torture change $1: $kv_error (see targets/CONTRACT.md)"
		return 1
	fi
	local key
	for key in subject scenarios; do
		if [[ -z ${CHANGE[$key]:-} ]]; then
			change_error="torture change $1: no '$key' given (see targets/CONTRACT.md)"
			return 1
		fi
	done
}

# change_scenario VAR NAME: sets VAR to the change's definition of scenario NAME (the value of
# 'scenario.NAME'); fails, VAR empty, when the change does not define it.
change_scenario() {
	printf -v "$1" '%s' "${CHANGE[scenario.$2]:-}"
	[[ -n ${CHANGE[scenario.$2]+set} ]]
}

# change_config VAR NAME: sets VAR to the change's definition of configuration NAME (the value
# of 'config.NAME'); fails, VAR empty, when the change does not define it.
change_config() {
	printf -v "$1" '%s' "${CHANGE[config.$2]:-}"
	[[ -n ${CHANGE[config.$2]+set} ]]
}

# change_configs VAR: sets the array VAR to the names of the configurations the change
# defines ('config.NAME' keys), sorted.
change_configs() {
	local -n _configs=$1
	local key
	_configs=()
	for key in "${!CHANGE[@]}"; do
		if [[ $key == config.* ]]; then _configs+=("${key#config.}"); fi
	done
	if ((${#_configs[@]} > 1)); then mapfile -t _configs < <(printf '%s\n' "${_configs[@]}" | sort); fi
}

# change_file VAR NAME: sets VAR to the absolute path of the file NAME the change names (a
# path relative to its folder); fails, with change_error set, when NAME leaves that folder or
# is not a readable file.
change_file() {
	change_error=''
	if [[ $2 == /* || /$2/ == */../* || -z $2 ]]; then
		change_error="torture change $CHANGE_FILE: '$2' is not a file of its folder (a path relative to it, without '..')"
		return 1
	fi
	printf -v "$1" '%s/%s' "$(cd -- "$CHANGE_DIR" && pwd -P)" "$2"
	if [[ ! -f ${!1} || ! -r ${!1} ]]; then
		change_error="torture change $CHANGE_FILE: cannot read '$2'"
		return 1
	fi
}
