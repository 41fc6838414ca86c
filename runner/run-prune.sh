# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-prune.sh: the pruning passes (sourced by runner/run, never run), cheap before expensive:
# coverage (target_coverage) marks the mutants on lines the torture never executes uncovered,
# and trivial compiler equivalence (target_compile, runner/tce-job, runner/tce.awk) decides
# which mutants compile to the original's object code (equivalent), to an earlier mutant's
# (duplicate), or not at all (build_error). Each pass runs only for a target that has its hook.
#
# Invariants: the passes need the baseline's worker trees and timeouts, so they run after it
# and never in a dry run; every verdict they reach is a record written by 'mutorture record';
# a plan leaves this stage holding only mutants still pending.

# prune_still_pending PLAN: keeps the rows of PLAN whose mutant has no final result yet.
prune_still_pending() {
	"$MUTORTURE_BIN" list --db "$MT_DB" --pending --format ids >"$1.pending"
	awk -F '\t' -v ids="$1.pending" 'FILENAME == ids { p[$1] = 1; next } $1 in p' "$1.pending" "$1" >"$1.tmp"
	mv -f -- "$1.tmp" "$1"
	rm -f -- "$1.pending"
}

# prune_coverage: once per pristine tree and torture knobs, runs target_coverage in worker
# tree 1 and imports it ('mutorture coverage'), which marks the pending mutants on lines the
# torture suite never executes uncovered: no torture run could kill them.
prune_coverage() {
	local stamp="$MT_CAMPAIGN/coverage.stamp" out="$MT_CAMPAIGN/coverage.tsv" knobs
	declare -F target_coverage >/dev/null || return 0
	baseline_knobs knobs
	if [[ -f $stamp && $(<"$stamp") == "$knobs" ]]; then return 0; fi
	mt_note "coverage: running the torture suite with line coverage (log: $MT_CAMPAIGN/coverage.log)"
	mt_repair_slot 1
	mt_hook "$MT_BASELINE_TIMEOUT" "$MT_CAMPAIGN/coverage.log" target_coverage "$MT_CAMPAIGN/workers/1" "$out"
	if ((MT_HOOK_STATUS != 0)); then
		tail -n 20 -- "$MT_CAMPAIGN/coverage.log" >&2
		mt_die "target_coverage failed (status $MT_HOOK_STATUS, log: $MT_CAMPAIGN/coverage.log); --no-prune runs without it"
	fi
	"$MUTORTURE_BIN" coverage --db "$MT_DB" "$out" | sed 's/^/mutorture: /' >&2
	printf '%s\n' "$knobs" >"$stamp"
}

# prune_equivalence PLAN: trivial compiler equivalence, before any torture run. runner/tce-job
# compiles (target_compile) the original of each planned file and each planned mutant not
# compiled by an earlier run, in parallel, in plan order (not the mutants of headers, which
# have no object of their own: they go to the torture run); runner/tce.awk then decides, with
# the hashes of earlier runs (DB.d/tce/hashes), which are equivalent, duplicate or do not
# compile, and 'mutorture record' stores those verdicts.
prune_equivalence() {
	local plan=$1 dir="$MT_CAMPAIGN/tce" todo new count
	declare -F target_compile >/dev/null || return 0
	mkdir -p -- "$dir"
	touch "$dir/hashes"
	todo="$dir/$MT_TOKEN.todo"
	new="$dir/$MT_TOKEN.hashes"
	awk -F '\t' '$1 != "-" && $2 !~ /\.h$/' "$plan" >"$todo.units"
	[[ -s $todo.units ]] || { rm -f -- "$todo.units"; return 0; }
	{
		cut -f2 "$todo.units" | sort -u | awk '{ print "-\t" $0 }'
		awk -F '\t' -v old="$dir/hashes" 'FILENAME == old { seen[$1] = 1; next } !($1 in seen) { print $1 "\t" $2 }' \
			"$dir/hashes" "$todo.units"
	} >"$todo"
	mt_note "equivalence: compiling $(($(wc -l <"$todo") - $(cut -f2 "$todo.units" | sort -u | wc -l))) mutants and their originals (target_compile)"
	rm -f -- "$todo.units"
	# shellcheck disable=SC2016 # expanded by the session's own shell
	in_session bash -c 'parallel "${@:2}" >"$1"' mutorture-tce "$new" "${parallel_opts[@]}" \
		--keep-order --jobs "$opt_jobs" --colsep '\t' -a "$todo" \
		bash "$MUTORTURE_HOME/runner/tce-job" '{1}' '{2}' '{%}' || true
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the equivalence pass'; exit 130; fi
	awk -F '\t' -v old="$dir/hashes" -v token="$MT_TOKEN" -v host="$HOSTNAME" -v arch="$HOSTTYPE" \
		-f "$MUTORTURE_HOME/runner/tce.awk" "$dir/hashes" "$new" >"$dir/$MT_TOKEN.records"
	"$MUTORTURE_BIN" record --db "$MT_DB" <"$dir/$MT_TOKEN.records" ||
		mt_die "'mutorture record' failed on $dir/$MT_TOKEN.records"
	awk -F '\t' '$1 != "-" && $3 != "-"' "$new" >>"$dir/hashes"
	count=$(cut -f4 "$dir/$MT_TOKEN.records" | sort | uniq -c | awk '{ printf "%s%d %s", sep, $1, substr($2, 8); sep = ", " }')
	mt_note "equivalence: ${count:-nothing} decided without a torture run"
}

# prune PLAN: the coverage pass, then the equivalence pass on what is left of PLAN; PLAN keeps
# only the mutants still pending after them.
prune() {
	prune_coverage
	prune_still_pending "$1"
	if [[ -s $1 ]]; then prune_equivalence "$1"; fi
	prune_still_pending "$1"
}
