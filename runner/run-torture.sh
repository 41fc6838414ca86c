# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-torture.sh: the torture rounds of a run (sourced by runner/run, never run): GNU parallel
# runs runner/job for each row of a plan through the pipeline (run-session.sh). Round 1 is the
# quick pass over the pending mutants, at MT_QUICK_DURATION; then confirmation rounds at
# MT_FULL_DURATION, one more attempt for each survivor short of MT_CONFIRM_RUNS full attempts
# (plan_again), until none is or a kill; then one line of what this run decided, and the
# verdict on its control runs.
#
# Invariants: every attempt is its own record, with the duration it asked for (kills / attempts
# is the kill probability, full attempts confirm); each round's jobs get the torture timeout
# measured for their duration, also passed to target_test as MUTORTURE_TEST_TIMEOUT; a round
# starts only when the one before recorded everything and no signal came; a failed control
# run makes the run fail loudly (FLAKY CAMPAIGN), its kills are not evidence.

# torture PLAN ROUND DURATION [MORE]: runs the jobs of PLAN (runner/job, controls included)
# through the pipeline, each asking the target for DURATION seconds ('': its default) under that
# duration's torture timeout; ROUND keeps the attempts of repeated mutants apart. A mutant that
# survives goes on in its job, on its build, with up to MORE runs of the full duration
# (MT_JOB_CONFIRM, default 0), each a record of its own.
torture() {
	local plan=$1 n more=${4:-0}
	local -a bar=() how=(--jobs "$opt_jobs") cmd=(bash "$MUTORTURE_HOME/runner/job")
	plan_rows n "$plan"
	if [[ $MT_PROGRESS == bar ]]; then bar=(--bar); fi
	export MT_ROUND=$2
	mt_torture_duration "$3"
	baseline_timeout_for MT_TEST_TIMEOUT "${3:-default}"
	baseline_scenario_timeouts MT_TEST_TIMEOUTS "${3:-default}"
	export MT_TEST_TIMEOUT MT_TEST_TIMEOUTS MUTORTURE_TEST_TIMEOUT=$MT_TEST_TIMEOUT
	export MT_JOB_CONFIRM=$more MT_CONFIRM_DURATION=$MT_FULL_DURATION
	if ((more)); then
		baseline_timeout_for MT_CONFIRM_TEST_TIMEOUT "${MT_FULL_DURATION:-default}"
		baseline_scenario_timeouts MT_CONFIRM_TEST_TIMEOUTS "${MT_FULL_DURATION:-default}"
		export MT_CONFIRM_TEST_TIMEOUT MT_CONFIRM_TEST_TIMEOUTS
	fi
	# --hosts: the same jobs, spread over the hosts (run-hosts.sh).
	if [[ -n $opt_hosts ]]; then
		hosts_job_args how "$plan"
		hosts_command cmd
	fi
	local rc=0
	pipeline "$n" "${how[@]}" --colsep '\t' "${bar[@]}" -a "$plan" "${cmd[@]}" '{1}' '{2}' '{%}' '{#}' || rc=$?
	if [[ -n $opt_hosts ]]; then hosts_after_round "$2" "$plan"; fi
	return "$rc"
}

# torture_rounds PLAN: round 1 runs PLAN (the quick pass), where a survivor goes on in its job
# with the runs that confirm it (quick_confirm_runs); then each round (PLAN.rROUND) one
# full-length attempt of every survivor short of the policy's K (one of an earlier run, or one
# whose job was cut short), until none is left, a round fails to record, or a signal came (at
# most K rounds: each adds a full attempt to each of its survivors, or kills it); sets
# torture_rc to the record writer's status.
torture_rounds() {
	local plan=$1 round last more
	torture_rc=0
	quick_confirm_runs more
	if [[ -s $plan ]]; then torture "$plan" 1 "$MT_QUICK_DURATION" "$more" || torture_rc=$?; fi
	[[ -n $MT_CONFIRM ]] || return 0
	last=$((MT_CONFIRM_RUNS + 1))
	for ((round = 2; round <= last && torture_rc == 0; round++)); do
		[[ -z $MT_STOP ]] || break
		plan_again "$plan.r$round"
		[[ -s $plan.r$round ]] || break
		plan_shape "$plan.r$round"
		mt_note "confirmation round $((round - 1)): $plan_mutants survivors short of $MT_CONFIRM_RUNS runs of $(plan_seconds "$MT_FULL_DURATION") run again ($plan_jobs jobs)"
		torture "$plan.r$round" "$round" "$MT_FULL_DURATION" || torture_rc=$?
	done
}

