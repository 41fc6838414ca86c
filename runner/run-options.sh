# shellcheck shell=bash
# shellcheck disable=SC2034 # the opt_* settings are read by the other run-*.sh modules
# run-options.sh: the settings of 'mutorture run' (sourced by runner/run, never run). Parses the
# command line into opt_* variables, then resolves the campaign and its target and derives the
# limits every job gets.
#
# Invariants: nothing is written before the command line and the target are checked; a wrong
# command line exits 129 with runner/run's usage, anything else that stops here exits 128; the
# settings that jobs and hooks read are exported as MT_* (and MUTORTURE_* for the target).
# The durations and the confirmation policy come from the command line, else the environment
# (MUTORTURE_DURATION, the full duration), else the target (TARGET_QUICK_DURATION,
# TARGET_DURATION, TARGET_CONFIRM_RUNS), else the defaults: no separate quick pass, the target's
# own run length, K = 3.

# Seconds a baseline hook may take: a safety net, the baseline is what timeouts come from.
MT_BASELINE_TIMEOUT=3600
# Full-length runs that confirm a survivor when neither --confirm nor the target says.
MT_CONFIRM_DEFAULT=3
# The least virtual memory a job may get, in MB. Measured by bisecting 'ulimit -v' on Debian 12
# x86-64 with gcc 12: the fixture target (one small C file) builds from 48 MB; toy-rcu builds
# from 72 MB and its torture (a few threads, 8 MB of stack each) runs from 80 MB; below that
# gcc's cc1 or pthread_create fail and every mutant would be a build_error or a kill. 128 MB
# leaves a margin: a limit below it is a broken environment, refused before anything runs.
MT_MEM_FLOOR_MB=128
# The fewest processes a job may have (RLIMIT_NPROC): bash, make, the compiler driver, cc1,
# as, ld, the torture program and its threads (threads count as processes here).
MT_NPROC_FLOOR=32
# More parallel jobs than this many per core is a typo, not a campaign: each job is a worker
# tree and a share of the memory.
MT_JOBS_PER_CORE_MAX=8

# No count or number of seconds an option takes is this large: a bigger one is a typo, and it
# would overflow the shell's arithmetic (a duration has its own, lower, limit).
MT_OPTION_MAX=1000000000
# shellcheck source=targets/lib/keyvalue.sh
source "$MUTORTURE_HOME/targets/lib/keyvalue.sh"
# The longest torture run an option may ask for: a week, as a target may declare.
MT_DURATION_MAX=$KV_SECONDS_MAX

# options_number NAME VALUE [decimal [MAX [UNIT]]]: checks an option's value is a non-negative
# (decimal) number no larger than MAX (default MT_OPTION_MAX), UNIT said after MAX.
options_number() {
	local re='^[0-9]+$' max=${4:-$MT_OPTION_MAX}
	if [[ ${3:-} == decimal ]]; then re='^[0-9]+(\.[0-9]+)?$'; fi
	[[ $2 =~ $re ]] || mt_usage_error "$0" "option '--$1' expects a number, not '$2'"
	# (awk: a number too long for the shell's arithmetic is still compared right)
	if awk -v v="$2" -v max="$max" 'BEGIN { exit !(v + 0 > max + 0) }'; then
		mt_usage_error "$0" "option '--$1' expects at most $max${5:-}, not '$2'"
	fi
}

