#!/usr/bin/env bats
# mutorture gaps on toy-rcu: three survivors of qsbr.c's synchronize_rcu() that only a thread
# both registered as a reader and waiting for a grace period can tell apart from the original
# (the torture's readers never wait: the stress is off by default, --reader-sync), confirmed,
# triaged test-gap with a gap label; then torture changes tried on them: the target's
# reader-sync change (a scenario) and the same as a patch of the torture program close two of
# them (the third is equivalent for every caller), a wrong change is rejected by its controls
# with nothing closed, kill -9 in the middle of a try loses nothing, bad input is refused
# before anything is written, and the exported patch names what it closes. Real GNU parallel,
# real builds, real torture runs; about two minutes on 2 cores.

load ../runner/lib

CHANGES="$MUTORTURE_HOME/tests/gaps/changes"
# Short runs: a try's controls and rounds at 0.5 s, the stall detector's 1 s for a hang.
TRY=(--duration 0.5 --confirm 2 --jobs 2)

# The campaign every test starts from (setup_file): BASE and BASE.d, copied by campaign_copy.
BASE="$BATS_FILE_TMPDIR/base.db"

setup_file() {
	local id
	mt init --db "$BASE" --target toy-rcu
	mt run --db "$BASE" --setup-only 2>/dev/null
	mt init --db "$BASE" --root "$BASE.d/pristine"
	mt generate --db "$BASE" --function synchronize_rcu --operators ror,cond qsbr.c >/dev/null
	# The registered caller's test (line 80) and its use (line 82): '!=' -> '==', and
	# 'was_online' -> '0' or '1'.
	{
		mutant_where "$BASE" ror synchronize_rcu "'!=' -> '=='"
		mt list --db "$BASE" --operators cond --function synchronize_rcu --format tsv |
			awk -F '\t' '$3 == 82 && ($8 ~ /-> .0.$/ || $8 ~ /-> .1.$/) { print $1 }'
	} >"$BATS_FILE_TMPDIR/ids"
	[ "$(wc -l <"$BATS_FILE_TMPDIR/ids")" -eq 3 ]
	mt run --db "$BASE" --jobs 2 --mutants "@$BATS_FILE_TMPDIR/ids" --quick-duration 0.3 --duration 0.5 \
		--confirm 2 --baseline-runs 1 >"$BATS_FILE_TMPDIR/setup.log" 2>&1 || { cat "$BATS_FILE_TMPDIR/setup.log"; false; }
	while read -r id; do
		mt triage --db "$BASE" "$id" test-gap --gap registered-updaters \
			--note 'no thread that is a registered reader ever calls synchronize_rcu()' >/dev/null
	done <"$BATS_FILE_TMPDIR/ids"
}

# campaign_copy NAME: a copy of the base campaign for one test, its path in DB.
campaign_copy() {
	DB="$BATS_FILE_TMPDIR/$1.db"
	cp -a "$BASE" "$DB"
	cp -a "$BASE.d" "$DB.d"
}

# closed_by DB: 'ID CHANGE' of each confirmed test-gap survivor, sorted ('-' when open).
closed_by() {
	mt gaps --db "$1" --fields id,closed_by | awk -F '\t' '{ print $1, ($2 == "" ? "-" : $2) }' | sort
}

@test "the base campaign: three confirmed test-gap survivors, one gap" {
	run mt gaps --db "$BASE"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"registered-updaters: 3 survivors, 0 closed"* ]]
	[ "${lines[-1]}" = "closed 0 of 3 test-gap survivors (0.0%) by 0 changes; controls: 0 passed, 0 failed" ]
}

@test "a change that turns the stress on closes the survivors it reaches; the campaign's own evidence stays" {
	campaign_copy scenario
	local before triage_before id
	before=$(mt survivors --db "$DB" --fields id,kills,attempts,triage,evidence)
	triage_before=$(query "$DB" "SELECT count(*) FROM triage")
	run mt gaps try --db "$DB" reader-sync "${TRY[@]}"
	echo "$output"
	[ "$status" -eq 0 ]
	# 10 controls of the unmutated code with the change first, at the full duration.
	[ "$(query "$DB" "SELECT count(*) FROM change_control WHERE status = 'survived' AND duration = 0.5")" -eq 10 ]
	# Two survivors killed (the stall detector: a registered caller waits for itself), once
	# each; the third ran K = 2 times without a kill.
	diff -u <(sort "$BATS_FILE_TMPDIR/ids" | while read -r id; do
		if [ "$(mt show --db "$DB" "$id" | grep -c "'was_online' -> '1'")" -eq 0 ]; then echo "$id reader-sync"; else echo "$id -"; fi
	done) <(closed_by "$DB")
	[ "$(query "$DB" "SELECT group_concat(kills || '/' || attempts, ' ') FROM (SELECT kills, attempts FROM change_mutant ORDER BY kills, attempts)")" = "0/2 1/1 1/1" ]
	[ "$(mt gaps --db "$DB" | tail -n 1)" = "closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 10 passed, 0 failed" ]
	# Nothing of the campaign changed: statuses, evidence, triage.
	[ "$(mt survivors --db "$DB" --fields id,kills,attempts,triage,evidence)" = "$before" ]
	[ "$(query "$DB" "SELECT count(*) FROM triage")" -eq "$triage_before" ]
	[ "$(query "$DB" "SELECT value FROM campaign WHERE key = 'flaky'")" = "" ]
	# A second try has nothing left to run.
	run mt gaps try --db "$DB" reader-sync "${TRY[@]}"
	[ "$status" -eq 0 ]
	[[ $output == *"nothing to run: change 'reader-sync' has its controls"* ]]
	[ "$(query "$DB" "SELECT count(*) FROM change_result")" -eq "$(query "$DB" "SELECT count(*) FROM result WHERE change_id IS NOT NULL")" ]
}

