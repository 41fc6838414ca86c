#!/usr/bin/env bats
# 'mutorture run --hosts' on two hosts made on this machine (tests/lib/netns-hosts.sh: a
# network namespace each, a veth pair on a private subnet, Debian's sshd with its own keys and
# its own home directory): the dry run checks each host; a toy-rcu campaign spread over them
# records every mutant exactly once, from both hosts, with the statuses a local run of the
# same mutants gives, and its logs come back; a second run reuses what the hosts have; a host
# whose baseline fails is dropped; kill -9 of a run, then a run again, loses nothing, counts
# nothing twice and leaves nothing on the hosts; one host killed mid-campaign loses nothing and counts nothing twice: the campaign finishes on
# the other, and the log names the failed host. Real ssh, real GNU parallel, real builds and
# torture runs. Skipped, with the reason, where namespaces or sshd cannot be had; the
# namespaces and their daemons are removed whatever happens (teardown_file).

load lib
# shellcheck source=../lib/netns-hosts.sh
source "$BATS_TEST_DIRNAME/../lib/netns-hosts.sh"

# The mutants of the spread campaign, and those of the campaign that loses a host.
# (Deterministic ones only, so that a local run and a spread one must agree: not rcu-rewrite
# of call_rcu.c, whose 'call_rcu(...)' as a direct call in rcu_barrier() is killed only
# sometimes: it was detected here and survived on the hosts in one run on a loaded machine.
# Quick ones too: the statement deletions of rcu-list.c crash or fail a reader within a second,
# where those of call_rcu.c mostly stall, each for the torture's stall limit.)
SPREAD=(--files rcu-list.c --operators sdl)
KILLED=(--files rcu-list.c --operators 'sdl,rcu-rewrite')
# Short torture runs, one baseline run each, the quick pass only.
QUICK=(--duration 0.3 --baseline-runs 1 --no-confirm)

# toy_campaign DB: a toy-rcu campaign DB, set up, with the mutants of rcu-list.c.
toy_campaign() {
	mt init --db "$1" --target toy-rcu
	mt run --db "$1" --setup-only
	mt init --db "$1" --root "$1.d/pristine"
	mt generate --db "$1" --root "$1.d/pristine" --rules liburcu --rules c11 rcu-list.c >/dev/null
}

setup_file() {
	export HOSTS_WHY='' HOSTS_DIR="$BATS_FILE_TMPDIR/hosts"
	if ! HOSTS_WHY=$(nshosts_why_not); then return 0; fi
	nshosts_up "$HOSTS_DIR" 2 1
	export PARALLEL_SSH
}

teardown_file() {
	nshosts_down "$HOSTS_DIR"
}

setup() {
	if [[ -n $HOSTS_WHY ]]; then skip "no namespace hosts: $HOSTS_WHY"; fi
}

# verdicts DB ARGS...: prints 'MUTANT VERDICT' of the selected mutants, sorted: the status,
# with killed and timeout as 'detected' (a mutant that hangs some runs and fails others is
# either, by a race of its threads; the score counts both alike).
verdicts() {
	local db=$1
	shift
	mt list --db "$db" "$@" --format tsv | cut -f1,7 | sed 's/\t\(killed\|timeout\)$/\tdetected/' | sort
}

# count DB SQL: a count from a database a run may be writing (waits for its lock).
count() {
	sqlite3 -readonly -batch -noheader -cmd '.timeout 10000' "$1" "$2"
}

# once DB: fails unless every mutant has at most one torture attempt in each round of each run
# (an attempt is TOKEN.ROUND.SEQ: without its SEQ digits, the run and round).
once() {
	[ -z "$(query "$1" "SELECT mutant_id FROM result WHERE kind = 'torture'
		GROUP BY mutant_id, rtrim(attempt, '0123456789') HAVING count(*) > 1")" ]
}

