#!/bin/bash
# Usage: coverage.sh WORK
#
# Test: target_coverage on WORK/pristine (the coverage kernels come from the cache, built
# there on first use: remove ~/.cache/mutorture/linux-6.1-gcov-* to test that build again)
# runs every scenario on real gcov kernels and writes path<TAB>line<TAB>count for every
# TARGET_SOURCES file; lines every run executes (synchronize_rcu(), call_rcu(),
# srcu_drive_gp()) have counts, call_rcu()'s double-free report never runs; target_clone
# leaves the coverage kernels out; and `mutorture coverage` imports the file into a
# campaign, marking a mutant of the never-run line uncovered and leaving the others pending.
# Torture runs last LTR_TEST_DURATION seconds (10), or the target's default with
# MUTORTURE_LINUX_FULL=1 (lib.sh).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
work="$1"
tree="$work/pristine"
mutorture="${MUTORTURE_BIN:?MUTORTURE_BIN names the mutorture binary (ctest sets it)}"
out="$work/coverage.tsv"

# line_in FILE FUNCTION TEXT: number of the first line of FILE (in the tree) holding TEXT
# after the line that begins the definition of FUNCTION.
line_in() {
	awk -v fn="$2" -v text="$3" '
		!seen && index($0, fn "(") && $0 !~ /^[ \t]/ && $0 !~ /;[ \t]*$/ { seen = 1 }
		seen && index($0, text) { print FNR; found = 1; exit }
		END { exit !found }' "$tree/$1" || fail "no '$3' in $2() of '$1'"
}

# count_of FILE LINE: the count of FILE:LINE in the coverage file.
count_of() {
	awk -F '\t' -v f="$1" -v l="$2" '$1 == f && $2 == l { print $3; found = 1 } END { exit !found }' \
		"$out" || fail "no coverage data for $1:$2"
}

rm -f "$out"
note "target_coverage $tree"
target_coverage "$tree" "$out" >"$work/coverage.log" 2>&1 ||
	fail "target_coverage failed, see '$work/coverage.log'"
note "target_coverage done: $(wc -l <"$out") lines"

bad=$(grep -nvP '^kernel/rcu/[a-z]+\.c\t[1-9][0-9]*\t(0|[1-9][0-9]*)$' "$out" | head -n 3) || true
[[ -z "$bad" ]] || fail "lines not in the format path<TAB>line<TAB>count: $bad"
[[ -z "$(cut -f 1,2 "$out" | sort | uniq -d | head -n 1)" ]] || fail "a line is listed twice"
for file in "${TARGET_SOURCES[@]}"; do
	total=$(awk -F '\t' -v f="$file" '$1 == f' "$out" | wc -l)
	run=$(awk -F '\t' -v f="$file" '$1 == f && $3 > 0' "$out" | wc -l)
	((total > 0)) || fail "no line of '$file' in the coverage file"
	((run > 0)) || fail "no line of '$file' executed"
	note "$file: $run of $total lines executed ($((100 * run / total))%)"
done
[[ "$(cut -f 1 "$out" | uniq | tr '\n' ' ')" == "${TARGET_SOURCES[*]} " ]] ||
	fail "files not in TARGET_SOURCES order, or other files: $(cut -f 1 "$out" | uniq | tr '\n' ' ')"

sync_line=$(line_in kernel/rcu/tiny.c synchronize_rcu 'WRITE_ONCE(rcu_ctrlblk.gp_seq')
call_line=$(line_in kernel/rcu/tiny.c call_rcu '*rcu_ctrlblk.curtail = head;')
drive_line=$(line_in kernel/rcu/srcutiny.c srcu_drive_gp 'WRITE_ONCE(ssp->srcu_gp_waiting, true);')
double_line=$(line_in kernel/rcu/tiny.c call_rcu 'pr_err("%s(): Double-freed CB')
dump_line=$(line_in kernel/rcu/tiny.c call_rcu 'mem_dump_obj(head);')
for at in "kernel/rcu/tiny.c:$sync_line" "kernel/rcu/tiny.c:$call_line" "kernel/rcu/srcutiny.c:$drive_line"; do
	count=$(count_of "${at%:*}" "${at##*:}")
	((count > 0)) || fail "$at was never executed"
done
for line in "$double_line" "$dump_line"; do
	[[ "$(count_of kernel/rcu/tiny.c "$line")" == 0 ]] ||
		fail "call_rcu()'s double-free report (tiny.c:$line) counted as executed"
done
[[ -s "$tree/.gcov-TINY02/vmlinux" ]] || fail "no coverage kernel in the tree"
[[ -d "$tree/.mutorture/coverage/TINY02-srcu" ]] || fail "no coverage evidence in the tree"

# A clone (a worker) does not inherit the coverage kernels.
rm -rf "$work/worker-coverage"
target_clone "$tree" "$work/worker-coverage"
[[ ! -e "$work/worker-coverage/.gcov-TINY01" ]] || fail "target_clone copied a coverage kernel"
rm -rf "$work/worker-coverage"

# The runner's import: a mutant of a never-run line becomes uncovered, the other stays pending
# (statement deletion: the mutator leaves pr_err() alone, so the mem_dump_obj() after it).
db="$work/coverage.db"
rm -rf "$db" "$db.d"
"$mutorture" init --db "$db" --root "$tree" --target "$TARGET_DIR" >/dev/null
"$mutorture" generate --db "$db" --root "$tree" --rules linux --operators sdl \
	--lines "kernel/rcu/tiny.c:$dump_line-$dump_line" \
	--lines "kernel/rcu/tiny.c:$call_line-$call_line" kernel/rcu/tiny.c >/dev/null
"$mutorture" coverage --db "$db" "$out" >"$work/coverage-import.log" ||
	fail "mutorture coverage rejected '$out'"
expected=$(printf '%s\tpending\n%s\tuncovered\n' "$call_line" "$dump_line" | sort -n)
actual=$("$mutorture" list --db "$db" --format tsv | cut -f 3,7 | sort -n)
[[ "$actual" == "$expected" ]] || fail "statuses after import:"$'\n'"$actual"$'\n'"expected:"$'\n'"$expected"
note "pass"
