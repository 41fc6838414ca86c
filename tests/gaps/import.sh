#!/usr/bin/env bash
# Test: mutorture gaps import on real databases, every record handed to the real 'mutorture
# record' (no torture run, so it runs under ASan and UBSan too). A campaign is copied, as the
# README tells users to, and the two diverge: on the copy, torture changes are tried (alpha,
# accepted, with a superseded attempt and its recheck; beta, rejected; shared; evolving, an
# older version); the campaign moves on (a fourth survivor triaged test-gap, gamma tried, the
# same 'shared', a newer 'evolving'). Checked: the refusals (same file, another target, an
# unknown change, a mutant of another campaign, an attempt the destination has, an older
# schema brought up to date), each leaving the destination as it was; --dry-run; an import by
# name and hash; the import: its lines, the rows copied column for column, what 'gaps' says
# of each change on both sides, the closing line and tsv, the latest version of a name; a
# second import that adds nothing. Every expected figure is counted here by hand.
set -euo pipefail
# shellcheck source=../reports/lib.sh
source "$(dirname "$0")/../reports/lib.sh"

new_campaign
SRC=$SCRATCH/copy.db
mapfile -t ids < <(q "SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id
	WHERE s.path = 'qsbr.c' ORDER BY m.id LIMIT 4")
s1=${ids[0]} s2=${ids[1]} s3=${ids[2]} s4=${ids[3]}

# survive ID...: three survived runs of 0.5 s each (the campaign's confirmation policy).
survive() {
	local id k
	for id in "$@"; do
		for k in 1 2 3; do
			rec "attempt=c-$id-$k" "mutant=$id" kind=torture status=survived scenario=qsbr \
				test_s=0.7 duration=0.5 "scenario_run=qsbr|survived|0.7|"
		done
	done | mt record || fail "record of survivors $* failed"
}
mt init --confirm-runs 3 --confirm-duration 0.5
survive "$s1" "$s2" "$s3" "$s4"
mt triage "$s1" test-gap --gap stress-a --note 'only stress A shows it' >/dev/null
mt triage "$s2" test-gap --gap stress-a --note 'only stress A shows it, too' >/dev/null
mt triage "$s3" test-gap --gap stress-b --note 'only stress B shows it' >/dev/null
[[ ! -e $DB-wal ]] || fail 'the campaign has a WAL file left: a cp would miss it'
cp "$DB" "$SRC"

# register NAME HASH SCENARIOS: a change as runner/gaps-try registers it, into $DB.
register() {
	printf 'subject = %s subject\nscenarios = %s\n' "$1" "$3" >"$SCRATCH/$1.change"
	printf 'Why %s sees what the suite missed.\n' "$1" >"$SCRATCH/$1.why"
	mt gaps register --name "$1" --hash "$2" --subject "$1 subject" --spec "$SCRATCH/$1.change" \
		--message "$SCRATCH/$1.why" --gaps stress-a --scenarios "$3" >/dev/null ||
		fail "gaps register $1 failed"
}
# baselines PREFIX N HASH: N passing baseline runs of scenario qsbr under change HASH.
baselines() {
	local k
	for k in $(seq "$2"); do
		rec "attempt=$1-$k" kind=baseline status=survived scenario=qsbr test_s=0.6 duration=0.5 \
			"change=$3" "started=2026-01-0${k}T00:00:00Z" host=h1
	done
}

note 'the copy: alpha, beta, shared, evolving (its first version) tried'
A=00000000000000a1 B=00000000000000b1 C=00000000000000c1 E1=00000000000000e1 E2=00000000000000e2
DB=$SRC register alpha $A 'qsbr-a qsbr'
DB=$SRC register beta $B 'qsbr-b'
DB=$SRC register shared $C 'qsbr'
DB=$SRC register evolving $E1 'qsbr'
{
	# alpha: 20 baselines and a control (2 scenario runs): 21 runs of the unmutated code, 2
	# scenario runs; s1 killed in 1 run (1 scenario run), s2 in its second (1), s3 never in 3
	# (1 each), the third re-judged by a recheck that supersedes it (1): 7 torture runs of 3
	# mutants, 6 scenario runs. 28 results, 8 scenario runs.
	for sc in qsbr-a qsbr; do
		for k in $(seq 10); do
			rec "attempt=a-base-$sc-$k" kind=baseline status=survived "scenario=$sc" test_s=0.6 \
				duration=0.5 change=$A host=h1 log_dir=/logs/a
		done
	done
	rec attempt=a-ctl kind=control status=survived test_s=1.2 duration=0.5 change=$A \
		"scenario_run=qsbr-a|survived|0.6|" "scenario_run=qsbr|survived|0.6|"
	rec "attempt=a-1-$s1" "mutant=$s1" kind=torture status=timeout scenario=qsbr-a test_s=5.2 \
		duration=0.5 'reason=stall: the writer hangs' change=$A exit_code=124 build_s=0.3 \
		started=2026-01-02T03:04:05Z host=h2 log_dir=/logs/a/1 'log_tail=stall\nwriter' \
		'scenario_run=qsbr-a|timeout|5.2|stall: the writer hangs'
	rec "attempt=a-1-$s2" "mutant=$s2" kind=torture status=survived test_s=1.2 duration=0.5 \
		change=$A
	rec "attempt=a-2-$s2" "mutant=$s2" kind=torture status=killed scenario=qsbr test_s=0.9 \
		duration=0.5 'reason=End of test: FAILURE: reused' change=$A \
		'scenario_run=qsbr|killed|0.9|End of test: FAILURE: reused'
	for k in 1 2 3; do
		rec "attempt=a-$k-$s3" "mutant=$s3" kind=torture status=survived test_s=1.2 duration=0.5 \
			change=$A "scenario_run=qsbr|survived|1.2|"
	done
	rec "attempt=recheck-a-3-$s3" "mutant=$s3" kind=torture status=survived test_s=1.2 \
		duration=0.5 "supersedes=a-3-$s3" 'reason=recheck: survived' change=$A \
		"scenario_run=qsbr|survived|1.2|"
	# beta: a failed baseline rejects it; it killed s3 (1 scenario run). 2 results.
	rec attempt=b-base-1 kind=baseline status=killed scenario=qsbr-b test_s=0.6 duration=0.5 \
		'reason=End of test: FAILURE: a wrong check' log_dir=/logs/b change=$B
	rec "attempt=b-1-$s3" "mutant=$s3" kind=torture status=killed scenario=qsbr-b test_s=0.6 \
		duration=0.5 'reason=End of test: FAILURE: a wrong check' change=$B \
		'scenario_run=qsbr-b|killed|0.6|End of test: FAILURE: a wrong check'
	baselines sh-copy 5 $C
	baselines ev1 2 $E1
} | DB=$SRC mt record || fail 'record of the changes on the copy failed'

note 'the campaign moves on: s4 triaged, gamma tried, shared too, a newer evolving'
sleep 1 # evolving's second version is registered a second later than its first
mt triage "$s4" test-gap --gap stress-b --note 'found later' >/dev/null
register shared $C 'qsbr'
register gamma 00000000000000d1 'qsbr'
register evolving $E2 'qsbr'
{
	baselines sh-campaign 2 $C
	baselines g 3 00000000000000d1
	baselines ev2 1 $E2
} | mt record || fail 'record of the changes on the campaign failed'

# dump FILE: the whole content of a database.
dump() {
	sqlite3 -readonly -batch "$1" .dump
}
# refused CODE PATTERN ARGS...: 'gaps import ARGS' into $DB exits CODE saying PATTERN (grep),
# and leaves $DB as it was.
refused() {
	local code=$1 pattern=$2 before rc=0
	shift 2
	before=$(dump "$DB")
	mt gaps import "$@" >"$SCRATCH/err.out" 2>&1 || rc=$?
	[[ $rc == "$code" ]] || fail "import $* exited $rc, not $code: $(cat "$SCRATCH/err.out")"
	grep -q -- "$pattern" "$SCRATCH/err.out" || fail "import $* said: $(cat "$SCRATCH/err.out")"
	[[ $(dump "$DB") == "$before" ]] || fail "a refused import $* changed $DB"
}

note 'refusals leave the destination as it was'
refused 129 '^usage: mutorture gaps import'
refused 128 "^fatal: cannot open database '$SCRATCH/none.db': No such file" "$SCRATCH/none.db"
refused 128 "^fatal: '$DB' is the database '$DB' itself" "$DB"
ln -s "$DB" "$SCRATCH/link.db"
refused 128 "is the database '$DB' itself" "$SCRATCH/link.db"
cp "$SRC" "$SCRATCH/other.db"
DB=$SCRATCH/other.db mt init --target linux-tiny-rcu
refused 128 "other.db' is a campaign of target 'linux-tiny-rcu', '.*campaign.db' one of 'toy-rcu': not the same campaign" \
	"$SCRATCH/other.db"
refused 128 "^fatal: no torture change 'nosuch' in campaign '.*copy.db'" "$SRC" alpha nosuch
# A change whose result names a mutant the campaign does not have (rwlock.c is not one of its
# files): another campaign's mutant.
cp "$SRC" "$SCRATCH/stray.db"
DB=$SCRATCH/stray.db generate rwlock.c
stray=$(sqlite3 -readonly "$SCRATCH/stray.db" "SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id
	WHERE s.path = 'rwlock.c' ORDER BY m.id LIMIT 1")
DB=$SCRATCH/stray.db register stray 00000000000000f1 qsbr
rec "attempt=f-1-$stray" "mutant=$stray" kind=torture status=survived test_s=1 change=00000000000000f1 |
	DB=$SCRATCH/stray.db mt record || fail 'record of stray failed'
refused 128 "^fatal: change stray (00000000000000f1) of '.*stray.db' has results of mutant $stray, which '.*campaign.db' does not have" \
	"$SCRATCH/stray.db"
refused 128 "mutant $stray" "$SCRATCH/stray.db" stray
# Attempts the destination has already, as its own result and under another change.
CONFLICT=$SCRATCH/conflict.db
cp "$DB" "$CONFLICT"
DB=$CONFLICT register other 00000000000000ff 'qsbr'
{
	rec "attempt=a-2-$s3" "mutant=$s3" kind=torture status=survived test_s=1
	rec attempt=b-base-1 kind=baseline status=survived scenario=qsbr change=00000000000000ff
} | DB=$CONFLICT mt record || fail 'record of the conflicting attempts failed'
DB=$CONFLICT refused 128 "^fatal: attempt 'a-2-$s3' of change alpha ($A) is in '.*conflict.db' already, as one of the campaign's own results" "$SRC"
DB=$CONFLICT refused 128 "attempt 'b-base-1' of change beta ($B) is in '.*conflict.db' already, as a result of change other (00000000000000ff)" \
	"$SRC" beta
# A source of schema 3 (before torture changes, the campaign's target) is brought up to date
# by the import as by any reader, and has nothing to import.
cp "$MUTORTURE_HOME/tests/gaps/fixtures/schema3.db" "$SCRATCH/old.db"
refused 0 "^imported 0 of 0 changes from '$SCRATCH/old.db'" "$SCRATCH/old.db"
expect_eq 'the old source migrated' 5 "$(sqlite3 -readonly "$SCRATCH/old.db" 'PRAGMA user_version')"

note 'an import by name and by hash, into a copy of the campaign'
cp "$DB" "$SCRATCH/named.db"
DB=$SCRATCH/named.db mt gaps import "$SRC" alpha $B >"$SCRATCH/named.out"
expect_eq 'named: the changes' 'alpha beta evolving gamma shared' \
	"$(sqlite3 -readonly "$SCRATCH/named.db" "SELECT group_concat(name, ' ') FROM (SELECT DISTINCT name FROM torture_change ORDER BY name)")"
expect_eq 'named: the summary' "imported 2 of 2 changes from '$SRC' into '$SCRATCH/named.db': 30 results, 9 scenario runs" \
	"$(tail -n 1 "$SCRATCH/named.out")"

note 'the import: --dry-run first'
cat >"$SCRATCH/want.out" <<EOF
imported alpha ($A): 28 results (21 control/baseline runs, 7 torture runs of 3 mutants)
imported beta ($B): 2 results (1 control/baseline run, 1 torture run of 1 mutant)
already in DB: shared ($C)
imported evolving ($E1): 2 results (2 control/baseline runs, 0 torture runs of 0 mutants)
imported 3 of 4 changes from '$SRC' into '$DB': 32 results, 9 scenario runs
EOF
gaps_before=$(mt gaps)
before=$(dump "$DB")
results_before=$(q "SELECT count(*) FROM result") runs_before=$(q "SELECT count(*) FROM scenario_run")
mt gaps import "$SRC" --dry-run >"$SCRATCH/dry.out" || fail 'import --dry-run failed'
diff -u <(sed '$s/$/ (--dry-run: nothing written)/' "$SCRATCH/want.out") "$SCRATCH/dry.out" ||
	fail 'import --dry-run printed otherwise'
[[ $(dump "$DB") == "$before" ]] || fail 'import --dry-run wrote'
mt gaps import "$SRC" >"$SCRATCH/import.out" || fail 'import failed'
diff -u "$SCRATCH/want.out" "$SCRATCH/import.out" || fail 'import printed otherwise'

note 'the rows copied'
expect_eq 'changes' 'alpha beta evolving evolving gamma shared' \
	"$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM torture_change ORDER BY name)")"
expect_eq 'results' $((results_before + 32)) "$(q "SELECT count(*) FROM result")"
expect_eq 'scenario runs' $((runs_before + 9)) "$(q "SELECT count(*) FROM scenario_run")"
# kinds HASH FILE: the kinds of a change's results with their counts, and its scenario runs.
kinds() {
	sqlite3 -readonly -batch "$2" "SELECT r.kind, count(*), sum((SELECT count(*) FROM scenario_run
		WHERE result_id = r.id)) FROM result r JOIN torture_change c ON c.id = r.change_id
		WHERE c.hash = '$1' GROUP BY r.kind ORDER BY r.kind"
}
expect_eq 'alpha by kind' "$(printf 'baseline|20|0\ncontrol|1|2\ntorture|7|6')" "$(kinds $A "$DB")"
expect_eq 'beta by kind' "$(printf 'baseline|1|0\ntorture|1|1')" "$(kinds $B "$DB")"
expect_eq 'evolving (first version) by kind' 'baseline|2|0' "$(kinds $E1 "$DB")"
expect_eq 'shared kept as the campaign had it' 'baseline|2|0' "$(kinds $C "$DB")"
# rows HASH FILE: every column of a change and of its results and scenario runs but row ids.
rows() {
	sqlite3 -readonly -batch "$2" "
		SELECT name, hash, subject, message, gaps, scenarios, spec, diff, created
		  FROM torture_change WHERE hash = '$1';
		SELECT r.attempt, r.mutant_id, r.kind, r.status, r.scenario, r.duplicate_of, r.started,
		       r.build_s, r.test_s, r.exit_code, r.reason, r.log_dir, r.log_tail, r.host,
		       r.recorded, r.duration, r.supersedes,
		       (SELECT group_concat(sr.scenario || ',' || sr.status || ',' || sr.test_s || ','
		               || sr.reason, ';') FROM scenario_run sr WHERE sr.result_id = r.id)
		  FROM result r JOIN torture_change c ON c.id = r.change_id
		 WHERE c.hash = '$1' ORDER BY r.attempt"
}
for hash in $A $B $E1; do
	diff -u <(rows $hash "$SRC") <(rows $hash "$DB") || fail "the rows of change $hash differ"