@test "the same stress as a patch of the torture program closes the same survivors; export writes an mbox patch" {
	campaign_copy patch
	run mt gaps try --db "$DB" "$CHANGES/reader-sync-default.change" "${TRY[@]}"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(closed_by "$DB" | awk '$2 != "-"' | wc -l)" -eq 2 ]
	[ "$(closed_by "$DB" | awk '$2 != "-" { print $2 }' | sort -u)" = reader-sync-default ]
	# Killed in the target's own scenario, whose program the patch changed.
	[ "$(query "$DB" "SELECT DISTINCT scenario FROM change_result WHERE kind = 'torture' AND status IN ('killed', 'timeout')")" = qsbr ]
	mkdir "$BATS_TEST_TMPDIR/out"
	run mt gaps export --db "$DB" --out "$BATS_TEST_TMPDIR/out"
	echo "$output"
	[ "$status" -eq 0 ]
	local patch="$BATS_TEST_TMPDIR/out/0001-reader-sync-default.patch"
	[ "$output" = "$patch" ]
	grep -qx 'Subject: \[PATCH\] torture: readers wait for grace periods too, by default' "$patch"
	grep -q '^mutorture closes 2 test-gap survivors' "$patch"
	# (The message is wrapped at 72 columns.)
	tr '\n' ' ' <"$patch" | tr -s ' ' | grep -q 'missed because: no thread that is a registered reader ever calls synchronize_rcu()'
	tr '\n' ' ' <"$patch" | tr -s ' ' | grep -q 'Controls: the unmutated code with this change passed 10 runs of qsbr; none failed.'
	grep -qx '+} opt = { 1.5, 1.0, 0, 0, false, true };' "$patch"
	# The patch part applies to the toy's sources as a maintainer would apply it.
	cp -a "$MUTORTURE_HOME/targets/toy-rcu/src" "$BATS_TEST_TMPDIR/src"
	patch -p1 -d "$BATS_TEST_TMPDIR/src" --dry-run <"$patch"
}

@test "a change that breaks the unmutated code is rejected by its controls: nothing is closed, its log says why" {
	campaign_copy broken
	run mt gaps try --db "$DB" "$CHANGES/broken.change" "${TRY[@]}"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ $output == *"change broken REJECTED: control run "*" of scenario qsbr "*"no reader waited for a grace period"* ]]
	[[ $output == *"either the change is wrong (it fails correct code), or the unmutated code has a bug the old suite could not see"* ]]
	# The failing control's log is kept where the message says.
	local log
	log=$(sed -n 's/.*; log: \([^ ]*\.log\)$/\1/p' <<<"$output" | head -n 1)
	grep -q 'End of test: FAILURE: no reader waited for a grace period' "$log"
	[ "$(query "$DB" "SELECT count(*) FROM change_result WHERE kind = 'torture'")" -eq 0 ]
	[ "$(query "$DB" "SELECT count(*) FROM change_control WHERE status = 'killed'")" -ge 1 ]
	run mt gaps --db "$DB"
	[[ $output == *"broken ("*") rejected"* ]]
	[ "${lines[-1]}" = "closed 0 of 3 test-gap survivors (0.0%) by 0 changes; controls: 0 passed, 10 failed" ]
	run mt gaps export --db "$DB" --out "$BATS_TEST_TMPDIR" broken
	[ "$status" -ne 0 ]
	[[ $output == *"change 'broken' is rejected"* ]]
	# Tried again, it is refused at once: the same version can never count.
	run mt gaps try --db "$DB" "$CHANGES/broken.change" "${TRY[@]}"
	[ "$status" -eq 128 ]
	[[ $output == *"was rejected"* ]]
}

