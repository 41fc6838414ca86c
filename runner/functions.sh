# shellcheck shell=bash
# shellcheck disable=SC2034 # the MT_HOOK_* results and TARGET_DIR are read by the sourcing scripts
# Helpers shared by the runner scripts (sourced, never run): errors and help, the campaign
# directory layout, loading a target and checking its contract, target hooks bounded in a
# session of their own, restores of worker trees, result records, object hashes for the
# equivalence pass, and the sweep of orphans.
#
# Invariants: the pristine tree is only ever read here; a hook runs in a session of its own
# whose whole process group is killed when the hook ends or its timeout fires; every process
# a run starts carries MT_TOKEN=<run token> in its environment, so a later run can find and
# kill what a killed run left behind; a record is one line of tab-separated key=value fields
# with backslash, tab and newline escaped (the contract of 'mutorture record').
#
# Campaign directory (DB.d beside the database DB):
#   lock                 flock'ed by the run in progress; holds its pid, token and pipeline
#   target               the target.sh the campaign uses (absolute path)
#   pristine/            the target's tree after target_setup; never written afterwards
#   pristine.hash        mt_tree_hash of pristine/ right after setup (tests compare it)
#   workers/N/           worker tree of GNU parallel slot N; workers/N.stamp: pristine hash
#                        it was cloned from; workers/N.dirty: the file a job has mutated
#   baseline             measured baseline: build_s, test_s, and the knobs it ran with;
#                        baseline.files: the files its build restored (one a line)
#   logs/MUTANT/ATTEMPT/ one attempt's evidence: apply, build and torture logs, its record
#                        (logs/control/ATTEMPT/ for a control run of the unmutated code)
#   logs/baseline/TOKEN/ the baseline's evidence
#   runs/TOKEN.records   every record a run handed to 'mutorture record'; TOKEN.plan: the
#                        jobs GNU parallel ran (run-plan.sh)
#   coverage.tsv         target_coverage's counts; coverage.stamp: the knobs they are for
#   tce/hashes           the object hash of every mutant compiled so far
#   tce/TOKEN/           one run's equivalence pass: compiler logs

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

# mt_help SCRIPT: prints the comment block at the top of SCRIPT (its Usage header).
mt_help() {
	sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$1"
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

# mt_rule_args VAR: sets the array VAR to the '--rules' arguments of 'mutorture generate' for
# the sourced target's TARGET_RULES: an absolute path as it is; a relative path, or a name
# that is a file in TARGET_DIR, that file; any other name a built-in rule set (liburcu, ...).
mt_rule_args() {
	local -n _args=$1
	local _rule
	_args=()
	for _rule in "${TARGET_RULES[@]}"; do
		if [[ $_rule != /* && ($_rule == */* || -f $TARGET_DIR/$_rule) ]]; then
			_rule="$TARGET_DIR/$_rule"
		fi
		_args+=(--rules "$_rule")
	done
}

