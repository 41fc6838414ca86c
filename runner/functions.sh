# shellcheck shell=bash
# shellcheck disable=SC2034 # the MT_HOOK_* results and TARGET_DIR are read by the sourcing scripts
# Helpers shared by the runner scripts (sourced, never run): runner/lib/base.sh (errors, help,
# time) and runner/lib/target.sh (loading and checking a target), then generation, target
# hooks bounded in a session of their own (sandboxed, their logs capped), restores and
# inventories of worker trees, result records, object hashes for the equivalence pass, and the
# sweep of orphans.
#
# Invariants: the pristine tree is only ever read here; a hook runs in a session of its own
# whose whole process group is killed when the hook ends, its timeout fires or its caller
# dies (and with a sandbox every process it started); every process
# a run starts carries MT_TOKEN=<run token> in its environment, so a later run can find and
# kill what a killed run left behind; a record is one line of tab-separated key=value fields
# with backslash, tab and newline escaped (the contract of 'mutorture record').
#
# The campaign directory (DB.d beside the database DB) is described once, in runner/README.md
# ("The campaign directory"): lock, target, pristine/, workers/, baseline, logs/, runs/, tce/ ...

# shellcheck source=runner/lib/base.sh
source "${BASH_SOURCE[0]%/*}/lib/base.sh"
# shellcheck source=runner/lib/target.sh
source "${BASH_SOURCE[0]%/*}/lib/target.sh"

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

# mt_generate_failed: after a generate call that failed with status $?: a usage error with
# arguments from the target says where they came from (the user typed none of them), then
# returns that status.
mt_generate_failed() {
	local status=$?
	if ((status == 129)) && [[ -n ${TARGET_GENERATE_ARGS[*]:-} ]]; then
		printf 'error: generate refused the arguments of target '\''%s'\'' (TARGET_GENERATE_ARGS; in a config file: functions, entry_filter, generate_args): %s\n' \
			"$MT_TARGET_FILE" "${TARGET_GENERATE_ARGS[*]}" >&2
	fi
	return "$status"
}

