#!/usr/bin/env bats
# The runner on the built-in toy-rcu target: a small campaign classifies every mutant and
# kills the known-dead ones; kill -9 of the runner mid-campaign, then a second run, loses no
# result and duplicates none, and the pristine tree stays as it was; a header's mutants
# (generate --via) are compared through every file that includes it, then built and tortured
# after a baseline that restored the header; two campaigns set up apart share a kept baseline.
# Real GNU parallel, real builds, real torture runs (short ones: --duration 0.3).

load lib

setup_file() {
	export TOY_DB
	TOY_DB="$(scratch)/toy.db"
}

# trees_clean DB: fails unless every worker tree's TARGET_SOURCES equal the pristine ones.
trees_clean() {
	local tree src
	for tree in "$1.d"/workers/*/; do
		for src in qsbr.c mb.c rwlock.c registry.c call_rcu.c rcu-list.c; do
			cmp -s "$1.d/pristine/$src" "$tree/$src" || return 1
		done
	done
}

# campaign_clean DB: fails unless no process of the campaign is left, every worker tree is
# clean and the pristine tree is unchanged.
campaign_clean() {
	[ -z "$(leftovers "$1.d")" ] && trees_clean "$1" && pristine_unchanged "$1"
}

@test "a small campaign classifies every mutant and kills the known-dead ones" {
	local sync_deleted call_rewritten
	run mt campaign toy-rcu --db "$TOY_DB" --jobs 2 --duration 0.3 \
		--files call_rcu.c --operators sdl,rcu-delete,rcu-rewrite
	[ "$status" -eq 0 ]
	local ran
	ran=$(mt list --db "$TOY_DB" --files call_rcu.c --operators sdl,rcu-delete,rcu-rewrite --format ids | wc -l)
	[ "$ran" -ge 15 ]
	[ "$(mt list --db "$TOY_DB" --files call_rcu.c --operators sdl,rcu-delete,rcu-rewrite --pending --format ids | wc -l)" -eq 0 ]
	[ "$(mt list --db "$TOY_DB" --files call_rcu.c --operators sdl,rcu-delete,rcu-rewrite \
		--status killed,survived,timeout,build_error,equivalent,weak_memory,duplicate,uncovered --format ids | wc -l)" -eq "$ran" ]
	# The callback thread without its grace period, and call_rcu(h, f) turned into f(h).
	sync_deleted=$(mutant_where "$TOY_DB" rcu-delete callback_thread 'synchronize_rcu')
	call_rewritten=$(mt list --db "$TOY_DB" --files call_rcu.c --operators rcu-rewrite --format ids | head -n 1)
	[ -n "$sync_deleted" ]
	[ -n "$call_rewritten" ]
	mt list --db "$TOY_DB" --status killed --format ids | grep -qx "$sync_deleted"
	mt list --db "$TOY_DB" --status killed --format ids | grep -qx "$call_rewritten"
	# Three baseline runs of each of the three scenarios, all passed.
	[ "$(query "$TOY_DB" "SELECT count(*) FROM result WHERE kind = 'baseline' AND status = 'survived'")" -eq 9 ]
	# Every torture verdict came with its scenario runs, the deciding one last.
	[ "$(query "$TOY_DB" "SELECT count(*) FROM result r WHERE kind = 'torture' AND status IN ('killed', 'survived', 'timeout')
		AND NOT EXISTS (SELECT 1 FROM scenario_run s WHERE s.result_id = r.id)")" -eq 0 ]
	[[ $output == *"Mutation score"* ]]
	campaign_clean "$TOY_DB"
}

@test "kill -9 mid-campaign, then run again: no result lost, none duplicated" {
	local work pid n
	work=$(scratch)
	[ -f "$TOY_DB.d/pristine.hash" ]
	# Started directly (not through the function mt), so $! is the runner itself: the bash
	# script 'mutorture run' becomes.
	"$MUTORTURE_BIN" run --db "$TOY_DB" --jobs 2 --duration 0.3 --files rcu-list.c --no-confirm >"$work/killed.out" 2>&1 &
	pid=$!
	# Wait for a few results, then kill the runner.
	for ((n = 0; n < 600; n++)); do
		(($(mt list --db "$TOY_DB" --files rcu-list.c --status killed,survived,timeout,build_error \
			--format ids | wc -l) >= 3)) && break
		sleep 0.1
	done
	kill -9 "$pid"
	wait "$pid" || true
	# Its pipeline does not go on alone: it stops, committing what finished (a job finds the
	# run gone, and the pipeline's leader has the kernel's word of its death).
	for ((n = 0; n < 300; n++)); do
		[ -n "$(leftovers "$TOY_DB.d")" ] || break
		sleep 0.1
	done
	[ -z "$(leftovers "$TOY_DB.d")" ]
	query "$TOY_DB" "SELECT attempt FROM result ORDER BY attempt" >"$work/before"
	[ "$(mt list --db "$TOY_DB" --files rcu-list.c --pending --format ids | wc -l)" -gt 0 ]

	run mt run --db "$TOY_DB" --jobs 2 --duration 0.3 --files rcu-list.c --no-confirm
	[ "$status" -eq 0 ]
	query "$TOY_DB" "SELECT attempt FROM result ORDER BY attempt" >"$work/after"
	# No result lost: every attempt recorded before is still there.
	[ -z "$(comm -23 "$work/before" "$work/after")" ]
	# Every mutant of the file is decided, each by exactly one torture result.
	[ "$(mt list --db "$TOY_DB" --files rcu-list.c --pending --format ids | wc -l)" -eq 0 ]
	[ "$(query "$TOY_DB" "SELECT count(*) FROM (SELECT r.mutant_id FROM result r JOIN mutant m ON m.id = r.mutant_id
		JOIN source s ON s.id = m.source_id WHERE r.kind = 'torture' AND s.path = 'rcu-list.c'
		GROUP BY r.mutant_id HAVING count(*) > 1)")" -eq 0 ]
	campaign_clean "$TOY_DB"
}

@test "cheap before expensive: equivalent, duplicate, uncovered; controls pass; survivors confirmed" {
	local equivalent duplicate first
	run mt run --db "$TOY_DB" --jobs 2 --duration 0.3 --files call_rcu.c --operators neg,cond,ret,const \
		--control-every 3 --confirm 2
	[ "$status" -eq 0 ]
	# 'return NULL' -> 'return 0' compiles to the same object code as the original.
	equivalent=$(mutant_where "$TOY_DB" ret callback_thread "'NULL' -> '0'")
	mt list --db "$TOY_DB" --status equivalent --format ids | grep -qx "$equivalent"
	# ... for aarch64 too, so it is plainly equivalent, without the weak-memory hint.
	[ "$(query "$TOY_DB" "SELECT reason FROM result WHERE kind = 'tce' AND mutant_id = '$equivalent'")" = \
		"object code identical to the original's" ]
	# '!queue_head' -> '!(!queue_head)' (cond) is the same code as dropping the '!' (neg).
	duplicate=$(mutant_where "$TOY_DB" cond callback_thread '[(]!queue_head[)]')
	first=$(mutant_where "$TOY_DB" neg callback_thread 'drop')
	query "$TOY_DB" "SELECT mutant_id || ' ' || duplicate_of FROM result WHERE status = 'duplicate'" |
		grep -qx "$duplicate $first"
	# The exit(128) after a failed pthread_create never runs under torture.
	mt list --db "$TOY_DB" --status uncovered --function start_callback_thread --format ids | grep -q .
	# None of those cost a torture run.
	[ "$(query "$TOY_DB" "SELECT count(*) FROM result t WHERE t.kind = 'torture' AND t.mutant_id IN
		(SELECT mutant_id FROM result WHERE status IN ('equivalent', 'weak_memory', 'duplicate', 'uncovered'))")" -eq 0 ]
	# Control runs of the unmutated code were mixed in, and none failed.
	[ "$(query "$TOY_DB" "SELECT count(*) FROM result WHERE kind = 'control'")" -ge 2 ]
	[ "$(query "$TOY_DB" "SELECT count(*) FROM result WHERE kind = 'control' AND status <> 'survived'")" -eq 0 ]
	# Every survivor of these operators was tried twice, at the full duration (0.3 s: no
	# shorter quick pass); every kill is kept with its attempts.
	mt list --db "$TOY_DB" --files call_rcu.c --operators neg,cond,ret,const --status survived --format ids >"$BATS_TEST_TMPDIR/survivors"
	[ -s "$BATS_TEST_TMPDIR/survivors" ]
	[ -z "$(mt survivors --db "$TOY_DB" --format tsv | awk -F '\t' 'NR == FNR { s[$1] = 1; next } ($1 in s) && $7 != 2' \
		"$BATS_TEST_TMPDIR/survivors" -)" ]
	# One make builds every flavour (TARGET_ONE_BUILD): a survivor's job built once for its
	# three scenarios and both its runs, each run trying all three.
	local id
	id=$(head -n 1 "$BATS_TEST_TMPDIR/survivors")
	[ "$(find "$TOY_DB.d/logs/$id" -name 'build-*.log' | wc -l)" -eq 1 ]
	[ "$(query "$TOY_DB" "SELECT count(*) FROM scenario_run s JOIN result r ON r.id = s.result_id
		WHERE r.mutant_id = '$id' AND r.kind = 'torture'")" -eq 6 ]
	[ -z "$(leftovers "$TOY_DB.d")" ]
	trees_clean "$TOY_DB"
}

@test "two campaigns set up apart share a kept baseline: toy-rcu names its pristine tree by its sources and compiler" {
	local work db id
	work=$(scratch)/reuse
	mkdir -p "$work"
	export MUTORTURE_BASELINES="$work/baselines"
	for db in "$work/one.db" "$work/two.db"; do
		mt campaign toy-rcu --db "$db" --setup-only >/dev/null 2>&1
		mt run --db "$db" --setup-only 2>/dev/null
	done
	# Two trees, two hashes (mtimes, the paths in the debug info), one identity.
	[ "$(cat "$work/one.db.d/pristine.hash")" != "$(cat "$work/two.db.d/pristine.hash")" ]
	id=$(mt list --db "$work/one.db" --files rcu-list.c --format ids | head -n 1)
	run mt run --db "$work/one.db" --jobs 2 --duration 0.3 --no-confirm --no-prune --mutants "$id"
	[ "$status" -eq 0 ]
	[[ $output == *"baseline passed"* ]]
	run mt run --db "$work/two.db" --jobs 2 --duration 0.3 --no-confirm --no-prune --mutants "$id"
	[ "$status" -eq 0 ]
	[[ $output == *"baseline: reused this machine's, measured "*" for $work/one.db with the same target"* ]]
	[[ $output != *"No such file"* ]]
	[ "$(query "$work/two.db" "SELECT count(*) FROM result WHERE kind = 'baseline'")" -eq 0 ]
	[ "$(query "$work/two.db" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id = '$id'")" -eq 1 ]
	# Its knobs are the campaign's own now: the next run's check holds, nothing is measured.
	run mt run --db "$work/two.db" --jobs 2 --duration 0.3 --no-confirm --dry-run
	[[ $output == *"baseline  measured: slowest build"* ]]
}

@test "weak_memory: a lost release store is the same x86 code, its own status, and the report shows its diff" {
	local db lost n
	db="$(scratch)/hint.db"
	run mt campaign toy-rcu --db "$db" --jobs 2 --duration 0.3 --files rcu-list.c --operators rcu-rewrite
	[ "$status" -eq 0 ]
	# rcu_assign_pointer (a release store) made a plain store: one mov on x86 either way, but
	# stlr against str on arm64.
	lost=$(mutant_where "$db" rcu-rewrite rcu_list_add 'rcu_assign_pointer')
	[ -n "$lost" ]
	[ "$(query "$db" "SELECT status || ' ' || reason FROM result WHERE kind = 'tce' AND mutant_id = '$lost'")" = \
		"weak_memory object code identical on this host (x86_64) but differs for aarch64: only killable on weakly ordered hardware" ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id = '$lost'")" -eq 0 ]
	# Only the rcu_assign_pointer rewrites are (the CMM_STORE_SHARED ones differ on x86 too:
	# plain and relaxed atomic stores are scheduled differently).
	n=$(mt list --db "$db" --operators rcu-rewrite --format tsv | grep -c 'rcu_assign_pointer')
	[ "$(query "$db" "SELECT count(*) FROM result WHERE reason LIKE '%aarch64%'")" -eq "$n" ]
	[ "$(mt list --db "$db" --status weak_memory --format ids | wc -l)" -eq "$n" ]
	run mt status --db "$db"
	[[ $output == *$'\nweak-memory only: '"$n"' ('* ]]
	# Out of the score, which counts killed, timeout, survived and uncovered only.
	[ "$(printf '%s\n' "$output" | awk '$1 ~ /^(killed|timeout|survived|uncovered)$/ { n += $2 }
		/^score/ { sub(/.* of /, ""); print ($1 == n) ? "same" : $1 " != " n }')" = same ]
	# Apart from the survivors, and said so below their list (with the list's own filters).
	run mt survivors --db "$db"
	[[ $output == *$'\nand '"$n"' weak-memory only, apart ('* ]]
	run mt survivors --db "$db" --operators sdl
	[[ $output != *"weak-memory only"* ]]
	run mt report --db "$db"
	[ "$status" -eq 0 ]
	[[ $output == *"## Weak-memory only"*"$n mutant"*"| $lost | rcu-list.c:"* ]]
	# with its diff: the release store made a plain one.
	[[ $output == *"\`$lost\`:"*'```diff'*'-	rcu_assign_pointer('*'+	((head->next) = (node));'* ]]
	[ -z "$(leftovers "$db.d")" ]
}

@test "reclass: survivors of a campaign without the equivalence pass become weak_memory; stale verdicts are lost; twice changes nothing" {
	local db lost n stale dup
	db="$(scratch)/old.db"
	# As a campaign run before the pass existed: every mutant tortured.
	run mt campaign toy-rcu --db "$db" --jobs 2 --duration 0.3 --no-confirm --files rcu-list.c --operators rcu-rewrite --no-prune \
		--baseline-runs 1 --control-every 0
	[ "$status" -eq 0 ]
	lost=$(mutant_where "$db" rcu-rewrite rcu_list_add 'rcu_assign_pointer')
	[ "$(mt list --db "$db" --mutants "$lost" --format tsv | cut -f7)" = survived ]
	n=$(mt list --db "$db" --files rcu-list.c --operators rcu-rewrite --format tsv | grep -c 'rcu_assign_pointer')
	[ "$(mt list --db "$db" --status weak_memory --format ids | wc -l)" -eq 0 ]
	# Two stale verdicts, as an older pass could have left them: another survivor called
	# equivalent, and a duplicate of the lost release store.
	mt list --db "$db" --status survived --format tsv | grep -v 'rcu_assign_pointer' | cut -f1 >"$BATS_TEST_TMPDIR/others"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/others")" -ge 2 ]
	stale=$(sed -n 1p "$BATS_TEST_TMPDIR/others")
	dup=$(sed -n 2p "$BATS_TEST_TMPDIR/others")
	printf 'attempt=old.tce.%s\tmutant=%s\tkind=tce\tstatus=equivalent\treason=old pass\nattempt=old.tce.%s\tmutant=%s\tkind=tce\tstatus=duplicate\tduplicate_of=%s\treason=old pass\n' \
		"$stale" "$stale" "$dup" "$dup" "$lost" | mt record --db "$db"
	[ "$(mt list --db "$db" --mutants "$stale,$dup" --format tsv | cut -f7 | paste -sd ' ')" = "equivalent duplicate" ]
	# (The campaign generated every file: the run, and reclass, take the same part of it.)
	run mt reclass --db "$db" --jobs 2 --files rcu-list.c --operators rcu-rewrite --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"would compile "*"    survived "* ]]
	run mt reclass --db "$db" --jobs 2 --files rcu-list.c --operators rcu-rewrite
	[ "$status" -eq 0 ]
	[[ $output == *"$lost"$'\tsurvived -> weak_memory\tobject code identical on this host (x86_64) but differs for aarch64'* ]]
	[ "$(mt list --db "$db" --status weak_memory --format ids | wc -l)" -eq "$n" ]
	# Its torture attempt is kept; the new verdict outranks it, out of the score.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id = '$lost'")" -eq 1 ]
	# The stale verdicts are superseded: both back to the torture verdict they had.
	[[ $output == *"$stale"$'\tequivalent -> survived\tobject code differs from the original\'s now'* ]]
	[[ $output == *"$dup"$'\tduplicate -> survived\tobject code differs from mutant '"$lost"* ]]
	[ "$(query "$db" "SELECT count(*) FROM live_result WHERE attempt IN ('old.tce.$stale', 'old.tce.$dup')")" -eq 0 ]
	[[ $output == *"reclass: "*" mutants judged again: "* ]]
	run mt reclass --db "$db" --jobs 2 --files rcu-list.c --operators rcu-rewrite
	[ "$status" -eq 0 ]
	[[ $output == *"no verdict changed"* ]]
	[ "$(mt list --db "$db" --status weak_memory --format ids | wc -l)" -eq "$n" ]
	# What only a torture run uses is refused, before anything.
	run mt reclass --db "$db" --duration 3
	[ "$status" -eq 129 ]
	[[ $output == *"option '--duration' is one of 'mutorture run': reclass runs no torture"* ]]
	[ -z "$(leftovers "$db.d")" ]
}

@test "a header's mutants (via qsbr.c) are compared, built and tortured; the baseline restores the header" {
	local work target db n
	work=$(scratch)
	target=$work/toy-header
	cp -a "$MUTORTURE_HOME/targets/toy-rcu" "$target"
	# A copy of toy-rcu with a static inline function in rcu-prims.h, which qsbr.c's grace
	# periods depend on and torture.c (no TARGET_SOURCES file) includes too; its make says
	# what it compiles.
	{
		head -n -1 "$target/src/rcu-prims.h"
		printf '%s\n' '/* Whether a reader whose counter is ctr may hold RCU-protected pointers (0: offline). */' \
			'static inline int rcu_reader_online(unsigned long ctr)' '{' '	return ctr != 0;' '}' '' '#endif'
	} >"$target/src/rcu-prims.h.new"
	mv "$target/src/rcu-prims.h.new" "$target/src/rcu-prims.h"
	sed -i 's/return ctr != QSBR_OFFLINE && /return rcu_reader_online(ctr) \&\& /' "$target/src/qsbr.c"
	grep -q 'rcu_reader_online(ctr) &&' "$target/src/qsbr.c"
	sed -i 's/make -s -C/make -C/' "$target/target.sh"
	db=$work/header.db
	mt init --db "$db" --target "$target/target.sh"
	mt run --db "$db" --setup-only
	mt init --db "$db" --root "$db.d/pristine"
	run mt generate --db "$db" --via qsbr.c --function rcu_reader_online rcu-prims.h
	[ "$status" -eq 0 ]
	[[ $output == *"rcu-prims.h"*"via qsbr.c"* ]]
	n=$(mt list --db "$db" --files rcu-prims.h --format ids | wc -l)
	[ "$n" -eq 4 ]
	run mt run --db "$db" --dry-run
	[[ $output == *"build with 7 files restored"* ]]

	run mt run --db "$db" --jobs 2 --duration 0.3 --control-every 0
	[ "$status" -eq 0 ]
	# The baseline put the header back too, so its build recompiled torture.c, which includes it.
	grep -qx rcu-prims.h "$db.d/baseline.files"
	grep -q -- '-o torture.o torture.c' "$db.d"/logs/baseline/*/build-1.log
	# Every mutant of the header got a torture verdict. The equivalence pass compiled each
	# through the files that include it (target_includers: the build's dependency files), as a
	# mutant, warnings not fatal: 'return 0' and 'return 1' leave ctr unused, which the
	# unmutated build's -Werror would refuse, yet they are built and tortured like the others;
	# '!=' -> '==' ends every grace period under its readers and is killed at once; '0' -> '1'
	# only mistakes a reader whose counter is 1, which a 0.3 s run catches only sometimes:
	# killed or survived, both are verdicts.
	[[ $output == *"equivalence: rcu-prims.h compared through the objects of the 9 files that include it: "*" qsbr.c "*" torture.c"* ]]
	[ "$(mt list --db "$db" --pending --format ids | wc -l)" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE status = 'build_error'")" -eq 0 ]
	[ "$(query "$db" "SELECT count(DISTINCT r.mutant_id) FROM result r JOIN mutant m ON m.id = r.mutant_id
		JOIN source s ON s.id = m.source_id WHERE s.path = 'rcu-prims.h' AND r.kind = 'torture'
		AND r.status IN ('killed', 'survived', 'timeout')")" -eq 4 ]
	[ "$(count_status "$db" killed)" -ge 1 ]
	[ "$(($(count_status "$db" killed) + $(count_status "$db" survived) + $(count_status "$db" timeout)))" -eq 4 ]
	[ "$(query "$db" "SELECT count(*) FROM scenario_run sr JOIN result r ON r.id = sr.result_id
		WHERE r.status = 'killed'")" -ge 1 ]
	# The report says what a header costs.
	run mt report --db "$db"
	[ "$status" -eq 0 ]
	[[ $output == *"Headers mutated: rcu-prims.h. A header's mutant rebuilds every file that includes it: mean build "*" s per header mutant (see Time per mutant)."* ]]
	local tree
	for tree in "$db.d"/workers/*/; do cmp -s "$db.d/pristine/rcu-prims.h" "$tree/rcu-prims.h"; done
	[ -z "$(leftovers "$db.d")" ]
}

