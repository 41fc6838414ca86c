#!/usr/bin/env bats
# Two-stage runs on the coin target (tests/runner/coin: a real C program whose mutants fail
# with known probabilities): the quick pass decides what it can, the confirming runs find a
# mutant killed one run in two and one that only a full-length run reaches, and a mutant never
# killed ends confirmed with exactly K full runs and the bound 1 - 0.05^(1/n); --no-confirm is
# one pass, --dry-run prints both stages and the confirmation round the run then executes;
# a survivor's confirming runs follow its quick run in its job, on its build (built once a job
# per build a target names by target_build_key); kill -9 during
# them loses nothing and a second run gives each survivor exactly the runs it lacks; a failed control run makes the run end FLAKY, and status and report say so.
# Real GNU parallel, real builds, real runs.

load lib

COIN="$MUTORTURE_HOME/tests/runner/coin"

setup_file() {
	# One pristine tree and mutant set, copied for each campaign: the mutants of the two checks
	# of coin.c (ror and const), found by their text.
	local work checks
	work=$(scratch)
	mt init --db "$work/seed.db" --target "$COIN/target.sh"
	mt run --db "$work/seed.db" --setup-only 2>/dev/null
	mt init --db "$work/seed.db" --root "$work/seed.db.d/pristine"
	checks=$(grep -n -e 'if (coin() > 1)' -e 'if (late \* 0 > 0)' "$COIN/src/coin.c" | cut -d: -f1 | awk '{ printf "--lines coin.c:%d-%d ", $1, $1 }')
	# shellcheck disable=SC2086 # the --lines options, split on purpose
	mt generate --db "$work/seed.db" --operators ror,const $checks coin.c >/dev/null
}

# fresh NAME: prints the path of a new campaign database NAME with the seed's mutants.
fresh() {
	local work
	work=$(scratch)
	cp "$work/seed.db" "$work/$1.db"
	printf '%s\n' "$work/$1.db"
}

# coin_mutant DB CHECK DESCRIPTION [NTH]: the id of the NTH (default 1st, by column) mutant of
# the line holding CHECK whose description is DESCRIPTION.
coin_mutant() {
	local line
	line=$(grep -n -F "$2" "$COIN/src/coin.c" | cut -d: -f1)
	mt list --db "$1" --format tsv | awk -F '\t' -v line="$line" -v d="$3" -v nth="${4:-1}" \
		'$3 == line && $8 == d { print $4 "\t" $1 }' | sort -n | sed -n "${4:-1}p" | cut -f2
}

# attempts DB MUTANT: how many torture attempts of MUTANT count.
attempts() {
	query "$1" "SELECT count(*) FROM live_result WHERE kind = 'torture' AND mutant_id = '$2'"
}

# full DB MUTANT: how many of them asked for 2 s (the coin's full duration).
full() {
	query "$1" "SELECT count(*) FROM live_result WHERE kind = 'torture' AND mutant_id = '$2' AND duration >= 2"
}

# status_of DB MUTANT: the mutant's status.
status_of() {
	mt list --db "$1" --format tsv | awk -F '\t' -v id="$2" '$1 == id { print $7 }'
}

# bound N: the one-sided 95% upper bound on a kill probability never seen in N runs, as the
# listings print it.
bound() {
	awk -v n="$1" 'BEGIN { printf "%.1f%%", 100 * (1 - 0.05 ^ (1 / n)) }'
}

