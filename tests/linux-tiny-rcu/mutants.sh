#!/bin/bash
# Usage: mutants.sh WORK
#
# Test: hand-picked kernel mutants, each applied in a worker tree cloned from
# WORK/pristine by an exact text edit written by rename, built incrementally, and run
# through the scenarios relevant to its file until the first kill, get their expected
# verdict: the scenario that kills them and the console line that decides it, or a
# build error (a survivor is in runner.sh). Afterwards the file is restored by rename
# and the cached kernel source (shared by hard links) must be unchanged.
# Torture runs last LTR_TEST_DURATION seconds (10), or the target's default with
# MUTORTURE_LINUX_FULL=1 (lib.sh).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
work="$1"
tree="$work/pristine"
worker="$work/worker-mutants"
cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}/linux-$LINUX_VERSION"
cache_sums=$(cd "$cache" && sha256sum "${TARGET_SOURCES[@]}")

rm -rf "$worker"
target_clone "$tree" "$worker"

# check_mutant NAME FILE OLD NEW EXPECT [SCENARIO REASON-REGEX]: EXPECT is killed
# (by SCENARIO, with a `mutorture-reason:` line matching REASON-REGEX), survived, or
# build_error.
check_mutant() {
	local name="$1" file="$2" old="$3" new="$4" expect="$5" scenario="${6:-}" reason="${7:-}"
	local log="$work/mutant-$name" status=survived by="" rc start=$SECONDS
	replace_by_rename "$worker/$file" "$old" "$new"
	if ! target_build "$worker" >"$log.build.log" 2>&1; then
		status=build_error
	else
		local s
		while IFS= read -r s; do
			rc=0
			target_test "$worker" "$s" >"$log.$s.log" 2>&1 || rc=$?
			if ((rc != 0)); then
				status=killed by="$s"
				((rc == 1)) || fail "$name: $s exited $rc, not 1 (killed)"
				grep -Eq "^mutorture-reason: ($reason)" "$log.$s.log" ||
					fail "$name: $s gave $(grep mutorture-reason "$log.$s.log"), expected /$reason/"
				break
			fi
		done < <(target_scenarios_for "$file")
	fi
	[[ "$status" == "$expect" ]] || fail "$name: $status, expected $expect"
	[[ "$by" == "$scenario" ]] || fail "$name: killed by '$by', expected '$scenario'"
	note "$name: $status${by:+ by $by: $(grep -h mutorture-reason "$log.$by.log")} ($((SECONDS - start)) s)"
	restore_by_rename "$tree/$file" "$worker/$file"
	target_build "$worker" >"$log.restore.log" 2>&1 || fail "$name: rebuild after restore failed"
}

# Tiny RCU forgets to mark a full-state cookie as completed: rcutorture's writer
# checks such a cookie after every update, so a WARNING comes at once, while
# `End of test` would still say SUCCESS.
check_mutant completed-full-not-set kernel/rcu/tiny.c \
	$'\trgosp->rgos_norm = RCU_GET_STATE_COMPLETED;\n' '' \
	killed TINY01-rcu 'WARNING: .* at kernel/rcu/rcutorture\.c:'

# Tiny RCU's synchronize_rcu() stops advancing gp_seq: a polled-GP cookie check fails
# with a WARNING (End of test says SUCCESS), but only when the writer happens to pick
# a polled synchronous grace period: in a 30-s run it came after 20 s
# (logs/sync-no-gp-seq.log), so it runs only in long mode.
if [[ "${MUTORTURE_LINUX_FULL:-0}" == 1 ]]; then
	check_mutant sync-no-gp-seq kernel/rcu/tiny.c \
		$'section");\n\tWRITE_ONCE(rcu_ctrlblk.gp_seq, rcu_ctrlblk.gp_seq + 2);\n}' \
		$'section");\n}' \
		killed TINY01-rcu 'WARNING: .* at kernel/rcu/rcutorture\.c:'
fi

# Tiny SRCU's grace period stops waiting for readers: readers see freed elements, the
# error counters go up and `End of test: FAILURE` follows.
check_mutant srcu-gp-no-wait kernel/rcu/srcutiny.c \
	$'\tswait_event_exclusive(ssp->srcu_wq, !READ_ONCE(ssp->srcu_lock_nesting[idx]));\n' \
	'' \
	killed TINY01-srcud 'srcud-torture: !!!'

# A declaration removed: the file no longer compiles.
check_mutant no-flags-decl kernel/rcu/tiny.c \
	$'void rcu_qs(void)\n{\n\tunsigned long flags;\n' $'void rcu_qs(void)\n{\n' build_error

[[ "$(cd "$cache" && sha256sum "${TARGET_SOURCES[@]}")" == "$cache_sums" ]] ||
	fail "the cached kernel source changed"
note "pass"