# options_count NAME VALUE [HINT]: checks an option's value is a count of at least 1 (HINT, in
# parentheses after the error: how to ask for none).
options_count() {
	options_number "$1" "$2"
	((10#$2 >= 1)) || mt_usage_error "$0" "option '--$1' expects at least 1${3:+ ($3)}"
}

# options_parse ARGS...: sets the opt_* settings from the command line (runner/run's options,
# in its usage header, the table lib/options.sh reads) and their defaults. A script that shares
# them (runner/gaps-try, runner/reclass, runner/campaign's check) is parsed against its own
# usage header first, then run's, and takes its own options and arguments with a function
# options_more NAME VALUE (called as lib/options.sh calls a handler).
options_parse() {
	opt_db=${MUTORTURE_DB:-mutorture.db}
	opt_target=''
	opt_jobs=''
	opt_operators=''
	opt_files=''
	opt_mutants=''
	opt_max_mutants=''
	opt_shuffle=''
	opt_factor=3
	opt_floor=10
	opt_baseline_runs=3
	opt_mem_mb=''
	opt_nproc=4096
	opt_log_mb=8
	opt_quick_duration=''
	opt_duration=''
	opt_confirm=''
	opt_no_confirm=''
	opt_control_every=25
	opt_prune=1
	opt_setup_only=''
	opt_patch=''
	opt_dry_run=''
	opt_hosts=''
	mt_options_load "$0" "$MUTORTURE_HOME/runner/run"
	mt_options_parse options_set "$@"
	[[ -n ${MUTORTURE_BIN:-} && -n ${MUTORTURE_HOME:-} ]] ||
		mt_die "MUTORTURE_BIN and MUTORTURE_HOME are not set: run this as 'mutorture run'"
	if [[ -n $opt_confirm && -n $opt_no_confirm ]]; then
		mt_usage_error "$0" "options '--confirm' and '--no-confirm' cannot be combined"
	fi
	options_limits
}

# options_set NAME VALUE: one option of run's table (the handler of mt_options_parse); what
# run does not take goes to the sharing script's options_more.
options_set() {
	local value=$2
	case $1 in
	--db) opt_db=$value ;;
	--target) opt_target=$value ;;
	--jobs) options_count jobs "$value"; opt_jobs=$value ;;
	--operators) opt_operators=$value ;;
	--files) opt_files=$value ;;
	--mutants) options_mutants "$value" ;;
	--max-mutants) options_number max-mutants "$value"; opt_max_mutants=$value ;;
	--shuffle) opt_shuffle=1 ;;
	--timeout-factor) options_number timeout-factor "$value" decimal; opt_factor=$value ;;
	--timeout-floor) options_number timeout-floor "$value" decimal; opt_floor=$value ;;
	--baseline-runs) options_count baseline-runs "$value"; opt_baseline_runs=$value ;;
	--quick-duration) options_duration quick-duration "$value"; opt_quick_duration=$value ;;
	--duration) options_duration duration "$value"; opt_duration=$value ;;
	--readers) options_count readers "$value"; export MUTORTURE_READERS=$value ;;
	--mem-limit) options_number mem-limit "$value"; opt_mem_mb=$value ;;
	--proc-limit) options_number proc-limit "$value"; opt_nproc=$value ;;
	--log-limit) options_number log-limit "$value"; opt_log_mb=$value ;;
	--confirm) options_count confirm "$value" '--no-confirm runs no confirmation'; opt_confirm=$value ;;
	--repeat)
		# The old name: K attempts of a survivor are now K full-length runs that confirm it.
		options_count repeat "$value" '--no-confirm runs no confirmation'
		mt_note "--repeat $value is --confirm $value now: survivors run until $value runs of the full duration"
		opt_confirm=$value ;;
	--no-confirm) opt_no_confirm=1 ;;
	--control-every) options_number control-every "$value"; opt_control_every=$value ;;
	--no-prune) opt_prune='' ;;
	--setup-only) opt_setup_only=1 ;;
	--patch)
		[[ -f $value && -r $value ]] || mt_die "cannot read patch '$value'"
		grep -q '^+++ ' "$value" ||
			mt_usage_error "$0" "option '--patch' expects a unified diff (patch -p1), and '$value' has no file diff in it"
		opt_patch=$(realpath -- "$value") ;;
	--dry-run) opt_dry_run=1 ;;
	--hosts) opt_hosts=$value ;;
	*)
		if declare -F options_more >/dev/null; then
			options_more "$1" "$value"
		else
			mt_options_unknown "$1" "$value"
		fi ;;
	esac
}

