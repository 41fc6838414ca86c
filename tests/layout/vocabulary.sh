#!/usr/bin/env bash
# One source for the vocabulary (mutator/store/status.h): the mutant states, result kinds and
# triage verdicts are spelled in its X-macro lists and nowhere else in the C program and its
# SQL. SQL text names them by placeholders (@STATE_KILLED@, @DETECTED_STATES@, @VERDICTS@) that
# db.c fills in from status.h, C compares with state_names, kind_names and verdict_names. So no
# C, header or SQL file but status.[ch] holds one as an SQL literal ('killed'), and no C file of
# mutator/store or mutator/cmd holds one as a whole C string ("killed"), option names aside
# (list's --pending is an option). A name in prose or a longer message is no listing, nor are
# the reports' column titles ("killed" heads a count).
# Then the databases follow: the CHECK lists of a database made now and of one made by an older
# mutorture (tests/gaps/fixtures/schema3.db, before weak_memory), once opened, name exactly
# what status.h lists and 'record' takes, and their views carry no placeholder.
set -euo pipefail
: "${MUTORTURE_HOME:?run me through ctest (MUTORTURE_HOME unset)}"
: "${MUTORTURE_BIN:?run me through ctest (MUTORTURE_BIN unset)}"
cd "$MUTORTURE_HOME"

# The names of one X-macro list of status.h: X(E, "name") ... up to the line without a '\'.
names_of() {
	awk -v list="$1" '
		$0 ~ "^#define " list "\\(X\\)" { inside = 1; next }
		inside { while (match($0, /X\([A-Z_]+, "[^"]+"\)/)) {
				item = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", item); sub(/".*/, "", item)
				print item; $0 = substr($0, RSTART + RLENGTH) }
			if (!/\\$/) exit }' mutator/store/status.h
}

mapfile -t states < <(names_of MUTANT_STATES)
mapfile -t kinds < <(names_of RESULT_KINDS)
mapfile -t verdicts < <(names_of TRIAGE_VERDICTS)
names=("${states[@]}" "${kinds[@]}" "${verdicts[@]}")
# A list read wrong would make this test pass on anything: the three lists as status.h had them
# when this test was written must all be there (more may come).
for must in killed pending weak_memory torture coverage test-gap equivalent; do
	printf '%s\n' "${names[@]}" | grep -qx -- "$must" ||
		{ printf 'FAIL: status.h lists no %s (the X-macro lists not read?)\n' "$must" >&2; exit 1; }
done
alternatives=$(printf '%s\n' "${names[@]}" | sort -u | paste -sd '|')

failures=0
fail() {
	printf 'FAIL: %s\n' "$1" >&2
	failures=$((failures + 1))
}

mapfile -t sources < <(find mutator reports \( -name '*.[ch]' -o -name '*.sql' \) \
	-not -path '*/node_modules/*' -not -path 'mutator/store/status.[ch]' | sort)
while IFS= read -r hit; do
	fail "$hit: a name of status.h as an SQL literal; write its placeholder (status.h, vocabulary_sql)"
done < <(grep -nE "'($alternatives)'" "${sources[@]}" || true)

mapfile -t c_files < <(printf '%s\n' "${sources[@]}" | grep -E '^mutator/(store|cmd)/.*\.c$')
while IFS= read -r hit; do
	fail "$hit: a name of status.h as a C string; use state_names, kind_names or verdict_names"
done < <(grep -nE "\"($alternatives)\"" "${c_files[@]}" | grep -v 'OPT_[A-Z]*(' || true)

# --- the databases ----------------------------------------------------------------------------

scratch=$(mktemp -d "${TMPDIR:-/tmp}/vocabulary-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fresh=$scratch/fresh.db old=$scratch/old.db
"$MUTORTURE_BIN" init --db "$fresh" --root "$scratch" >/dev/null
cp tests/gaps/fixtures/schema3.db "$old"
"$MUTORTURE_BIN" status --db "$old" >/dev/null

# check_list DB TABLE COLUMN: the names of the CHECK (COLUMN IN (...)) of TABLE, one a line.
check_list() {
	sqlite3 -readonly "$1" "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = '$2'" |
		tr '\n' ' ' | grep -o "CHECK ($3 IN ([^)]*))" | grep -o "'[^']*'" | tr -d "'"
}

# What record takes: the states of a result (the scenario runs' with scenario), each name of
# status.h tried, one a line.
taken() {
	local db=$scratch/taken.db name
	"$MUTORTURE_BIN" init --db "$db" --root "$scratch" >/dev/null
	for name in "${states[@]}"; do
		if [[ $1 == scenario ]]; then
			printf 'attempt=%s\tkind=control\tstatus=survived\tscenario_run=s|%s|1|\n' "$name" "$name"
		else
			printf 'attempt=%s\tkind=control\tstatus=%s\n' "$name" "$name"
		fi | "$MUTORTURE_BIN" record --db "$db" 2>/dev/null && echo "$name"
	done
	rm -f "$db"*
}

# same WHAT EXPECTED ACTUAL: fails the test unless the two lists are equal.
same() {
	[[ $2 == "$3" ]] || fail "$1: expected '${2//$'\n'/ }', got '${3//$'\n'/ }'"
}

results=$(taken result) scenario=$(taken scenario)
[[ $results == *weak_memory* && $results != *pending* ]] ||
	fail "record takes the statuses '${results//$'\n'/ }'"
for db in "$fresh" "$old"; do
	what=${db##*/}
	same "$what: result.status" "$results" "$(check_list "$db" result status)"
	same "$what: scenario_run.status" "$scenario" "$(check_list "$db" scenario_run status)"
	same "$what: result.kind" "$(printf '%s\n' "${kinds[@]}")" "$(check_list "$db" result kind)"
	same "$what: triage.verdict" "$(printf '%s\n' "${verdicts[@]}")" "$(check_list "$db" triage verdict)"
	views=$(sqlite3 -readonly "$db" "SELECT sql FROM sqlite_schema WHERE type = 'view' ORDER BY name")
	[[ -n $views && $views != *@* ]] || fail "$what: views missing or with a placeholder left"
	same "$what: views" "$(sqlite3 -readonly "$fresh" "SELECT sql FROM sqlite_schema WHERE type = 'view' ORDER BY name")" "$views"
	same "$what: integrity" ok "$(sqlite3 -readonly "$db" 'PRAGMA integrity_check')"
done

if ((failures)); then
	printf '%d vocabulary failures\n' "$failures" >&2
	exit 1
fi
printf 'vocabulary ok: the %d names of status.h appear in none of %d other C and SQL files; a new and a migrated database take exactly them\n' \
	"$(tr '|' '\n' <<<"$alternatives" | wc -l)" "${#sources[@]}"
