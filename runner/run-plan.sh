# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-plan.sh: the plan of a run (sourced by runner/run, never run): the jobs GNU parallel runs,
# in their order, control runs included; the survivors that run again; the files the baseline
# build puts back; and the dry run, which prints that plan.
#
# Invariants: one plan, made by plan_make, for the run and for its dry run alike (the dry run
# prints the very file the run hands GNU parallel, DB.d/runs/TOKEN.plan); a plan row is
# 'MUTANT<TAB>PATH<TAB>LINE<TAB>OPERATOR<TAB>DESCRIPTION', MUTANT and PATH '-' for a control
# run of the unmutated code; plan_shape is idempotent and keeps the relative order of the
# mutants, so the pruning passes (which need builds, so the dry run cannot show them) only take
# rows out of the plan before it is shaped again.

# plan_select PLAN: writes the pending mutants to run (--operators, --files, --shuffle,
# --max-mutants) to PLAN as rows, in the database's order.
plan_select() {
	local -a args=(--db "$MT_DB" --pending --format tsv) max=()
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	if [[ -n $opt_shuffle ]]; then
		if [[ -n $opt_max_mutants ]]; then max=(-n "$opt_max_mutants"); fi
		"$MUTORTURE_BIN" list "${args[@]}" | cut -f1,2,3,5,8 | shuf "${max[@]}" >"$1"
	else
		"$MUTORTURE_BIN" list "${args[@]}" |
			awk -F '\t' -v OFS='\t' -v max="$opt_max_mutants" 'max == "" || NR <= max + 0 { print $1, $2, $3, $5, $8 }' >"$1"
	fi
}

# plan_again PLAN: writes the survivors (within --operators and --files) tried fewer than
# --repeat times to PLAN as rows: the next round of repeats.
plan_again() {
	local -a args=(--db "$MT_DB" --status survived --format ids)
	# A survivor was tried at least once: without --repeat, none is asked for again.
	if ((opt_repeat < 2)); then
		: >"$1"
		return 0
	fi
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	"$MUTORTURE_BIN" list "${args[@]}" >"$1.ids"
	"$MUTORTURE_BIN" survivors --db "$MT_DB" --format tsv |
		awk -F '\t' -v k="$opt_repeat" -v OFS='\t' -v ids="$1.ids" 'FILENAME == ids { s[$1] = 1; next }
			($1 in s) && $7 < k { print $1, $2, $3, $5, $9 }' "$1.ids" - >"$1"
	rm -f -- "$1.ids"
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
			mapfile -t scenarios < <(target_scenarios_for "$path")
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

# plan_make PLAN: the plan of a run: PLAN, the jobs in run order (plan_shape); PLAN.again, the
# survivors that run again (plan_again); PLAN.restore, what the baseline build puts back
# (plan_restore). Sets plan_mutants and plan_jobs.
plan_make() {
	plan_select "$1"
	plan_again "$1.again"
	plan_restore "$1.restore" "$1" "$1.again"
	plan_shape "$1"
}

# plan_print: the dry run: makes the plan as a run would (in a scratch directory, before any
# setup) and prints it: the target, the trees, the limits, the baseline and timeouts, the
# passes, the controls and repeats, then the plan's rows as GNU parallel gets them.
plan_print() {
	local tmp passes controls restored again
	tmp=$(mktemp -d)
	plan_make "$tmp/plan"
	printf 'campaign  %s\n' "$MT_DB"
	printf 'target    %s (scenarios: %s)\n' "$MT_TARGET_FILE" "${TARGET_SCENARIOS[*]}"
	if [[ -f $MT_CAMPAIGN/pristine.hash ]]; then
		printf 'pristine  %s (hash %s)\n' "$MT_CAMPAIGN/pristine" "$(<"$MT_CAMPAIGN/pristine.hash")"
	else
		printf 'pristine  %s (to set up with target_setup)\n' "$MT_CAMPAIGN/pristine"
	fi
	printf 'jobs      %s, each in %s/workers/SLOT, %s MB of virtual memory, %s processes\n' \
		"$opt_jobs" "$MT_CAMPAIGN" "$opt_mem_mb" "$opt_nproc"
	if baseline_check "$tmp/plan.restore"; then
		printf 'baseline  measured: slowest build %s s, slowest torture run %s s\n' "$baseline_build_s" "$baseline_test_s"
		baseline_timeouts
		printf 'timeouts  build %s s, torture %s s\n' "$MT_BUILD_TIMEOUT" "$MT_TEST_TIMEOUT"
	else
		plan_rows restored "$tmp/plan.restore"
		printf 'baseline  to run: build with %s files restored, then %s runs of each scenario\n' \
			"$restored" "$opt_baseline_runs"
		printf 'timeouts  %s x the slowest baseline time, at least %s s\n' "$opt_factor" "$opt_floor"
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
	if ((opt_control_every)); then controls="a control run every $opt_control_every mutants"; fi
	printf 'controls  %s\n' "$controls"
	plan_rows again "$tmp/plan.again"
	if ((opt_repeat < 2)); then
		printf 'repeats   survivors run until %s attempts\n' "$opt_repeat"
	else
		printf 'repeats   survivors run until %s attempts, one more each round (%d survivors of earlier runs below that now)\n' \
			"$opt_repeat" "$again"
	fi
	printf 'mutants   %d pending (before the pruning passes)\n' "$plan_mutants"
	printf 'plan      %d jobs, in the order GNU parallel runs them: the rows of DB.d/runs/TOKEN.plan\n' "$plan_jobs"
	printf '          (MUTANT PATH LINE OPERATOR DESCRIPTION, tab-separated; MUTANT - is a control run)\n'
	if ((${#passes[@]})); then
		printf '          before the pruning passes, which need builds: the mutants they decide leave\n'
		printf '          the plan, and the control runs are placed again\n'
	fi
	if [[ -n $opt_shuffle ]]; then printf '          --shuffle: each run draws its own order\n'; fi
	cat -- "$tmp/plan"
	rm -rf -- "$tmp"
}
