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
	n=$(wc -l <"$plan")
	if [[ $MT_PROGRESS == bar ]]; then bar=(--bar); fi
	export MT_ROUND=$2
	pipeline "$n" --jobs "$opt_jobs" --colsep '\t' "${bar[@]}" -a "$plan" \
		bash "$MUTORTURE_HOME/runner/job" '{1}' '{2}' '{%}' '{#}'
}

# torture_rounds PLAN: round 1 runs PLAN, then each round the survivors tried fewer than
# --repeat times (PLAN.rROUND); sets torture_rc to the record writer's status.
torture_rounds() {
	local plan=$1 round
	torture_rc=0
	if [[ -s $plan ]]; then torture "$plan" 1 || torture_rc=$?; fi
	# Repeats: one more attempt for each survivor per round, until --repeat attempts or a kill.
	for ((round = 2; round <= opt_repeat && torture_rc == 0; round++)); do
		[[ -z $MT_STOP ]] || break
		plan_again "$plan.r$round"
		[[ -s $plan.r$round ]] || break
		mt_note "round $round of $opt_repeat: $(wc -l <"$plan.r$round") survivors again"
		torture "$plan.r$round" "$round" || torture_rc=$?
	done
}

# torture_summary WALL: one line of what this run's torture jobs decided, from its records.
torture_summary() {
	local counts controls
	counts=$(grep -F $'\tkind=torture\t' "$MT_RECORDS" 2>/dev/null | mt_field status | sort | uniq -c |
		awk '{ printf "%s%d %s", sep, $1, $2; sep = ", " }')
	controls=$(grep -c -F $'\tkind=control\t' "$MT_RECORDS" 2>/dev/null || true)
	mt_note "ran $(grep -c -F $'\tkind=torture\t' "$MT_RECORDS" 2>/dev/null || true) mutant jobs and $controls control runs in $1 s with $opt_jobs jobs${counts:+: $counts}"
}

# torture_verdict: how the run ends once its rounds are over: 130 after a signal, 128 when the
# record writer failed, 1 when a control run of the unmutated code failed (the suite fails
# without any mutant: its kills prove nothing), else 0.
torture_verdict() {
	local failed_controls
	if [[ -n $MT_STOP ]]; then
		mt_note "interrupted: what finished is recorded; 'mutorture run' again resumes"
		exit 130
	fi
	if ((torture_rc != 0)); then
		mt_die "'mutorture record' failed (status $torture_rc) on some records of $MT_RECORDS"
	fi
	failed_controls=$(grep -F $'\tkind=control\t' "$MT_RECORDS" | grep -c -v -F $'\tstatus=survived\t' || true)
	if ((failed_controls)); then
		printf 'error: FLAKY CAMPAIGN: %d control runs of the unmutated code failed in this run (logs: %s/logs/control/); the kills of this campaign are not evidence\n' \
			"$failed_controls" "$MT_CAMPAIGN" >&2
		exit 1
	fi
}
