# shellcheck shell=bash
# shellcheck disable=SC2034 # the MT_HOOK_* results are read by the sourcing scripts
# runner/lib/hooks.sh: running a target hook (sourced, never run; needs lib/base.sh): in a
# session of its own, in the strongest sandbox the machine gives, under the job's limits, its
# log capped, and its whole process group killed when it ends, its timeout fires or its caller
# dies (with a sandbox, every process it started).

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

# mt_torture_duration SECONDS: the duration target_test asks for: exports MUTORTURE_DURATION,
# or unsets it for '' (the target's own default).
mt_torture_duration() {
	if [[ -n $1 ]]; then
		export MUTORTURE_DURATION=$1
	else
		unset MUTORTURE_DURATION
	fi
}
