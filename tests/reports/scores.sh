#!/usr/bin/env bash
# Test: status, report and survivors on a real campaign database (generate on toy-rcu's
# sources, every status recorded through `mutorture record`, line coverage imported) agree
# with scores and counts computed by hand (awk over the outcomes the test recorded), per file,
# per function with its line coverage, per operator; the kill matrix, the mutants killed only
# sometimes and the weak-memory-only mutants are listed; --min-score gates.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

new_campaign
record_outcomes

note 'coverage: odd lines of qsbr.c executed, even ones not'
lines=$(wc -l <"$TREE/qsbr.c")
for ((l = 1; l <= lines; l++)); do
	printf 'qsbr.c\t%d\t%d\n' "$l" $((l % 2))
done >"$SCRATCH/coverage.tsv"
mt coverage "$SCRATCH/coverage.tsv" >/dev/null
# By hand: a pending or error mutant of qsbr.c whose lines are all even is now uncovered.
sqlite3 -readonly -batch -noheader -separator $'\t' "$DB" \
	"SELECT m.id, m.line, m.end_line FROM mutant m JOIN source s ON s.id = m.source_id
	  WHERE s.current = 1 AND s.path = 'qsbr.c'" >"$SCRATCH/lines.tsv"
awk -F'\t' 'NR == FNR { odd = 0; for (l = $2; l <= $3; l++) if (l % 2) odd = 1; even[$1] = !odd; next }
	($5 == "pending" || $5 == "error") && even[$1] { $5 = "uncovered" } { print }' OFS='\t' \
	"$SCRATCH/lines.tsv" "$SCRATCH/expected.tsv" >"$SCRATCH/expected.new"
mv "$SCRATCH/expected.new" "$SCRATCH/expected.tsv"
for st in killed timeout survived uncovered build_error equivalent weak_memory duplicate; do
	n=$(expected_count "$st")
	((n > 0)) || fail "the fixture has no $st mutant: too few mutants generated"
done
score=$(expected_score)
note "score by hand: $score"

note 'status: counts and score'
mt status --jobs 2 >"$SCRATCH/status"
grep -q "^score so far: $score " "$SCRATCH/status" ||
	fail "status does not say 'score so far: $score': $(cat "$SCRATCH/status")"
for st in killed timeout survived uncovered build_error equivalent weak_memory duplicate error pending; do
	n=$(expected_count "$st")
	got=$(awk -v st="$st" '$1 == st { print $2 }' "$SCRATCH/status")
	expect_eq "status count of $st" "$([[ $n == 0 ]] || echo "$n")" "$got"
done
left=$(($(expected_count pending) + $(expected_count error)))
grep -q "^left to run: $left, ETA " "$SCRATCH/status" || fail "status: no ETA for $left left"
# The ETA's mean, by hand: build + test seconds of each mutant's torture runs summed (a
# survivor's three runs are one mutant's time), over the 50 mutants timed last; baseline and
# control runs are no mutant's.
mean=$(awk -F '\t' '{ delete f; for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v); f[k] = v } }
	("kind" in f && f["kind"] != "torture") || !("mutant" in f) || !("test_s" in f) { next }
	{ s[f["mutant"]] += f["build_s"] + f["test_s"]; last[f["mutant"]] = NR }
	END { for (m in s) print last[m], s[m] }' "$SCRATCH/records" |
	sort -k1,1nr | head -n 50 | awk '{ t += $2; n++ } END { printf "%.1f s a mutant, confirmation runs included, over the last %d", t / n, n }')
grep -q "^left to run: $left, ETA .* with 2 jobs (mean $mean)\$" "$SCRATCH/status" ||
	fail "status: ETA not from the mean '$mean': $(grep '^left to run' "$SCRATCH/status")"

note 'report: overall, per file, per function, per operator'
mt report >"$SCRATCH/report.md"
check_scores "$SCRATCH/report.md"

