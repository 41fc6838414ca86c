# shellcheck shell=bash
# shellcheck disable=SC2034 # MT_GRACE and MT_NO_VERDICT are read by the sourcing scripts
# runner/lib/base.sh: what every runner script and hook needs (sourced, never run): the C
# locale, git-style errors and help, progress lines, and the time helpers. A hook (runner/hook)
# sources this and lib/target.sh only; each script sources the modules of runner/lib/ it uses.

export LC_ALL=C

# Seconds between TERM and KILL when a hook's timeout fires.
MT_GRACE=1
# How a scenario run's reason starts when the runner's torture timeout ended it (runner/job):
# its log holds no verdict, so 'mutorture recheck' leaves it as it was.
MT_NO_VERDICT='no verdict within the timeout of'

# mt_die MESSAGE...: prints a git-style fatal error and exits 128.
mt_die() {
	printf 'fatal: %s\n' "$*" >&2
	exit 128
}

# mt_usage_error SCRIPT MESSAGE...: prints an error and SCRIPT's usage lines, exits 129.
mt_usage_error() {
	local script=$1
	shift
	printf 'error: %s\n' "$*" >&2
	mt_help "$script" >&2
	exit 129
}

# mt_help SCRIPT: prints the comment block at the top of SCRIPT (its Usage header), less any
# directive to shellcheck that closes it.
mt_help() {
	sed -n '2,/^[^#]/{/^# shellcheck /d; /^#/s/^# \{0,1\}//p}' "$1"
}

# mt_note MESSAGE...: one progress line on stderr.
mt_note() {
	printf 'mutorture: %s\n' "$*" >&2
}

# The time helpers set a variable instead of printing: they run several times per job, and a
# command substitution costs a fork.

# mt_now_us VAR: sets VAR to the wall clock in microseconds.
mt_now_us() {
	printf -v "$1" '%s' "${EPOCHREALTIME/./}"
}

# mt_utc_now VAR: sets VAR to the time now as ISO 8601 UTC.
mt_utc_now() {
	TZ=UTC0 printf -v "$1" '%(%Y-%m-%dT%H:%M:%SZ)T' -1
}

# mt_us_to_s VAR MICROSECONDS: sets VAR to them as seconds with three decimals.
mt_us_to_s() {
	printf -v "$1" '%d.%03d' "$(($2 / 1000000))" "$(($2 % 1000000 / 1000))"
}

# mt_s_to_us VAR SECONDS: sets VAR to a decimal number of seconds as integer microseconds.
mt_s_to_us() {
	local _whole=${2%%.*} _frac=
	if [[ $2 == *.* ]]; then _frac=${2#*.}; fi
	_frac=${_frac}000000
	printf -v "$1" '%d' "$((10#${_whole:-0} * 1000000 + 10#${_frac:0:6}))"
}
