# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-plan.sh: the plan of a run (sourced by runner/run, never run): which mutants run, in
# which order, with which control runs; which survivors run again; which files the baseline
# build puts back; and the dry run's listing of all that.
#
# Invariants: a plan row is 'MUTANT<TAB>PATH<TAB>LINE<TAB>OPERATOR<TAB>DESCRIPTION' (MUTANT and
# PATH '-': a control run of the unmutated code), the row GNU parallel hands runner/job.

# plan_select FILE: writes the mutants to run as 'ID<TAB>PATH<TAB>LINE<TAB>OPERATOR<TAB>DESCRIPTION'.
plan_select() {
	local -a args=(--db "$MT_DB" --pending --format tsv)
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	"$MUTORTURE_BIN" list "${args[@]}" | cut -f1,2,3,5,8 >"$1.all"
	if [[ -n $opt_shuffle ]]; then shuf -o "$1.all" "$1.all"; fi
	if [[ -n $opt_max_mutants ]]; then
		head -n "$opt_max_mutants" "$1.all" >"$1"
		rm -f -- "$1.all"
	else
		mv -f -- "$1.all" "$1"
	fi
}

# plan_restore FILE PLAN...: writes TARGET_SOURCES and every file the PLANs mutate to FILE,
# sorted, one a line: what the baseline build puts back.
plan_restore() {
	local out=$1
	shift
	{
		printf '%s\n' "${TARGET_SOURCES[@]}"
		cut -f2 "$@" | grep -v -x -- '-' || true
	} | sort -u >"$out"
}

# plan_longest_first PLAN: orders PLAN (stably) by how many scenarios its file's mutants may
# need, most first: the slow jobs start early, so the run does not end waiting on one of them.
plan_longest_first() {
	local path
	while IFS= read -r path; do
		printf '%s\t%s\n' "$path" "$(target_scenarios_for "$path" | wc -l)"
	done < <(cut -f2 "$1" | sort -u) >"$1.weights"
	awk -F '\t' -v weights="$1.weights" 'FILENAME == weights { w[$1] = $2; next } { print w[$2] "\t" $0 }' \
		"$1.weights" "$1" | sort -s -t $'\t' -k1,1nr | cut -f2- >"$1.tmp"
	mv -f -- "$1.tmp" "$1"
	rm -f -- "$1.weights"
}

# plan_controls PLAN: puts a control run (mutant and path '-') after every --control-every
# mutants of PLAN.
plan_controls() {
	((opt_control_every > 0)) || return 0
	awk -F '\t' -v n="$opt_control_every" -v OFS='\t' \
		'{ print } NR % n == 0 { print "-", "-", 0, "control", "the unmutated code" }' "$1" >"$1.tmp"
	mv -f -- "$1.tmp" "$1"
}

# plan_again FILE: writes the survivors (within --operators and --files) tried fewer than
# --repeat times as a plan.
plan_again() {
	local -a args=(--db "$MT_DB" --status survived --format ids)
	if [[ -n $opt_operators ]]; then args+=(--operators "$opt_operators"); fi
	if [[ -n $opt_files ]]; then args+=(--files "$opt_files"); fi
	"$MUTORTURE_BIN" list "${args[@]}" >"$1.ids"
	"$MUTORTURE_BIN" survivors --db "$MT_DB" --format tsv |
		awk -F '\t' -v k="$opt_repeat" -v OFS='\t' -v ids="$1.ids" 'FILENAME == ids { s[$1] = 1; next }
			($1 in s) && $7 < k { print $1, $2, $3, $5, $9 }' "$1.ids" - >"$1"
	rm -f -- "$1.ids"
}

# plan_print: the dry run: prints the target, the trees, the limits, the baseline and timeouts,
# the passes and the mutants.
plan_print() {
	local tmp passes controls
	printf 'campaign  %s\n' "$MT_DB"
	printf 'target    %s (scenarios: %s)\n' "$MT_TARGET_FILE" "${TARGET_SCENARIOS[*]}"
	if [[ -f $MT_CAMPAIGN/pristine.hash ]]; then
		printf 'pristine  %s (hash %s)\n' "$MT_CAMPAIGN/pristine" "$(<"$MT_CAMPAIGN/pristine.hash")"
	else
		printf 'pristine  %s (to set up with target_setup)\n' "$MT_CAMPAIGN/pristine"
	fi
	printf 'jobs      %s, each in %s/workers/SLOT, %s MB of virtual memory, %s processes\n' \
		"$opt_jobs" "$MT_CAMPAIGN" "$opt_mem_mb" "$opt_nproc"
	tmp=$(mktemp)
	plan_select "$tmp"
	plan_restore "$tmp.restore" "$tmp"
	if baseline_check "$tmp.restore"; then
		printf 'baseline  measured: slowest build %s s, slowest torture run %s s\n' "$baseline_build_s" "$baseline_test_s"
		baseline_timeout MT_BUILD_TIMEOUT "$baseline_build_s"
		baseline_timeout MT_TEST_TIMEOUT "$baseline_test_s"
		printf 'timeouts  build %s s, torture %s s\n' "$MT_BUILD_TIMEOUT" "$MT_TEST_TIMEOUT"
	else
		printf 'baseline  to run: build with %s files restored, then %s runs of each scenario\n' \
			"$(wc -l <"$tmp.restore")" "$opt_baseline_runs"
		printf 'timeouts  %s x the slowest baseline time, at least %s s\n' "$opt_factor" "$opt_floor"
	fi
	passes=()
	if [[ -n $opt_prune ]] && declare -F target_coverage >/dev/null; then passes+=(coverage); fi
	if [[ -n $opt_prune ]] && declare -F target_compile >/dev/null; then passes+=(equivalence); fi
	printf 'pruning   %s\n' "${passes[*]:-none}"
	controls=none
	if ((opt_control_every)); then controls="a control run every $opt_control_every mutants"; fi
	printf 'controls  %s\n' "$controls"
	printf 'repeats   survivors run until %s attempts\n' "$opt_repeat"
	printf 'mutants   %d pending (before the pruning passes)\n' "$(wc -l <"$tmp")"
	awk -F '\t' '{ printf "  %s  %s:%s  %s  %s\n", $1, $2, $3, $4, $5 }' "$tmp"
	rm -f -- "$tmp" "$tmp.restore"
}