# run_timeouts MUTANTS AGAIN: the line that starts the torture: MUTANTS in the quick pass,
# AGAIN survivors of earlier runs to confirm, the jobs, the timeouts of each duration, the logs.
run_timeouts() {
	local text d t sep='' stages
	for d in "${baseline_durations[@]}"; do
		baseline_timeouts_text t "$d"
		text+="$sep$t"
		if ((${#baseline_durations[@]} > 1)); then text+=" for runs of $(plan_seconds "${d#default}")"; fi
		sep=', '
	done
	stages="$1 mutants in the quick pass (runs of $(plan_seconds "$MT_QUICK_DURATION"))"
	if [[ -n $MT_CONFIRM ]]; then
		stages+=", each survivor then confirmed in its job, on its build, and $2 survivors of earlier runs one run a round (runs of $(plan_seconds "$MT_FULL_DURATION"), until $MT_CONFIRM_RUNS each)"
	fi
	mt_note "running $stages with $opt_jobs jobs (timeouts: build $MT_BUILD_TIMEOUT s, torture $text; logs in $MT_CAMPAIGN/logs)"
}

# torture_tally: reads this run's records once: sets tally_jobs (mutant jobs), tally_runs (their
# torture runs: a job that confirms its mutant makes several, TOKEN.ROUND.SEQ.N after the
# first), tally_controls (control runs), tally_failed (control runs that did not pass) and
# tally_counts (the mutant jobs by the status of their last run, 'N STATUS, ...' in the order
# of the status names).
torture_tally() {
	local tally=''
	if [[ -f $MT_RECORDS ]]; then
		tally=$(awk -F '\t' '
			/\tkind=torture\t/ {
				for (i = 1; i <= NF; i++) {
					if (index($i, "attempt=") == 1) job = substr($i, 9)
					if (index($i, "status=") == 1) status = substr($i, 8)
				}
				runs++
				if (split(job, part, ".") == 4) job = part[1] "." part[2] "." part[3]
				else jobs++
				last[job] = status
			}
			/\tkind=control\t/ { controls++; if (!/\tstatus=survived\t/) failed++ }
			END {
				for (j in last) count[last[j]]++
				for (s in count) {
					for (i = n++; i > 0 && name[i - 1] > s; i--) name[i] = name[i - 1]
					name[i] = s
				}
				printf "%d %d %d %d ", jobs, runs, controls, failed
				for (i = 0; i < n; i++) printf "%s%d %s", (i ? ", " : ""), count[name[i]], name[i]
				printf "\n"
			}' "$MT_RECORDS")
	fi
	read -r tally_jobs tally_runs tally_controls tally_failed tally_counts <<<"${tally:-0 0 0 0}"
}

# torture_summary WALL: one line of what this run's torture jobs decided, from its records,
# and one of the campaign's survivors: how many the policy confirms.
torture_summary() {
	local survivors_confirmed survivors_unconfirmed note="" runs=""
	torture_tally
	if ((tally_runs > tally_jobs)); then runs=" ($tally_runs torture runs)"; fi
	mt_note "ran $tally_jobs mutant jobs$runs and $tally_controls control runs in $1 s with $opt_jobs jobs${tally_counts:+: $tally_counts}"
	# (a row a survivor, whatever its columns)
	survivors_confirmed=$("$MUTORTURE_BIN" survivors --db "$MT_DB" --confirmed --format tsv | wc -l)
	survivors_unconfirmed=$("$MUTORTURE_BIN" survivors --db "$MT_DB" --unconfirmed --format tsv | wc -l)
	if [[ -z $MT_CONFIRM ]] && ((survivors_unconfirmed)); then note=" (--no-confirm: a run without it confirms them)"; fi
	mt_note "survivors: $survivors_confirmed confirmed by $MT_CONFIRM_RUNS runs of $(plan_seconds "$MT_FULL_DURATION"), $survivors_unconfirmed unconfirmed$note"
	torture_rebuilt
}

# torture_rebuilt: says which jobs of this run left their worker tree changed (runner/job's
# slot_check made it again from the pristine tree), if any.
torture_rebuilt() {
	local file="$MT_CAMPAIGN/runs/$MT_TOKEN.rebuilt" slot attempt why rebuilt
	[[ -s $file ]] || return 0
	while IFS=$'\t' read -r slot attempt why rebuilt; do
		mt_note "warning: job $attempt left worker tree $slot changed ($why): it $rebuilt again from the pristine tree"
	done <"$file"
}

# torture_verdict: how the run ends once its rounds are over (after torture_summary): 130 after
# a signal, 128 when the record writer failed, 1 when a control run of the unmutated code
# failed (the suite fails without any mutant: its kills prove nothing), else 0.
torture_verdict() {
	if [[ -n $MT_STOP ]]; then
		mt_note "interrupted: what finished is recorded; 'mutorture run' again resumes"
		exit 130
	fi
	if ((torture_rc != 0)); then
		mt_die "'mutorture record' failed (status $torture_rc) on some records of $MT_RECORDS"
	fi
	if ((tally_failed)); then
		printf 'error: FLAKY CAMPAIGN: %d control runs of the unmutated code failed in this run (logs: %s/logs/control/); the kills of this campaign are not evidence\n' \
			"$tally_failed" "$MT_CAMPAIGN" >&2
		exit 1
	fi
}

# quick_confirm_runs VAR: sets VAR to the runs of the full duration a survivor of the quick
# pass makes in its job, on its build (runner/job): K, or K - 1 when the quick pass runs at the
# full duration (its run is the first of the K); 0 with --no-confirm.
quick_confirm_runs() {
	local -n _more=$1
	_more=0
	[[ -n $MT_CONFIRM ]] || return 0
	_more=$MT_CONFIRM_RUNS
	if [[ $MT_QUICK_DURATION == "$MT_FULL_DURATION" ]]; then _more=$((_more - 1)); fi
}