@test "kill -9 in the middle of a try, then a resume: nothing lost, nothing twice, nothing left running" {
	campaign_copy resume
	local pid n token
	# K = 3 here: the survivor the change cannot kill runs three times, so the try is still
	# running when the kill comes, on an idle machine too.
	local -a try=(--duration 0.5 --confirm 3 --jobs 2)
	# The binary itself, not the mt function: $! is then the runner (the binary execs it), not a
	# subshell whose death would leave the try running.
	"$MUTORTURE_BIN" gaps try --db "$DB" reader-sync "${try[@]}" >"$BATS_TEST_TMPDIR/first.out" 2>&1 &
	pid=$!
	# Killed as soon as the controls are recorded and the first survivor has run (the killed
	# ones stall 1 s): the other survivors' runs are still to come.
	for ((n = 0; n < 600; n++)); do
		if [ "$(query "$DB" "SELECT count(*) FROM result WHERE change_id IS NOT NULL")" -ge 11 ]; then break; fi
		sleep 0.1
	done
	kill -KILL "$pid" || { cat "$BATS_TEST_TMPDIR/first.out"; echo "the try ended before the kill" >&2; false; }
	wait "$pid" || true
	cat "$BATS_TEST_TMPDIR/first.out"
	token=$(run_token "$DB")
	[ -n "$token" ]
	[ "$(query "$DB" "SELECT count(*) FROM change_control")" -eq 10 ]
	n=0
	while [ -n "$(leftovers "$DB.d")" ] && ((n++ < 50)); do sleep 0.1; done
	run mt gaps try --db "$DB" reader-sync "${try[@]}"
	echo "$output"
	[ "$status" -eq 0 ]
	orphans_gone "$token"
	# The controls were not run again; each survivor is killed once or ran K = 3 times.
	[ "$(query "$DB" "SELECT count(*) FROM change_control")" -eq 10 ]
	[ "$(query "$DB" "SELECT group_concat(kills || '/' || attempts, ' ') FROM (SELECT kills, attempts FROM change_mutant ORDER BY kills, attempts)")" = "0/3 1/1 1/1" ]
	[ "$(query "$DB" "SELECT count(*) FROM (SELECT attempt FROM result GROUP BY attempt HAVING count(*) > 1)")" -eq 0 ]
	[ "$(query "$DB" "PRAGMA integrity_check")" = ok ]
	[ -z "$(leftovers "$DB.d")" ]
	pristine_unchanged "$DB"
}

@test "bad input is refused before anything is written; the dry run writes nothing" {
	campaign_copy bad
	local state
	state=$(sqlite3 -readonly -batch "$DB" .dump | sha256sum)
	run mt gaps try --db "$DB" no-such-change
	[ "$status" -eq 128 ]
	[[ $output == *"cannot find torture change 'no-such-change'"* ]]
	run mt gaps try --db "$DB" "$CHANGES/touches-source.change"
	[ "$status" -eq 128 ]
	[[ $output == *"its patch changes 'qsbr.c', a file the campaign mutates"* ]]
	printf 'subject = s\nscenarios = qsbr nosuch\n' >"$BATS_TEST_TMPDIR/undefined.change"
	run mt gaps try --db "$DB" "$BATS_TEST_TMPDIR/undefined.change"
	[ "$status" -eq 128 ]
	[[ $output == *"scenario 'nosuch' is not one of the target's (qsbr mb rwlock) and the change does not define it"* ]]
	printf 'subject = s\nscenarios = qsbr-x\nscenario.qsbr-x = qsbr --no-such-option\n' >"$BATS_TEST_TMPDIR/option.change"
	run mt gaps try --db "$DB" "$BATS_TEST_TMPDIR/option.change"
	[ "$status" -eq 128 ]
	[[ $output == *"'--no-such-option' is no option a scenario sets"* ]]
	printf 'subject = s\nscenarios = qsbr\nscenraios_for = qsbr.c: qsbr\n' >"$BATS_TEST_TMPDIR/typo.change"
	run mt gaps try --db "$DB" "$BATS_TEST_TMPDIR/typo.change"
	[ "$status" -eq 128 ]
	[[ $output == *"line 3: unknown key 'scenraios_for'"* ]]
	run mt gaps try --db "$DB" reader-sync --survivors no-such-gap
	[ "$status" -eq 128 ]
	[[ $output == *"no confirmed test-gap survivor of '$DB' has the gap label 'no-such-gap'"* ]]
	run mt gaps try --db "$DB" reader-sync --files qsbr.c
	[ "$status" -eq 129 ]
	[[ $output == *"option '--files' is one of 'mutorture run', not of a try"* ]]
	run mt gaps try --db "$DB" reader-sync --controls 0
	[ "$status" -eq 129 ]
	run mt gaps try --db "$DB" reader-sync "${TRY[@]}" --dry-run
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"controls  10 runs of each scenario at 0.5 s"* ]]
	[[ $output == *"survivors 3 chosen, 3 to run"* ]]
	[ ! -e "$DB.d/changes" ]
	[ "$(sqlite3 -readonly -batch "$DB" .dump | sha256sum)" = "$state" ]
}

