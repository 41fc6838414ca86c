# shellcheck shell=bash
# shellcheck disable=SC2034 # the TARGET_* settings are read by the runner, which sources this file
# coin: the runner tests' target for two-stage runs (targets/CONTRACT.md), a tiny C program
# built with make whose mutants fail with known probabilities (src/coin.c): one run in two,
# every run, never, or only runs longer than a second. A quick pass of 0.5-s runs, then
# survivors confirmed by runs of 2 s. No equivalence or coverage pass: every mutant is tortured.

TARGET_SOURCES=(coin.c)
TARGET_RULES=()
TARGET_SCENARIOS=(toss)
TARGET_QUICK_DURATION=0.5
TARGET_DURATION=2
TARGET_CONFIRM_RUNS=3

# target_setup, target_build (make) and target_clone: those of every runner test target.
# shellcheck source=tests/lib/make-target.sh
source "$MUTORTURE_HOME/tests/lib/make-target.sh"

# One run of MUTORTURE_DURATION seconds (the program's own default without it), with the
# duration and the timeout the runner gave in the log, for the tests to read; on a failure the
# program's End of test line is the reason. COIN_SLEEP makes each run last that long (a run
# the tests can interrupt).
target_test() {
	local out status=0
	echo "coin: duration ${MUTORTURE_DURATION:-unset}, timeout ${MUTORTURE_TEST_TIMEOUT:-unset}"
	if [[ -n ${COIN_SLEEP:-} ]]; then sleep "$COIN_SLEEP"; fi
	out=$("$1/coin" ${MUTORTURE_DURATION:+"$MUTORTURE_DURATION"}) || status=$?
	printf '%s\n' "$out"
	if ((status != 0)); then printf 'mutorture-reason: %s\n' "${out#End of test: }"; fi
	return "$status"
}
