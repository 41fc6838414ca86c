# shellcheck shell=bash source-path=SCRIPTDIR
# Helpers shared by the reports tests (sourced): the common ones (../lib/common.sh: fail,
# note, expect_eq, a scratch directory removed on exit), a campaign made with the real
# mutorture (init + generate on toy-rcu's sources, results through `mutorture record`), the
# outcome each mutant was given (what the scores are checked against, computed here with
# awk, never with the views under test), and checks of the report.

set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
need_ctest_env
make_scratch reports
DB=$SCRATCH/campaign.db
TREE=$SCRATCH/tree
# The toy-rcu files the campaign mutates, and the flags they are compiled with.
CAMPAIGN_FILES=(qsbr.c mb.c)
CLANG_FLAGS=(-std=c11 -D_GNU_SOURCE -pthread)

# mt ARGS...: the mutorture under test, on the test's database.
mt() {
	"$MUTORTURE_BIN" "$1" --db "$DB" "${@:2}"
}

# q SQL: one read-only query on the test's database, '|'-separated columns.
q() {
	sqlite3 -readonly -batch -noheader "$DB" "$1"
}

# generate FILE...: (re)generates mutants of tree files with the test's flags.
generate() {
	mt generate "$@" -- "${CLANG_FLAGS[@]}" >"$SCRATCH/generate.out" ||
		fail "generate $* failed: $(cat "$SCRATCH/generate.out")"
}

