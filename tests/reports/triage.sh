#!/usr/bin/env bash
# Test: a triage verdict needs evidence: a survivor the campaign has not confirmed (fewer than
# confirm_runs torture runs of confirm_duration seconds) is refused without --force. A verdict
# is keyed by the mutant's content. Regenerating a file after an edit in another function of it
# gives the survivor a new id, and the verdict still holds; an edit of the mutated line itself
# flags the verdict for review; a new verdict settles it; a verdict on a survivor that a later
# run kills is flagged for review too; --list keeps the history with where each verdict stands.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

new_campaign
record_outcomes

# lookalike ID: the current mutant with the same path, function, operator, original,
# replacement, line and column as ID (ID's look-alike after a regeneration).
lookalike() {
	q "SELECT n.id FROM mutant o JOIN source os ON os.id = o.source_id,
	          mutant n JOIN source ns ON ns.id = n.source_id
	    WHERE o.id = '$1' AND ns.current = 1 AND ns.path = os.path
	      AND n.function = o.function AND n.operator = o.operator AND n.original = o.original
	      AND n.replacement = o.replacement AND n.line = o.line AND n.col = o.col"
}

# survivor_triage ID: the triage column `survivors --format tsv` shows for ID.
survivor_triage() {
	mt survivors --format tsv | awk -F'\t' -v id="$1" '$1 == id { print $8; found = 1 }
		END { if (!found) print "(not a survivor)" }'
}

# edit_line LINE TEXT: appends TEXT to line LINE of qsbr.c, written by rename.
edit_line() {
	awk -v l="$1" -v t="$2" 'NR == l { $0 = $0 t } { print }' "$TREE/qsbr.c" >"$TREE/qsbr.c.new"
	mv "$TREE/qsbr.c.new" "$TREE/qsbr.c"
}