done

note 'what gaps says of each change, on the copy and on the campaign'
gaps_of() {
	"$MUTORTURE_BIN" gaps --db "$1" "${@:2}"
}
# change_block NAME HASH: a change's paragraph of the listing on stdin.
change_block() {
	awk -v RS= -v head="$1 ($2) " 'index($0, head) == 1'
}
# (evolving's first version is the latest on the copy only: checked below)
for change in "alpha $A" "beta $B"; do
	read -r name hash <<<"$change"
	block=$(gaps_of "$SRC" | change_block "$name" "$hash")
	[[ -n $block ]] || fail "no $name on the copy"
	expect_eq "$name" "$block" "$(gaps_of "$DB" | change_block "$name" "$hash")"
done
gaps_of "$DB" >"$SCRATCH/gaps.out"
grep -qx "  survivors: 2 killed of 3 tried (2/6 runs, .*)" <(change_block alpha $A <"$SCRATCH/gaps.out") ||
	fail "alpha's survivors: $(change_block alpha $A <"$SCRATCH/gaps.out")"
grep -qx "evolving ($E1) unproven, superseded by a later version" "$SCRATCH/gaps.out" ||
	fail 'the imported older version of evolving counts as the latest'
grep -qx "evolving ($E2) unproven" "$SCRATCH/gaps.out" || fail 'the newer evolving'
# The survivors alpha was tried on, with every try: the campaign's listing under --change
# alpha is the copy's, but for the lines that count the campaign's survivors (s4 is new).
campaign_lines='^(Test-gap survivors: |stress-b: |closed )'
diff -u <(gaps_of "$SRC" --change alpha | grep -Ev "$campaign_lines") \
	<(gaps_of "$DB" --change alpha | grep -Ev "$campaign_lines") || fail 'gaps --change alpha differs'