# mt_generate DB ROOT [ARG...]: generates the sourced target's mutants into DB from the tree
# ROOT, as a campaign does: the TARGET_SOURCES that TARGET_VIA does not name in one call, the
# headers it names (HEADER=FILE.c) in one call per FILE.c with '--via FILE.c'; every call with
# the target's rule sets, TARGET_GENERATE_ARGS and the ARGs.
mt_generate() {
	local db=$1 root=$2 entry src via
	shift 2
	local -a rules plain=() vias=() headers args=("${TARGET_GENERATE_ARGS[@]}" "$@")
	local -A via_of=()
	mt_rule_args rules
	for entry in "${TARGET_VIA[@]}"; do
		[[ $entry == ?*=?* ]] ||
			mt_die "target '$MT_TARGET_FILE' declares TARGET_VIA entry '$entry': not HEADER=FILE.c (see targets/CONTRACT.md)"
		via_of["${entry%%=*}"]=${entry#*=}
	done
	for src in "${TARGET_SOURCES[@]}"; do
		if [[ -z ${via_of["$src"]+set} ]]; then
			plain+=("$src")
		elif [[ " ${vias[*]} " != *" ${via_of["$src"]} "* ]]; then
			vias+=("${via_of["$src"]}")
		fi
	done
	if ((${#plain[@]})); then
		mt_note "generating the mutants of ${plain[*]}"
		"$MUTORTURE_BIN" generate --db "$db" --root "$root" "${rules[@]}" "${args[@]}" "${plain[@]}" || return
	fi
	for via in "${vias[@]}"; do
		headers=()
		for src in "${TARGET_SOURCES[@]}"; do
			if [[ ${via_of["$src"]:-} == "$via" ]]; then headers+=("$src"); fi
		done
		mt_note "generating the mutants of ${headers[*]} via $via"
		"$MUTORTURE_BIN" generate --db "$db" --root "$root" "${rules[@]}" "${args[@]}" --via "$via" "${headers[@]}" || return
	done
}

# mt_hook TIMEOUT LOG FUNCTION ARGS...: runs one target hook (runner/hook) in a session of its
# own under the memory and process limits, output to LOG, stdin closed. When the hook ends,
# or TIMEOUT seconds after it began (TERM, then KILL MT_GRACE seconds later), its whole
# process group is killed. Sets MT_HOOK_STATUS (exit status), MT_HOOK_US (wall microseconds)
# and MT_HOOK_TIMED_OUT (1 when the timeout fired, else 0). While it runs, MT_HOOK_PGID names
# the group, so a signal trap can kill it.
mt_hook() {
	local timeout=$1 log=$2 start end limit
	shift 2
	mt_now_us start
	# A background child of a shell without job control is no group leader, so setsid makes
	# it a session leader in place: its pid is the group to kill.
	setsid timeout -k "$MT_GRACE" "$timeout" bash "$MUTORTURE_HOME/runner/hook" "$MT_TARGET_FILE" "$@" \
		</dev/null >"$log" 2>&1 9>&- &
	MT_HOOK_PGID=$!
	MT_HOOK_STATUS=0
	# (stderr: no "Killed" notice from bash when the timeout had to kill)
	wait "$MT_HOOK_PGID" 2>/dev/null || MT_HOOK_STATUS=$?
	kill -KILL -- "-$MT_HOOK_PGID" 2>/dev/null || true
	MT_HOOK_PGID=
	mt_now_us end
	MT_HOOK_US=$((end - start))
	mt_s_to_us limit "$timeout"
	MT_HOOK_TIMED_OUT=0
	if ((MT_HOOK_US >= limit)); then MT_HOOK_TIMED_OUT=1; fi
}

# mt_kill_hook: kills the group of the hook in progress, if any (for signal traps).
mt_kill_hook() {
	if [[ -n ${MT_HOOK_PGID:-} ]]; then kill -KILL -- "-$MT_HOOK_PGID" 2>/dev/null || true; fi
}

# mt_restore TREE PATH: puts the pristine PATH back into TREE by copying it beside the target
# and renaming it in place: a new inode (a file shared by hard links is never written) with a
# fresh mtime (the next incremental build recompiles it).
mt_restore() {
	local tree=$1 path=$2
	cp -- "$MT_CAMPAIGN/pristine/$path" "$tree/$path.mutorture-restore" &&
		mv -f -- "$tree/$path.mutorture-restore" "$tree/$path"
}

# mt_repair_slot SLOT: restores the file a killed job left mutated in worker tree SLOT, as its
# marker names it, and removes the marker (no fork when the slot is clean).
mt_repair_slot() {
	local marker="$MT_CAMPAIGN/workers/$1.dirty" path=''
	[[ -e $marker ]] || return 0
	IFS= read -r path <"$marker" || true
	if [[ -n $path ]]; then mt_restore "$MT_CAMPAIGN/workers/$1" "$path" || return; fi
	rm -f -- "$marker"
}

# mt_mark_dirty SLOT PATH: notes, before a mutant is written, which file of SLOT it touches.
# Written in place, not renamed: a marker a kill cut short is empty, and then nothing was
# written yet (mt_repair_slot only removes it).
mt_mark_dirty() {
	printf '%s\n' "$2" >"$MT_CAMPAIGN/workers/$1.dirty"
}

# mt_tree_hash DIR: prints a 16-hex-digit hash of DIR's names, types, modes, mtimes and file
# contents: any write to the tree changes it.
mt_tree_hash() {
	(
		cd -- "$1" &&
			find . -printf '%y %m %T@ %p\n' | sort &&
			find . -type f -print0 | sort -z | xargs -0r sha256sum
	) | sha256sum | cut -c1-16
}

# mt_escape VALUE: prints VALUE with backslash, tab and newline escaped for a record.
mt_escape() {
	local v=$1
	v=${v//\\/\\\\}
	v=${v//$'\t'/\\t}
	v=${v//$'\n'/\\n}
	printf '%s' "$v"
}

# mt_record KEY=VALUE...: prints one result record (fields in the order given).
mt_record() {
	local field sep=''
	for field; do
		printf '%s%s=' "$sep" "${field%%=*}"
		mt_escape "${field#*=}"
		sep=$'\t'
	done
	printf '\n'
}

# mt_field KEY: prints KEY's value of each record on stdin (values without escapes only).
mt_field() {
	awk -F '\t' -v key="$1" '{ for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) print substr($i, length(key) + 2) }'
}

# mt_log_tail VAR FILE: sets VAR to the end of a log, for a record's log_tail: its last 15
# lines without control characters (tab and newline kept), at most their last 2000 bytes.
mt_log_tail() {
	local _tail=''
	if [[ -f $2 ]]; then
		# The x keeps trailing newlines for the byte count; bash drops NUL bytes (and says so on
		# stderr), as the control characters are dropped anyway.
		{ _tail=$(tail -n 15 -- "$2"; printf x); } 2>/dev/null
		_tail=${_tail%x}
		# Fifteen lines of a console that never ends a line can be huge: what matters is the end.
		if ((${#_tail} > 65536)); then _tail=${_tail: -65536}; fi
		_tail=${_tail//[$'\001'-$'\010'$'\013'-$'\037'$'\177']/}
		if ((${#_tail} > 2000)); then _tail=${_tail: -2000}; fi
		while [[ $_tail == *$'\n' ]]; do _tail=${_tail%$'\n'}; done
	fi
	printf -v "$1" '%s' "$_tail"
}

# mt_reason FILE: prints the last 'mutorture-reason: TEXT' of a torture log, without the tag.
mt_reason() {
	sed -n '/^mutorture-reason: /h; ${ x; s/^mutorture-reason: //p; }' -- "$1"
}

# mt_token_procs TOKEN: prints 'PID PGID' of every process whose environment carries
# MT_TOKEN=TOKEN (all that one run started, wherever they are now).
mt_token_procs() {
	local env pid pgid
	local -a envs
	# Listed first, then inspected, so no helper of this loop is listed; the grep itself must
	# not carry the token it looks for.
	mapfile -t envs < <(env -u MT_TOKEN grep -lzxF "MT_TOKEN=$1" /proc/[0-9]*/environ 2>/dev/null)
	for env in "${envs[@]}"; do
		pid=${env#/proc/}
		pid=${pid%/environ}
		if mt_pgid pgid "$pid"; then printf '%s %s\n' "$pid" "$pgid"; fi
	done
}

# mt_sweep VAR TOKEN: kills every process of mt_token_procs TOKEN by process group, except in
# the caller's own group, where it kills single processes. Sets VAR to how many it found.
mt_sweep() {
	local _pid _pgid _own _found=0
	mt_pgid _own "$$"
	while read -r _pid _pgid; do
		_found=$((_found + 1))
		if [[ $_pgid == "$_own" ]]; then
			kill -KILL "$_pid" 2>/dev/null || true
		else
			kill -KILL -- "-$_pgid" 2>/dev/null || true
		fi
	done < <(mt_token_procs "$2")
	printf -v "$1" '%d' "$_found"
}

# mt_pgid VAR PID: sets VAR to the process group of PID; fails if PID is gone.
mt_pgid() {
	local _stat _pgid
	read -r _stat 2>/dev/null <"/proc/$2/stat" || return 1
	# The command name in parentheses may hold spaces: the fields after it are state, ppid, pgrp.
	read -r _ _ _pgid _ <<<"${_stat##*) }"
	printf -v "$1" '%s' "$_pgid"
}

# mt_new_token VAR: sets VAR to a token naming one run (UTC time and pid, unique on this host).
mt_new_token() {
	TZ=UTC0 printf -v "$1" '%(%Y%m%dT%H%M%SZ)T-%d' -1 "$$"
}

# mt_object_hash OBJECT: prints a hash of an object file's code, data and relocations, leaving
# out debug info, the compiler's .comment and objdump's header (the object's own file name),
# so the same code compiled in two trees hashes the same. With a TRIPLE (an object compiled for
# another architecture, which the host's binutils cannot read) LLVM's tools do the same.
mt_object_hash() {
	local objcopy=objcopy objdump=objdump
	if [[ -n ${2:-} ]]; then objcopy=llvm-objcopy-19 objdump=llvm-objdump-19; fi
	"$objcopy" --strip-debug -R .comment -R .note.GNU-stack "$1" "$1.stripped"
	"$objdump" -s -r "$1.stripped" | grep -v 'file format' | sha256sum | cut -c1-16
	rm -f -- "$1.stripped"
}
