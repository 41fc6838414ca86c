#!/usr/bin/env bash
# Test: the reports on a database from a real small campaign on the built-in target (toy-rcu:
# real builds, real torture runs through `mutorture campaign`). Each mutant's status is worked
# out here from its result rows alone (pruning verdicts first, then any kill, timeout,
# survival; errors decide nothing), and the report's scores per file, function and operator,
# its survivors and its JSON (when the schema is installed: NODE_MODULES) must agree.
# Usage: campaign.sh [NODE_MODULES]
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
modules=${1:-}

note 'a small campaign on toy-rcu'
"$MUTORTURE_BIN" campaign toy-rcu --db "$DB" --max-mutants 12 --jobs 2 \
	--baseline-runs 1 >"$SCRATCH/campaign.out" 2>&1 ||
	fail "the campaign failed: $(tail -20 "$SCRATCH/campaign.out")"
decided=$(q "SELECT count(DISTINCT mutant_id) FROM result WHERE kind = 'torture'")
((decided > 0)) || fail 'no mutant was tortured'
note "$decided mutants tortured"

# By hand, from the result rows: the latest pruning verdict wins, then kill, timeout, survival.
sqlite3 -readonly -batch -noheader -separator $'\t' "$DB" "
	SELECT m.id, s.path, m.function, m.operator,
	       coalesce((SELECT r.status FROM result r WHERE r.mutant_id = m.id
	                    AND r.status IN ('equivalent', 'weak_memory', 'duplicate', 'uncovered', 'build_error')
	                  ORDER BY r.id DESC LIMIT 1),
	                (SELECT r.status FROM result r WHERE r.mutant_id = m.id
	                    AND r.status IN ('killed', 'timeout', 'survived', 'error')
	                  ORDER BY CASE r.status WHEN 'killed' THEN 0 WHEN 'timeout' THEN 1
	                                         WHEN 'survived' THEN 2 ELSE 3 END LIMIT 1),
	                'pending')
	  FROM mutant m JOIN source s ON s.id = m.source_id WHERE s.current = 1" \
	>"$SCRATCH/expected.tsv"
# Which mutants die is chance; that some do is not (the runner's tests check known kills).
(($(expected_count killed) + $(expected_count timeout) > 0)) || fail 'the campaign detected nothing'

note 'report: scores by hand'
mt report >"$SCRATCH/report.md"
check_scores "$SCRATCH/report.md"
mt status >"$SCRATCH/status"
grep -q "^score so far: $(expected_score) " "$SCRATCH/status" ||
	fail "status disagrees: $(cat "$SCRATCH/status")"

note 'survivors'
check_survivors

note 'kill matrix: every kill is by a scenario of toy-rcu'
md_table 'Kill matrix' <"$SCRATCH/report.md" | cut -f1 >"$SCRATCH/scenarios"
grep -qx qsbr "$SCRATCH/scenarios" || fail "qsbr is not in the kill matrix: $(cat "$SCRATCH/scenarios")"
if grep -vxE 'qsbr|mb|rwlock' "$SCRATCH/scenarios"; then fail 'unknown scenario in the kill matrix'; fi

if [[ -n $modules ]]; then
	note 'report --json validates'
	mt report --quiet --json "$SCRATCH/report.json"
	node "$MUTORTURE_HOME/tests/reports/validate-report.cjs" "$modules" "$SCRATCH/report.json" \
		>"$SCRATCH/counts" || fail 'the JSON report does not validate'
	check_schema_counts "$SCRATCH/counts"
fi
note 'ok'