@test "confirmation finds a 1-in-2 kill and a full-length-only kill; a never-killed mutant ends with exactly K full runs" {
	local db half1 half2 always late never1 never2 id n b
	db=$(fresh confirm)
	half1=$(coin_mutant "$db" 'if (coin() > 1)' "'>' -> '>='")
	half2=$(coin_mutant "$db" 'if (coin() > 1)' "'1' -> '0'")
	always=$(coin_mutant "$db" 'if (coin() > 1)' "'>' -> '<='")
	never1=$(coin_mutant "$db" 'if (coin() > 1)' "'1' -> '2'")
	late=$(coin_mutant "$db" 'if (late * 0 > 0)' "'0' -> '1'" 1)
	never2=$(coin_mutant "$db" 'if (late * 0 > 0)' "'0' -> '1'" 2)
	for id in "$half1" "$half2" "$always" "$never1" "$late" "$never2"; do [ -n "$id" ]; done
	# K = 20: a mutant killed one run in two survives the quick pass and 20 confirmation runs
	# with probability 0.5^21 (5e-7); both such mutants, 1e-6.
	run mt run --db "$db" --jobs 2 --confirm 20
	[ "$status" -eq 0 ]
	[[ $output == *"running 8 mutants in the quick pass (runs of 0.5 s), each survivor then confirmed in its job, on its build, and 0 survivors of earlier runs one run a round (runs of 2 s, until 20 each)"* ]]
	[[ $output == *"ran 8 mutant jobs ("*" torture runs)"* ]]
	[[ $output == *"survivors: 2 confirmed by 20 runs of 2 s, 0 unconfirmed"* ]]
	[ "$(mt init --db "$db" --get confirm_runs)" = 20 ]
	[ "$(mt init --db "$db" --get confirm_duration)" = 2 ]
	# Every attempt says what it asked for: one quick run each, every other one full length.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND (duration IS NULL OR duration NOT IN (0.5, 2))")" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND duration = 0.5")" -eq 8 ]
	# ... and target_test was told the duration and the torture timeout (the floor, 10 s).
	grep -qx 'coin: duration 0.5, timeout 10' "$db.d/logs/$late"/*.1.*/toss.log
	grep -qx 'coin: duration 2, timeout 10' "$db.d/logs/$late"/*.1.*/run-2/toss.log
	# Killed one run in two: killed, within the quick run and 20 confirmation runs, every
	# attempt before the kill a survival.
	for id in "$half1" "$half2"; do
		[ "$(status_of "$db" "$id")" = killed ]
		n=$(attempts "$db" "$id")
		[ "$n" -ge 1 ] && [ "$n" -le 21 ]
		[ "$(query "$db" "SELECT count(*) FROM live_result WHERE mutant_id = '$id' AND status = 'killed'")" -eq 1 ]
	done
	# Killed by every run: decided by the quick pass alone.
	[ "$(status_of "$db" "$always")" = killed ]
	[ "$(attempts "$db" "$always")" -eq 1 ]
	# Killed only by runs longer than a second: survived the quick run, killed by the first
	# full-length one.
	[ "$(query "$db" "SELECT group_concat(status || '@' || duration, ' ') FROM (SELECT status, duration FROM live_result
		WHERE kind = 'torture' AND mutant_id = '$late' ORDER BY id)")" = "survived@0.5 killed@2.0" ]
	# Never killed: confirmed, with the quick run and exactly K = 20 full runs ...
	for id in "$never1" "$never2"; do
		[ "$(status_of "$db" "$id")" = survived ]
		[ "$(attempts "$db" "$id")" -eq 21 ]
		[ "$(full "$db" "$id")" -eq 20 ]
		# ... all in the job of its quick run, on that run's build: one build, 20 more runs.
		[ "$(find "$db.d/logs/$id" -name 'build-*.log' | wc -l)" -eq 1 ]
		[ "$(find "$db.d/logs/$id" -mindepth 2 -maxdepth 2 -type d -name 'run-*' | wc -l)" -eq 20 ]
		[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$id' AND build_s IS NOT NULL")" -eq 1 ]
		# ... and the bound the listings give is 1 - 0.05^(1/n) over its n attempts in the database.
		n=$(attempts "$db" "$id")
		b=$(bound "$n")
		[ "$(mt survivors --db "$db" --fields id,attempts,full_attempts,confirmed | awk -F '\t' -v id="$id" '$1 == id { print $2 "|" $3 "|" $4 }')" = "21|20|confirmed" ]
		mt survivors --db "$db" --fields id,evidence | awk -F '\t' -v id="$id" '$1 == id { print $2 }' | grep -q "^0/21 runs, .* s, p(kill) < $b\$"
		mt report --db "$db" | grep -F "| $id |" | grep -qF "0/21 runs"
		mt report --db "$db" | grep -F "| $id |" | grep -qF "p(kill) < $b"
	done
	[ "$b" = 13.3% ]
	mt report --db "$db" | grep -q '^### Confirmed survivors (2)'
	[ -z "$(mt survivors --db "$db" --unconfirmed --format tsv)" ]
	[ -z "$(leftovers "$db.d")" ]
}

@test "a build the target keeps apart (target_build_key) is made once a job; else a scenario is built again whenever another was built since" {
	local work dir db id keyed line
	work=$(scratch)
	for keyed in 0 1; do
		# Three scenarios, the first two on one build when the target names it.
		dir="$work/coin-keyed-$keyed"
		cp -r "$COIN" "$dir"
		sed -i 's/^TARGET_SCENARIOS=(toss)$/TARGET_SCENARIOS=(toss toss-again other)/' "$dir/target.sh"
		grep -q '^TARGET_SCENARIOS=(toss toss-again other)$' "$dir/target.sh"
		if ((keyed)); then
			cat >>"$dir/target.sh" <<'KEY'
target_build_key() { printf '%s\n' "${1%%-*}"; }
KEY
		fi
		db="$dir/c.db"
		mt init --db "$db" --target "$dir/target.sh"
		mt run --db "$db" --setup-only 2>/dev/null
		mt init --db "$db" --root "$db.d/pristine"
		line=$(grep -n -F 'if (coin() > 1)' "$dir/src/coin.c" | cut -d: -f1)
		mt generate --db "$db" --operators const --lines "coin.c:$line-$line" coin.c >/dev/null
		id=$(coin_mutant "$db" 'if (coin() > 1)' "'1' -> '2'")
		[ -n "$id" ]
		run mt run --db "$db" --jobs 1 --mutants "$id" --baseline-runs 1 --duration 1 --confirm 2
		[ "$status" -eq 0 ]
		[ "$(status_of "$db" "$id")" = survived ]
		[ "$(find "$db.d/logs/$id" -mindepth 2 -maxdepth 2 -type d -name 'run-*' | wc -l)" -eq 2 ]
		if ((keyed)); then
			# toss's build serves toss-again, and both builds serve the confirming runs.
			[ "$(cd "$db.d/logs/$id" && find . -name 'build-*.log' -printf '%f\n' | sort | tr '\n' ' ')" = "build-other.log build-toss.log " ]
			[ -z "$(find "$db.d/logs/$id" -path '*/run-*/build-*.log')" ]
		else
			# Each scenario is built again in each of the three runs: the next may have
			# undone it.
			[ "$(find "$db.d/logs/$id" -name 'build-*.log' | wc -l)" -eq 9 ]
		fi
	done
}

@test "--no-confirm is one pass; --dry-run prints both stages; the run executes the confirmation round it printed" {
	local db work plan late
	work=$(scratch)
	db=$(fresh quick)
	late=$(coin_mutant "$db" 'if (late * 0 > 0)' "'0' -> '1'" 1)
	run mt run --db "$db" --jobs 2 --no-confirm
	[ "$status" -eq 0 ]
	[[ $output != *"confirmation round"* ]]
	[[ $output == *"(--no-confirm: a run without it confirms them)"* ]]
	# One quick run of each mutant, nothing more; every survivor unconfirmed, none confirmed.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture'")" -eq 8 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND duration <> 0.5")" -eq 0 ]
	[ "$(status_of "$db" "$late")" = survived ]
	[ "$(mt survivors --db "$db" --unconfirmed --format tsv | wc -l)" -eq "$(count_status "$db" survived)" ]
	[ "$(mt survivors --db "$db" --confirmed --format tsv | wc -l)" -eq 0 ]
	mt status --db "$db" | grep -q "survivors: 0 confirmed by 3 torture runs of at least 2 s, $(count_status "$db" survived) unconfirmed"
	mt survivors --db "$db" --unconfirmed --format tsv | cut -f1 | sort >"$work/unconfirmed"

	# The dry run: both stages, no mutant pending for the quick pass, and the first
	# confirmation round: the unconfirmed survivors. It writes nothing.
	ls -A "$db.d/runs" >"$work/runs.before"
	run mt run --db "$db" --jobs 2 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"stage 1   quick pass: every pending mutant once, torture runs of 0.5 s"* ]]
	[[ $output == *"stage 2   confirmation: a survivor of stage 1 goes on in its job, on its build, with up to 3 runs of 2 s until 3 such runs confirm it or one kills it"* ]]
	[[ $output == *"a survivor of an earlier run short of 3 gets one such run a round (at most 3 rounds)"* ]]
	# (--no-confirm measured the quick pass's duration only)
	[[ $output == *"baseline  to run: build with 1 files restored, then 3 runs of each scenario for each duration (0.5 s and 2 s)"* ]]
	[[ $output == *"plan      0 jobs of stage 1"* ]]
	awk '/^confirm / { on = 1; next } on && !/^          / { print }' <<<"$output" >"$work/dry.confirm"
	[ "$(cut -f1 "$work/dry.confirm" | sort)" = "$(cat "$work/unconfirmed")" ]
	diff -u "$work/runs.before" <(ls -A "$db.d/runs")

	ls "$db.d"/runs/*.plan >"$work/before"
	run mt run --db "$db" --jobs 2
	[ "$status" -eq 0 ]
	plan=$(comm -13 "$work/before" <(ls "$db.d"/runs/*.plan))
	[ -n "$plan" ]
	# The first confirmation round is the one the dry run printed, row for row.
	diff -u "$work/dry.confirm" "$plan.r2"
	# The full-length-only kill is found; every other survivor has its 3 full runs.
	[ "$(status_of "$db" "$late")" = killed ]
	[ -z "$(mt survivors --db "$db" --format tsv | awk -F '\t' '$11 != 3 || $12 != "confirmed"')" ]
	# Nothing left: a third run runs nothing.
	run mt run --db "$db" --jobs 2
	[ "$status" -eq 0 ]
	[[ $output == *"nothing to run in '$db': no pending mutant, no survivor short of 3 runs of 2 s"* ]]
}

@test "kill -9 during the confirming runs, then run again: each survivor gets exactly the runs it lacks" {
	local db pid n id k=6
	db=$(fresh killed)
	COIN_SLEEP=0.3 "$MUTORTURE_BIN" run --db "$db" --jobs 2 --confirm "$k" >"$db.out" 2>&1 &
	pid=$!
	# Wait for a job's confirming runs to be recorded while a mutant is still unrecorded, then
	# kill the runner: the jobs still going are cut short (in a quick run, or with some of their
	# confirming runs done). A job records its runs when it ends, so the records come in bursts:
	# the first burst, not a count of runs, is the moment the run is certainly not over.
	for ((n = 0; n < 600; n++)); do
		(($(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND duration = 2") >= 1 &&
			$(query "$db" "SELECT count(*) FROM mutant_status WHERE status = 'pending'") >= 1)) && break
		sleep 0.1
	done
	# If the last jobs end together, the kill finds the run gone (as in resume.bats): what
	# follows holds either way, and says which it was.
	kill -9 "$pid" 2>/dev/null || echo "the run ended before the kill"
	wait "$pid" || true
	query "$db" "SELECT attempt FROM result ORDER BY attempt" >"$db.before"
	run mt run --db "$db" --jobs 2 --confirm "$k"
	[ "$status" -eq 0 ]
	query "$db" "SELECT attempt FROM result ORDER BY attempt" >"$db.after"
	[ -z "$(comm -23 "$db.before" "$db.after")" ]
	# Every survivor has exactly k full runs (no round lost, none run twice), every mutant is
	# decided, the full-length-only kill was found.
	[ "$(mt list --db "$db" --pending --format ids | wc -l)" -eq 0 ]
	[ "$(count_status "$db" survived)" -ge 2 ]
	[ -z "$(mt survivors --db "$db" --format tsv | awk -F '\t' -v k="$k" '$11 != k')" ]
	[ "$(status_of "$db" "$(coin_mutant "$db" 'if (late * 0 > 0)' "'0' -> '1'" 1)")" = killed ]
	[ -z "$(leftovers "$db.d")" ]
}

@test "a confirmation flag that does not parse is a usage error; --repeat is --confirm" {
	local db
	run mt run --confirm 0
	[ "$status" -eq 129 ]
	[[ $output == *"'--confirm' expects at least 1"* ]]
	run mt run --confirm 2 --no-confirm
	[ "$status" -eq 129 ]
	run mt run --quick-duration 0
	[ "$status" -eq 129 ]
	db=$(fresh repeat)
	run mt run --db "$db" --repeat 4 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"--repeat 4 is --confirm 4 now"* ]]
	[[ $output == *"stage 2   confirmation: a survivor of stage 1 goes on in its job, on its build, with up to 4 runs of 2 s until 4 such runs"* ]]
	# --duration alone moves the full runs; a quick duration not below it leaves one stage.
	run mt run --db "$db" --duration 0.4 --dry-run
	[[ $output == *"stage 1   quick pass: every pending mutant once, torture runs of 0.4 s"* ]]
	[[ $output == *"with up to 2 runs of 0.4 s until 3 such runs confirm it or one kills it (its quick run is the first)"* ]]
	[[ $output == *"short of 3 gets one such run a round"* ]]
}
