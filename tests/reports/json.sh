#!/usr/bin/env bash
# Test: `report --json` on a real campaign database validates against the
# mutation-testing-report-schema from npm (Ajv), with every status mapped 1:1 and counted as
# recorded, also for a source that is not UTF-8. Usage: json.sh NODE_MODULES
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
modules=${1:?usage: json.sh NODE_MODULES}

new_campaign
# A comment in Latin-1 (not UTF-8), as old sources have: the JSON must stay valid.
printf '/* r\xe9sum\xe9: caf\xe9 */\n' | cat - "$TREE/mb.c" >"$TREE/mb.c.new"
mv "$TREE/mb.c.new" "$TREE/mb.c"
generate mb.c
record_outcomes

note 'report --json validates against the schema'
mt report --quiet --json "$SCRATCH/report.json"
node "$MUTORTURE_HOME/tests/reports/validate-report.cjs" "$modules" "$SCRATCH/report.json" \
	>"$SCRATCH/counts" || fail 'the JSON report does not validate'
check_schema_counts "$SCRATCH/counts"
grep -q '/\* r\\ufffdsum\\ufffd: caf\\ufffd \*/' "$SCRATCH/report.json" ||
	fail 'the Latin-1 comment is not in the JSON with U+FFFD for its bytes'

note 'a broken report does not validate (the validator can fail)'
sed 's/"status":"Killed"/"status":"Dead"/' "$SCRATCH/report.json" >"$SCRATCH/broken.json"
if node "$MUTORTURE_HOME/tests/reports/validate-report.cjs" "$modules" "$SCRATCH/broken.json" 2>/dev/null; then
	fail 'a report with status "Dead" validated'
fi

note 'ok'
