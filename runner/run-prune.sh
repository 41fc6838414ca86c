# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh
# run-prune.sh: the pruning passes (sourced by runner/run, never run), cheap before expensive:
# coverage (target_coverage) marks the mutants on lines the torture never executes uncovered,
# and trivial compiler equivalence (target_compile, runner/tce-job, runner/tce.awk) decides
# which mutants compile to the original's object code (equivalent), to an earlier mutant's
# (duplicate), or not at all (build_error), on this host and on aarch64 alike. Each pass runs
# only for a target that has its hook.
#
# Invariants: the passes need the baseline's worker trees and timeouts, so they run after it
# and never in a dry run; every verdict they reach is a record written by 'mutorture record';
# a plan leaves this stage holding only mutants still pending.

# What becomes of the mutants of a compile that gave no verdict (runner/reclass says its own).
PRUNE_UNDECIDED_FATE='their mutants go to the torture run'

# prune_still_pending PLAN: keeps the rows of PLAN whose mutant has no final result yet.
prune_still_pending() {
	"$MUTORTURE_BIN" list --db "$MT_DB" --pending --format ids >"$1.pending"
	awk -F '\t' -v ids="$1.pending" 'FILENAME == ids { p[$1] = 1; next } $1 in p' "$1.pending" "$1" >"$1.tmp"
	mv -f -- "$1.tmp" "$1"
	rm -f -- "$1.pending"
}

# prune_coverage: once per pristine tree and torture knobs, runs target_coverage in worker
# tree 1; on every run, imports the lines of it that belong to the campaign's current sources
# ('mutorture coverage'), which marks the pending mutants on lines the torture suite never
# executes uncovered: no torture run could kill them. Importing again is cheap and reaches the
# mutants of files generated after the coverage run.
prune_coverage() {
	local stamp="$MT_CAMPAIGN/coverage.stamp" out="$MT_CAMPAIGN/coverage.tsv" knobs
	declare -F target_coverage >/dev/null || return 0
	baseline_knobs knobs
	if [[ ! -f $stamp || $(<"$stamp") != "$knobs" || ! -f $out ]]; then
		mt_note "coverage: running the torture suite with line coverage (log: $MT_CAMPAIGN/coverage.log)"
		mt_repair_slot 1
		mt_hook "$MT_BASELINE_TIMEOUT" "$MT_CAMPAIGN/coverage.log" target_coverage "$MT_CAMPAIGN/workers/1" "$out"
		if ((MT_HOOK_STATUS != 0)); then
			tail -n 20 -- "$MT_CAMPAIGN/coverage.log" >&2
			mt_die "target_coverage failed (status $MT_HOOK_STATUS, log: $MT_CAMPAIGN/coverage.log); --no-prune runs without it"
		fi
		printf '%s\n' "$knobs" >"$stamp"
	fi
	"$MUTORTURE_BIN" list --db "$MT_DB" --fields path | sort -u >"$out.sources"
	awk -F '\t' -v src="$out.sources" 'FILENAME == src { keep[$1] = 1; next } $1 in keep' \
		"$out.sources" "$out" >"$out.campaign"
	if [[ -s $out.campaign ]]; then
		"$MUTORTURE_BIN" coverage --db "$MT_DB" "$out.campaign" | sed 's/^/mutorture: /' >&2
	else
		mt_note "coverage: target_coverage has no line of the files this campaign mutates: nothing marked uncovered"
	fi
	rm -f -- "$out.sources" "$out.campaign"
}

