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

# coin_compdb DIR: writes DIR/compile_commands.json for coin.c.
coin_compdb() {
	printf '[{"directory": "%s", "file": "%s/coin.c", "arguments": ["cc", "-std=gnu11", "-c", "%s/coin.c"]}]\n' \
		"$1" "$1" "$1" >"$1/compile_commands.json"
}

target_setup() {
	mkdir -p "$1" && cp "$TARGET_DIR"/src/* "$1"/ && make -s -C "$1" && coin_compdb "$(cd "$1" && pwd -P)"
}

target_build() {
	make -s -C "$1"
}

target_clone() {
	cp -a "$1" "$2" && coin_compdb "$(cd "$2" && pwd -P)"
}

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
