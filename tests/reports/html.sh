#!/usr/bin/env bash
# Test: `report --html` on a real campaign database is one self-contained page that headless
# Chromium renders offline with every mutant in place; the screenshots are kept in
# SCREENSHOT-DIR for a person to look at. Usage: html.sh NODE_MODULES SCREENSHOT-DIR
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
modules=${1:?usage: html.sh NODE_MODULES SCREENSHOT-DIR}
shots=${2:?usage: html.sh NODE_MODULES SCREENSHOT-DIR}

new_campaign
record_outcomes

note 'report --html renders offline in headless Chromium'
mt report --quiet --html "$SCRATCH/report.html"
if grep -Eq '<(script|link)[^>]+(src|href)=' "$SCRATCH/report.html"; then
	fail 'the HTML report loads an external file'
fi
mkdir -p "$shots"
node "$MUTORTURE_HOME/tests/reports/render-report.cjs" "$modules" "$SCRATCH/report.html" \
	"$shots/report" >"$SCRATCH/rendered" || fail 'the HTML report did not render'
cat "$SCRATCH/rendered"
total=$(wc -l <"$SCRATCH/expected.tsv")
expect_eq 'files shown' "files"$'\t'"2" "$(grep '^files' "$SCRATCH/rendered")"
expect_eq 'mutants shown' "mutants"$'\t'"$total" "$(grep '^mutants' "$SCRATCH/rendered")"
expect_eq "viewer's total" "total"$'\t'"$total" "$(grep '^total' "$SCRATCH/rendered")"
for png in "$shots/report-root.png" "$shots/report-file.png"; do
	[[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] ||
		fail "'$png' is not a PNG"
	(($(stat -c %s "$png") > 10000)) || fail "'$png' is too small to show a report"
done
note "screenshots: $shots/report-root.png $shots/report-file.png"
note 'ok'