@test "recheck: a stricter rule in a copy of toy-rcu kills exactly the passing runs it judges, once" {
	local work copy db threshold n
	local DB # db_state reads it
	work=$(scratch)
	copy=$work/toy-stricter
	DB=$work/recheck.db
	# The campaign of the tests above, copied: real torture logs of quick, full and control runs.
	sqlite3 "$TOY_DB" ".backup '$DB'"
	# Every scenario run that passed (of attempts that survived, or were killed by a later
	# scenario), with the grace periods its log's last progress line counts.
	query "$DB" "SELECT r.attempt || char(9) || r.log_dir || char(9) || s.scenario FROM live_result r
		JOIN scenario_run s ON s.result_id = r.id WHERE r.kind IN ('torture', 'control')
		AND r.status IN ('survived', 'killed', 'timeout') AND s.status = 'survived' ORDER BY r.id, s.rowid" |
		while IFS=$'\t' read -r attempt dir scenario; do
			printf '%s\t%s\t%s\n' "$attempt" "$scenario" "$(awk '/^t=/ { for (i = 1; i < NF; i++) if ($i == "grace-periods") g = $(i + 1) }
				END { print g + 0 }' "$dir/$scenario.log")"
		done >"$work/runs"
	[ "$(wc -l <"$work/runs")" -ge 4 ]
	# The stricter rule: a run that passed with fewer grace periods than the median of the
	# counts seen fails (some runs below it, some not).
	threshold=$(cut -f3 "$work/runs" | sort -nu | awk '{ v[NR] = $1 } END { if (NR >= 2) print v[int(NR / 2) + 1] }')
	[ -n "$threshold" ] || skip "every surviving run counted the same grace periods: no rule between them"
	mkdir -p "$copy"
	cp -a "$MUTORTURE_HOME/targets/toy-rcu/." "$copy/"
	cat >>"$copy/target.sh" <<EOF

# The test's stricter rule, on top of toy-rcu's own (target_recheck only).
eval "\$(declare -f target_recheck | sed '1s/target_recheck/toy_rcu_recheck_base/')"
target_recheck() {
	local gps
	toy_rcu_recheck_base "\$@" || return
	gps=\$(awk '/^t=/ { for (i = 1; i < NF; i++) if (\$i == "grace-periods") g = \$(i + 1) } END { print g + 0 }' "\$1")
	if ((gps < $threshold)); then
		printf 'mutorture-reason: only %d grace periods\n' "\$gps"
		return 1
	fi
}
EOF
	# What it should change: each attempt with a passing run below the threshold, killed by the
	# first such run (any kill of the attempt came after its passing runs).
	awk -F '\t' -v t="$threshold" '$3 < t && !($1 in seen) { seen[$1] = 1; print $1 "\t" $2 }' "$work/runs" | sort >"$work/expected"
	n=$(wc -l <"$work/expected")
	[ "$n" -ge 1 ]
	mt list --db "$DB" --status survived --format ids | sort >"$work/survived.before"
	run mt recheck --db "$DB" --target "$copy"
	[ "$status" -eq 0 ]
	[ "$(grep -c ' -> killed by [a-z]*  recheck: only [0-9]* grace periods$' <<<"$output")" -eq "$n" ]
	[[ $output == *": $n changed"* ]]
	# Exactly those attempts are superseded, each by a kill by the expected scenario, with the
	# scenario runs of the attempt it judged again.
	diff -u "$work/expected" <(query "$DB" "SELECT supersedes || char(9) || scenario FROM result
		WHERE supersedes IS NOT NULL AND status = 'killed' ORDER BY 1")
	[ "$(query "$DB" "SELECT count(*) FROM result WHERE supersedes IS NOT NULL")" -eq "$n" ]
	[ "$(query "$DB" "SELECT count(*) FROM result n JOIN result o ON o.attempt = n.supersedes
		WHERE (SELECT group_concat(scenario) FROM scenario_run WHERE result_id = n.id)
		   IS NOT (SELECT group_concat(scenario) FROM scenario_run WHERE result_id = o.id)")" -eq 0 ]
	# A mutant with such an attempt is killed now (a kill by a later scenario stays a kill); the
	# other survivors are still survivors.
	query "$DB" "SELECT DISTINCT mutant_id FROM result WHERE supersedes IS NOT NULL AND mutant_id IS NOT NULL" |
		sort >"$work/now.killed"
	[ -z "$(comm -23 "$work/now.killed" <(mt list --db "$DB" --status killed --format ids | sort))" ]
	diff -u <(comm -23 "$work/survived.before" "$work/now.killed") <(mt list --db "$DB" --status survived --format ids | sort)
	# Again: nothing changes.
	local before
	before=$(db_state)
	run mt recheck --db "$DB" --target "$copy"
	[ "$status" -eq 0 ]
	[[ $output == *": 0 changed"* ]]
	[ "$(db_state)" = "$before" ]
}

@test "recheck: a kill that stopped an attempt early, judged a pass now, makes it an error to run again" {
	local work copy
	local DB # read by db_state
	work=$(scratch)
	copy=$work/toy-lenient
	DB=$work/lenient.db
	sqlite3 "$TOY_DB" ".backup '$DB'"
	# A copy of toy-rcu whose saved logs all pass.
	mkdir -p "$copy"
	cp -a "$MUTORTURE_HOME/targets/toy-rcu/." "$copy/"
	printf '\n%s\n' 'target_recheck() { return 0; }' >>"$copy/target.sh"
	# Expected: each attempt a target verdict killed (not the runner's timeout) becomes a
	# survival when every scenario of its file ran, else an error (toy-rcu's scenarios per
	# file: one for a flavour, two for registry.c, three for the shared files).
	query "$DB" "SELECT r.attempt || char(9) || s.path || char(9) ||
		(SELECT count(*) FROM scenario_run x WHERE x.result_id = r.id) FROM live_result r
		JOIN mutant m ON m.id = r.mutant_id JOIN source s ON s.id = m.source_id
		WHERE r.kind = 'torture' AND r.status IN ('killed', 'timeout')
		AND r.reason NOT LIKE 'no verdict within the timeout of %'" |
		awk -F '\t' '{ want = ($2 ~ /^(qsbr|mb|rwlock)\.c$/) ? 1 : ($2 == "registry.c") ? 2 : 3
			print $1 "\t" (($3 == want) ? "survived" : "error") }' | sort >"$work/expected"
	# (The campaign's certain kills stop at their first scenario; should none have, say so.)
	grep -q $'\terror$' "$work/expected" || skip 'no kill in the campaign stopped an attempt before its last scenario'
	run mt recheck --db "$DB" --target "$copy"
	[ "$status" -eq 0 ]
	diff -u "$work/expected" <(query "$DB" "SELECT supersedes || char(9) || status FROM result
		WHERE supersedes IS NOT NULL AND kind = 'torture' ORDER BY 1")
	[ "$(query "$DB" "SELECT count(*) FROM result WHERE supersedes IS NOT NULL AND status = 'error'
		AND reason NOT LIKE 'recheck: % now survived (was %); never ran: %: run again'")" -eq 0 ]
	# Those mutants are pending again, unless another attempt of theirs decides them.
	[ "$(query "$DB" "SELECT count(*) FROM result n JOIN mutant_status ms ON ms.mutant_id = n.mutant_id
		WHERE n.status = 'error' AND n.supersedes IS NOT NULL AND ms.status NOT IN ('error', 'survived', 'killed', 'timeout')")" -eq 0 ]
	mt list --db "$DB" --pending --format ids | grep -q .
}