@test "the dry run checks each host: reachable, tools, disk space" {
	local work
	work=$(scratch)
	mt init --db "$work/dry.db" --target toy-rcu
	run mt run --db "$work/dry.db" --dry-run --hosts "$HOSTS_DIR/hosts"
	[ "$status" -eq 0 ]
	[[ $output == *'1/h1'*'ok: 1 jobs'* ]]
	[[ $output == *'1/h2'*'ok: 1 jobs'* ]]
	# A host that does not answer fails the check, by name.
	printf '1/h1\n1/h9\n' >"$work/bad-hosts"
	printf 'Host h9\n  HostName 192.0.2.1\n' >>"$HOSTS_DIR/ssh_config"
	run mt run --db "$work/dry.db" --dry-run --hosts "$work/bad-hosts"
	[ "$status" -ne 0 ]
	[[ $output == *'1/h9'*'FAILED: ssh failed'* ]]
	[[ $output == *'1/h1'*'ok: 1 jobs'* ]]
	sed -i '/^Host h9$/,$d' "$HOSTS_DIR/ssh_config"
	# A host that never answers (an ssh command that hangs, as ssh does for an address that
	# drops packets) fails the check by name within MUTORTURE_HOST_TIMEOUT, not never.
	printf '#!/bin/sh\nexec sleep 600\n' >"$work/hang-ssh"
	chmod +x "$work/hang-ssh"
	printf '1/h1\n1/%s h8\n' "$work/hang-ssh" >"$work/hang-hosts"
	MUTORTURE_HOST_TIMEOUT=3 run timeout 120 "$MUTORTURE_BIN" run --db "$work/dry.db" --dry-run --hosts "$work/hang-hosts"
	[ "$status" -ne 0 ] && [ "$status" -ne 124 ]
	[[ $output == *'h8'*'FAILED: ssh failed: no answer within 3 s'* ]]
	[[ $output == *'1/h1'*'ok: 1 jobs'* ]]
}

@test "a campaign spread over two hosts: each mutant once, from both hosts, as a local run decides" {
	local work local_db hosts_db n id dir quick_host host duration
	work=$(scratch)
	local_db="$work/local.db"
	hosts_db="$work/hosts.db"
	run mt campaign toy-rcu --db "$local_db" --jobs 2 "${SPREAD[@]}" "${QUICK[@]}"
	[ "$status" -eq 0 ]
	run mt campaign toy-rcu --db "$hosts_db" "${SPREAD[@]}" "${QUICK[@]}" --hosts "$HOSTS_DIR/hosts"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *'host h1: transferring the pristine tree'* ]]
	[[ $output == *'host h2: baseline passed'* ]]
	# Nothing pending, each mutant once, the torture jobs on both hosts and nowhere else.
	[ "$(mt list --db "$hosts_db" "${SPREAD[@]}" --pending --format ids | wc -l)" -eq 0 ]
	once "$hosts_db"
	n=$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'torture'")
	[ "$n" -ge 4 ]
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host = 'h1'")" -ge 1 ]
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host = 'h2'")" -ge 1 ]
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host IN ('h1', 'h2')")" -eq "$n" ]
	# status shows what each host ran.
	run mt status --db "$hosts_db"
	[[ $output == *'hosts: torture and control runs by the host that ran them'* ]]
	[[ $output == *$'\n  h1 '*' runs: '*$'\n  h2 '*' runs: '* ]]
	# So does the report, and every remote job left its worker tree as its inventory says (no
	# job log says the tree was made again: the hosts' trees are readied as local ones are).
	run mt report --db "$hosts_db"
	[[ $output == *'## Hosts'* && $output == *$'\n| h1 | '* && $output == *$'\n| h2 | '* ]]
	run grep -rl 'worker tree .* changed' "$hosts_db.d/logs"
	[ "$status" -eq 1 ]
	# Each host measured its own baseline.
	[ "$(query "$hosts_db" "SELECT count(DISTINCT host) FROM result WHERE kind = 'baseline' AND host IN ('h1', 'h2')")" -eq 2 ]
	# The same verdicts as on this machine (toy-rcu's kills of these mutants are certain).
	verdicts "$local_db" "${SPREAD[@]}" >"$work/local.verdicts"
	verdicts "$hosts_db" "${SPREAD[@]}" >"$work/hosts.verdicts"
	diff "$work/local.verdicts" "$work/hosts.verdicts"
	# The evidence came back: every torture attempt's log directory, with its torture log.
	while IFS='|' read -r id dir; do
		[ -f "$dir/record" ] || fail "no logs of $id in '$dir'"
		[[ $dir == "$hosts_db.d/logs/"* ]] || fail "log_dir '$dir' is not local"
	done < <(query "$hosts_db" "SELECT mutant_id, log_dir FROM result WHERE kind = 'torture'")
	pristine_unchanged "$hosts_db"
	[ -z "$(leftovers "$hosts_db.d")" ]

	# A second run reuses what the hosts have (no transfer) and drops a host that does not
	# answer, by name; a quick pass and a confirmation round, each under its own timeouts.
	printf 'Host h9\n  HostName 192.0.2.1\n' >>"$HOSTS_DIR/ssh_config"
	cat "$HOSTS_DIR/hosts" - <<<'1/h9' >"$work/hosts"
	run mt run --db "$hosts_db" --files rcu-list.c --max-mutants 3 --baseline-runs 1 \
		--quick-duration 0.2 --duration 0.3 --confirm 1 --control-every 2 --hosts "$work/hosts"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output != *'transferring'* && $output != *'installing'* ]]
	[[ $output == *'host h9 dropped: ssh failed'* ]]
	[[ $output == *'running on 2 hosts: 1/h1 1/h2'* ]]
	once "$hosts_db"
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'control' AND host IN ('h1', 'h2')")" -ge 1 ]
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE kind = 'torture' AND duration = 0.2")" -ge 1 ]
	[ "$(query "$hosts_db" "SELECT count(*) FROM result WHERE status = 'error'")" -eq 0 ]
	# A survivor of its 0.2-s run went on in its job on its host: a 0.3-s run (TOKEN.1.SEQ.2)
	# from the same host, its log brought back into the job's log directory (run-2/).
	query "$hosts_db" "SELECT q.host || ' ' || c.host || ' ' || c.duration || ' ' || c.log_dir FROM result c
		JOIN result q ON c.attempt = q.attempt || '.2' WHERE c.kind = 'torture'" >"$work/confirming"
	[ -s "$work/confirming" ]
	while read -r quick_host host duration dir; do
		[ "$quick_host" = "$host" ] && [[ $host == h[12] ]] && [ "$duration" = 0.3 ]
		[[ $dir == */run-2 ]] && [ -n "$(find "$dir" -name '*.log')" ]
	done <"$work/confirming"

	# Again with the same knobs: each host's baseline holds, none is measured.
	run mt run --db "$hosts_db" --files rcu-list.c --max-mutants 4 --baseline-runs 1 \
		--quick-duration 0.2 --duration 0.3 --confirm 1 --control-every 2 --hosts "$HOSTS_DIR/hosts"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *'host h1: the baseline of an earlier run holds (timeouts: h1 '* ]]
	[[ $output == *'host h2: the baseline of an earlier run holds'* ]]
	[[ $output != *'host h1: baseline: building'* ]]
	once "$hosts_db"
}