# mt_generate_check [ARG...]: checks, as 'mutorture generate' parses them, the arguments every
# generate call of a campaign gets, before anything is made: the sourced target's rule sets and
# TARGET_GENERATE_ARGS, then with the ARGs (a campaign's --generate). A refusal is one line
# naming where the arguments came from, with generate's status (129 for a usage error). Reads
# no tree and opens no database (generate --check-args).
mt_generate_check() {
	local out status=0 kind=fatal from
	local -a rules
	mt_rule_args rules
	from="the arguments of target '$MT_TARGET_FILE' (TARGET_RULES, TARGET_GENERATE_ARGS; in a config file: rules, functions, entry_filter, generate_args)"
	out=$("$MUTORTURE_BIN" generate --check-args "${rules[@]}" "${TARGET_GENERATE_ARGS[@]}" \
		"${TARGET_SOURCES[0]}" 2>&1) || status=$?
	if ((status == 0 && $#)); then
		from="the arguments of --generate: $*"
		out=$("$MUTORTURE_BIN" generate --check-args "${rules[@]}" "${TARGET_GENERATE_ARGS[@]}" "$@" \
			"${TARGET_SOURCES[0]}" 2>&1) || status=$?
	fi
	((status)) || return 0
	if ((status == 129)); then kind=error; fi
	out=${out%%$'\n'*}
	printf '%s: generate refused %s: %s\n' "$kind" "$from" "${out#*: }" >&2
	return "$status"
}

# mt_generate DB ROOT [ARG...]: generates the sourced target's mutants into DB from the tree
# ROOT, as a campaign does: the headers TARGET_VIA names (HEADER=FILE.c) in one call per FILE.c
# with '--via FILE.c', then the other TARGET_SOURCES in one call; every call with the target's
# rule sets, TARGET_GENERATE_ARGS and the ARGs.
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
	# The headers first: the other call's hints (a header beside a file, defining functions, that
	# no call mutates) then leave out those already mutated.
	for via in "${vias[@]}"; do
		headers=()
		for src in "${TARGET_SOURCES[@]}"; do
			if [[ ${via_of["$src"]:-} == "$via" ]]; then headers+=("$src"); fi
		done
		mt_note "generating the mutants of ${headers[*]} via $via"
		"$MUTORTURE_BIN" generate --db "$db" --root "$root" "${rules[@]}" "${args[@]}" --via "$via" "${headers[@]}" || { mt_generate_failed; return; }
	done
	if ((${#plain[@]})); then
		mt_note "generating the mutants of ${plain[*]}"
		"$MUTORTURE_BIN" generate --db "$db" --root "$root" "${rules[@]}" "${args[@]}" "${plain[@]}" || { mt_generate_failed; return; }
	fi
}

# mt_sandbox_detect VAR: sets VAR to the strongest sandbox this machine gives a hook:
# 'bwrap' (bubblewrap: PID and network namespaces, the file system read-only but for the
# worker tree, the target's cache and a private /tmp), 'unshare' (util-linux: PID and network
# namespaces, the file system as it is), or 'group' (a process group only: a daemon that
# leaves its group escapes the job). Each is tried once with the options a hook gets.
mt_sandbox_detect() {
	local _level=group
	if bwrap --die-with-parent --unshare-pid --unshare-net --ro-bind / / --dev /dev --proc /proc \
		--tmpfs /tmp -- true >/dev/null 2>&1; then
		_level=bwrap
	elif unshare --pid --fork --kill-child --mount-proc --net true >/dev/null 2>&1; then
		_level=unshare
	fi
	printf -v "$1" '%s' "$_level"
}

# mt_sandbox_text LEVEL: prints what a sandbox level holds, for the dry run and the run's log.
mt_sandbox_text() {
	case $1 in
	bwrap) printf 'bubblewrap: every build and test hook in its own PID and network namespaces (its processes all die with it, no network), writing only its worker tree, the cache %s and a private /tmp' "${MUTORTURE_CACHE:-$HOME/.cache/mutorture}" ;;
	unshare) printf 'unshare: every build and test hook in its own PID and network namespaces (its processes all die with it, no network); WITHOUT bubblewrap it can write outside its worker tree (install bubblewrap)' ;;
	off) printf "process group only: the target opts out (TARGET_SANDBOX=off): a build or test hook that leaves its process group escapes the job (the end-of-run sweep finds it), reaches the network and can write outside its tree" ;;
	*) printf 'process group only (WARNING: neither bubblewrap nor unshare works here): a build or test hook that leaves its process group escapes the job (the end-of-run sweep finds it), reaches the network and can write outside its tree' ;;
	esac
}

# mt_sandbox VAR DIR: sets the array VAR to the command prefix that runs a hook working in
# the tree DIR in the run's sandbox (MT_SANDBOX, see mt_sandbox_detect; empty: none).
mt_sandbox() {
	local -n _box=$1
	local cache=${MUTORTURE_CACHE:-$HOME/.cache/mutorture}
	case ${MT_SANDBOX:-group} in
	bwrap)
		# The host's /tmp is hidden behind a private one: what the hook reads there (the target,
		# the campaign) is bound back read-only, then its tree writable.
		_box=(bwrap --die-with-parent --unshare-pid --unshare-net --ro-bind / / --dev /dev
			--proc /proc --tmpfs /tmp --ro-bind "${MT_TARGET_FILE%/*}" "${MT_TARGET_FILE%/*}"
			--ro-bind "$MUTORTURE_HOME" "$MUTORTURE_HOME" --ro-bind "$MT_CAMPAIGN" "$MT_CAMPAIGN"
			--bind "$2" "$2")
		if [[ -d $cache ]]; then _box+=(--bind "$cache" "$cache"); fi
		_box+=(--) ;;
	unshare) _box=(unshare --pid --fork --kill-child --mount-proc --net) ;;
	*) _box=() ;;
	esac
}

