# shellcheck shell=bash source-path=SCRIPTDIR
# Helpers shared by the mutator tests (sourced): the common ones (../lib/common.sh: fail,
# expect_eq, a scratch directory removed on exit), the mutorture under test, read-only
# queries, and checks of every mutant. Every test runs the real binary on real files: real
# libclang parses, real SQLite databases.

set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
need_ctest_env
make_scratch mutator
FIXTURES=$MUTORTURE_HOME/tests/mutator/fixtures
DB=$SCRATCH/campaign.db
# The compiler every mutant must compile with (as CI's cc).
CC=${CC:-cc}

# mt VERB ARGS...: the mutorture under test, on the test's database.
mt() {
	"$MUTORTURE_BIN" "$1" --db "$DB" "${@:2}"
}

# q SQL: one read-only query on the test's database, tab-separated columns.
q() {
	sqlite3 -readonly -batch -noheader -separator $'\t' "$DB" "$1"
}

# dump_mutants: every mutant as LINE:COL, ORIGINAL, REPLACEMENT (newlines as \n), in file order.
dump_mutants() {
	q "SELECT line || ':' || col, replace(original, char(10), '\n'),
	          replace(replacement, char(10), '\n')
	     FROM mutant ORDER BY start_byte, end_byte, replacement"
}

# new_campaign ROOT: a fresh database rooted at ROOT.
new_campaign() {
	rm -f "$DB" "$DB-wal" "$DB-shm"
	mt init --root "$1"
}


# compile_check FILE: FILE (a mutated copy) must compile (includes from $INCLUDE_DIR, by
# default the fixtures).
compile_check() {
	"$CC" -std=gnu11 -fsyntax-only -I"${INCLUDE_DIR:-$FIXTURES}" "$1"
}

# check_every_mutant ROOT: each mutant, applied, differs from its source and compiles.
check_every_mutant() {
	local root=$1 id path out
	while IFS=$'\t' read -r id path; do
		out=$SCRATCH/mutant-$id.c
		mt apply "$id" >"$out"
		if cmp -s "$out" "$root/$path"; then
			fail "mutant $id does not change $path"
		fi
		if ! compile_check "$out" 2>"$SCRATCH/cc.err"; then
			fail "mutant $id of $path does not compile: $(head -1 "$SCRATCH/cc.err")"
		fi
		rm -f "$out"
	done < <(q "SELECT m.id, s.path FROM mutant m JOIN source s ON s.id = m.source_id")
}
