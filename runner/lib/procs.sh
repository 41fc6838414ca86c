# shellcheck shell=bash
# runner/lib/procs.sh: the processes of a run (sourced, never run): every process a run starts
# carries MT_TOKEN=<run token> in its environment, so a later run can find and kill what a
# killed run left behind; a job whose run is gone stops its pipeline.

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