# new_campaign: a database over a copy of toy-rcu's sources, with the mutants of
# CAMPAIGN_FILES generated.
new_campaign() {
	mkdir -p "$TREE"
	cp "$MUTORTURE_HOME"/targets/toy-rcu/src/*.[ch] "$TREE"/
	mt init --root "$TREE" --target toy-rcu
	generate "${CAMPAIGN_FILES[@]}"
	local n
	n=$(q "SELECT count(*) FROM mutant")
	((n >= 40)) || fail "generate made only $n mutants of ${CAMPAIGN_FILES[*]}"
	note "generated $n mutants"
}

# rec FIELD=VALUE...: one result record line on stdout (fields joined by tabs).
rec() {
	local IFS=$'\t'
	printf '%s\n' "$*"
}

# The outcome given to the i-th current mutant (ordered by id), a cycle of ten that covers
# every status, repeated attempts and the kill matrix (qsbr kills alone, mb kills alone, both
# kill, qsbr kills first and no other scenario runs; rwlock runs but never kills). Sets OUTCOME (expected status) and prints the records.
outcome_records() {
	local i=$1 id=$2 other=$3 a="r$1"
	case $((i % 10)) in
	0) OUTCOME=killed
	   rec "attempt=$a" "mutant=$id" status=killed scenario=qsbr build_s=0.5 test_s=1.25 \
		"scenario_run=mb|survived|1|" \
		"scenario_run=qsbr|killed|1.25|End of test: FAILURE: reader saw freed memory" ;;
	1) OUTCOME=killed
	   if ((i % 20 == 1)); then # both kill
		   rec "attempt=$a" "mutant=$id" status=killed scenario=qsbr build_s=0.5 test_s=2 \
			"scenario_run=qsbr|killed|1|End of test: FAILURE" \
			"scenario_run=mb|killed|1|End of test: FAILURE|x"
	   else # the first scenario tried kills, the others never run
		   rec "attempt=$a" "mutant=$id" status=killed scenario=qsbr build_s=0.5 test_s=1 \
			"scenario_run=qsbr|killed|1|End of test: FAILURE"
	   fi ;;
	2) OUTCOME=survived
	   for k in 1 2 3; do
		   rec "attempt=$a.$k" "mutant=$id" status=survived build_s=0.5 test_s=3 \
			"scenario_run=qsbr|survived|1|" "scenario_run=mb|survived|1|" \
			"scenario_run=rwlock|survived|1|"
	   done ;;
	3) OUTCOME=timeout
	   rec "attempt=$a" "mutant=$id" status=timeout scenario=mb build_s=0.5 test_s=9 \
		"scenario_run=mb|timeout|9|End of test: FAILURE: stall: grace period" \
		"scenario_run=rwlock|survived|1|" ;;
	4) OUTCOME=build_error
	   rec "attempt=$a" "mutant=$id" status=build_error build_s=0.5 reason="error: expected ';'" ;;
	5) if ((i % 20 == 15)); then
		   OUTCOME=weak_memory
		   rec "attempt=$a" "mutant=$id" kind=tce status=weak_memory \
			"reason=object code identical on this host (x86_64) but differs for aarch64: only killable on weakly ordered hardware"
	   else
		   OUTCOME=equivalent
		   rec "attempt=$a" "mutant=$id" kind=tce status=equivalent \
			"reason=object code identical to the original's"
	   fi ;;
	6) OUTCOME=duplicate
	   rec "attempt=$a" "mutant=$id" kind=tce status=duplicate "duplicate_of=$other" ;;
	7) OUTCOME=uncovered
	   rec "attempt=$a" "mutant=$id" kind=coverage status=uncovered "reason=line never executed" ;;
	8) OUTCOME=killed # one kill in three attempts: killed 1/3
	   rec "attempt=$a.1" "mutant=$id" status=survived test_s=3 "scenario_run=qsbr|survived|1|"
	   rec "attempt=$a.2" "mutant=$id" status=killed scenario=qsbr test_s=1 \
		"scenario_run=qsbr|killed|1|End of test: FAILURE" "scenario_run=rwlock|survived|1|"
	   rec "attempt=$a.3" "mutant=$id" status=survived test_s=3 "scenario_run=qsbr|survived|1|" ;;
	9) if ((i % 20 == 9)); then
		   OUTCOME=error
		   rec "attempt=$a" "mutant=$id" status=error "reason=worker tree vanished"
	   else
		   OUTCOME=pending
	   fi ;;
	esac
}

# record_outcomes: records an outcome for every current mutant through `mutorture record`
# and writes SCRATCH/expected.tsv: id path function operator expected-status.
record_outcomes() {
	local i=0 id path fn op other
	: >"$SCRATCH/expected.tsv"
	other=$(q "SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id
		    WHERE s.current = 1 ORDER BY m.id LIMIT 1")
	# '|' separates: read would merge the tabs around an empty function name.
	while IFS='|' read -r id path fn op; do
		outcome_records "$i" "$id" "$other" >>"$SCRATCH/records"
		printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$path" "$fn" "$op" "$OUTCOME" \
			>>"$SCRATCH/expected.tsv"
		i=$((i + 1))
	done < <(q "SELECT m.id, s.path, m.function, m.operator FROM mutant m
		     JOIN source s ON s.id = m.source_id WHERE s.current = 1 ORDER BY m.id")
	# A baseline and a control run too: they have no mutant and must change no count.
	rec attempt=baseline.1 kind=baseline status=survived test_s=2 >>"$SCRATCH/records"
	rec attempt=control.1 kind=control status=survived test_s=2 >>"$SCRATCH/records"
	mt record <"$SCRATCH/records" || fail 'record refused the test records'
}

# expected_groups file|function|operator: from expected.tsv, one line per group, sorted: the
# key (path; path and function; operator), the score (%.1f% or -), then the count of every
# status in the report's order.
expected_groups() {
	awk -F'\t' -v by="$1" '
		BEGIN { n = split("killed timeout survived uncovered build_error equivalent weak_memory duplicate error pending", names, " ") }
		{
			k = by == "file" ? $2 : by == "function" ? $2 "\t" ($3 == "" ? "(file scope)" : $3) : $4
			c[k, $5]++; keys[k] = 1
		}
		END {
			for (k in keys) {
				scored = c[k, "killed"] + c[k, "timeout"] + c[k, "survived"] + c[k, "uncovered"]
				line = k "\t" (scored ? sprintf("%.1f%%", 100 * (c[k, "killed"] + c[k, "timeout"]) / scored) : "-")
				for (i = 1; i <= n; i++) line = line "\t" (c[k, names[i]] + 0)
				print line
			}
		}' "$SCRATCH/expected.tsv" | LC_ALL=C sort
}

# expected_score: the overall score from expected.tsv, %.1f.
expected_score() {
	awk -F'\t' '
		$5 == "killed" || $5 == "timeout" { d++ }
		$5 == "killed" || $5 == "timeout" || $5 == "survived" || $5 == "uncovered" { s++ }
		END { printf "%.1f%%\n", 100 * d / s }' "$SCRATCH/expected.tsv"
}

# check_schema_counts FILE: FILE (the validator's "Status<TAB>count" lines) counts the statuses
# of expected.tsv as the mutation-testing-report-schema names them.
check_schema_counts() {
	awk -F'\t' '{ n[$5]++ } END {
		split("killed Killed survived Survived timeout Timeout build_error CompileError " \
		      "uncovered NoCoverage error RuntimeError pending Pending", m, " ")
		for (i = 1; i < 15; i += 2) if (n[m[i]]) print m[i + 1] "\t" n[m[i]]
		ignored = n["equivalent"] + n["weak_memory"] + n["duplicate"]
		if (ignored) print "Ignored\t" ignored
	}' "$SCRATCH/expected.tsv" | LC_ALL=C sort >"$SCRATCH/counts.want"
	LC_ALL=C sort "$1" >"$SCRATCH/counts.got"
	diff -u "$SCRATCH/counts.want" "$SCRATCH/counts.got" || fail 'JSON statuses differ'
}

# expected_count STATUS
expected_count() {
	awk -F'\t' -v st="$1" '$5 == st { n++ } END { print n + 0 }' "$SCRATCH/expected.tsv"
}

# md_table HEADING: the rows of the first Markdown table under '## HEADING' on stdin, as
# tab-separated cells (header and separator rows dropped, '\|' kept as '|').
md_table() {
	awk -v h="## $1" '
		index($0, h) == 1 { on = 1; rows = 0; next }
		on && /^\|/ {
			if (++rows <= 2) next
			line = substr($0, 3, length($0) - 4)
			gsub(/\\\|/, "\001", line); gsub(/ \| /, "\t", line); gsub(/\001/, "|", line)
			print line; seen = 1; next
		}
		on && seen { exit }'
}

# check_scores REPORT.md: the report's overall score and its tables per file, per function
# and per operator (score and count of each status) equal those computed from expected.tsv.
# Leaves the per-function table in SCRATCH/functions.md.
check_scores() {
	local report=$1 score
	score=$(expected_score)
	grep -q "^\*\*Mutation score: $score\*\*" "$report" ||
		fail "the report's score is not $score: $(grep -m1 'Mutation score' "$report")"
	# The tables without the 'mutants' column (and the line coverage column).
	md_table 'Per file' <"$report" | cut -f1,2,4- | LC_ALL=C sort >"$SCRATCH/files.got"
	expected_groups file >"$SCRATCH/files.want"
	diff -u "$SCRATCH/files.want" "$SCRATCH/files.got" || fail 'per-file scores differ'
	md_table 'Per function' <"$report" >"$SCRATCH/functions.md"
	cut -f1,2,4,6- "$SCRATCH/functions.md" | LC_ALL=C sort >"$SCRATCH/functions.got"
	expected_groups function >"$SCRATCH/functions.want"
	diff -u "$SCRATCH/functions.want" "$SCRATCH/functions.got" || fail 'per-function scores differ'
	md_table 'Per operator' <"$report" | cut -f1,2,4- | LC_ALL=C sort >"$SCRATCH/operators.got"
	expected_groups operator >"$SCRATCH/operators.want"
	diff -u "$SCRATCH/operators.want" "$SCRATCH/operators.got" || fail 'per-operator scores differ'
}

# check_survivors: 'mutorture survivors' lists exactly the mutants expected.tsv says survived.
check_survivors() {
	mt survivors --format tsv | cut -f1 | LC_ALL=C sort >"$SCRATCH/survivors.got"
	awk -F'\t' '$5 == "survived" { print $1 }' "$SCRATCH/expected.tsv" | LC_ALL=C sort \
		>"$SCRATCH/survivors.want"
	diff -u "$SCRATCH/survivors.want" "$SCRATCH/survivors.got" || fail 'survivors differ'
}