# mt_hook TIMEOUT LOG FUNCTION ARGS...: runs one target hook (runner/hook) in a session of its
# own under the memory and process limits, stdin closed, its output to LOG through 'mutorture
# cap' (at most MT_LOG_LIMIT bytes: head and tail). target_build and target_test, whose first
# argument is their tree, run in the run's sandbox (mt_sandbox). When the hook ends, or TIMEOUT
# seconds after it began (TERM, then KILL MT_GRACE seconds later), its whole process group is
# killed (and with a sandbox every process it started); a log writer that something escaped
# still feeds gets TERM a moment later and writes what it kept. Sets MT_HOOK_STATUS (exit
# status), MT_HOOK_US (wall microseconds) and MT_HOOK_TIMED_OUT (1 when the timeout fired,
# else 0). While it runs, MT_HOOK_PGID names the group, so a signal trap can kill it.
mt_hook() {
	local timeout=$1 log=$2 start end limit cap_pid capfd n
	local -a box=()
	shift 2
	mt_now_us start
	case $1 in target_build | target_test) mt_sandbox box "$2" ;; esac
	exec {capfd}> >(exec "$MUTORTURE_BIN" cap --limit "${MT_LOG_LIMIT:-8388608}" "$log" 9>&-)
	cap_pid=$!
	# A background child of a shell without job control is no group leader, so setsid makes
	# it a session leader in place: its pid is the group to kill.
	# The caller's death (a job or a run killed with kill -9) sends timeout TERM, which it
	# passes on to the hook's group.
	setsid setpriv --pdeathsig TERM -- timeout -k "$MT_GRACE" "$timeout" "${box[@]}" bash "$MUTORTURE_HOME/runner/hook" \
		"$MT_TARGET_FILE" "$@" </dev/null >&"$capfd" 2>&1 9>&- {capfd}>&- &
	MT_HOOK_PGID=$!
	exec {capfd}>&-
	MT_HOOK_STATUS=0
	# (stderr: no "Killed" notice from bash when the timeout had to kill)
	wait "$MT_HOOK_PGID" 2>/dev/null || MT_HOOK_STATUS=$?
	kill -KILL -- "-$MT_HOOK_PGID" 2>/dev/null || true
	MT_HOOK_PGID=
	mt_now_us end
	# Without a namespace a daemon that left the group may hold the log's pipe: the writer
	# gets a second, then TERM (it writes what it kept and ends). It usually ends within a
	# millisecond or two of the hook: looked at every millisecond, without a fork (a step of
	# 'sleep 0.01' cost 15 ms a hook, 100 ms steps 50 ms).
	if ((${#box[@]} == 0)); then
		for ((n = 0; n < 1000; n++)); do
			kill -0 "$cap_pid" 2>/dev/null || break
			mt_pause 0.001
		done
		kill -TERM "$cap_pid" 2>/dev/null || true
	fi
	wait "$cap_pid" 2>/dev/null || true
	MT_HOOK_US=$((end - start))
	mt_s_to_us limit "$timeout"
	MT_HOOK_TIMED_OUT=0
	if ((MT_HOOK_US >= limit)); then MT_HOOK_TIMED_OUT=1; fi
}

# mt_pause SECONDS: sleeps without a fork: a read that times out on a pipe nobody writes
# (opened once a script, read and write, so it never ends).
mt_pause() {
	local _nothing
	if [[ -z ${MT_PAUSE_FD:-} ]]; then exec {MT_PAUSE_FD}<> <(:); fi
	read -rt "$1" -u "$MT_PAUSE_FD" _nothing || true
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
# marker names it, and empties the marker (no fork: a job repairs its slot before and after it
# works, and an rm cost 7 ms).
mt_repair_slot() {
	local marker="$MT_CAMPAIGN/workers/$1.dirty" path=''
	[[ -s $marker ]] || return 0
	IFS= read -r path <"$marker" || true
	if [[ -n $path ]]; then mt_restore "$MT_CAMPAIGN/workers/$1" "$path" || return; fi
	: >"$marker"
}

# mt_mark_dirty SLOT PATH: notes, before a mutant is written, which file of SLOT it touches.
# Written in place, not renamed: a marker a kill cut short is empty, and then nothing was
# written yet (mt_repair_slot leaves it so).
mt_mark_dirty() {
	printf '%s\n' "$2" >"$MT_CAMPAIGN/workers/$1.dirty"
}


# The worker tree's inventory (DB.d/workers/N.inventory), taken when the tree is built and
# unmutated: 'TYPE<TAB>SIZE<TAB>MTIME<TAB>VOLATILE<TAB>PATH' for each entry the pristine tree
# has too (what a torture run adds to its tree is its own business). An entry is volatile when
# a build may change it: a directory, or an entry unlike the pristine tree's (what a build
# wrote, a file put back by a restore). A job leaves its tree as it found it
# except for volatile entries, so after each job every entry must still be there with its
# type, and the others with their size and mtime: a cheap check (one find) that catches a test
# deleting or rewriting its tree. Files the run restores are compared by content instead.

# mt_restored_same TREE: succeeds when each file of the run's restore list (MT_RESTORE_LIST)
# has in TREE the pristine tree's content: one sha256sum for them all, as a cmp of each cost
# a fork a file (six a job on toy-rcu). A file it cannot read fails it.
mt_restored_same() {
	local path out a b i
	local -a files=() sums
	while IFS= read -r path; do
		if [[ -n $path ]]; then files+=("$MT_CAMPAIGN/pristine/$path" "$1/$path"); fi
	done <"$MT_RESTORE_LIST"
	((${#files[@]})) || return 0
	out=$(sha256sum -- "${files[@]}" 2>/dev/null) || return 1
	mapfile -t sums <<<"$out"
	((${#sums[@]} == ${#files[@]})) || return 1
	for ((i = 0; i < ${#sums[@]}; i += 2)); do
		# (a name with a backslash or newline gets a line starting with a backslash)
		a=${sums[i]#\\} b=${sums[i + 1]#\\}
		[[ ${a%% *} == "${b%% *}" ]] || return 1
	done
}

# mt_listing TREE: prints 'TYPE<TAB>SIZE<TAB>MTIME<TAB>PATH' for every entry under TREE.
mt_listing() {
	find "$1" -mindepth 1 -printf '%y\t%s\t%T@\t%P\n' 2>/dev/null || true
}

# mt_inventory_take SLOT: records the worker tree of SLOT, as it is now, as its inventory.
mt_inventory_take() {
	local tree="$MT_CAMPAIGN/workers/$1"
	awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { p[$4] = $1 FS $2 FS $3; next }
		$4 in p { print $1, $2, $3, ($1 == "d" || p[$4] != $1 FS $2 FS $3) ? 1 : 0, $4 }' \
		<(mt_listing "$MT_CAMPAIGN/pristine") <(mt_listing "$tree") >"$tree.inventory.tmp" &&
		mv -f -- "$tree.inventory.tmp" "$tree.inventory"
}

# mt_inventory_check SLOT: succeeds when the worker tree of SLOT holds every entry of its
# inventory with its type, each file of the run's restore list (MT_RESTORE_LIST: restores give
# them fresh mtimes) with the pristine tree's content, and the other entries that are not
# volatile with their size and mtime; else prints the first difference and fails.
mt_inventory_check() {
	local tree="$MT_CAMPAIGN/workers/$1" path why
	if [[ ! -f $tree.inventory ]]; then
		printf 'it has no inventory\n'
		return 1
	fi
	why=$(awk -F '\t' 'FILENAME == ARGV[1] { restored[$0] = 1; next }
		FILENAME == ARGV[2] { now[$4] = $1 FS $2 FS $3; type[$4] = $1; next }
		!($5 in type) { print "'\''" $5 "'\'' was deleted"; exit }
		type[$5] != $1 { print "'\''" $5 "'\'' changed type"; exit }
		$4 == 0 && !($5 in restored) && now[$5] != $1 FS $2 FS $3 { print "'\''" $5 "'\'' was modified"; exit }' \
		"${MT_RESTORE_LIST:-/dev/null}" <(mt_listing "$tree") "$tree.inventory")
	if [[ -z $why && -n ${MT_RESTORE_LIST:-} ]] && ! mt_restored_same "$tree"; then
		# Which one: the first that differs.
		while IFS= read -r path; do
			if [[ -n $path ]] && ! cmp -s -- "$MT_CAMPAIGN/pristine/$path" "$tree/$path"; then
				why="'$path' differs from the pristine tree"
				break
			fi
		done <"$MT_RESTORE_LIST"
	fi
	if [[ -n $why ]]; then
		printf '%s\n' "$why"
		return 1
	fi
}

# mt_rebuild_slot SLOT LOG: makes the worker tree of SLOT again from the pristine tree
# (target_clone), builds it unmutated as the baseline does (the files of MT_RESTORE_LIST put
# back with fresh mtimes, then target_build, within the build timeout), and takes its
# inventory; the hooks' output goes to LOG and LOG.build. Fails when a step does.
mt_rebuild_slot() {
	local tree="$MT_CAMPAIGN/workers/$1" path
	rm -rf -- "$tree" "$tree.inventory" "$tree.dirty"
	mt_hook "$MT_BASELINE_TIMEOUT" "$2" target_clone "$MT_CAMPAIGN/pristine" "$tree"
	((MT_HOOK_STATUS == 0)) || return 1
	if [[ -n ${MT_RESTORE_LIST:-} ]]; then
		while IFS= read -r path; do
			if [[ -n $path ]]; then mt_restore "$tree" "$path" || return 1; fi
		done <"$MT_RESTORE_LIST"
	fi
	mt_hook "${MT_BUILD_TIMEOUT:-$MT_BASELINE_TIMEOUT}" "$2.build" target_build "$tree"
	((MT_HOOK_STATUS == 0 && !MT_HOOK_TIMED_OUT)) || return 1
	mt_inventory_take "$1"
}

# mt_slot_ready SLOT: readies the worker tree of SLOT for jobs. The tree made before is kept
# while it was cloned from this pristine tree (workers/N.stamp) and, once a file a killed job
# left mutated is put back, matches its inventory; else it is made again (mt_rebuild_slot, logs
# workers/N.clone.log and .build), saying why. Fails when it cannot be made.
mt_slot_ready() {
	local tree="$MT_CAMPAIGN/workers/$1" hash why
	hash=$(<"$MT_CAMPAIGN/pristine.hash")
	if [[ -d $tree && -f $tree.stamp && $(<"$tree.stamp") == "$hash" ]]; then
		mt_repair_slot "$1"
		why=$(mt_inventory_check "$1") && return 0
		mt_note "worker tree $1 changed ($why): making it again from the pristine tree"
	fi
	rm -f -- "$tree.stamp"
	mkdir -p -- "$MT_CAMPAIGN/workers"
	mt_rebuild_slot "$1" "$tree.clone.log" || return
	printf '%s\n' "$hash" >"$tree.stamp"
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

# Bytes of a record's free-text value (a reason): 'mutorture record' cuts there too.
MT_FIELD_MAX=4096

# mt_clean: a filter: each line cut at MT_FIELD_MAX bytes, without control characters (tab
# kept): whatever a hook printed, a value a record can carry.
mt_clean() {
	cut -b "1-$MT_FIELD_MAX" | tr -d '\000-\010\013-\037\177'
}

# mt_reason FILE: prints the last 'mutorture-reason: TEXT' of a torture log, without the tag,
# cleaned (mt_clean).
mt_reason() {
	sed -n '/^mutorture-reason: /h; ${ x; s/^mutorture-reason: //p; }' -- "$1" | mt_clean
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

# mt_start_time VAR PID: sets VAR to the start time of PID (clock ticks since boot: with the
# pid, a name no later process shares); fails if PID is gone.
mt_start_time() {
	local _stat
	local -a _f
	read -r _stat 2>/dev/null <"/proc/$2/stat" || return 1
	# The fields after the command name: state is the first, starttime the twentieth.
	read -ra _f <<<"${_stat##*) }"
	printf -v "$1" '%s' "${_f[19]}"
}

# mt_runner_alive: for a job of a run's pipeline: succeeds while the run that started it
# (MT_RUNNER_PID, started at MT_RUNNER_START) is alive, or when no run started it. When it is gone (kill -9), the job
# starts nothing and stops its pipeline as the next run's reaper would: TERM to the pipeline's
# group (the job's session leader): GNU parallel starts no other job, the record writer commits
# what finished.
mt_runner_alive() {
	local now='' stat
	local -a f
	if [[ -z ${MT_RUNNER_PID:-} ]]; then return 0; fi
	if mt_start_time now "$MT_RUNNER_PID" && [[ $now == "${MT_RUNNER_START:-}" ]]; then return 0; fi
	read -r stat <"/proc/$BASHPID/stat"
	read -ra f <<<"${stat##*) }"
	# state ppid pgrp session: the session is the pipeline's (in_session, run-session.sh).
	if ((f[3] > 1)); then kill -TERM -- "-${f[3]}" 2>/dev/null || true; fi
	return 1
}

# mt_new_token VAR: sets VAR to a token naming one run (UTC time and pid, unique on this host).
mt_new_token() {
	TZ=UTC0 printf -v "$1" '%(%Y%m%dT%H%M%SZ)T-%d' -1 "$$"
}

# mt_torture_duration SECONDS: the duration target_test asks for: exports MUTORTURE_DURATION,
# or unsets it for '' (the target's own default).
mt_torture_duration() {
	if [[ -n $1 ]]; then
		export MUTORTURE_DURATION=$1
	else
		unset MUTORTURE_DURATION
	fi
}

# mt_object_hash VAR OBJECT [TRIPLE]: sets VAR to a hash of an object file's code, data and
# relocations (objdump -s -r), leaving out debug info, the compiler's .comment and objdump's
# header (the object's own file name), so the same code compiled in two trees hashes the same.
# With a TRIPLE (an object compiled for another architecture, which the host's binutils cannot
# read) that architecture's binutils do the same (installed with its gcc), else LLVM's tools
# (which take a tenth of a second more to start: a hundred aarch64 objects a toy-rcu campaign).
# GNU objdump's dump leaves out the symbol table, so runner/object-dump.awk drops the sections
# 'objcopy --strip-debug -R .comment -R .note.GNU-stack' would remove: the same text as the
# stripped object's, without the objcopy (a compile in the pass saves three forks). llvm-objdump
# dumps the symbol table too, which stripping changes: its object is stripped in place first.
mt_object_hash() {
	local objcopy='' objdump=objdump _hash
	if [[ -n ${3:-} ]]; then
		objdump=$3-objdump
		if ! command -v "$objdump" >/dev/null; then objcopy=llvm-objcopy-19 objdump=llvm-objdump-19; fi
	fi
	if [[ -n $objcopy ]]; then "$objcopy" --strip-debug -R .comment -R .note.GNU-stack "$2"; fi
	_hash=$("$objdump" -s -r "$2" | awk -f "$MUTORTURE_HOME/runner/object-dump.awk" | sha256sum)
	printf -v "$1" '%s' "${_hash:0:16}"
}
