#!/usr/bin/env bats
# Tests of targets/lib/linux/verdict.sh, one rule each, on real console logs saved
# from runs (logs/) and on logs made from them by inserting one console line.

setup() {
	VERDICT="$BATS_TEST_DIRNAME/../../targets/lib/linux/verdict.sh"
	LOGS="$BATS_TEST_DIRNAME/logs"
	CLEAN="$LOGS/TINY01-rcu-success.log"
	LOG="$BATS_TEST_TMPDIR/console.log"
}

# with_line LINE: writes $LOG, the clean log with LINE (a CRLF console line with a
# timestamp) inserted just before its `End of test` line.
with_line() {
	awk -v line="[   20.000001] $1"$'\r' '/End of test/ { print line } { print }' "$CLEAN" >"$LOG"
}

# judged_killed_by TEXT: the verdict on $LOG is killed, with reason TEXT.
judged_killed_by() {
	run "$VERDICT" "$LOG"
	[ "$status" -eq 1 ]
	[ "$output" = "mutorture-reason: $1" ]
}

@test "a clean saved run passes silently" {
	run "$VERDICT" "$CLEAN"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "the verdict is the same when the log streams on stdin" {
	run "$VERDICT" <"$CLEAN"
	[ "$status" -eq 0 ]
	with_line 'WARNING: CPU: 0 PID: 38 at kernel/rcu/rcutorture.c:1363 rcu_torture_writer+0x3a5/0x3d0'
	run "$VERDICT" <"$LOG"
	[ "$status" -eq 1 ]
	[ "$output" = "mutorture-reason: WARNING: CPU: 0 PID: 38 at kernel/rcu/rcutorture.c:1363 rcu_torture_writer+0x3a5/0x3d0" ]
}

@test "saved run of the gp_seq mutant: End of test says SUCCESS, the WARNING kills it" {
	grep -q 'End of test: SUCCESS' "$LOGS/sync-no-gp-seq.log"
	grep -q 'Cookie check .* failed' "$LOGS/sync-no-gp-seq.log"
	run "$VERDICT" "$LOGS/sync-no-gp-seq.log"
	[ "$status" -eq 1 ]
	[ "$output" = "mutorture-reason: WARNING: CPU: 0 PID: 10 at kernel/rcu/rcutorture.c:1321 do_rtws_sync.constprop.0+0x16d/0x177" ]
}

@test "saved run of the SRCU no-wait mutant ends in FAILURE and is killed" {
	grep -q 'End of test: FAILURE' "$LOGS/srcu-gp-no-wait.log"
	run "$VERDICT" "$LOGS/srcu-gp-no-wait.log"
	[ "$status" -eq 1 ]
	[ "$output" = "mutorture-reason: srcud-torture: !!! " ]
}

@test "a lockdep report is named by its title, the line after its rule of '='s" {
	# Saved from a Tree SRCU mutant on SRCU-P (srcu_gp_start() without spin_lock_rcu_node()).
	sed -n '/=====/,/bad unlock balance/p' "$LOGS/srcup-bad-unlock.log" | grep -q 'WARNING: bad unlock balance detected!'
	run "$VERDICT" "$LOGS/srcup-bad-unlock.log"
	[ "$status" -eq 1 ]
	[ "$output" = "mutorture-reason: WARNING: bad unlock balance detected!" ]
	# A rule that ends the log is its own reason.
	printf '[    0.072242] =====================================\r\n' >"$LOG"
	judged_killed_by '====================================='
}

@test "End of test: FAILURE kills" {
	with_line 'rcu-torture:--- End of test: FAILURE: nreaders=1 nfakewriters=4'
	judged_killed_by 'rcu-torture:--- End of test: FAILURE: nreaders=1 nfakewriters=4'
}

@test "an error counter line (-torture ... !!!) kills" {
	with_line 'rcu-torture: !!! Reader Pipe:  165063 2 0 0 0 0 0 0 0 0 0'
	judged_killed_by 'rcu-torture: !!! Reader Pipe:  165063 2 0 0 0 0 0 0 0 0 0'
}

@test "a WARNING kills even when End of test says SUCCESS" {
	with_line 'WARNING: CPU: 0 PID: 38 at kernel/rcu/rcutorture.c:1363 rcu_torture_writer+0x3a5/0x3d0'
	grep -q 'End of test: SUCCESS' "$LOG"
	judged_killed_by 'WARNING: CPU: 0 PID: 38 at kernel/rcu/rcutorture.c:1363 rcu_torture_writer+0x3a5/0x3d0'
}

@test "Call Trace kills" {
	with_line 'Call Trace:'
	judged_killed_by 'Call Trace:'
}

@test "BUG kills" {
	with_line 'BUG: kernel NULL pointer dereference, address: 0000000000000008'
	judged_killed_by 'BUG: kernel NULL pointer dereference, address: 0000000000000008'
}

@test "Oops kills" {
	with_line 'Oops: 0000 [#1] NOPTI'
	judged_killed_by 'Oops: 0000 [#1] NOPTI'
}

@test "Kernel panic kills" {
	with_line 'Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009'
	judged_killed_by 'Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009'
}

@test "a lockdep splat kills, named by the title under its banner" {
	awk '/End of test/ { print "[   20.000001] ============================================\r"
		print "[   20.000002] WARNING: possible recursive locking detected\r" } { print }' "$CLEAN" >"$LOG"
	judged_killed_by 'WARNING: possible recursive locking detected'
}

@test "Badness kills" {
	with_line 'Badness at kernel/rcu/tiny.c:61'
	judged_killed_by 'Badness at kernel/rcu/tiny.c:61'
}