# A survivor of qsbr.c in a function, and a line of another function of qsbr.c well away
# from it (beyond the key's context lines).
read -r id fn line < <(q "SELECT m.id, m.function, m.line FROM mutant m
	JOIN source s ON s.id = m.source_id
	JOIN mutant_status ms ON ms.mutant_id = m.id
	WHERE s.current = 1 AND s.path = 'qsbr.c' AND ms.status = 'survived' AND m.function <> ''
	  AND EXISTS (SELECT 1 FROM mutant o WHERE o.source_id = m.source_id
	                 AND o.function NOT IN ('', m.function) AND abs(o.line - m.line) > 5)
	ORDER BY m.id LIMIT 1" | tr '|' ' ')
[[ -n ${id:-} ]] || fail 'no survivor of qsbr.c with another function far away'
other_line=$(q "SELECT o.line FROM mutant o JOIN source s ON s.id = o.source_id
	WHERE s.current = 1 AND s.path = 'qsbr.c' AND o.function NOT IN ('', '$fn')
	  AND abs(o.line - $line) > 5 ORDER BY o.line LIMIT 1")
note "survivor $id in $fn at line $line; other function at line $other_line"

# evidence ID: the evidence of a survivor worked out here from its torture rows: runs,
# seconds, and the 95% bound 1 - 0.05^(1/n) on the per-run kill probability.
evidence() {
	q "SELECT count(*), coalesce(sum(test_s), 0) FROM result WHERE mutant_id = '$1'
	     AND kind = 'torture' AND status IN ('killed', 'timeout', 'survived')" |
		awk -F'|' '{ printf "0/%d runs, %.0f s, p(kill) < %.1f%%\n", $1, $2, 100 * (1 - 0.05 ^ (1 / $1)) }'
}

note 'unconfirmed: refused without --force'
mt init --confirm-runs 3 --confirm-duration 2
before=$(db_state)
if mt triage "$id" equivalent 2>"$SCRATCH/err"; then fail 'an unconfirmed survivor was triaged'; fi
grep -qF "warning: mutant '$id' is not confirmed: $(evidence "$id"); 0 of the 3 torture runs of the campaign's full duration that confirm a survivor" "$SCRATCH/err" ||
	fail "no warning with the evidence $(evidence "$id"): $(cat "$SCRATCH/err")"
grep -q -- '--force' "$SCRATCH/err" || fail "the refusal does not name --force: $(cat "$SCRATCH/err")"
expect_eq 'database after the refused verdict' "$before" "$(db_state)"
mt survivors --unconfirmed --format tsv | cut -f1 | grep -qx "$id" || fail "$id not listed as unconfirmed"

note 'three runs at the full duration confirm it'
for n in 1 2 3; do rec "attempt=confirm.$n" "mutant=$id" status=survived test_s=2 duration=2; done | mt record
mt survivors --format tsv | awk -F'\t' -v id="$id" '$1 == id' >"$SCRATCH/row"
expect_eq 'evidence of the confirmed survivor' $'3\tconfirmed\t'"$(evidence "$id")" "$(cut -f11- "$SCRATCH/row")"
mt survivors --confirmed --format tsv | cut -f1 | grep -qx "$id" || fail "$id not listed as confirmed"
mt status | grep -q '^survivors: [1-9][0-9]* confirmed by 3 torture runs of at least 2 s, [0-9]* unconfirmed$' ||
	fail "status says nothing of confirmation: $(mt status)"

note 'triage it'
mt triage "${id:0:10}" equivalent --note 'the flip is re-read before use' >"$SCRATCH/out"
expect_eq 'triage output' "$id: equivalent" "$(cat "$SCRATCH/out")"
expect_eq 'triage state' equivalent "$(survivor_triage "$id")"
if mt survivors --format tsv --untriaged | cut -f1 | grep -qx "$id"; then
	fail 'a triaged survivor is listed by --untriaged'
fi
# By hand: the score without that survivor (the score itself stays as it was).
after=$(awk -F'\t' -v id="$id" '$1 == id { next }
	$5 == "killed" || $5 == "timeout" { d++ }
	$5 == "killed" || $5 == "timeout" || $5 == "survived" || $5 == "uncovered" { s++ }
	END { printf "%.1f%%\n", 100 * d / s }' "$SCRATCH/expected.tsv")
mt report >"$SCRATCH/report.md"
grep -q "^\*\*Mutation score: $(expected_score)\*\*" "$SCRATCH/report.md" ||
	fail 'triage changed the mutation score'
grep -q "^After triage: $after without the 1 survivor judged equivalent or ignore\.$" \
	"$SCRATCH/report.md" || fail "no 'After triage: $after' line: $(grep -m1 After "$SCRATCH/report.md")"
row=$(awk '/^### / { v = $2 } v == "equivalent" && /^\| [0-9a-f]/ { print; exit }' "$SCRATCH/report.md")
[[ $row == "| $id | qsbr.c:$line ($fn) | "*" | the flip is re-read before use |" ]] ||
	fail "the triaged survivors do not show $id under equivalent with its note: $row"
if mt triage "$id" wrong 2>/dev/null; then fail "verdict 'wrong' accepted"; fi
killed=$(awk -F'\t' '$5 == "killed" { print $1; exit }' "$SCRATCH/expected.tsv")
if mt triage "$killed" bug 2>"$SCRATCH/err"; then fail 'a killed mutant was triaged'; fi
grep -q "was killed" "$SCRATCH/err" || fail "no reason given: $(cat "$SCRATCH/err")"

note 'edit another function of qsbr.c, regenerate: still triaged'
edit_line "$other_line" ' /* edited elsewhere */'
generate qsbr.c
id2=$(lookalike "$id")
[[ -n $id2 && $id2 != "$id" ]] || fail "no look-alike of $id with a new id after regenerating"
expect_eq 'stale survivor listed' '(not a survivor)' "$(survivor_triage "$id")"
rec attempt=after-edit.1 "mutant=$id2" status=survived test_s=1 | mt record
expect_eq 'triage state after an edit elsewhere' equivalent "$(survivor_triage "$id2")"
mt triage --list >"$SCRATCH/list"
grep -Eq "^[-0-9T:Z]+ +$id +equivalent +current +$id2 +qsbr\.c:$line \($fn\): the flip is re-read before use$" \
	"$SCRATCH/list" || fail "triage --list does not show the verdict as current on $id2: $(cat "$SCRATCH/list")"

note 'edit the mutated line itself, regenerate: flagged for review'
edit_line "$line" ' /* edited here */'
generate qsbr.c
id3=$(lookalike "$id2")
[[ -n $id3 && $id3 != "$id2" ]] || fail "no look-alike of $id2 after editing its line"
rec attempt=after-edit.2 "mutant=$id3" status=survived test_s=1 | mt record
expect_eq 'triage state after editing the line' 'review (was equivalent)' "$(survivor_triage "$id3")"
mt survivors --untriaged --format tsv | cut -f1 | grep -qx "$id3" ||
	fail 'a survivor to review is not listed by --untriaged'
mt triage --list >"$SCRATCH/list"
grep -Eq "^[-0-9T:Z]+ +$id +equivalent +review +$id3 " "$SCRATCH/list" ||
	fail "triage --list does not flag the verdict for review on $id3: $(cat "$SCRATCH/list")"
mt report >"$SCRATCH/report.md"
md_table 'Survivors to triage first' <"$SCRATCH/report.md" | head -1 | cut -f1,6 >"$SCRATCH/first"
expect_eq 'first survivor to triage' "$id3"$'\t''review (was equivalent)' "$(cat "$SCRATCH/first")"

note 'a new verdict settles it; the history keeps both'
if mt triage "$id3" test-gap 2>/dev/null; then fail "the unconfirmed $id3 was triaged without --force"; fi
mt triage "$id3" test-gap --note 'no reader checks this' --force >/dev/null 2>"$SCRATCH/err"
grep -q "^warning: mutant '$id3' is not confirmed" "$SCRATCH/err" || fail "--force gave no warning"
expect_eq 'triage state after re-triage' test-gap "$(survivor_triage "$id3")"
mt triage --list >"$SCRATCH/list"
expect_eq 'verdicts in the history' 2 "$(grep -c 'qsbr\.c:' "$SCRATCH/list")"
grep -Eq " +$id3 +test-gap +current +$id3 " "$SCRATCH/list" ||
	fail "the new verdict is not current: $(cat "$SCRATCH/list")"
grep -Eq " +$id +equivalent +gone " "$SCRATCH/list" ||
	fail "the old verdict is not shown as gone: $(cat "$SCRATCH/list")"

note 'a later run kills the triaged survivor: the verdict is flagged for review'
rec attempt=later.kill "mutant=$id3" status=killed test_s=2 duration=2 reason='Reader Pipe' | mt record
mt triage --list >"$SCRATCH/list"
grep -Eq " +$id3 +test-gap +killed +$id3 " "$SCRATCH/list" ||
	fail "the verdict on the killed $id3 is not flagged: $(cat "$SCRATCH/list")"
mt report >"$SCRATCH/report.md"
md_table 'Verdicts to review: survivors killed after their triage' <"$SCRATCH/report.md" | cut -f1,3 >"$SCRATCH/review"
expect_eq 'verdicts to review in the report' "$id3"$'\t'test-gap "$(cat "$SCRATCH/review")"
note 'ok'
