#!/usr/bin/env bats
# Containment, on the hostile target (tests/runner/hostile: a real C program whose mutants
# misbehave on purpose): an infinite loop, a bounded fork bomb, a memory hog, daemons (double
# fork and setsid, with and without their environment), 300 MB of output, a 30 MB reason line,
# a test that deletes its tree, one that writes outside it, one that connects to a port the
# test listens on. Each gets the right status within its timeout + 2 s, leaves no process,
# writes nothing outside its tree, reaches no socket, and every later verdict of its slot is
# right. Also: a build_error is final only when the unmutated code still builds; limits are
# checked before anything runs and are part of the baseline; the pipeline of a run killed with
# kill -9 stops at once; a run whose planned mutants are all decided without a torture run says so.
# Real GNU parallel, real builds, real runs, bubblewrap.

load lib

HOSTILE="$MUTORTURE_HOME/tests/runner/hostile"

setup_file() {
	local work
	work=$(scratch)
	export HOSTILE_TAG="mt${BATS_ROOT_PID:-$$}"
	mt init --db "$work/seed.db" --target "$HOSTILE/target.sh"
	mt run --db "$work/seed.db" --setup-only 2>/dev/null
	mt init --db "$work/seed.db" --root "$work/seed.db.d/pristine"
	cp "$work/seed.db" "$work/bare.db"
	cp -a "$work/seed.db.d" "$work/bare.db.d"
	mt generate --db "$work/seed.db" --operators const hostile.c >/dev/null
}