@test "RCU CPU stall reports kill" {
	with_line 'rcu: INFO: rcu_sched self-detected stall on CPU'
	judged_killed_by 'rcu: INFO: rcu_sched self-detected stall on CPU'
	with_line 'rcu: INFO: rcu_sched detected stalls on CPUs/tasks:'
	judged_killed_by 'rcu: INFO: rcu_sched detected stalls on CPUs/tasks:'
}

@test "an rcutorture writer stall kills" {
	with_line '??? Writer stall state RTWS_SYNC(7) g604 f0x0 ->state 0x2 cpu 0'
	judged_killed_by '??? Writer stall state RTWS_SYNC(7) g604 f0x0 ->state 0x2 cpu 0'
}

@test "a starved RCU kthread kills" {
	with_line 'rcu: rcu_sched kthread starved for 2501 jiffies! g1234 f0x0'
	judged_killed_by 'rcu: rcu_sched kthread starved for 2501 jiffies! g1234 f0x0'
}

@test "an RCU_HOTPLUG end of test kills" {
	with_line 'rcu-torture:--- End of test: RCU_HOTPLUG: nreaders=1'
	judged_killed_by 'rcu-torture:--- End of test: RCU_HOTPLUG: nreaders=1'
}

@test "a ver: that does not advance kills (grace-period hang)" {
	local last stats
	last=$(grep -o "ver: [0-9]*" "$CLEAN" | tail -n 1)
	last="${last#ver: }"
	stats="rcu-torture: rtc: 00000000abb298f4 ver: $last tfle: 0 rta: 311 rtaf: 0 rtf: 301"
	with_line "$stats"
	judged_killed_by "ver did not advance past $last: $stats"
}

@test "a ver: that goes back kills" {
	local last
	last=$(grep -o "ver: [0-9]*" "$CLEAN" | tail -n 1)
	with_line "rcu-torture: rtc: 00000000abb298f4 ver: 12 tfle: 0 rta: 13"
	judged_killed_by "ver did not advance past ${last#ver: }: rcu-torture: rtc: 00000000abb298f4 ver: 12 tfle: 0 rta: 13"
}

@test "statistics lines without a current element do not count as versions" {
	with_line 'rcu-torture: rtc: 0000000000000000 ver: 0 tfle: 1 rta: 0'
	run "$VERDICT" "$LOG"
	[ "$status" -eq 0 ]
	with_line 'rcu-torture: rtc: (null) ver: 0 tfle: 1 rta: 0'
	run "$VERDICT" "$LOG"
	[ "$status" -eq 0 ]
}

@test "a guest that stops before End of test is killed" {
	awk '/End of test/ { exit } { print }' "$CLEAN" >"$LOG"
	judged_killed_by 'no End of test line before the guest stopped'
}

@test "an empty console is killed" {
	: >"$LOG"
	judged_killed_by 'no End of test line before the guest stopped'
}

@test "the timeout line of target_test gives 124" {
	awk '/End of test/ { exit } { print }' "$CLEAN" >"$LOG"
	echo 'mutorture-timeout: the guest did not stop within 70 s' >>"$LOG"
	run "$VERDICT" "$LOG"
	[ "$status" -eq 124 ]
	[ "$output" = "mutorture-reason: mutorture-timeout: the guest did not stop within 70 s" ]
}

@test "a failure after End of test: SUCCESS still kills" {
	awk '/reboot: Power down/ { print "[   34.000001] Oops: 0002 [#1] NOPTI\r" } { print }' "$CLEAN" >"$LOG"
	judged_killed_by 'Oops: 0002 [#1] NOPTI'
}

@test "reboot: Power down ends the run (the guest halts there): nothing after it is read" {
	grep -q 'reboot: Power down' "$CLEAN"
	cp "$CLEAN" "$LOG"
	printf '[   34.000001] Oops: 0002 [#1] NOPTI\r\n' >>"$LOG"
	run "$VERDICT" "$LOG"
	[ "$status" -eq 0 ]
	awk '/End of test/ { exit } { print }' "$CLEAN" >"$LOG"
	printf '[   34.000001] reboot: Power down\r\n[   35.000001] rcu-torture:--- End of test: SUCCESS\r\n' >>"$LOG"
	judged_killed_by 'no End of test line before the guest stopped'
}

@test "the first failing line decides" {
	with_line 'Call Trace:'
	awk '/Call Trace:/ { print "[   19.000001] BUG: unable to handle page fault\r" } { print }' "$LOG" >"$LOG.2"
	mv "$LOG.2" "$LOG"
	judged_killed_by 'BUG: unable to handle page fault'
}

@test "lines the kernel's console-badness.sh ignores are ignored" {
	for line in 'ODEBUG: object 000000006a3c7e1b is on stack, but NOT annotated.' \
		'**   This means that this is a DEBUG kernel and it is   **' \
		'Warning: unable to open an initial console.' \
		'NOHZ tick-stop error: Non-RCU local softirq work is pending, handler #08!!!'; do
		with_line "$line"
		run "$VERDICT" "$LOG"
		[ "$status" -eq 0 ]
	done
}

@test "a softirq handler that leaks a preempt count kills (not in the kernel's own rules)" {
	with_line 'softirq: huh, entered softirq 9 RCU 000000005ec44d8e with preempt_count 00000100, exited with 00000700?'
	judged_killed_by 'softirq: huh, entered softirq 9 RCU 000000005ec44d8e with preempt_count 00000100, exited with 00000700?'
}
