# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-torture.sh: the torture rounds of a run (sourced by runner/run, never run): GNU parallel
# runs runner/job for each row of a plan through the pipeline (run-session.sh); then rounds of
# one more attempt for each survivor, until --repeat attempts or a kill; then one line of what
# this run decided, and the verdict on its control runs.
#
# Invariants: every attempt is its own record (kills / attempts is the kill probability); a
# round starts only when the one before recorded everything and no signal came; a failed
# control run makes the run fail loudly (FLAKY CAMPAIGN), its kills are not evidence.

# torture PLAN ROUND: runs the jobs of PLAN (runner/job, controls included) through the
# pipeline; ROUND keeps the attempts of repeated mutants apart.
torture() {
	local plan=$1 n
	local -a bar=()
	plan_rows n "$plan"
	if [[ $MT_PROGRESS == bar ]]; then bar=(--bar); fi
	export MT_ROUND=$2
	pipeline "$n" --jobs "$opt_jobs" --colsep '\t' "${bar[@]}" -a "$plan" \
		bash "$MUTORTURE_HOME/runner/job" '{1}' '{2}' '{%}' '{#}'
}

# torture_rounds PLAN: round 1 runs PLAN, then each round the survivors tried fewer than
# --repeat times (PLAN.rROUND); sets torture_rc to the record writer's status.
torture_rounds() {
	local plan=$1 round n
	torture_rc=0
	if [[ -s $plan ]]; then torture "$plan" 1 || torture_rc=$?; fi
	# Repeats: one more attempt for each survivor per round, until --repeat attempts or a kill.
	for ((round = 2; round <= opt_repeat && torture_rc == 0; round++)); do
		[[ -z $MT_STOP ]] || break
		plan_again "$plan.r$round"
		[[ -s $plan.r$round ]] || break
		plan_rows n "$plan.r$round"
		mt_note "round $round of $opt_repeat: $n survivors again"
		torture "$plan.r$round" "$round" || torture_rc=$?
	done
}

# torture_tally: reads this run's records once: sets tally_jobs (mutant jobs), tally_controls
# (control runs), tally_failed (control runs that did not pass) and tally_counts (the mutant
# jobs by status, 'N STATUS, ...' in the order of the status names).
torture_tally() {
	local tally=''
	if [[ -f $MT_RECORDS ]]; then
		tally=$(awk -F '\t' '
			/\tkind=torture\t/ {
				jobs++
				for (i = 1; i <= NF; i++)
					if (index($i, "status=") == 1) count[substr($i, 8)]++
			}
			/\tkind=control\t/ { controls++; if (!/\tstatus=survived\t/) failed++ }
			END {
				for (s in count) {
					for (i = n++; i > 0 && name[i - 1] > s; i--) name[i] = name[i - 1]
					name[i] = s
				}
				printf "%d %d %d ", jobs, controls, failed
				for (i = 0; i < n; i++) printf "%s%d %s", (i ? ", " : ""), count[name[i]], name[i]
				printf "\n"
			}' "$MT_RECORDS")
	fi
	read -r tally_jobs tally_controls tally_failed tally_counts <<<"${tally:-0 0 0}"
}

# torture_summary WALL: one line of what this run's torture jobs decided, from its records.
torture_summary() {
	torture_tally
	mt_note "ran $tally_jobs mutant jobs and $tally_controls control runs in $1 s with $opt_jobs jobs${tally_counts:+: $tally_counts}"
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
