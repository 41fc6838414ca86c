#!/usr/bin/env bash
# record: each record stored with its fields and scenario runs; a replayed attempt ignored;
# escapes undone; malformed records reported with their input line number and skipped
# (exit 1), the good ones around them still stored; the status view follows the results.
source "$(dirname "$0")/lib.sh"

new_campaign "$FIXTURES"
mt generate --operators ror ror.c -- -std=gnu11 >/dev/null
mapfile -t ids < <(mt list --format ids)
tab=$'\t'
{
	printf 'attempt=a1\tmutant=%s\tstatus=killed\tscenario=qsbr\tbuild_s=1.5\ttest_s=2\texit_code=1\treason=rcu_torture: failed\tscenario_run=qsbr|killed|2.0|reason|with|pipes\tscenario_run=mb|survived||\n' "${ids[0]}"
	printf '\n'
	printf 'attempt=a1\tmutant=%s\tstatus=survived\n' "${ids[0]}"
	printf 'no equals sign here\n'
	printf 'attempt=a2\tstatus=wat\n'
	printf 'attempt=a3\tkind=control\tstatus=survived\tlog_tail=one\\ntwo\\tthree\\\\four\n'
	printf 'attempt=a4\tmutant=%s\tstatus=survived\ttest_s=abc\n' "${ids[1]}"
	printf 'attempt=a5\tmutant=ffffffffffffffff\tstatus=killed\n'
	printf 'attempt=a6\tmutant=%s\tstatus=error\treason=disk full\n' "${ids[1]}"
	printf 'status=killed\n'
	printf 'attempt=a7\tmutant=%s\tstatus=killed\tunknown=1\n' "${ids[2]}"
	printf 'attempt=a8\tmutant=%s\tstatus=killed\tbad=esc\\q\n' "${ids[2]}"
	# (an escaped newline and tab in a value that reaches the message: shown as '?')
	printf 'attempt=a10\tmutant=ffff\\nfake: line\\tx\tstatus=killed\n'
} >"$SCRATCH/records"
rc=0
mt record <"$SCRATCH/records" >"$SCRATCH/out" 2>"$SCRATCH/err" || rc=$?
expect_eq "record exit status" 1 "$rc"
[[ ! -s $SCRATCH/out ]] || fail "record printed without --verbose: $(cat "$SCRATCH/out")"
expect_eq "error lines" "error: line 4: field 'no equals sign here' is not key=value
error: line 5: unknown status 'wat'
error: line 7: test_s is not a number
error: line 8: unknown mutant 'ffffffffffffffff'
error: line 10: no attempt
error: line 11: unknown key 'unknown'
error: line 12: bad escape in the value of 'bad'
error: line 13: unknown mutant 'ffff?fake: line?x'" "$(cat "$SCRATCH/err")"

expect_eq "stored attempts" "a1 a3 a6" "$(q 'SELECT attempt FROM result ORDER BY id' | xargs)"
expect_eq "a1" "${ids[0]}${tab}torture${tab}killed${tab}qsbr${tab}1.5${tab}2.0${tab}1${tab}rcu_torture: failed" \
	"$(q "SELECT mutant_id, kind, status, scenario, build_s, test_s, exit_code, reason FROM result WHERE attempt = 'a1'")"
expect_eq "scenario runs" "mb${tab}survived${tab}${tab}
qsbr${tab}killed${tab}2.0${tab}reason|with|pipes" \
	"$(q "SELECT scenario, status, test_s, reason FROM scenario_run ORDER BY scenario")"
expect_eq "escapes" "one
two${tab}three\\four" "$(q "SELECT log_tail FROM result WHERE attempt = 'a3'")"
expect_eq "control run" "${tab}control" "$(q "SELECT mutant_id, kind FROM result WHERE attempt = 'a3'")"
expect_eq "statuses" "killed error" \
	"$(mt list --format tsv | awk -F'\t' -v a="${ids[0]}" -v b="${ids[1]}" '$1 == a {x = $7} $1 == b {y = $7} END {print x, y}')"
# An 'error' result leaves the mutant to run again.
mt list --pending --format ids | grep -qx "${ids[1]}" || fail "an errored mutant is not pending"
mt list --pending --format ids | grep -qx "${ids[0]}" && fail "a killed mutant is still pending"

# Replaying the whole input stores nothing new.
before=$(db_state)
mt record <"$SCRATCH/records" >/dev/null 2>&1 || true
expect_eq "database after a replay" "$before" "$(db_state)"
printf 'attempt=a9\tmutant=%s\tstatus=survived\n' "${ids[2]}" | mt record --verbose >"$SCRATCH/out"
expect_eq "verbose" "line 1: recorded attempt 'a9'" "$(cat "$SCRATCH/out")"
# What --verbose echoes of the input is escaped too: an escaped newline or tab, or a DEL, in an
# attempt name shows as '?', on the record and on its replay.
printf 'attempt=a11\\nfake: line\\tx\x7fy\tkind=control\tstatus=survived\n' >"$SCRATCH/odd"
mt record --verbose <"$SCRATCH/odd" >"$SCRATCH/out"
mt record --verbose <"$SCRATCH/odd" >>"$SCRATCH/out"
expect_eq "verbose, escaped" "line 1: recorded attempt 'a11?fake: line?x?y'
line 1: ignored replayed attempt 'a11?fake: line?x?y'" "$(cat "$SCRATCH/out")"
expect_eq "the odd attempt stored as given" 1 "$(q "SELECT count(*) FROM result WHERE attempt = 'a11' || char(10) || 'fake: line' || char(9) || 'x' || char(127) || 'y'")"
# A failed control run makes the campaign FLAKY; status shows the record's words on one line.
printf 'attempt=a12\tkind=control\tstatus=killed\treason=oops\\nFAKE: all\\tgood\n' | mt record
expect_eq "flaky setting stored as given" "control run a12 killed: oops
FAKE: all${tab}good" "$(mt init --get flaky)"
expect_eq "status's FLAKY line" "FLAKY: 1 of 3 control runs of the unmutated code failed: kills may be chance (latest: control run a12 killed: oops?FAKE: all?good)" \
	"$(mt status | grep -A1 '^FLAKY')"
echo "ok record"
