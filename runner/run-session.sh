# shellcheck shell=bash
# shellcheck disable=SC2034 # MT_STOP is read by the other run-*.sh modules
# run-session.sh: process control of one run (sourced by runner/run, never run): its token, the
# campaign's lock, the reaping of what a killed run left behind, signals, and the sessions in
# which GNU parallel and its record writer run.
#
# Invariants: one run per campaign at a time (DB.d/lock, flock'ed on fd 9, which no child
# keeps); every process a run starts carries MT_TOKEN in its environment and is killed when the
# run ends, however it ends; a pipeline stops when the run dies, even by kill -9 (its leader
# has the kernel's word, and a job that finds the run gone starts nothing: mt_runner_alive); a pipeline runs in a session of its own whose id is appended to
# the lock, so the next run can stop it after a kill -9; whatever a pipeline's jobs printed
# reaches 'mutorture record', even after Ctrl-C.

MT_PIPELINE=''
MT_STOP=''
MT_SWEPT=''

# Options every GNU parallel of a run gets: no citation notice, all jobs run whatever fails,
# and on a signal each job gets 3 s to kill its hook and put its tree back.
parallel_opts=(--will-cite --halt never --termseq 'TERM,3000,KILL,25')

# session_start: makes the run's token (MT_TOKEN, MT_RECORDS), sweeps its processes at exit,
# catches signals and takes the campaign's lock.
session_start() {
	mkdir -p -- "$MT_CAMPAIGN/workers" "$MT_CAMPAIGN/logs" "$MT_CAMPAIGN/runs"
	mt_new_token MT_TOKEN
	export MT_TOKEN
	# Who the jobs must find alive before they start (mt_runner_alive).
	MT_RUNNER_PID=$$
	mt_start_time MT_RUNNER_START "$$"
	export MT_RUNNER_PID MT_RUNNER_START
	export MT_RECORDS="$MT_CAMPAIGN/runs/$MT_TOKEN.records"
	# The campaign's lock, where a later run finds what this one left (a torture change's try
	# keeps its own directory and takes the campaign's lock: one run of a campaign at a time).
	MT_LOCK="$MT_CAMPAIGN/lock"
	# Nothing a run started outlives it, whichever way it ends.
	trap session_exit EXIT
	trap session_on_signal INT TERM HUP
	session_lock
}

# session_exit: the EXIT trap: kills every process of this run still alive, unless
# session_sweep found none after the last job ended (then none can be left).
session_exit() {
	local n
	if [[ -z $MT_SWEPT ]]; then mt_sweep n "$MT_TOKEN"; fi
}

