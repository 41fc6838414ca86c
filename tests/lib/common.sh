# shellcheck shell=bash
# Helpers every area's tests share (sourced by tests/*/lib.sh and tests/runner/lib.bash):
# assertions, progress lines, a scratch directory, and the check that ctest's environment is
# there. Defines functions only: the shell options are the sourcing script's.

# fail MESSAGE: ends the test as failed.
fail() {
	printf 'FAIL: %s\n' "$1" >&2
	exit 1
}

# note MESSAGE: progress line with the wall time since the test began.
note() {
	printf '[%4ds] %s\n' "$SECONDS" "$1"
}

# expect_eq WHAT EXPECTED ACTUAL: fails unless ACTUAL is EXPECTED.
expect_eq() {
	[[ $2 == "$3" ]] || fail "$1: expected '$2', got '$3'"
}

# make_scratch NAME: sets SCRATCH to a fresh directory, ${TMPDIR:-/tmp}/NAME-test.XXXXXX,
# removed when the test exits.
make_scratch() {
	SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/$1-test.XXXXXX")
	trap 'rm -rf "$SCRATCH"' EXIT
}

# need_ctest_env: stops unless ctest's environment names the mutorture binary under test
# (MUTORTURE_BIN) and the source tree (MUTORTURE_HOME).
need_ctest_env() {
	: "${MUTORTURE_BIN:?run me through ctest (MUTORTURE_BIN unset)}"
	: "${MUTORTURE_HOME:?run me through ctest (MUTORTURE_HOME unset)}"
}

# db_state: the whole content of the test's database $DB, to prove a failed command left it
# untouched.
db_state() {
	sqlite3 -readonly -batch "$DB" .dump | sha256sum
}
