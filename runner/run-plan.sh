# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-plan.sh: the plan of a run (sourced by runner/run, never run): the jobs GNU parallel runs,
# in their order, control runs included, in two stages: the quick pass over the pending mutants
# (round 1), then confirmation rounds of one full-length run for each survivor short of the
# policy's K; the files the baseline build puts back; and the dry run, which prints that plan.
#
# Invariants: one plan, made by plan_make, for the run and for its dry run alike (the dry run
# prints the very file the run hands GNU parallel, DB.d/runs/TOKEN.plan, and the first
# confirmation round as plan_again makes every round, DB.d/runs/TOKEN.plan.r2, which a run
# whose quick pass leaves no new survivor executes row for row); a plan row is
# 'MUTANT<TAB>PATH<TAB>LINE<TAB>OPERATOR<TAB>DESCRIPTION', MUTANT and PATH '-' for a control
# run of the unmutated code; plan_shape is idempotent and keeps the relative order of the
# mutants, so the pruning passes (which need builds, so the dry run cannot show them) only take
# rows out of the plan before it is shaped again; which survivor needs confirmation is computed
# from the attempts with the run's own policy (not the one the database holds yet), so a dry
# run that records nothing plans what the run will do.

# The columns of a plan row, by name ('mutorture list --fields'): MUTANT PATH LINE OPERATOR
# DESCRIPTION, tab-separated (a control run's row: MUTANT '-').
PLAN_FIELDS=id,path,line,operator,description

# plan_select PLAN: writes the pending mutants to run (--operators, --files, --mutants, --shuffle,
# --max-mutants) to PLAN as rows, in the database's order.
plan_select() {
	local -a args=(--db "$MT_DB" --pending --fields "$PLAN_FIELDS") max=()
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	if [[ -n $opt_mutants ]]; then args+=(--mutants "$opt_mutants"); fi
	if [[ -n $opt_shuffle ]]; then
		if [[ -n $opt_max_mutants ]]; then max=(-n "$opt_max_mutants"); fi
		"$MUTORTURE_BIN" list "${args[@]}" | shuf "${max[@]}" >"$1"
	else
		"$MUTORTURE_BIN" list "${args[@]}" | awk -v max="$opt_max_mutants" 'max == "" || NR <= max + 0' >"$1"
	fi
}

# plan_again PLAN: writes to PLAN, as rows in the database's order, the survivors (within
# --operators, --files and --mutants) with fewer than MT_CONFIRM_RUNS full attempts: torture attempts that
# asked for at least MT_FULL_DURATION seconds (an attempt of unknown duration counts as 0 s, as
# the mutant_status view counts it). Empty with --no-confirm. One confirmation round.
plan_again() {
	local -a args=(--db "$MT_DB" --status survived --fields "$PLAN_FIELDS")
	: >"$1"
	[[ -n $MT_CONFIRM ]] || return 0
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	if [[ -n $opt_mutants ]]; then args+=(--mutants "$opt_mutants"); fi
	"$MUTORTURE_BIN" list "${args[@]}" >"$1.survivors"
	if [[ -s $1.survivors ]]; then
		"$MUTORTURE_BIN" attempts --db "$MT_DB" --fields mutant,kind,status,duration |
			awk -F '\t' -v k="$MT_CONFIRM_RUNS" -v full="$MT_FULL_DURATION" -v rows="$1.survivors" '
				FILENAME == rows { row[$1] = $0; order[n++] = $1; next }
				$2 == "torture" && ($3 == "killed" || $3 == "timeout" || $3 == "survived") &&
					$4 + 0 >= full + 0 { done[$1]++ }
				END { for (i = 0; i < n; i++) if (done[order[i]] + 0 < k) print row[order[i]] }' \
				"$1.survivors" - >"$1"
	fi
	rm -f -- "$1.survivors"
}

# plan_restore LIST PLAN...: writes TARGET_SOURCES and every file the PLANs mutate to LIST,
# sorted, one a line: what the baseline build puts back (a header's mutant rebuilds everything
# that includes it, so the baseline build must be as big).
plan_restore() {
	local out=$1 plan id path
	local -A files=()
	shift
	for path in "${TARGET_SOURCES[@]}"; do files["$path"]=1; done
	for plan; do
		while IFS=$'\t' read -r id path _; do
			if [[ $id != - && -n $path ]]; then files["$path"]=1; fi
		done <"$plan"
	done
	printf '%s\n' "${!files[@]}" | sort >"$out"
}

# plan_rows VAR PLAN: sets VAR to the number of rows of PLAN.
plan_rows() {
	local -a _rows
	mapfile -t _rows <"$2"
	printf -v "$1" '%d' "${#_rows[@]}"
}

