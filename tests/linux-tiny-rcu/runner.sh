#!/bin/bash
# Usage: runner.sh WORK
#
# Test: hand-picked mutants made by the mutator and run by the real runner on this
# target (mutorture init, run --setup-only, generate --lines, run): deleting the
# completion mark of a full-state cookie in Tiny RCU is killed by TINY01-rcu through a
# WARNING only (End of test would say SUCCESS), and deleting a prefetch hint survives
# both scenarios of tiny.c. The runner's target_setup clones the built tree that the setup
# test left in the cache, so the kernel is not built twice. No coverage and equivalence
# passes (--no-prune): coverage.sh tests target_coverage and its import on this target, and
# the runner's passes are tested on toy-rcu (tests/runner); here they took 73 of 198 s.
# Torture runs last LTR_TEST_DURATION seconds (10), or the target's default with
# MUTORTURE_LINUX_FULL=1 (lib.sh); one run confirms the survivor (--confirm 1: the
# confirmation rounds are tested on cheaper targets, tests/runner/confirm.bats).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
work="$1"
mutorture="${MUTORTURE_BIN:?MUTORTURE_BIN names the mutorture binary (ctest sets it)}"
db="$work/campaign.db"
tree="$db.d/pristine"
duration=()
[[ -z "${MUTORTURE_DURATION:-}" ]] || duration=(--duration "$MUTORTURE_DURATION")

rm -rf "$db" "$db.d"
mkdir -p "$tree"
"$mutorture" init --db "$db" --root "$tree" --target "$TARGET_DIR"
note "mutorture run --setup-only"
"$mutorture" run --db "$db" --target "$TARGET_DIR" --setup-only
note "mutorture generate"
"$mutorture" generate --db "$db" --root "$tree" --rules linux --operators sdl \
	--lines kernel/rcu/tiny.c:131-131 --lines kernel/rcu/tiny.c:208-208 kernel/rcu/tiny.c
note "mutorture run"
"$mutorture" run --db "$db" --target "$TARGET_DIR" --jobs 1 --baseline-runs 1 --confirm 1 --no-prune \
	"${duration[@]}"
"$mutorture" report --db "$db" --json "$work/report.json" --quiet

expected=$'131\tsdl\tsurvived\tdelete \'prefetch(next);\'\n208\tsdl\tkilled\tdelete \'rgosp->rgos_norm = RCU_GET_STATE_COMPLETED;\''
actual=$("$mutorture" list --db "$db" --format tsv | cut -f 3,5,7,8 | sort -n)
[[ "$actual" == "$expected" ]] || fail "runner verdicts:"$'\n'"$actual"$'\n'"expected:"$'\n'"$expected"
grep -q '"statusReason":"killed (1/1 runs, [0-9]* s, p(kill) [0-9.]*%-100.0%): WARNING: CPU: 0 PID: [0-9]* at kernel/rcu/rcutorture.c:' \
	"$work/report.json" || fail "no WARNING kill reason in '$work/report.json'"
note "pass"