@test "a host whose baseline fails is dropped, by name, and the campaign runs on the other" {
	local work db
	work=$(scratch)
	db="$work/broken.db"
	# make fails on host 2: its baseline build cannot pass.
	nshosts_break "$HOSTS_DIR" 2 /usr/bin/make
	run mt campaign toy-rcu --db "$db" --files rcu-list.c --max-mutants 2 "${QUICK[@]}" --hosts "$HOSTS_DIR/hosts"
	nshosts_mend "$HOSTS_DIR" 2 /usr/bin/make
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *'host h2 dropped: baseline build in worker tree 1: clone_error'* ]]
	[[ $output == *'running on 1 hosts: 1/h1'* ]]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host = 'h1'")" -ge 1 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind IN ('torture', 'control') AND host <> 'h1'")" -eq 0 ]
}

@test "kill -9 of a run on the hosts, then run again: nothing lost, nothing twice, nothing left on the hosts" {
	local work db pid n ns p token
	work=$(scratch)
	db="$work/resumed.db"
	toy_campaign "$db"
	"$MUTORTURE_BIN" run --db "$db" "${KILLED[@]}" "${QUICK[@]}" --no-prune --control-every 0 \
		--hosts "$HOSTS_DIR/hosts" >"$work/killed.out" 2>&1 &
	pid=$!
	# (Up to 10 minutes: on a loaded machine the hosts' setup and baselines alone took over 2.)
	for ((n = 0; n < 6000; n++)); do
		(($(count "$db" "SELECT count(*) FROM result WHERE kind = 'torture'") >= 3)) && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -9 "$pid"
	wait "$pid" || true
	cat "$work/killed.out"
	token=$(run_token "$db")
	[ -n "$token" ]
	[ "$(mt list --db "$db" "${KILLED[@]}" --pending --format ids | wc -l)" -gt 0 ]
	run mt run --db "$db" "${KILLED[@]}" "${QUICK[@]}" --no-prune --control-every 0 --hosts "$HOSTS_DIR/hosts"
	echo "$output"
	[ "$status" -eq 0 ]
	# What the killed run left (its GNU parallel, its ssh clients): gone.
	orphans_gone "$token"
	[ "$(mt list --db "$db" "${KILLED[@]}" --pending --format ids | wc -l)" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture'")" -eq \
		"$(query "$db" "SELECT count(DISTINCT mutant_id) FROM result WHERE kind = 'torture'")" ]
	# The killed run's jobs on the hosts ended with their ssh connections: only sshd is left.
	while IFS= read -r ns; do
		for p in $(ip netns pids "$ns"); do
			[ "$(ps -o comm= -p "$p" || echo sshd)" = sshd ] || fail "process $p ($(ps -o args= -p "$p")) left in $ns"
		done
	done <"$HOSTS_DIR/netns"
}

@test "gaps try over the hosts: the change reaches each host, its controls run there, it closes what a local try closes" {
	local work db id
	work=$(scratch)
	db="$work/gaps.db"
	toy_campaign "$db"
	mt generate --db "$db" --root "$db.d/pristine" --rules liburcu --rules c11 --function synchronize_rcu \
		--operators ror,cond qsbr.c >/dev/null
	# The qsbr survivors only a registered reader that waits for a grace period kills
	# (tests/gaps/gaps.bats has the local try of the same change).
	{
		mutant_where "$db" ror synchronize_rcu "'!=' -> '=='"
		mt list --db "$db" --operators cond --function synchronize_rcu --format tsv |
			awk -F '\t' '$3 == 82 && ($8 ~ /-> .0.$/ || $8 ~ /-> .1.$/) { print $1 }'
	} >"$work/ids"
	[ "$(wc -l <"$work/ids")" -eq 3 ]
	mt run --db "$db" --jobs 2 --mutants "@$work/ids" --quick-duration 0.3 --duration 0.5 --confirm 2 \
		--baseline-runs 1 >/dev/null 2>&1
	while read -r id; do mt triage --db "$db" "$id" test-gap --gap registered-updaters --note n >/dev/null; done <"$work/ids"
	run mt gaps try --db "$db" reader-sync --duration 0.5 --confirm 2 --controls 2 --hosts "$HOSTS_DIR/hosts"
	echo "$output"
	[ "$status" -eq 0 ]
	# Each host measured its own controls (2 runs of the change's scenario), under the change.
	[ "$(query "$db" "SELECT host || ':' || count(*) FROM change_control WHERE status = 'survived'
		AND scenario = 'qsbr-rsync' GROUP BY host" | sort)" = "$(printf '%s\n' "$HOSTNAME:2" h1:2 h2:2 | sort)" ]
	# The survivors ran on the hosts, and the two a registered caller hangs are closed.
	[ "$(query "$db" "SELECT count(*) FROM change_result WHERE kind = 'torture' AND host IN ('h1', 'h2')")" -ge 3 ]
	[ "$(query "$db" "SELECT count(*) FROM change_mutant WHERE kills = 1 AND attempts = 1")" -eq 2 ]
	[ "$(query "$db" "SELECT count(*) FROM change_mutant WHERE kills = 0 AND attempts = 2")" -eq 1 ]
	pristine_unchanged "$db"
}

@test "one host killed mid-campaign: nothing lost, nothing counted twice, the other finishes" {
	local work db pid n before rc
	work=$(scratch)
	db="$work/killed.db"
	toy_campaign "$db"
	"$MUTORTURE_BIN" run --db "$db" "${KILLED[@]}" --max-mutants 14 "${QUICK[@]}" --no-prune --control-every 0 \
		--hosts "$HOSTS_DIR/hosts" >"$work/run.out" 2>&1 &
	pid=$!
	# Host 1 dies once it has recorded two results, likely with a job in flight.
	for ((n = 0; n < 6000; n++)); do
		(($(count "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host = 'h1'") >= 2)) && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	before=$(count "$db" "SELECT count(*) FROM result WHERE kind = 'torture'")
	nshosts_kill "$HOSTS_DIR" 1
	rc=0
	wait "$pid" || rc=$?
	cat "$work/run.out"
	[ "$rc" -eq 0 ]
	[ "$before" -lt 14 ] || fail "the campaign ended before the host was killed"
	grep -q 'host h1 FAILED' "$work/run.out"
	# Every mutant recorded exactly once; those after the kill on host 2.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture'")" -eq 14 ]
	[ "$(mt list --db "$db" "${KILLED[@]}" --status killed,survived,timeout,build_error --format ids | wc -l)" -eq 14 ]
	once "$db"
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND host = 'h2'")" -ge $((14 - before)) ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'torture' AND status = 'error'")" -eq 0 ]
	pristine_unchanged "$db"
}