# plan_shape PLAN: puts PLAN in run order: its mutants longest first (stably, by how many
# scenarios their file may need, most first, so the run does not end waiting on a slow job;
# not with --shuffle), then a control run after every --control-every mutants. Sets
# plan_mutants and plan_jobs (rows, controls included).
plan_shape() {
	local id path counts weights=''
	local -A seen=()
	local -a scenarios
	if [[ -z $opt_shuffle ]]; then
		while IFS=$'\t' read -r id path _; do
			[[ $id != - && -z ${seen["$path"]+set} ]] || continue
			seen["$path"]=1
			mapfile -t scenarios < <(mt_scenarios_for "$path")
			weights+="$path"$'\t'"${#scenarios[@]}"$'\n'
		done <"$1"
	fi
	counts=$(MT_PLAN_WEIGHTS=$weights awk -F '\t' -v OFS='\t' -v every="$opt_control_every" -v out="$1.tmp" '
		BEGIN {
			printf "" >out
			top = 0
			n = split(ENVIRON["MT_PLAN_WEIGHTS"], lines, "\n")
			for (i = 1; i <= n; i++)
				if (split(lines[i], f, "\t") == 2) weight[f[1]] = f[2]
		}
		$1 == "-" { next }
		{
			w = ($2 in weight) ? weight[$2] + 0 : 0
			row[w, rows[w]++] = $0
			if (w > top) top = w
			mutants++
		}
		END {
			for (w = top; w >= 0; w--)
				for (i = 0; i < rows[w]; i++) {
					print row[w, i] >out
					jobs++
					if (every > 0 && ++done % every == 0) {
						print "-", "-", 0, "control", "the unmutated code" >out
						jobs++
					}
				}
			print mutants + 0, jobs + 0
		}' "$1")
	read -r plan_mutants plan_jobs <<<"$counts"
	mv -f -- "$1.tmp" "$1"
}

# plan_make PLAN: the plan of a run: PLAN, the quick pass's jobs in run order (plan_shape);
# PLAN.again, the first confirmation round as far as it is known before the run: the survivors
# of earlier runs short of the policy's K (plan_again, shaped like every round); PLAN.restore,
# what the baseline build puts back (plan_restore). Sets plan_mutants and plan_jobs (PLAN's),
# again_mutants and again_jobs (PLAN.again's).
plan_make() {
	plan_select "$1"
	plan_again "$1.again"
	plan_restore "$1.restore" "$1" "$1.again"
	plan_shape "$1.again"
	again_mutants=$plan_mutants
	again_jobs=$plan_jobs
	plan_shape "$1"
}

# plan_seconds DURATION: prints how a duration reads in the plan: 'N s', or the target's
# default when the run leaves it to the target.
plan_seconds() {
	if [[ -n $1 ]]; then printf '%s s' "$1"; else printf "the target's default"; fi
}

# plan_print: the dry run: makes the plan as a run would (in a scratch directory, before any
# setup) and prints it: the target, the trees, the limits, the stages and their durations, the
# baseline and timeouts, the passes and controls, then the rows of the quick pass and of the
# first confirmation round as GNU parallel gets them.
plan_print() {
	local tmp passes controls restored quick full more d timeouts_one timeouts="" sep="" kept="" held=""
	tmp=$(mktemp -d)
	# A plan that fails (a filter that names nothing) leaves no scratch directory behind (the
	# trap runs outside this function: a global names the directory).
	plan_print_tmp=$tmp
	trap 'rm -rf -- "$plan_print_tmp"' EXIT
	plan_make "$tmp/plan"
	quick=$(plan_seconds "$MT_QUICK_DURATION")
	full=$(plan_seconds "$MT_FULL_DURATION")
	printf 'campaign  %s\n' "$MT_DB"
	printf 'target    %s (scenarios: %s)\n' "$MT_TARGET_FILE" "${TARGET_SCENARIOS[*]}"
	if [[ -f $MT_CAMPAIGN/pristine.hash ]]; then
		printf 'pristine  %s (hash %s)\n' "$MT_CAMPAIGN/pristine" "$(<"$MT_CAMPAIGN/pristine.hash")"
	else
		printf 'pristine  %s (to set up with target_setup)\n' "$MT_CAMPAIGN/pristine"
	fi
	printf 'jobs      %s, each in %s/workers/SLOT, %s MB of virtual memory, %s processes, logs of at most %s MB (head and tail)\n' \
		"$opt_jobs" "$MT_CAMPAIGN" "$opt_mem_mb" "$opt_nproc" "$opt_log_mb"
	printf 'sandbox   %s\n' "$(mt_sandbox_text "$MT_SANDBOX")"
	printf 'stage 1   quick pass: every pending mutant once, torture runs of %s\n' "$quick"
	if [[ -n $MT_CONFIRM ]]; then
		quick_confirm_runs more
		printf 'stage 2   confirmation: a survivor of stage 1 goes on in its job, on its build, with up to %s runs of %s until %s such runs confirm it or one kills it%s\n' \
			"$more" "$full" "$MT_CONFIRM_RUNS" "$( ((more < MT_CONFIRM_RUNS)) && echo ' (its quick run is the first)')"
		printf '          a survivor of an earlier run short of %s gets one such run a round (at most %s rounds)\n' \
			"$MT_CONFIRM_RUNS" "$MT_CONFIRM_RUNS"
	else
		printf 'stage 2   none (--no-confirm): survivors stay unconfirmed (the policy: %s runs of %s)\n' \
			"$MT_CONFIRM_RUNS" "$full"
	fi
	if baseline_check "$tmp/plan.restore"; then
		held=measured
	elif baseline_cache_dir kept && [[ -f $kept/origin ]] && baseline_check "$tmp/plan.restore" "$kept"; then
		held="kept on this machine, reused (measured $(<"$kept/origin"))"
	fi
	if [[ -n $held ]]; then
		for d in "${baseline_durations[@]}"; do
			baseline_timeouts_text timeouts_one "$d"
			timeouts+="$sep$timeouts_one for runs of $(plan_seconds "$d")"
			sep=', '
		done
		baseline_timeouts
		printf 'baseline  %s: slowest build %s s, slowest torture run %s\n' "$held" "$baseline_build_s" "$(baseline_runs_text)"
		printf 'timeouts  build %s s, torture %s\n' "$MT_BUILD_TIMEOUT" "$timeouts"
	else
		plan_rows restored "$tmp/plan.restore"
		printf 'baseline  to run: build with %s files restored, then %s runs of each scenario for each duration (%s)\n' \
			"$restored" "$opt_baseline_runs" "$(baseline_durations_text)"
		printf 'timeouts  %s x the slowest baseline time of each duration, at least %s s; the torture timeout reaches target_test as MUTORTURE_TEST_TIMEOUT\n' \
			"$opt_factor" "$opt_floor"
	fi
	printf 'restore   %s\n' "$(paste -sd ' ' "$tmp/plan.restore")"
	passes=()
	if [[ -n $opt_prune ]] && declare -F target_coverage >/dev/null; then passes+=(coverage); fi
	if [[ -n $opt_prune ]] && declare -F target_compile >/dev/null; then passes+=(equivalence); fi
	printf 'pruning   %s\n' "${passes[*]:-none}"
	if [[ " ${passes[*]} " == *' equivalence '* ]]; then
		printf '          equivalence: %s and aarch64 objects (one compiler family) where target_compile can (the run log says where not); headers %s\n' \
			"$HOSTTYPE" "$(declare -F target_includers >/dev/null && echo 'through the files target_includers lists' || echo 'go to the torture run (no target_includers)')"
	fi
	controls=none
	if ((opt_control_every)); then controls="a control run every $opt_control_every mutants, in every round"; fi
	printf 'controls  %s\n' "$controls"
	printf 'mutants   %d pending (before the pruning passes)\n' "$plan_mutants"
	printf 'plan      %d jobs of stage 1, in the order GNU parallel runs them: the rows of DB.d/runs/TOKEN.plan\n' "$plan_jobs"
	printf '          (MUTANT PATH LINE OPERATOR DESCRIPTION, tab-separated; MUTANT - is a control run)\n'
	if ((${#passes[@]})); then
		printf '          before the pruning passes, which need builds: the mutants they decide leave\n'
		printf '          the plan, and the control runs are placed again\n'
	fi
	if [[ -n $opt_shuffle ]]; then printf '          --shuffle: each run draws its own order\n'; fi
	cat -- "$tmp/plan"
	if [[ -n $MT_CONFIRM ]]; then
		printf 'confirm   %d jobs of the first confirmation round (%d survivors of earlier runs short of %s runs of %s), in the order GNU parallel runs them: the rows of DB.d/runs/TOKEN.plan.r2\n' \
			"$again_jobs" "$again_mutants" "$MT_CONFIRM_RUNS" "$full"
		printf '          (stage 1 confirms its own survivors in their jobs; one whose job was cut short\n'
		printf '          joins them, in the database order); each later round is made the same way\n'
		cat -- "$tmp/plan.again"
	fi
	rm -rf -- "$tmp"
	trap - EXIT
}