# session_reap_orphans: kills what a run that was killed (kill -9) left behind, as its lock
# names it.
session_reap_orphans() {
	local lock=$MT_LOCK line old_token='' old_pipeline='' procs n more
	local -a left
	while IFS= read -r line; do
		case $line in
		token=*) old_token=${line#token=} ;;
		pipeline=*) old_pipeline=${line#pipeline=} ;;
		esac
	done <"$lock"
	[[ -n $old_token ]] || return 0
	# One look first: a run that ended normally left nothing, and nothing can start anew.
	procs=$(mt_token_procs "$old_token")
	[[ -n $procs ]] || return 0
	mapfile -t left <<<"$procs"
	# First the pipeline, if it still runs (its group holds processes with the old token):
	# TERM stops GNU parallel (no new job; it kills its running ones) and lets the record
	# writer, which ignores TERM, commit what finished. Then KILL whatever is left.
	if [[ -n $old_pipeline && $'\n'$procs$'\n' == *" $old_pipeline"$'\n'* ]]; then
		kill -TERM -- "-$old_pipeline" 2>/dev/null || true
		for ((n = 0; n < 100; n++)); do
			kill -0 -- "-$old_pipeline" 2>/dev/null || break
			sleep 0.1
		done
	fi
	mt_sweep n "$old_token"
	mt_sweep more "$old_token"
	n=$((n + more))
	# Those the TERM ended count too: every one was left behind.
	if ((n < ${#left[@]})); then n=${#left[@]}; fi
	mt_note "killed $n processes left behind by the interrupted run $old_token"
}

# session_lock: makes this run the campaign's only one, cleaning up after a run that was killed.
session_lock() {
	local lock=$MT_LOCK pid
	exec 9>>"$lock"
	if ! flock -n 9; then
		pid=$(sed -n 's/^pid=//p' "$lock")
		# (No 'tr | grep -q' here: under pipefail the early exit of grep makes it fail.)
		if [[ -n $pid && -r /proc/$pid/cmdline ]] && [[ $(tr '\0' ' ' <"/proc/$pid/cmdline") == *runner/@(run|gaps-try)* ]]; then
			mt_die "campaign '$MT_DB' is being run by process $pid"
		fi
		# The run holding it is gone: its orphans hold the lock.
		session_reap_orphans
		flock -w 30 9 || mt_die "cannot lock campaign '$MT_DB': '$lock' stays locked"
	fi
	session_reap_orphans
	printf 'pid=%s\ntoken=%s\n' "$$" "$MT_TOKEN" >"$lock"
}

# session_on_signal: Ctrl-C, TERM or HUP. During a pipeline, stops it (what finished is still
# recorded, see pipeline); otherwise kills the hook in progress and stops the run.
session_on_signal() {
	MT_STOP=1
	if [[ -n $MT_PIPELINE ]]; then
		# To the leader only: it passes one TERM on to its session (runner/session).
		kill -TERM "$MT_PIPELINE" 2>/dev/null || true
	else
		mt_kill_hook
		mt_note 'interrupted'
		exit 130
	fi
}

# in_session COMMAND...: runs COMMAND in a session of its own, named in the lock file so a
# later run can reap it, and waits for every process of it; returns COMMAND's status. The
# session's leader (runner/session) passes a signal to the run on to the whole session (see
# session_on_signal), and the run's death too, even by kill -9: the kernel sends it TERM then
# (setpriv --pdeathsig), so a pipeline never goes on alone.
in_session() {
	local rc=0
	setsid setpriv --pdeathsig TERM -- bash "$MUTORTURE_HOME/runner/session" "$@" 9>&- &
	MT_PIPELINE=$!
	printf 'pipeline=%s\n' "$MT_PIPELINE" >>"$MT_LOCK"
	while :; do
		rc=0
		wait "$MT_PIPELINE" || rc=$?
		if ! kill -0 "$MT_PIPELINE" 2>/dev/null; then break; fi
	done
	# After a signal the session's shell is gone first: wait for the rest (the record writer).
	while kill -0 -- "-$MT_PIPELINE" 2>/dev/null; do sleep 0.1; done
	MT_PIPELINE=''
	return "$rc"
}

# pipeline TOTAL PARALLEL-ARGS...: runs GNU parallel in its own session; its output, one record
# a run (TOTAL jobs: a job that confirms its mutant makes several runs), goes through runner/progress.awk (the run's records file, progress
# lines) to one 'mutorture record'; both ignore INT and TERM, so everything parallel printed
# is written. A signal stops parallel (which kills its running jobs). Returns record's status.
pipeline() {
	local total=$1 show=0
	shift
	if [[ $MT_PROGRESS == lines ]]; then show=1; fi
	# shellcheck disable=SC2016 # expanded by the pipeline's own shell
	in_session bash -c 'parallel "${@:4}" | { trap "" INT TERM; awk -F "\t" -v total="$1" -v show="$2" -v file="$MT_RECORDS" -f "$3" | "$MUTORTURE_BIN" record --db "$MT_DB"; }' \
		mutorture-pipeline "$total" "$show" "$MUTORTURE_HOME/runner/progress.awk" "${parallel_opts[@]}" "$@"
}

# session_sweep: kills what the run's jobs left behind, saying how many.
session_sweep() {
	local left
	mt_sweep left "$MT_TOKEN"
	if ((left)); then
		mt_note "warning: killed $left processes the jobs left behind"
	else
		MT_SWEPT=1
	fi
}