expect_eq 'the campaign before' 'closed 0 of 4 test-gap survivors (0.0%) by 0 changes; controls: 6 passed, 0 failed' \
	"$(tail -n 1 <<<"$gaps_before")"
expect_eq 'the copy' 'closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 29 passed, 1 failed' \
	"$(gaps_of "$SRC" | tail -n 1)"
# alpha 22 passed (11 in each scenario), beta 1 failed, the campaign's shared 2, gamma 3,
# evolving's second version 1 (its first one, imported, is not the latest).
expect_eq 'the campaign after' 'closed 2 of 4 test-gap survivors (50.0%) by 1 change; controls: 28 passed, 1 failed' \
	"$(tail -n 1 "$SCRATCH/gaps.out")"
expect_eq 'closed_by' "$(printf '%s\talpha\n%s\talpha\n%s\t\n%s\t' "$s1" "$s2" "$s3" "$s4" | sort)" \
	"$(gaps_of "$DB" --fields id,closed_by | sort)"
diff -u <(gaps_of "$SRC" --format tsv | sort) <(gaps_of "$DB" --format tsv | grep -v "^$s4" | sort) ||
	fail 'gaps --format tsv differs'

note 'a second import adds nothing'
before=$(dump "$DB")
mt gaps import "$SRC" >"$SCRATCH/again.out" || fail 'the second import failed'
expect_eq 'second import' "$(printf 'already in DB: %s\n' "alpha ($A)" "beta ($B)" "shared ($C)" "evolving ($E1)")
imported 0 of 4 changes from '$SRC' into '$DB': 0 results, 0 scenario runs" "$(cat "$SCRATCH/again.out")"
[[ $(dump "$DB") == "$before" ]] || fail 'the second import wrote'
note 'ok'
