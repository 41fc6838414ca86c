# shellcheck shell=bash
# shellcheck disable=SC2034 # the opt_* settings are read by the other run-*.sh modules
# run-options.sh: the settings of 'mutorture run' (sourced by runner/run, never run). Parses the
# command line into opt_* variables, then resolves the campaign and its target and derives the
# limits every job gets.
#
# Invariants: nothing is written before the command line and the target are checked; a wrong
# command line exits 129 with runner/run's usage, anything else that stops here exits 128; the
# settings that jobs and hooks read are exported as MT_* (and MUTORTURE_* for the target).

# Seconds a baseline hook may take: a safety net, the baseline is what timeouts come from.
MT_BASELINE_TIMEOUT=3600

# options_number NAME VALUE [decimal]: checks an option's value is a non-negative (decimal) number.
options_number() {
	local re='^[0-9]+$'
	if [[ ${3:-} == decimal ]]; then re='^[0-9]+(\.[0-9]+)?$'; fi
	[[ $2 =~ $re ]] || mt_usage_error "$0" "option '--$1' expects a number, not '$2'"
}

# options_parse ARGS...: sets the opt_* settings from runner/run's command line and defaults.
options_parse() {
	local opt value
	opt_db=${MUTORTURE_DB:-mutorture.db}
	opt_target=''
	opt_jobs=''
	opt_operators=''
	opt_files=''
	opt_max_mutants=''
	opt_shuffle=''
	opt_factor=3
	opt_floor=10
	opt_baseline_runs=3
	opt_mem_mb=''
	opt_nproc=4096
	opt_repeat=1
	opt_control_every=25
	opt_prune=1
	opt_setup_only=''
	opt_dry_run=''
	while (($#)); do
		opt=$1
		value=''
		case $opt in
		--*=*) value=${opt#*=}; opt=${opt%%=*} ;;
		--db | --target | --jobs | --operators | --files | --max-mutants | --timeout-factor | \
			--timeout-floor | --baseline-runs | --duration | --readers | --mem-limit | --proc-limit | \
			--repeat | --control-every)
			(($# >= 2)) || mt_usage_error "$0" "option '$opt' requires a value"
			value=$2
			shift ;;
		esac
		shift
		case $opt in
		-h | --help) mt_help "$0"; exit 0 ;;
		--db) opt_db=$value ;;
		--target) opt_target=$value ;;
		--jobs) options_number jobs "$value"; opt_jobs=$value ;;
		--operators) opt_operators=$value ;;
		--files) opt_files=$value ;;
		--max-mutants) options_number max-mutants "$value"; opt_max_mutants=$value ;;
		--shuffle) opt_shuffle=1 ;;
		--timeout-factor) options_number timeout-factor "$value" decimal; opt_factor=$value ;;
		--timeout-floor) options_number timeout-floor "$value" decimal; opt_floor=$value ;;
		--baseline-runs) options_number baseline-runs "$value"; opt_baseline_runs=$value ;;
		--duration) options_number duration "$value" decimal; export MUTORTURE_DURATION=$value ;;
		--readers) options_number readers "$value"; export MUTORTURE_READERS=$value ;;
		--mem-limit) options_number mem-limit "$value"; opt_mem_mb=$value ;;
		--proc-limit) options_number proc-limit "$value"; opt_nproc=$value ;;
		--repeat) options_number repeat "$value"; opt_repeat=$value ;;
		--control-every) options_number control-every "$value"; opt_control_every=$value ;;
		--no-prune) opt_prune='' ;;
		--setup-only) opt_setup_only=1 ;;
		--dry-run) opt_dry_run=1 ;;
		*) mt_usage_error "$0" "unknown option '$opt'" ;;
		esac
	done
	[[ -n ${MUTORTURE_BIN:-} && -n ${MUTORTURE_HOME:-} ]] ||
		mt_die "MUTORTURE_BIN and MUTORTURE_HOME are not set: run this as 'mutorture run'"
	((${opt_jobs:-1} >= 1)) || mt_usage_error "$0" "option '--jobs' expects at least 1"
	((opt_baseline_runs >= 1)) || mt_usage_error "$0" "option '--baseline-runs' expects at least 1"
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
	if [[ -z $target ]]; then target=$("$MUTORTURE_BIN" init --db "$MT_DB" --get target) || target=''; fi
	[[ -n $target ]] || mt_die "campaign '$MT_DB' has no target yet: name one with --target"
	MT_TARGET_FILE=$(mt_target_file "$target")
	export MT_TARGET_FILE
	mt_source_target "$MT_TARGET_FILE"
	mt_check_target "$MT_TARGET_FILE"

	opt_jobs=${opt_jobs:-$(nproc)}
	if [[ -z $opt_mem_mb ]]; then
		while read -r key kb _; do
			if [[ $key == MemTotal: ]]; then opt_mem_mb=$((kb / 1024 / opt_jobs)); fi
		done </proc/meminfo
	fi
	export MT_MEM_KB=$((opt_mem_mb * 1024)) MT_NPROC=$opt_nproc
	export MUTORTURE_BUILD_JOBS=${MUTORTURE_BUILD_JOBS:-1}
	export MT_BASELINE_TIMEOUT
	# A terminal gets GNU parallel's bar with ETA; anything else one line per record.
	MT_PROGRESS=lines
	if [[ -t 2 ]]; then MT_PROGRESS=bar; fi
}
