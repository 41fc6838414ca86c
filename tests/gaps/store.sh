#!/usr/bin/env bash
# Test: the C side of mutorture gaps on a real database, with results handed to the real
# `mutorture record` (no torture run, so it runs under ASan and UBSan too): three confirmed
# test-gap survivors in two gap labels, and three torture changes registered as the runner
# registers them: one accepted that kills two survivors, one rejected by a failed control run
# although it killed the third (it closes nothing), one still short of its controls. Checked:
# the listing, its closing line and tsv form, --change, the change-state answer the runner
# reads, status, the "Gaps closed" report section and JSON, the campaign's own evidence left as
# it was, export (only the accepted change, an mbox whose message names what it closes and
# what it missed), and the refusals. Every expected figure is counted here by hand.
set -euo pipefail
# shellcheck source=../reports/lib.sh
source "$(dirname "$0")/../reports/lib.sh"

new_campaign
mapfile -t ids < <(q "SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id
	WHERE s.path = 'qsbr.c' ORDER BY m.id LIMIT 4")
s1=${ids[0]} s2=${ids[1]} s3=${ids[2]} s4=${ids[3]}
# Four survivors of 3 runs at 0.5 s (the campaign's policy: 3 of 0.5 s): s1..s3 triaged
# test-gap, s4 ignore.
mt init --confirm-runs 3 --confirm-duration 0.5
for id in "$s1" "$s2" "$s3" "$s4"; do
	for k in 1 2 3; do
		rec "attempt=c-$id-$k" "mutant=$id" kind=torture status=survived scenario=qsbr test_s=0.7 \
			duration=0.5 "scenario_run=qsbr|survived|0.7|"
	done
done | mt record || fail 'record of the campaign failed'
mt triage "$s1" test-gap --gap stress-a --note 'only stress A shows it' >/dev/null
mt triage "$s2" test-gap --gap stress-a --note 'only stress A shows it, too' >/dev/null
mt triage "$s3" test-gap --gap stress-b --note 'only stress B shows it' >/dev/null
mt triage "$s4" ignore --note 'a diagnostic' >/dev/null
evidence_before=$("$MUTORTURE_BIN" survivors --db "$DB" --format tsv)

# register NAME HASH SCENARIOS: a change as runner/gaps-try registers it.
register() {
	printf 'subject = %s subject\nscenarios = %s\n' "$1" "$3" >"$SCRATCH/$1.change"
	printf 'Why %s sees what the suite missed.\n' "$1" >"$SCRATCH/$1.why"
	printf -- '--- a/torture.c\n+++ b/torture.c\n@@ -1 +1 @@\n-old %s\n+new %s\n' "$1" "$1" >"$SCRATCH/$1.diff"
	mt gaps register --name "$1" --hash "$2" --subject "$1 subject" --spec "$SCRATCH/$1.change" \
		--message "$SCRATCH/$1.why" --diff "$SCRATCH/$1.diff" --gaps stress-a --scenarios "$3" ||
		fail "gaps register $1 failed"
}
register accepted 00000000000000aa 'qsbr-a qsbr'
register rejected 00000000000000bb 'qsbr-b'
register unproven 00000000000000cc 'qsbr'
# Registering again is a no-op; the same hash under another name is refused.
register accepted 00000000000000aa 'qsbr-a qsbr'
[[ $(q "SELECT count(*) FROM torture_change") == 3 ]] || fail 'a change registered twice'
expect_error() {
	if "$@" >"$SCRATCH/err.out" 2>&1; then fail "'$*' succeeded"; fi
}
expect_error mt gaps register --name other --hash 00000000000000aa --subject s --spec "$SCRATCH/accepted.change"
grep -q "registered as 'accepted', not 'other'" "$SCRATCH/err.out" || fail "$(cat "$SCRATCH/err.out")"

{
	# accepted: 10 baseline runs of each scenario, a control run (both scenarios) that passed;
	# kills s1 in its first run, s2 in its second, s3 never (3 runs).
	for sc in qsbr-a qsbr; do
		for k in $(seq 10); do
			rec "attempt=a-base-$sc-$k" kind=baseline status=survived "scenario=$sc" test_s=0.6 \
				duration=0.5 change=00000000000000aa
		done
	done
	rec attempt=a-ctl kind=control status=survived test_s=1.2 duration=0.5 change=00000000000000aa \
		"scenario_run=qsbr-a|survived|0.6|" "scenario_run=qsbr|survived|0.6|"
	rec "attempt=a-1-$s1" "mutant=$s1" kind=torture status=timeout scenario=qsbr-a test_s=5.2 \
		duration=0.5 'reason=stall: the writer hangs' change=00000000000000aa \
		'scenario_run=qsbr-a|timeout|5.2|stall: the writer hangs'
	rec "attempt=a-1-$s2" "mutant=$s2" kind=torture status=survived test_s=1.2 duration=0.5 \
		change=00000000000000aa
	rec "attempt=a-2-$s2" "mutant=$s2" kind=torture status=killed scenario=qsbr test_s=0.9 \
		duration=0.5 'reason=End of test: FAILURE: reused' change=00000000000000aa
	for k in 1 2 3; do
		rec "attempt=a-$k-$s3" "mutant=$s3" kind=torture status=survived test_s=1.2 duration=0.5 \
			change=00000000000000aa
	done
	# rejected: 9 passing controls and one that failed; it killed s3 anyway.
	for k in $(seq 9); do
		rec "attempt=b-base-$k" kind=baseline status=survived scenario=qsbr-b test_s=0.6 \
			duration=0.5 change=00000000000000bb
	done
	rec attempt=b-base-10 kind=baseline status=killed scenario=qsbr-b test_s=0.6 duration=0.5 \
		'reason=End of test: FAILURE: a wrong check' log_dir=/logs/b change=00000000000000bb
	rec "attempt=b-1-$s3" "mutant=$s3" kind=torture status=killed scenario=qsbr-b test_s=0.6 \
		duration=0.5 'reason=End of test: FAILURE: a wrong check' change=00000000000000bb
	# unproven: 4 controls only.
	for k in 1 2 3 4; do
		rec "attempt=c-base-$k" kind=baseline status=survived scenario=qsbr test_s=0.6 \
			duration=0.5 change=00000000000000cc
	done
} | mt record || fail 'record of the changes failed'
# A record naming a change the campaign does not have is refused.
rec attempt=x kind=baseline status=survived change=00000000000000dd >"$SCRATCH/bad.rec"
expect_error mt record <"$SCRATCH/bad.rec"
grep -q "unknown torture change '00000000000000dd'" "$SCRATCH/err.out" || fail "$(cat "$SCRATCH/err.out")"

note 'the listing, its closing line, tsv and --change'
mt gaps >"$SCRATCH/gaps.out"
cat "$SCRATCH/gaps.out"
expect_eq 'closing line' 'closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 35 passed, 1 failed' \
	"$(tail -n 1 "$SCRATCH/gaps.out")"
grep -q '^stress-a: 2 survivors, 2 closed$' "$SCRATCH/gaps.out" || fail 'gap stress-a'
grep -q '^stress-b: 1 survivor, 0 closed$' "$SCRATCH/gaps.out" || fail 'gap stress-b'
grep -q '^accepted (00000000000000aa) accepted$' "$SCRATCH/gaps.out" || fail 'accepted change'
grep -q '^rejected (00000000000000bb) rejected$' "$SCRATCH/gaps.out" || fail 'rejected change'
grep -q '^  REJECTED: qsbr-b killed: End of test: FAILURE: a wrong check (log: /logs/b)$' "$SCRATCH/gaps.out" ||
	fail 'the rejected change names its failed control'
grep -q '^unproven (00000000000000cc) unproven$' "$SCRATCH/gaps.out" || fail 'unproven change'
grep -q '^  survivors: 2 killed of 3 tried (2/6 runs, 11 s, p(kill) 4.3%-77.7%)$' "$SCRATCH/gaps.out" ||
	fail 'the accepted change: 2 kills in 6 runs'
grep -q 'killed by (not accepted) rejected: 1/1 runs' "$SCRATCH/gaps.out" || fail 'a kill by a rejected change'
expect_eq 'tsv' "$(printf '%s\tstress-a\taccepted\t1\t1\tqsbr-a\tstall: the writer hangs\n%s\tstress-a\taccepted\t1\t2\tqsbr\tEnd of test: FAILURE: reused\n%s\tstress-b\t\t\t\t\t' \
	"$s1" "$s2" "$s3" | sort)" "$(mt gaps --format tsv | sort)"
mt gaps --change rejected >"$SCRATCH/one.out"
grep -q '^Torture changes tried: 1$' "$SCRATCH/one.out" || fail '--change shows one change'
if grep -q "$s1" "$SCRATCH/one.out"; then fail "--change rejected shows $s1, which it never ran"; fi
expect_eq 'change-state' "$(printf 'rejected\tqsbr-b killed: End of test: FAILURE: a wrong check (log: /logs/b)')" \
	"$(mt gaps --change-state 00000000000000bb)"
expect_eq 'change-state of an unknown hash' '' "$(mt gaps --change-state 0000000000000000)"

note 'status, report, the campaign left as it was'
"$MUTORTURE_BIN" status --db "$DB" | grep -qx 'gaps: closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 35 passed, 1 failed (mutorture gaps)' ||
	fail 'status has no gaps line'
expect_eq 'survivors and their evidence' "$evidence_before" "$("$MUTORTURE_BIN" survivors --db "$DB" --format tsv)"
expect_eq 'no FLAKY campaign from a change control' '' "$(q "SELECT value FROM campaign WHERE key = 'flaky'")"
mt report >"$SCRATCH/report.md"
grep -q '^## Gaps closed$' "$SCRATCH/report.md" || fail 'no Gaps closed section'
grep -q '^| accepted | accepted | qsbr-a qsbr | 22 passed, 0 failed | 2 of 3 tried | 2/6 runs, 11 s, p(kill) 4.3%-77.7% | 2 |$' \
	"$SCRATCH/report.md" || fail 'the accepted change in the report'
grep -q '^| rejected | rejected | qsbr-b | 9 passed, 1 failed | 1 of 1 tried |' "$SCRATCH/report.md" || fail 'the rejected change in the report'
grep -q "^| $s1 | .* | stress-a | .* | closed by accepted (1/1 runs, 5 s, p(kill) 2.5%-100.0%; qsbr-a: stall: the writer hangs) |\$" \
	"$SCRATCH/report.md" || fail "$s1 closed in the report"
mt report --quiet --json "$SCRATCH/r.json"
expect_eq 'JSON closed' 2 "$(jq '.mutortureGaps.closed' "$SCRATCH/r.json")"
expect_eq 'JSON changes' 'accepted rejected unproven' "$(jq -r '[.mutortureGaps.changes[].name] | join(" ")' "$SCRATCH/r.json")"
expect_eq 'JSON statusReason' 'Survived' "$(jq -r --arg id "$s2" '.files[].mutants[] | select(.id == $id) | .status' "$SCRATCH/r.json")"
jq -r --arg id "$s2" '.files[].mutants[] | select(.id == $id) | .statusReason' "$SCRATCH/r.json" |
	grep -q '; closed by accepted (1/2 runs' || fail "$s2's statusReason"

note 'export: the accepted change only, into a folder it makes'
expect_eq 'exported' "$SCRATCH/out/0001-accepted.patch" "$(mt gaps export --out "$SCRATCH/out")"
patch=$SCRATCH/out/0001-accepted.patch
grep -qx 'Subject: \[PATCH\] accepted subject' "$patch" || fail 'subject'
grep -qx 'Why accepted sees what the suite missed.' "$patch" || fail 'message'
grep -q "^  $s1 qsbr.c:" "$patch" || fail "$s1 in the message"
grep -q '^    missed because: only stress A shows it$' "$patch" || fail 'why it was missed'
grep -q '^Tried and not killed' "$patch" || fail 'what it did not kill'
grep -q "^  $s3 qsbr.c:" "$patch" || fail "$s3 among those not killed"
grep -qx '+new accepted' "$patch" || fail 'the diff'
expect_error mt gaps export --out "$SCRATCH/out" rejected
grep -q "change 'rejected' is rejected: qsbr-b killed" "$SCRATCH/err.out" || fail "$(cat "$SCRATCH/err.out")"
expect_error mt gaps export --out "$SCRATCH/out" unproven
grep -q "change 'unproven' is unproven: too few control runs" "$SCRATCH/err.out" || fail "$(cat "$SCRATCH/err.out")"
expect_error mt gaps export --out "$SCRATCH/out" nosuch
expect_error mt gaps export --out "$SCRATCH/new" unproven
[[ ! -e "$SCRATCH/new" ]] || fail 'a refused export made its folder'
expect_error mt gaps export --out "$patch"
grep -q "not a directory" "$SCRATCH/err.out" || fail "$(cat "$SCRATCH/err.out")"
expect_error mt gaps --format xml

note 'a survivor only a weakly ordered machine can kill: said apart, not counted as closable'
mt triage "$s4" test-gap --force --gap weak-memory --note 'a barrier x86 never needs' >/dev/null
mt gaps >"$SCRATCH/weak.out"
grep -qx 'weak-memory: 1 survivor, 0 closed (only a weakly ordered machine can kill these: not closable here)' "$SCRATCH/weak.out" ||
	fail "the weak-memory group: $(cat "$SCRATCH/weak.out")"
grep -qx '1 test-gap survivor (gap weak-memory) only a weakly ordered machine can kill: not counted as closable here' \
	"$SCRATCH/weak.out" || fail 'the weak-memory line'
expect_eq 'closing line, weak-memory left out' \
	'closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 35 passed, 1 failed' "$(tail -n 1 "$SCRATCH/weak.out")"
mt report --quiet --json "$SCRATCH/weak.json"
expect_eq 'JSON weakMemory' 1 "$(jq .mutortureGaps.weakMemory "$SCRATCH/weak.json")"
expect_eq 'JSON weakMemoryNote: the listing'"'"'s words' \
	'1 test-gap survivor (gap weak-memory) only a weakly ordered machine can kill: not counted as closable here' \
	"$(jq -r .mutortureGaps.weakMemoryNote "$SCRATCH/weak.json")"
note 'ok'
