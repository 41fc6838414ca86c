#!/bin/bash
# Usage: baseline.sh WORK
#
# Test: target_clone makes WORK/worker-baseline from WORK/pristine (source shared by
# hard links, build dirs its own, compile commands pointing into the worker), an
# incremental build there compiles nothing, and every scenario passes on the
# unmutated kernel: exit 0, a clean `End of test: SUCCESS`, no kill reason.
# Torture runs last LTR_TEST_DURATION seconds (10), or the target's default with
# MUTORTURE_LINUX_FULL=1 (lib.sh).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
work="$1"
tree="$work/pristine"
worker="$work/worker-baseline"

rm -rf "$worker"
note "target_clone"
target_clone "$tree" "$worker"
note "target_clone done"
[[ "$(stat -c %i "$worker/kernel/rcu/tiny.c")" == "$(stat -c %i "$tree/kernel/rcu/tiny.c")" ]] ||
	fail "the worker does not share the source by hard links"
[[ "$(stat -c %i "$worker/.build-TINY01/.config")" != "$(stat -c %i "$tree/.build-TINY01/.config")" ]] ||
	fail "the worker shares a build dir with the pristine tree"
grep -qF "\"file\": \"$worker/kernel/rcu/tiny.c\"" "$worker/compile_commands.json" ||
	fail "the worker's compile_commands.json does not point into the worker"
! grep -qF "$tree/" "$worker/compile_commands.json" ||
	fail "the worker's compile_commands.json points into the pristine tree"

target_build "$worker" >"$work/baseline-build.log" 2>&1 || fail "no-op build failed, see '$work/baseline-build.log'"
! grep -E '^ +CC ' "$work/baseline-build.log" ||
	fail "a build in a fresh worker recompiled files (build dirs not relocatable)"
note "no-op target_build done"

for scenario in "${TARGET_SCENARIOS[@]}"; do
	rc=0
	target_test "$worker" "$scenario" >"$work/baseline-$scenario.log" 2>&1 || rc=$?
	((rc == 0)) || fail "baseline $scenario exited $rc: $(grep mutorture-reason "$work/baseline-$scenario.log")"
	grep -q 'End of test: SUCCESS' "$work/baseline-$scenario.log" || fail "baseline $scenario: no SUCCESS"
	! grep -q 'mutorture-reason' "$work/baseline-$scenario.log" || fail "baseline $scenario printed a kill reason"
	note "baseline $scenario passed"
done
note "pass"
