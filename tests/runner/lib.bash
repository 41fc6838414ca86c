# shellcheck shell=bash source-path=SCRIPTDIR
# Helpers of the runner tests (loaded by the .bats files), besides the common ones
# (../lib/common.sh: the ctest environment check): a scratch directory per test file, the
# mutorture binary under test, campaigns on the fixture target (tests/runner/fixture) and
# on toy-rcu, and read-only checks of a campaign database and of leftover processes.
#
# The checks read the database with the sqlite3 shell and constant queries: they verify what
# the C program wrote, independently of its own listing code.

# shellcheck source=../lib/common.sh
source "$BATS_TEST_DIRNAME/../lib/common.sh"
need_ctest_env
# shellcheck disable=SC2034 # used by the .bats files that load this one
FIXTURE="$MUTORTURE_HOME/tests/runner/fixture"

# mt ARGS...: the mutorture binary under test.
mt() {
	"$MUTORTURE_BIN" "$@"
}

# scratch: prints a fresh directory for one test file (removed in teardown_file).
scratch() {
	mkdir -p "$BATS_FILE_TMPDIR/work"
	printf '%s\n' "$BATS_FILE_TMPDIR/work"
}

# query DB SQL: runs a constant read-only query on a campaign database.
query() {
	sqlite3 -readonly -batch -noheader "$1" "$2"
}

# count_status DB STATUS: prints how many current mutants have STATUS.
count_status() {
	mt list --db "$1" --status "$2" --format ids | wc -l
}

# leftovers CAMPAIGN_DIR: prints the processes started by runs of that campaign still alive.
leftovers() {
	grep -lzF "MT_CAMPAIGN=$1" /proc/[0-9]*/environ 2>/dev/null | sed 's|/proc/||; s|/environ||' || true
}

# pristine_unchanged DB: fails unless the pristine tree is as target_setup left it (its hash
# equals the one recorded right after setup).
pristine_unchanged() {
	(source "$MUTORTURE_HOME/runner/lib/base.sh" && source "$MUTORTURE_HOME/runner/lib/trees.sh" &&
		[ "$(mt_tree_hash "$1.d/pristine")" = "$(cat "$1.d/pristine.hash")" ])
}

# mutant_where DB OPERATOR FUNCTION PATTERN: prints the id of the first mutant of OPERATOR in
# FUNCTION whose description matches the grep pattern.
mutant_where() {
	mt list --db "$1" --operators "$2" --function "$3" --format tsv |
		awk -F '\t' -v pat="$4" '$8 ~ pat { print $1; exit }'
}

# run_token DB: prints the token of the run that holds, or last held, the campaign's lock.
run_token() {
	sed -n 's/^token=//p' "$1.d/lock"
}

# orphans_gone TOKEN: after a run that followed the killed run TOKEN (its $output): what the
# killed run left either ended by itself before this run began (how soon depends on the load)
# or was killed by it, by name; none is left.
orphans_gone() {
	# shellcheck disable=SC2154 # output: set by bats' run
	[[ $output != *"left behind"* || $output == *"processes left behind by the interrupted run $1"* ]]
	[ -z "$(env -u MT_TOKEN grep -lzxF "MT_TOKEN=$1" /proc/[0-9]*/environ 2>/dev/null)" ]
}

# mutant_record DB MUTANT: prints the record of MUTANT's one torture attempt, as its job wrote it.
mutant_record() {
	cat "$1.d/logs/$2"/*/record
}

# record_test_s RECORD: prints the torture seconds (test_s) of a record.
record_test_s() {
	sed 's/.*\ttest_s=\([0-9.]*\)\t.*/\1/' <<<"$1"
}