# fresh NAME [LINE...]: prints the path of a new campaign database NAME: the seed's mutants,
# or with LINEs those of these lines of hostile.c only.
fresh() {
	local work name=$1 line
	local -a lines=()
	shift
	work=$(scratch)
	if (($#)); then
		cp "$work/bare.db" "$work/$name.db"
		for line; do lines+=(--lines "hostile.c:$line-$line"); done
		mt generate --db "$work/$name.db" --operators const "${lines[@]}" hostile.c >/dev/null
	else
		cp "$work/seed.db" "$work/$name.db"
	fi
	cp -a "$work/seed.db.d" "$work/$name.db.d"
	printf '%s\n' "$work/$name.db"
}

# line_of NAME: the line of hostile.c whose mutant does NAME.
line_of() {
	grep -n -F "act(\"$1\")" "$HOSTILE/src/hostile.c" | cut -d: -f1
}

# status_of DB LINE: the status of the mutant of that line.
status_of() {
	mt list --db "$1" --format tsv | awk -F '\t' -v l="$2" '$3 == l { print $7 }'
}

# started DB: how many mutant jobs of DB began (each makes its attempt's log directory first).
started() {
	find "$1.d/logs" -mindepth 2 -maxdepth 2 -type d -not -path '*/baseline/*' 2>/dev/null | wc -l
}

# daemons: the processes of this test's hostile daemons still alive (by their names).
daemons() {
	grep -l -a -F "hostile-daemon" /proc/[0-9]*/cmdline 2>/dev/null |
		while read -r f; do grep -q -a -F -- "-$HOSTILE_TAG" "$f" 2>/dev/null && echo "$f"; done || true
}

@test "hostile mutants: right status within timeout + 2 s, nothing left, nothing outside, no socket, later verdicts right" {
	command -v bwrap >/dev/null || skip 'bubblewrap is not installed (runner/install-deps installs it)'
	local db work listener port n=0 line name want got
	work=$(scratch)
	db=$(fresh all)
	# A listener on 127.0.0.1 that notes each connection; the test's own connection proves it works.
	perl -MIO::Socket::INET -e '
		my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0, Listen => 5, ReuseAddr => 1) or die;
		open(my $p, ">", "$ARGV[0].tmp") or die; print $p $s->sockport, "\n"; close $p; rename("$ARGV[0].tmp", $ARGV[0]);
		while (my $c = $s->accept) { open(my $l, ">>", $ARGV[1]); print $l "connection\n"; close $l; close $c }' \
		"$work/port" "$work/connections" 3>&- &
	listener=$!
	while [ ! -s "$work/port" ] && ((n++ < 100)); do sleep 0.1; done
	port=$(cat "$work/port")
	echo hello >"/dev/tcp/127.0.0.1/$port"
	n=0
	while [ ! -s "$work/connections" ] && ((n++ < 100)); do sleep 0.1; done
	[ "$(cat "$work/connections")" = connection ]
	: >"$work/connections"
	# One job: every mutant runs in the same worker tree, the tree-deleting one first.
	HOSTILE_OUTSIDE="$work/outside" HOSTILE_PORT=$port run mt run --db "$db" --jobs 1 --timeout-factor 1 \
		--timeout-floor 5 --mem-limit 256 --log-limit 1 --no-confirm --baseline-runs 1 --control-every 4
	kill "$listener"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"mutorture: sandbox: bubblewrap"* ]]
	[[ $output == *"timeouts: build 120 s, torture 5 s"* ]]
	# Every mutant has its own verdict, whatever ran before it in the tree.
	for name in deltree:killed fail:killed pass:survived loop:timeout forkbomb:timeout memhog:killed \
		daemon:survived daemon-noenv:survived spew:killed reason:killed outside:survived \
		connect:survived nobuild:build_error; do
		line=$(line_of "${name%%:*}")
		got=$(status_of "$db" "$line")
		want=${name#*:}
		[ "$got" = "$want" ] || { echo "${name%%:*}: $got, not $want"; false; }
	done
	# The 'return 0' -> 'return 1' mutant: the program fails.
	[ "$(status_of "$db" "$(grep -n 'return 0;' "$HOSTILE/src/hostile.c" | cut -d: -f1)")" = killed ]
	# The control runs in that tree all passed.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'control'")" -ge 3 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'control' AND status <> 'survived'")" -eq 0 ]
	# The tree the first mutant deleted was made again, and said so.
	[[ $output == *"left worker tree 1 changed ('"*"' was deleted): it was made again from the pristine tree"* ]]
	# Each cost at most its timeout + 2 s.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND status = 'timeout'")" -eq 2 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND test_s > 7")" -eq 0 ]
	# Output beyond the log limit: the log keeps 1 MB, head and tail, and the reason printed last.
	local spew reason
	spew=$(mt list --db "$db" --format tsv | awk -F '\t' -v l="$(line_of spew)" '$3 == l { print $1 }')
	[ "$(stat -c %s "$db.d/logs/$spew"/*/only.log)" -lt 1049000 ]
	grep -q '^\[mutorture: [0-9]* bytes of output cut here' "$db.d/logs/$spew"/*/only.log
	[ "$(query "$db" "SELECT reason FROM result WHERE mutant_id = '$spew'")" = 'hostile: spewed 300 MB' ]
	# A 30 MB reason line: cut at 4096 bytes.
	reason=$(mt list --db "$db" --format tsv | awk -F '\t' -v l="$(line_of reason)" '$3 == l { print $1 }')
	[ "$(query "$db" "SELECT length(reason) FROM result WHERE mutant_id = '$reason'")" -eq 4096 ]
	[ "$(query "$db" "SELECT substr(reason, 1, 4) FROM result WHERE mutant_id = '$reason'")" = yyyy ]
	# Nothing is left: no process of the campaign, no daemon (not even without its environment).
	[ -z "$(leftovers "$db.d")" ]
	[ -z "$(daemons)" ]
	[[ $output != *"left behind"* ]]
	# Nothing written outside the tree, no connection reached the listener.
	[ ! -e "$work/outside" ]
	[ ! -s "$work/connections" ]
	pristine_unchanged "$db"
}

@test "a build_error is final only when the unmutated code still builds in its tree" {
	local db fail pass nobuild
	fail=$(line_of fail)
	pass=$(line_of pass)
	nobuild=$(line_of nobuild)
	db=$(fresh broken "$fail" "$pass" "$nobuild")
	# The build environment breaks after the baseline: no verdict is final, every job an error.
	HOSTILE_BROKEN_BUILD=1 run mt run --db "$db" --jobs 1 --no-prune --no-confirm --baseline-runs 1 --timeout-floor 10
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(count_status "$db" error)" -eq 3 ]
	[ "$(count_status "$db" build_error)" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND status = 'error'
		AND reason LIKE 'the unmutated code does not build in this tree either (build-unmutated-only.log): error: hostile: %'")" -eq 3 ]
	[[ $output == *"left worker tree 1 changed (the unmutated code does not build in it): it could not be made again from the pristine tree"* ]]
	# Mended, the next run decides them: the mutant that does not build is a build_error.
	run mt run --db "$db" --jobs 1 --no-prune --no-confirm --baseline-runs 1 --timeout-floor 10
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(status_of "$db" "$nobuild")" = build_error ]
	[ "$(status_of "$db" "$fail")" = killed ]
	[ "$(status_of "$db" "$pass")" = survived ]
}

@test "limits that leave no job a chance are refused before anything runs; limits are part of the baseline" {
	local db before
	local DB # db_state reads it
	DB=$(fresh limits "$(line_of fail)" "$(line_of pass)")
	db=$DB
	before="$(db_state) $(find "$db.d" | sort | sha256sum)"
	run mt run --db "$db" --mem-limit 64
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--mem-limit 64': below the floor of 128 MB a job needs to compile and run a small C program" ]
	run mt run --db "$db" --jobs 100000
	[ "$status" -eq 129 ]
	[[ ${lines[0]} == "error: option '--jobs 100000': more than 8 jobs per core ("*" cores here, at most "*")" ]]
	run mt run --db "$db" --timeout-factor 0 --timeout-floor 0
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: options '--timeout-factor 0 --timeout-floor 0': every timeout would be 0 s" ]
	run mt run --db "$db" --proc-limit 1
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--proc-limit 1': below the floor of 32 processes a job needs to build and run" ]
	run mt run --db "$db" --log-limit 0
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--log-limit 0': a log keeps from 1 to 1024 MB" ]
	run mt run --db "$db" --log-limit 4096
	[ "$status" -eq 129 ]
	[ "${lines[0]}" = "error: option '--log-limit 4096': a log keeps from 1 to 1024 MB" ]
	[ "$(db_state) $(find "$db.d" | sort | sha256sum)" = "$before" ]
	# A timeout factor of 0 with a floor is a fixed timeout: accepted.
	run mt run --db "$db" --timeout-factor 0 --timeout-floor 5 --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"sandbox   bubblewrap: "* || $output == *"sandbox   unshare: "* || $output == *"sandbox   process group only"* ]]
	# The baseline holds for the limits it was measured under only.
	run mt run --db "$db" --jobs 1 --mem-limit 256 --no-confirm --baseline-runs 1
	[ "$status" -eq 0 ]
	[[ $output == *"baseline passed"* ]]
	[[ "$(cat "$db.d/baseline")" == *" mem_kb=262144 nproc=4096 sandbox="* ]]
	mt run --db "$db" --jobs 1 --mem-limit 256 --no-confirm --baseline-runs 1 --dry-run | grep -q '^baseline  measured'
	run mt run --db "$db" --jobs 1 --mem-limit 512 --no-confirm --baseline-runs 1 --dry-run
	[[ $output == *"baseline  to run"* ]]
	run mt run --db "$db" --jobs 1 --proc-limit 100 --mem-limit 256 --no-confirm --baseline-runs 1 --dry-run
	[[ $output == *"baseline  to run"* ]]
}

@test "after kill -9 of the run, its pipeline stops at once and starts no other mutant; the next run resumes" {
	local db pid n=0
	db=$(fresh killed "$(line_of fail)" "$(line_of pass)" "$(line_of daemon)" "$(line_of daemon-noenv)" \
		"$(line_of spew)" "$(line_of reason)" "$(line_of memhog)" "$(line_of deltree)")
	# Each torture run waits 20 s first: the kill comes while the first two run.
	HOSTILE_SLEEP=20 mt run --db "$db" --jobs 2 --mem-limit 256 --no-confirm --baseline-runs 1 --control-every 0 \
		--timeout-floor 60 >"$db.out" 2>&1 &
	# (GNU parallel hands the record writer its records when the jobs are over: the jobs' log
	# directories say how far the run got.)
	while (($(started "$db") < 2)) && ((n++ < 1200)); do sleep 0.1; done
	[ "$(started "$db")" -eq 2 ]
	# The run itself, as its lock names it.
	pid=$(sed -n 's/^pid=//p' "$db.d/lock")
	[ -n "$pid" ]
	kill -KILL "$pid"
	wait || true
	# Its pipeline stops: the two running jobs are stopped long before their 20 s are over
	# (they leave their mutants pending and their trees clean), no other job starts.
	n=0
	while [ -n "$(leftovers "$db.d")" ] && ((n++ < 100)); do sleep 0.1; done
	[ -z "$(leftovers "$db.d")" ]
	[ "$(started "$db")" -eq 2 ]
	[ "$(count_status "$db" pending)" -eq 8 ]
	cmp "$db.d/pristine/hostile.c" "$db.d/workers/1/hostile.c"
	cmp "$db.d/pristine/hostile.c" "$db.d/workers/2/hostile.c"
	# The next run takes them all, each once.
	run mt run --db "$db" --jobs 2 --mem-limit 256 --no-confirm --baseline-runs 1 --control-every 0 --timeout-floor 60
	[ "$status" -eq 0 ]
	[ "$(count_status "$db" pending)" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture'")" -eq 8 ]
	[ "$(query "$db" "SELECT count(DISTINCT mutant_id) FROM result WHERE kind = 'torture'")" -eq 8 ]
	pristine_unchanged "$db"
}

@test "a run whose planned mutants are all decided without a torture run says so and succeeds" {
	local db
	db=$(fresh pruned "$(line_of nobuild)")
	run mt run --db "$db" --jobs 1 --baseline-runs 1
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"equivalence: 1 build_error decided without a torture run"* ]]
	[[ $output == *"all 1 planned mutants were decided without a torture run (coverage and equivalence passes)"* ]]
	[ "$(count_status "$db" build_error)" -eq 1 ]
	run mt report --db "$db"
	[ "$status" -eq 0 ]
}