@test "gap labels: given with a verdict, or to verdicts already given (verdict and note kept); an old campaign migrates" {
	campaign_copy labels
	local id
	id=$(head -n 1 "$BATS_FILE_TMPDIR/ids")
	run mt triage --db "$DB" --gap stall-free "$id"
	[ "$status" -eq 0 ]
	[ "$output" = "$id: test-gap, gap stall-free" ]
	[ "$(query "$DB" "SELECT verdict || '|' || gap || '|' || note FROM triage WHERE mutant_id = '$id' ORDER BY id DESC LIMIT 1")" = \
		"test-gap|stall-free|no thread that is a registered reader ever calls synchronize_rcu()" ]
	run mt gaps --db "$DB"
	[[ $output == *"registered-updaters: 2 survivors, 0 closed"* ]]
	[[ $output == *"stall-free: 1 survivor, 0 closed"* ]]
	run mt triage --db "$DB" --gap Bad_Label "$id"
	[ "$status" -eq 129 ]
	run mt triage --db "$DB" "$id" ignore --gap stall-free
	[ "$status" -eq 129 ]
	# A campaign of schema 3 (made by the mutorture before torture changes: fixtures/schema3.db,
	# two survivors triaged test-gap, 3 runs each) is brought up to date by its first reader:
	# its verdicts stand, without a gap label, and can take one.
	local old="$BATS_TEST_TMPDIR/old.db"
	cp "$MUTORTURE_HOME/tests/gaps/fixtures/schema3.db" "$old"
	[ "$(query "$old" "PRAGMA user_version")" -eq 3 ]
	run mt gaps --db "$old"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(query "$old" "PRAGMA user_version")" -eq 5 ]
	[[ $output == *"(no gap label): 2 survivors, 0 closed"* ]]
	[ "${lines[-1]}" = "closed 0 of 2 test-gap survivors (0.0%) by 0 changes; controls: 0 passed, 0 failed" ]
	run mt triage --db "$old" --gap registered-updaters f158dd1adebedc48
	[ "$status" -eq 0 ]
	[ "$(query "$old" "SELECT count(*) FROM triage")" -eq 3 ]
	[[ "$(mt gaps --db "$old")" == *"registered-updaters: 1 survivor, 0 closed"* ]]
}

@test "report: Markdown, JSON and HTML show the gaps closed; a closed survivor stays a survivor, 'closed by'" {
	DB="$BATS_FILE_TMPDIR/scenario.db"
	[ -f "$DB" ] || skip 'needs the campaign of the second test'
	run mt report --db "$DB"
	[ "$status" -eq 0 ]
	[[ $output == *"## Gaps closed"* ]]
	[[ $output == *"**closed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 10 passed, 0 failed**"* ]]
	[[ $output == *"| reader-sync | accepted | qsbr-rsync | 10 passed, 0 failed | 2 of 3 tried |"* ]]
	# In the triaged survivors too, beside the campaign's evidence.
	[ "$(grep -c '^| [0-9a-f]* | qsbr.c:8[02] (synchronize_rcu) | .* | 0/3 runs, .*; closed by reader-sync (1/1 runs' <<<"$output")" -eq 2 ]
	mt report --db "$DB" --quiet --json "$BATS_TEST_TMPDIR/r.json"
	[ "$(jq '.mutortureGaps.closed' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
	[ "$(jq -r '[.files[].mutants[] | select(.statusReason // "" | test("closed by reader-sync")) | .status] | unique | join(" ")' "$BATS_TEST_TMPDIR/r.json")" = Survived ]
	[ "$(jq '[.files[].mutants[] | select(.statusReason // "" | test("closed by reader-sync"))] | length' "$BATS_TEST_TMPDIR/r.json")" -eq 2 ]
	local modules=${MUTORTURE_REPORT_NODE_MODULES:-}
	[ -n "$modules" ] || skip 'no npm report tooling (install-deps --reports)'
	node "$MUTORTURE_HOME/tests/reports/validate-report.cjs" "$modules" "$BATS_TEST_TMPDIR/r.json"
	command -v chromium >/dev/null || skip 'no chromium'
	mt report --db "$DB" --quiet --html "$BATS_TEST_TMPDIR/r.html"
	run node "$MUTORTURE_HOME/tests/reports/render-report.cjs" "$modules" "$BATS_TEST_TMPDIR/r.html" "$BATS_TEST_TMPDIR/shot"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *$'gaps\tclosed 2 of 3 test-gap survivors (66.7%) by 1 change; controls: 10 passed, 0 failed'* ]]
	[[ $output == *$'gaps-closed\t2'* ]]
}
