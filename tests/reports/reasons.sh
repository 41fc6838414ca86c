#!/usr/bin/env bash
# Test: the report's kill reasons and time per mutant on a real campaign database (generate on
# toy-rcu's sources, results through `mutorture record`). Kill reasons that differ only in
# CPU, PID, symbol offsets, addresses or any other number (an element, a count, seconds) group
# into one class, source locations (tiny.c:88) kept; the times per outcome match
# means and sums computed here with awk over the recorded seconds.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

new_campaign
mapfile -t ids < <(mt list --format ids)
warn1='WARNING: CPU: 0 PID: 38 at kernel/rcu/tiny.c:88 rcu_qs+0x3a5/0x3d0'
warn2='WARNING: CPU: 1 PID: 112 at kernel/rcu/tiny.c:88 rcu_qs+0x1c/0x3d0'
fault1='BUG: unable to handle page fault for address: ffff88800a1b2c3d'
fault2='BUG: unable to handle page fault for address: 0xffff88800badcafe'
{
	rec attempt=t1 "mutant=${ids[0]}" status=killed scenario=qsbr build_s=2 test_s=1 "reason=$warn1"
	rec attempt=t2 "mutant=${ids[1]}" status=killed scenario=qsbr build_s=4 test_s=3 "reason=$warn2"
	rec attempt=t3 "mutant=${ids[2]}" status=killed scenario=mb build_s=3 test_s=2 "reason=$fault1"
	rec attempt=t4 "mutant=${ids[3]}" status=timeout scenario=mb build_s=3 test_s=9 "reason=$fault2"
	rec attempt=t5 "mutant=${ids[4]}" status=timeout scenario=mb build_s=1 test_s=9 \
		'reason=no verdict within the timeout of 9 s'
	rec attempt=t9 "mutant=${ids[8]}" status=killed scenario=qsbr build_s=1 test_s=1 \
		'reason=End of test: FAILURE: element 2 reused while a reader held it (Reader Pipe: 1031 17 0 0)'
	rec attempt=t10 "mutant=${ids[9]}" status=killed scenario=qsbr build_s=1 test_s=2 \
		'reason=End of test: FAILURE: element 13 reused while a reader held it (Reader Pipe: 988 2 1 0)'
	rec attempt=t11 "mutant=${ids[10]}" status=timeout scenario=mb build_s=1 test_s=12 \
		'reason=no verdict within the timeout of 12.5 s'
	# A kill 'mutorture recheck' named again groups with the fresh ones.
	rec attempt=t12 "mutant=${ids[11]}" status=killed scenario=qsbr build_s=1 test_s=1 \
		'reason=recheck: WARNING: CPU: 1 PID: 7 at kernel/rcu/tiny.c:88 rcu_qs+0x10/0x3d0'
	rec attempt=t6 "mutant=${ids[5]}" status=survived build_s=2 test_s=10
	rec attempt=t7 "mutant=${ids[6]}" status=survived build_s=4 test_s=12
	rec attempt=t8 "mutant=${ids[7]}" kind=tce status=equivalent 'reason=same object code'
} >"$SCRATCH/records"
mt record <"$SCRATCH/records" >/dev/null
mt report >"$SCRATCH/report.md"

# section TITLE: the table rows of one report section.
section() {
	awk -v title="## $1" '$0 == title { on = 1; next } /^## / { on = 0 } on && /^\| / && !/^\| (reason|outcome) /' \
		"$SCRATCH/report.md"
}

note 'kill reasons: one class per failure, whatever CPU, PID, offset, address or number'
expect_eq 'kill reason classes' \
	"$(printf '%s\n' \
		'| WARNING: at kernel/rcu/tiny.c:88 rcu_qs | 3 | 0 |' \
		'| BUG: unable to handle page fault for address: ADDR | 1 | 1 |' \
		'| End of test: FAILURE: element N reused while a reader held it (Reader Pipe: N N N N) | 2 | 0 |' \
		'| no verdict within the timeout of N s | 0 | 2 |')" \
	"$(section 'Kill reasons')"

note 'time per mutant: means and sums by outcome, by hand'
expected=$(awk -F'\t' '
	{ st = ""; b = 0; t = 0; tce = 0
	  for (i = 1; i <= NF; i++) {
		if ($i ~ /^status=/) st = substr($i, 8)
		if ($i ~ /^build_s=/) b = substr($i, 9)
		if ($i ~ /^test_s=/) t = substr($i, 8)
		if ($i == "kind=tce") tce = 1
	  }
	  if (tce) next
	  n[st]++; B[st] += b; T[st] += t; N++; AB += b; AT += t }
	function row(name, k, b, t) {
		printf "| %s | %d | %.1f | %.1f | %.1f | %.2f | %.2f |\n", name, k, b / k, t / k,
			(b + t) / k, (b + t) / 3600, (b + t) / t
	}
	END { row("killed", n["killed"], B["killed"], T["killed"])
	      row("timeout", n["timeout"], B["timeout"], T["timeout"])
	      row("survived", n["survived"], B["survived"], T["survived"])
	      row("all", N, AB, AT) }' "$SCRATCH/records")
expect_eq 'time per mutant rows' "$expected" "$(section 'Time per mutant')"
note 'ok'