note 'report: line coverage per function of qsbr.c, by hand'
awk -F'\t' 'NR == FNR { if (!($2 in lo) || $3 < lo[$2]) lo[$2] = $3; if ($4 > hi[$2]) hi[$2] = $4; next }
	$1 == "qsbr.c" {
		fn = $2 == "(file scope)" ? "" : $2; c = 0; m = 0
		for (l = lo[fn]; l <= hi[fn]; l++) { m++; c += l % 2 }
		printf "%s\t%d/%d (%.0f%%)\n", $2, c, m, 100 * c / m
	}' <(sqlite3 -readonly -batch -noheader -separator $'\t' "$DB" \
		"SELECT m.id, m.function, m.line, m.end_line FROM mutant m
		   JOIN source s ON s.id = m.source_id WHERE s.current = 1 AND s.path = 'qsbr.c'") \
	"$SCRATCH/functions.md" | LC_ALL=C sort >"$SCRATCH/coverage.want"
awk -F'\t' '$1 == "qsbr.c" { print $2 "\t" $3 }' "$SCRATCH/functions.md" | LC_ALL=C sort \
	>"$SCRATCH/coverage.got"
[[ -s $SCRATCH/coverage.got ]] || fail 'no function of qsbr.c in the coverage table'
diff -u "$SCRATCH/coverage.want" "$SCRATCH/coverage.got" || fail 'line coverage differs'
if awk -F'\t' '$1 == "mb.c" && $3 != "-"' "$SCRATCH/functions.md" | grep -q .; then
	fail 'mb.c has no coverage data but shows some'
fi

