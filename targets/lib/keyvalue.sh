# shellcheck shell=bash
# shellcheck disable=SC2034 # kv_error is read by the callers
# keyvalue.sh: the 'key = value' files of mutorture, read WITHOUT executing them: a target's
# config file (config-target.sh, targets/CONFIG.md) and a torture change (change.sh,
# targets/CONTRACT.md). Sourced; defines functions only, and forks nothing (a runner loads
# them in every job).
#
# The format: one 'key = value' a line, blanks around '=' and at both ends ignored, '#' starts
# a comment only at the beginning of a line (a value is everything after '='); a key is
# lowercase letters and '_', optionally with a '.NAME' suffix (NAME: letters, digits, '_', '.',
# '-') where the file's kind allows one.

# The longest torture run a target may declare (and an option ask for): a week.
KV_SECONDS_MAX=604800

# kv_seconds VALUE: whether VALUE is a duration a target may declare: a positive number of
# seconds (fractions allowed), at most KV_SECONDS_MAX. One predicate for a config's keys and a
# target.sh's TARGET_*DURATION, so the doctor refuses what a campaign refuses.
kv_seconds() {
	awk -v d="$1" -v max="$KV_SECONDS_MAX" 'BEGIN { exit !(d ~ /^[0-9]+(\.[0-9]+)?$/ && d > 0 && d <= max + 0) }'
}

# kv_runs VALUE: whether VALUE is a number of runs a target may declare: 1 to 999999.
kv_runs() {
	[[ $1 =~ ^[1-9][0-9]{0,5}$ ]]
}

# kv_parse FILE ARRAY LIST-KEYS KEYS SUFFIXED-KEYS: fills the associative array ARRAY from
# FILE. A key of the blank-separated LIST-KEYS may repeat (its values are joined by newlines),
# any other of KEYS may not; a key of SUFFIXED-KEYS takes a suffix (test.qsbr) and then may not
# repeat either. On a line it does not understand it sets kv_error ('line N: ...') and fails.
kv_parse() {
	local file=$1 list=" $3 " keys=" $4 " suffixed=" $5 " line key base value n=0
	local -n _kv=$2
	local re='^([a-z_]+)(\.[A-Za-z0-9_.-]+)?[[:space:]]*=[[:space:]]*(.*)$'
	kv_error=''
	while IFS= read -r line || [[ -n $line ]]; do
		n=$((n + 1))
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		[[ -n $line && $line != '#'* ]] || continue
		if [[ ! $line =~ $re ]]; then
			kv_error="line $n: not 'key = value': $line"
			return 1
		fi
		base=${BASH_REMATCH[1]}
		key=$base${BASH_REMATCH[2]}
		value=${BASH_REMATCH[3]}
		if [[ -n ${BASH_REMATCH[2]} && $suffixed != *" $base "* ]] ||
			[[ -z ${BASH_REMATCH[2]} && $keys != *" $base "* && $list != *" $base "* ]]; then
			kv_error="line $n: unknown key '$key'"
			return 1
		fi
		if [[ -z ${BASH_REMATCH[2]} && $list == *" $key "* ]]; then
			_kv[$key]+="${_kv[$key]+$'\n'}$value"
			continue
		fi
		if [[ -n ${_kv[$key]+set} ]]; then
			kv_error="line $n: '$key' given twice"
			return 1
		fi
		_kv[$key]=$value
	done <"$file"
}

# kv_words VAR TEXT: sets the array VAR to TEXT's blank-separated words (no globbing).
kv_words() {
	local -n _words=$1
	IFS=$' \t\n' read -r -d '' -a _words <<<"$2" || true
}

# kv_scenarios_for ENTRIES FILE: prints, one a line, the scenarios of the first of the
# 'GLOB: SCENARIO...' lines of ENTRIES whose GLOB matches FILE; fails when none does.
kv_scenarios_for() {
	local entry glob
	local -a scenarios
	while IFS= read -r entry; do
		[[ $entry == *:* ]] || continue
		glob=${entry%%:*}
		glob=${glob%"${glob##*[![:space:]]}"}
		# shellcheck disable=SC2053 # GLOB is a pattern on purpose
		if [[ $2 == $glob ]]; then
			kv_words scenarios "${entry#*:}"
			printf '%s\n' "${scenarios[@]}"
			return 0
		fi
	done <<<"$1"
	return 1
}