# prune_includers UNITS LIST: for each header among the paths of UNITS (plan rows), asks the
# target which files include it (target_includers, in worker tree 1, unmutated) and writes
# 'HEADER<TAB>FILE' lines to LIST; the mutants of a header it cannot list leave UNITS (they go
# to the torture run), and the run's log says so, with the target's words.
prune_includers() {
	local units=$1 list=$2 header n out
	local -a headers
	: >"$list"
	mapfile -t headers < <(awk -F '\t' '$2 ~ /\.h$/ && !seen[$2]++ { print $2 }' "$units")
	((${#headers[@]})) || return 0
	mt_repair_slot 1
	for header in "${headers[@]}"; do
		n=$(awk -F '\t' -v h="$header" '$2 == h' "$units" | wc -l)
		out="$MT_CAMPAIGN/tce/$MT_TOKEN/includers-${header//\//_}"
		if ! declare -F target_includers >/dev/null; then
			mt_note "equivalence: $n mutants of $header go to the torture run (the target has no target_includers)"
		else
			mt_hook "$MT_BUILD_TIMEOUT" "$out.log" target_includers "$MT_CAMPAIGN/workers/1" "$header" "$out"
			if ((MT_HOOK_STATUS == 0 && !MT_HOOK_TIMED_OUT)) && [[ -s $out ]]; then
				awk -v h="$header" 'NF { print h "\t" $0 }' "$out" >>"$list"
				mt_note "equivalence: $header compared through the objects of the $(grep -c . "$out") files that include it: $(paste -sd ' ' "$out")"
				continue
			fi
			mt_note "equivalence: $n mutants of $header go to the torture run: target_includers $( ((MT_HOOK_STATUS == 2)) && echo declined || echo "failed (status $MT_HOOK_STATUS)"): $(tail -n 1 "$out.log")"
		fi
		awk -F '\t' -v h="$header" '$2 != h' "$units" >"$units.tmp"
		mv -f -- "$units.tmp" "$units"
	done
}

# prune_cross_todo HOST TODO: writes to TODO the rows of HOST (this run's host hashes) whose
# aarch64 object can change a verdict: the mutants whose host object equals the original's
# (equivalent, or weak_memory) or another mutant's, of this run or an earlier one
# (a duplicate only if equal on aarch64 too), and every original (one compile a file, and
# the run learns at once whether the target compiles for aarch64). A mutant unlike every
# other on the host is decided by nothing, whatever its aarch64 object.
prune_cross_todo() {
	awk -F '\t' -v OFS='\t' -v old="$MT_CAMPAIGN/tce/hashes" '
		FILENAME == old { seen[$2, $3]++; next }
		$3 == "-" { next }
		$1 == "-" { original[$2] = $3; next }
		{ row[++n] = $1 OFS $2; host[n] = $3; seen[$2, $3]++ }
		END {
			for (i = 1; i <= n; i++) {
				split(row[i], f, OFS)
				if (host[i] == original[f[2]] || seen[f[2], host[i]] > 1) want[i] = 1
			}
			for (p in original) print "-", p
			for (i = 1; i <= n; i++) if (i in want) print row[i]
		}' "$MT_CAMPAIGN/tce/hashes" "$1" >"$2"
}

# prune_parallel TODO OUT [TRIPLE]: runs runner/tce-job for each row of TODO, in parallel, in
# order, for this host or for TRIPLE; its lines go to OUT.
prune_parallel() {
	# shellcheck disable=SC2016 # expanded by the session's own shell
	in_session bash -c 'parallel "${@:2}" >"$1"' mutorture-tce "$2" "${parallel_opts[@]}" \
		--keep-order --jobs "$opt_jobs" --colsep '\t' -a "$1" \
		bash "$MUTORTURE_HOME/runner/tce-job" '{1}' '{2}' '{%}' ${3:+"$3"} || true
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the equivalence pass'; exit 130; fi
}

# prune_undecided TODO OUT [TRIPLE]: says how many rows of TODO got no line in OUT from
# runner/tce-job (a compile that timed out, or a job that failed; not one the target declined
# for TRIPLE, which prune_architectures reports), and what becomes of their mutants
# (PRUNE_UNDECIDED_FATE). With the last line of the first one's log: a pass that decides
# nothing for a broken reason must not look like one that found nothing.
prune_undecided() {
	local dir="$MT_CAMPAIGN/tce/$MT_TOKEN" n=0 first='' id path name
	while IFS=$'\t' read -r id path _; do
		name=${id/#-/original-${path//\//_}}
		if [[ -n ${3:-} && -e $dir/$name.declined ]]; then continue; fi
		n=$((n + 1))
		if [[ -z $first ]]; then first="$dir/$name${3:+.$3}.log"; fi
	done < <(awk -F '\t' 'FILENAME == ARGV[1] { got[$1, $2] = 1; next } !(($1, $2) in got)' "$2" "$1")
	((n)) || return 0
	mt_note "equivalence: $n of $(wc -l <"$1") compiles${3:+ for $3} gave no verdict (timed out, or the job failed; $first: $(tail -n 1 "$first" 2>/dev/null | mt_clean)): $PRUNE_UNDECIDED_FATE"
}

# prune_architectures HOST CROSS: says what the pass compared: files whose original does not
# compile for this host (nothing decided), files compared on this host and aarch64, and files
# with aarch64 objects wanted but none made, with why (the target's message when it declined).
prune_architectures() {
	local host=$1 cross=$2 both lone line path reason
	while IFS=$'\t' read -r path reason; do
		mt_note "equivalence: the original of $path does not compile with target_compile ($reason): its mutants go to the torture run"
	done < <(awk -F '\t' '$1 == "-" && $3 == "-" { print $2 "\t" $4 }' "$host")
	both=$(awk -F '\t' '$1 == "-" && $3 != "-"' "$cross" | wc -l)
	lone=$(awk -F '\t' 'FILENAME == ARGV[1] { if ($1 == "-" && $3 != "-") ok[$2] = 1; next }
		$1 == "-" && !($2 in ok) { print $2 }' "$cross" "$cross.todo" | paste -sd ' ')
	if ((both)); then
		mt_note "equivalence: $both files compiled for $HOSTTYPE and aarch64 (same compiler family): a duplicate or an equivalent needs equal objects on both ($(grep -vc '^-' "$cross.todo" || true) mutants needed aarch64 objects)"
	fi
	if [[ -n $lone ]]; then
		line=$(cat -- "$MT_CAMPAIGN/tce/$MT_TOKEN"/original-*.declined 2>/dev/null | sort -u | head -n 3 | paste -sd ';')
		mt_note "equivalence: no aarch64 objects for $lone (${line:-the original does not compile for aarch64}): decided on $HOSTTYPE objects alone, no weak-memory hint"
	fi
}

# prune_compile TODO OUT: compiles the rows of TODO (runner/tce-job, in parallel) for this host
# into OUT.host, then for aarch64 those whose verdict that object can change (prune_cross_todo)
# into OUT.cross, says what was compared, and writes OUT: one line a row, in TODO's order,
# MUTANT PATH HASH [ARM64] (what runner/tce.awk and runner/reclass.awk read).
prune_compile() {
	local todo=$1 out=$2
	prune_parallel "$todo" "$out.host"
	prune_undecided "$todo" "$out.host"
	: >"$out.cross"
	: >"$out.cross.todo"
	if [[ $HOSTTYPE != aarch64 ]]; then
		prune_cross_todo "$out.host" "$out.cross.todo"
		if [[ -s $out.cross.todo ]]; then
			prune_parallel "$out.cross.todo" "$out.cross" aarch64-linux-gnu
			prune_undecided "$out.cross.todo" "$out.cross" aarch64-linux-gnu
		fi
	fi
	prune_architectures "$out.host" "$out.cross"
	rm -f -- "$MT_CAMPAIGN/tce/$MT_TOKEN"/slot-*.o
	awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { arm[$1, $2] = $3; next }
		$3 != "-" && (($1, $2) in arm) { print $1, $2, $3, arm[$1, $2]; next } { print }' \
		"$out.cross" "$out.host" >"$out"
}

# prune_equivalence PLAN: trivial compiler equivalence, before any torture run. runner/tce-job
# compiles (target_compile) the original of each planned file and each planned mutant not
# compiled by an earlier run, in parallel, in plan order, for this host (a header through the
# files target_includers lists for it), then for aarch64 those whose verdict that object can
# change (prune_cross_todo); runner/tce.awk then decides, with the hashes of earlier runs
# (DB.d/tce/hashes), which are equivalent, duplicate or do not compile, and 'mutorture
# record' stores those verdicts.
prune_equivalence() {
	local plan=$1 dir="$MT_CAMPAIGN/tce" todo new count kept kept_text=''
	declare -F target_compile >/dev/null || return 0
	mkdir -p -- "$dir/$MT_TOKEN"
	touch "$dir/hashes"
	todo="$dir/$MT_TOKEN.todo"
	new="$dir/$MT_TOKEN.hashes"
	awk -F '\t' '$1 != "-"' "$plan" >"$todo.units"
	prune_includers "$todo.units" "$dir/$MT_TOKEN.includers"
	[[ -s $todo.units ]] || { rm -f -- "$todo.units"; return 0; }
	{
		cut -f2 "$todo.units" | sort -u | awk '{ print "-\t" $0 }'
		awk -F '\t' -v old="$dir/hashes" 'FILENAME == old { seen[$1] = 1; next } !($1 in seen) { print $1 "\t" $2 }' \
			"$dir/hashes" "$todo.units"
	} >"$todo"
	# Each mutant's result is kept as soon as tce-job has it, for the same pristine tree and
	# target: a pass interrupted (Ctrl-C, kill -9) compiles again only what it had not done.
	MT_TCE_KEPT=$dir/kept-$({ cat -- "$MT_CAMPAIGN/pristine.hash"; sha256sum <"$MT_TARGET_FILE"; } | sha256sum | cut -c1-16)
	export MT_TCE_KEPT
	mkdir -p -- "$MT_TCE_KEPT"
	kept=$(awk -F '\t' -v dir="$MT_TCE_KEPT" '$1 != "-" { f = dir "/" $1; if ((getline line < f) > 0) n++; close(f) } END { print n + 0 }' "$todo")
	if ((kept)); then kept_text="; $kept of them done by an interrupted pass, kept"; fi
	mt_note "equivalence: compiling $(($(wc -l <"$todo") - $(cut -f2 "$todo.units" | sort -u | wc -l))) mutants and their originals (target_compile)$kept_text"
	rm -f -- "$todo.units"
	prune_compile "$todo" "$new"
	awk -F '\t' -v old="$dir/hashes" -v token="$MT_TOKEN" -v host="$HOSTNAME" -v arch="$HOSTTYPE" \
		-f "$MUTORTURE_HOME/runner/tce.awk" "$dir/hashes" "$new" >"$dir/$MT_TOKEN.records"
	"$MUTORTURE_BIN" record --db "$MT_DB" <"$dir/$MT_TOKEN.records" ||
		mt_die "'mutorture record' failed on $dir/$MT_TOKEN.records"
	awk -F '\t' '$1 != "-" && $3 != "-"' "$new" >>"$dir/hashes"
	count=$(cut -f4 "$dir/$MT_TOKEN.records" | sort | uniq -c | awk '{ printf "%s%d %s", sep, $1, substr($2, 8); sep = ", " }')
	count=${count/weak_memory/weak-memory only (objects identical on $HOSTTYPE, not on aarch64: only a weakly ordered machine can kill them)}
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