# options_limits: refuses, before anything runs, limits under which no job could give a
# verdict: every one would be an error or, worse, a final build_error or kill.
options_limits() {
	local cores max
	cores=$(nproc)
	max=$((cores * MT_JOBS_PER_CORE_MAX))
	if ((${opt_jobs:-1} > max)); then
		mt_usage_error "$0" "option '--jobs $opt_jobs': more than $MT_JOBS_PER_CORE_MAX jobs per core ($cores cores here, at most $max)"
	fi
	if [[ -n $opt_mem_mb ]] && ((10#$opt_mem_mb < MT_MEM_FLOOR_MB)); then
		mt_usage_error "$0" "option '--mem-limit $opt_mem_mb': below the floor of $MT_MEM_FLOOR_MB MB a job needs to compile and run a small C program"
	fi
	if ((10#$opt_nproc < MT_NPROC_FLOOR)); then
		mt_usage_error "$0" "option '--proc-limit $opt_nproc': below the floor of $MT_NPROC_FLOOR processes a job needs to build and run"
	fi
	if ((10#$opt_log_mb < 1 || 10#$opt_log_mb > 1024)); then
		mt_usage_error "$0" "option '--log-limit $opt_log_mb': a log keeps from 1 to 1024 MB"
	fi
	if awk -v f="$opt_factor" -v s="$opt_floor" 'BEGIN { exit !(f + 0 == 0 && s + 0 == 0) }'; then
		mt_usage_error "$0" "options '--timeout-factor $opt_factor --timeout-floor $opt_floor': every timeout would be 0 s"
	fi
}

# options_mutants VALUE: sets opt_mutants, comma-separated ids, from --mutants' value: ids
# separated by commas, or '@FILE' (or '-', standard input): ids separated by commas, blanks or
# lines, '#' starting a comment.
options_mutants() {
	local text=$1 file line ids=''
	local -a words
	if [[ $text == - || $text == @* ]]; then
		file=${text#@}
		if [[ $text == - ]]; then file=/dev/stdin; fi
		[[ -r $file ]] || mt_usage_error "$0" "option '--mutants': cannot read '$file'"
		text=''
		while IFS= read -r line || [[ -n $line ]]; do text+="${line%%#*}"$'\n'; done <"$file"
	fi
	IFS=$' \t\n,' read -r -d '' -a words <<<"$text" || true
	for line in "${words[@]}"; do
		if [[ -n $line ]]; then ids+="${ids:+,}$line"; fi
	done
	[[ -n $ids ]] || mt_usage_error "$0" "option '--mutants' names no mutant"
	opt_mutants=$ids
}

# options_duration NAME VALUE: checks a duration option is a positive number of seconds.
options_duration() {
	options_number "$1" "$2" decimal "$MT_DURATION_MAX" ' seconds (a week)'
	awk -v d="$2" 'BEGIN { exit !(d > 0) }' || mt_usage_error "$0" "option '--$1' expects more than 0 seconds"
}

# options_policy: the two stages of a run from the options, the environment and the target:
# MT_FULL_DURATION (seconds a confirming run asks for; '' = the target's own default, which
# the runner cannot compare), MT_QUICK_DURATION (the first pass; equal to MT_FULL_DURATION when
# there is no shorter one), MT_CONFIRM_RUNS (K) and MT_CONFIRM (1 when survivors get
# confirmation rounds, '' with --no-confirm). Exports MUTORTURE_DURATION as the full duration,
# what the hooks outside the torture rounds (coverage) run with.
options_policy() {
	local name value
	for name in TARGET_QUICK_DURATION TARGET_DURATION MUTORTURE_DURATION; do
		value=${!name:-}
		# The environment's duration only counts without --duration.
		if [[ $name == MUTORTURE_DURATION && -n $opt_duration ]]; then continue; fi
		if [[ -n $value ]] && ! kv_seconds "$value"; then
			if [[ $name == MUTORTURE_DURATION ]]; then
				mt_die "the environment's MUTORTURE_DURATION='$value' is not a positive number of seconds (at most a week)"
			fi
			mt_die "target '$MT_TARGET_FILE' declares $name='$value': not a positive number of seconds, at most a week (see targets/CONTRACT.md)"
		fi
	done
	if [[ -n ${TARGET_CONFIRM_RUNS:-} ]] && ! kv_runs "$TARGET_CONFIRM_RUNS"; then
		mt_die "target '$MT_TARGET_FILE' declares TARGET_CONFIRM_RUNS='$TARGET_CONFIRM_RUNS': not a number of runs (see targets/CONTRACT.md)"
	fi
	MT_FULL_DURATION=${opt_duration:-${MUTORTURE_DURATION:-${TARGET_DURATION:-}}}
	MT_QUICK_DURATION=${opt_quick_duration:-${TARGET_QUICK_DURATION:-}}
	if [[ -z $MT_FULL_DURATION && -n $MT_QUICK_DURATION ]]; then
		if [[ -n $opt_quick_duration ]]; then
			mt_usage_error "$0" "option '--quick-duration' needs a full duration to confirm at: --duration, or the target's TARGET_DURATION"
		fi
		mt_die "target '$MT_TARGET_FILE' declares TARGET_QUICK_DURATION without TARGET_DURATION (see targets/CONTRACT.md)"
	fi
	# A quick pass no shorter than the full one is no quick pass.
	if [[ -z $MT_QUICK_DURATION ]] ||
		awk -v q="$MT_QUICK_DURATION" -v d="$MT_FULL_DURATION" 'BEGIN { exit !(q + 0 >= d + 0) }'; then
		MT_QUICK_DURATION=$MT_FULL_DURATION
	fi
	MT_CONFIRM_RUNS=${opt_confirm:-${TARGET_CONFIRM_RUNS:-$MT_CONFIRM_DEFAULT}}
	MT_CONFIRM=1
	if [[ -n $opt_no_confirm ]]; then MT_CONFIRM=''; fi
	mt_torture_duration "$MT_FULL_DURATION"
}

# options_sandbox: sets and exports MT_SANDBOX, the sandbox of the build and test hooks: the
# strongest the machine gives (mt_sandbox_detect), or 'off' when the target opts out
# (TARGET_SANDBOX=off, targets/CONTRACT.md).
options_sandbox() {
	case ${TARGET_SANDBOX:-on} in
	on) mt_sandbox_detect MT_SANDBOX ;;
	off) MT_SANDBOX=off ;;
	*) mt_die "target '$MT_TARGET_FILE' declares TARGET_SANDBOX='$TARGET_SANDBOX': on or off (see targets/CONTRACT.md)" ;;
	esac
	export MT_SANDBOX
}

# options_resolve: finds the campaign (MT_DB, MT_CAMPAIGN) and its target (MT_TARGET_FILE,
# sourced and checked), and derives the job limits (opt_jobs, opt_mem_mb, MT_MEM_KB, MT_NPROC)
# and the progress style (MT_PROGRESS).
options_resolve() {
	local target=$opt_target key kb
	MT_DB=$(realpath -m -- "$opt_db")
	[[ -f $MT_DB ]] || mt_die "cannot run campaign '$MT_DB': no such database (make one with 'mutorture campaign' or 'mutorture init')"
	MT_CAMPAIGN="$MT_DB.d"
	export MT_DB MT_CAMPAIGN
	if [[ -z $target && -f $MT_CAMPAIGN/target ]]; then target=$(<"$MT_CAMPAIGN/target"); fi
	# A campaign made with 'mutorture init --target' names its target in the database.
	# (status 1: no target is set; anything else, a file that is no campaign, has said why)
	if [[ -z $target ]]; then
		target=$("$MUTORTURE_BIN" init --db "$MT_DB" --get target) || {
			key=$?
			((key == 1)) || exit "$key"
			target=''
		}
	fi
	[[ -n $target ]] || mt_die "campaign '$MT_DB' has no target yet: name one with --target"
	MT_TARGET_FILE=$(mt_target_file "$target")
	export MT_TARGET_FILE
	mt_source_target "$MT_TARGET_FILE"
	mt_check_target "$MT_TARGET_FILE"
	options_policy
	# An id, file or operator the campaign does not know is a one-line error (list says
	# which), before anything.
	local -a filter=()
	if [[ -n $opt_mutants ]]; then filter+=(--mutants "$opt_mutants"); fi
	if [[ -n $opt_files ]]; then filter+=(--files "$opt_files"); fi
	if [[ -n $opt_operators ]]; then filter+=(--operators "$opt_operators"); fi
	if ((${#filter[@]})); then
		"$MUTORTURE_BIN" list --db "$MT_DB" "${filter[@]}" --format ids >/dev/null || exit 128
	fi

	opt_jobs=${opt_jobs:-$(nproc)}
	if [[ -z $opt_mem_mb ]]; then
		while read -r key kb _; do
			if [[ $key == MemTotal: ]]; then opt_mem_mb=$((kb / 1024 / opt_jobs)); fi
		done </proc/meminfo
		if ((opt_mem_mb < MT_MEM_FLOOR_MB)); then
			mt_usage_error "$0" "option '--jobs $opt_jobs': the memory per job (total / jobs) would be $opt_mem_mb MB, below the floor of $MT_MEM_FLOOR_MB MB"
		fi
	fi
	opt_mem_mb=$((10#$opt_mem_mb))
	opt_nproc=$((10#$opt_nproc))
	export MT_MEM_KB=$((opt_mem_mb * 1024)) MT_NPROC=$opt_nproc MT_LOG_LIMIT=$((10#$opt_log_mb << 20))
	options_sandbox
	export MUTORTURE_BUILD_JOBS=${MUTORTURE_BUILD_JOBS:-1}
	# Only the torture rounds tell target_test their timeout (run-torture.sh).
	unset MUTORTURE_TEST_TIMEOUT
	export MT_BASELINE_TIMEOUT
	# A terminal gets GNU parallel's bar with ETA; anything else one line per record.
	MT_PROGRESS=lines
	if [[ -t 2 ]]; then MT_PROGRESS=bar; fi
}

# options_note_decided: a mutant --mutants names that has a final result is not run again (its
# survivors still get their confirmation): said, not silent.
options_note_decided() {
	local named pending
	[[ -n $opt_mutants ]] || return 0
	named=$("$MUTORTURE_BIN" list --db "$MT_DB" --mutants "$opt_mutants" --format ids | wc -l)
	pending=$("$MUTORTURE_BIN" list --db "$MT_DB" --mutants "$opt_mutants" --pending --format ids | wc -l)
	if ((pending < named)); then
		mt_note "--mutants: $((named - pending)) of the $named named mutants have a final result already (survivors short of their confirmation runs still get them)"
	fi
}