note 'report: survivors, sometimes killed, kill matrix, weak-memory only'
n=$(md_table 'Survivors to triage first' <"$SCRATCH/report.md" | wc -l)
want=$(expected_count survived)
((want > 40)) && want=40
expect_eq 'survivors listed' "$want" "$n"
n=$(md_table 'Killed only sometimes' <"$SCRATCH/report.md" | awk -F'\t' '$5 == "1/3"' | wc -l)
expect_eq 'mutants killed 1/3' "$(awk 'NR % 10 == 9' "$SCRATCH/expected.tsv" | wc -l)" "$n"
md_table 'Kill matrix' <"$SCRATCH/report.md" >"$SCRATCH/matrix"
kills() { awk -F'\t' -v s="$1" '$1 == s { print $4 "/" $5 }' "$SCRATCH/matrix"; }
# How long a scenario's guests took: the mean of its scenario runs' seconds, as recorded.
for sc in qsbr mb; do
	want=$(sqlite3 -readonly -batch -noheader "$DB" "SELECT printf('%.1f', avg(sr.test_s))
		FROM scenario_run sr JOIN result r ON r.id = sr.result_id
		WHERE r.kind = 'torture' AND sr.scenario = '$sc'")
	expect_eq "$sc seconds a run (mean)" "$want" "$(awk -F'\t' -v s="$sc" '$1 == s { print $3 }' "$SCRATCH/matrix")"
done
# Cases of outcome_records by line of expected.tsv (line = index + 1).
c0=$(awk 'NR % 10 == 1' "$SCRATCH/expected.tsv" | wc -l)
c1both=$(awk 'NR % 20 == 2' "$SCRATCH/expected.tsv" | wc -l)
c1first=$(awk 'NR % 20 == 12' "$SCRATCH/expected.tsv" | wc -l)
c3=$(awk 'NR % 10 == 4' "$SCRATCH/expected.tsv" | wc -l)
c8=$(awk 'NR % 10 == 9' "$SCRATCH/expected.tsv" | wc -l)
((c1first > 0)) || fail 'no mutant killed by the first scenario alone in the fixture'
expect_eq 'qsbr kills/unique kills' "$((c0 + c1both + c1first + c8))/$((c0 + c8))" "$(kills qsbr)"
expect_eq 'mb kills/unique kills' "$((c1both + c3))/$c3" "$(kills mb)"
expect_eq 'rwlock kills/unique kills' "0/0" "$(kills rwlock)"
grep -q '^Scenarios that kill nothing no other scenario kills: rwlock\.$' "$SCRATCH/report.md" ||
	fail 'rwlock is not named as killing nothing of its own'
grep -q "^$c1first mutants\? w[a-z]* killed by the first scenario tried and not run on the others" \
	"$SCRATCH/report.md" || fail "the $c1first kills by the first scenario alone are not counted apart"
n=$(awk '/^Mutants killed by exactly one scenario/ { on = 1; next }
	on && /^\| [0-9a-f]+ \| / { print; rows = 1; next } on && rows && !/^\|/ { exit }' \
	"$SCRATCH/report.md" | wc -l)
expect_eq 'mutants killed by exactly one scenario' "$((c0 + c3 + c8))" "$n"
n=$(md_table 'Weak-memory only' <"$SCRATCH/report.md" | wc -l)
expect_eq 'weak-memory-only mutants' "$(expected_count weak_memory)" "$n"
expect_eq 'weak-memory-only diffs' "$(expected_count weak_memory)" \
	"$(awk '/^## Weak-memory only/ { on = 1; next } on && /^## / { exit } on && /^```diff$/ { n++ } END { print n + 0 }' "$SCRATCH/report.md")"

note 'report --min-score gates'
whole=${score%%.*}
mt report --quiet --min-score "$whole" || fail "--min-score $whole failed at $score"
if mt report --quiet --min-score $((whole + 1)) 2>"$SCRATCH/err"; then
	fail "--min-score $((whole + 1)) passed at $score"
fi
grep -q "mutation score $score is below --min-score $((whole + 1))" "$SCRATCH/err" ||
	fail "no message for the failed gate: $(cat "$SCRATCH/err")"

note 'survivors: all, filtered; control runs; diffs'
check_survivors
mt survivors --format tsv | awk -F'\t' '$6 != 0 || $7 != 3 { exit 1 }' ||
	fail 'a survivor is not shown as 0 kills in 3 attempts'
fn=$(awk -F'\t' '$5 == "survived" && $2 == "mb.c" && $3 != "" { print $3; exit }' "$SCRATCH/expected.tsv")
[[ -n $fn ]] || fail 'no survivor in a function of mb.c'
mt survivors --format tsv --files mb.c --function "$fn" | cut -f1 | LC_ALL=C sort >"$SCRATCH/f.got"
awk -F'\t' -v f="$fn" '$5 == "survived" && $2 == "mb.c" && $3 == f { print $1 }' \
	"$SCRATCH/expected.tsv" | LC_ALL=C sort >"$SCRATCH/f.want"
diff -u "$SCRATCH/f.want" "$SCRATCH/f.got" || fail "survivors --files mb.c --function $fn differ"
op=$(awk -F'\t' '$5 == "survived" { print $4; exit }' "$SCRATCH/expected.tsv")
mt survivors --format json --operators "$op" >"$SCRATCH/op.json"
n=$(grep -o '"operator":"[^"]*"' "$SCRATCH/op.json" | sort | uniq -c | awk '{ print $1 " " $2 }')
expect_eq "survivors --operators $op" \
	"$(awk -F'\t' -v o="$op" '$5 == "survived" && $4 == o' "$SCRATCH/expected.tsv" | wc -l) \"operator\":\"$op\"" "$n"
if grep -q FLAKY "$SCRATCH/status" "$SCRATCH/report.md"; then
	fail 'a campaign whose control runs passed is called flaky'
fi
rec attempt=control.2 kind=control status=killed test_s=1 "reason=End of test: FAILURE" | mt record
mt status >"$SCRATCH/status"
grep -q '^FLAKY: 1 of 2 control runs of the unmutated code failed' "$SCRATCH/status" ||
	fail "status does not call a failed control run flaky: $(cat "$SCRATCH/status")"
mt report >"$SCRATCH/report.md"
head -3 "$SCRATCH/report.md" >"$SCRATCH/report.head"
grep -q '^\*\*FLAKY: 1 of 2 control runs' "$SCRATCH/report.head" ||
	fail "the report does not start with the flaky warning: $(cat "$SCRATCH/report.head")"

mt survivors --diff >"$SCRATCH/diffs"
expect_eq 'survivor diffs' "$(expected_count survived)" "$(grep -c '^--- a/' "$SCRATCH/diffs")"
expect_eq 'survivor diff hunks' "$(expected_count survived)" "$(grep -c '^@@ ' "$SCRATCH/diffs")"
note 'ok'
