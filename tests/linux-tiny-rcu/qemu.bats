#!/usr/bin/env bats
# Tests of targets/lib/linux/qemu.sh that need no kernel: a guest that dies before its console
# prints a line is a kill, qemu that fails to start an error; the guest's hang limit follows
# the runner's torture timeout (MUTORTURE_TEST_TIMEOUT), and a guest that never stops is cut
# at that limit and judged a hang, with the line that says so in its log (qemu_test with a
# stand-in qemu-system-x86_64 that prints a console line and sleeps); and target_recheck
# judges what target_test printed (the console, then its own reason line) as verdict.sh
# judges the console, the reason line left out.

setup() {
	TARGET_DIR=$(cd "$BATS_TEST_DIRNAME/../../targets/linux-tiny-rcu" && pwd)
	# shellcheck source=../../targets/linux-tiny-rcu/target.sh
	source "$TARGET_DIR/target.sh"
	LOGS="$BATS_TEST_DIRNAME/logs"
	unset MUTORTURE_TEST_TIMEOUT MUTORTURE_DURATION
}

# saved_output LOG: what target_test printed for a run whose console was LOG: the console, an
# empty line, then verdict.sh's own output (the reason line on a kill).
saved_output() {
	cat "$1"
	printf '\n'
	"$LINUX_LIB/verdict.sh" "$1" || true
}

@test "the hang limit is the runner's torture timeout less the margin; duration + 60 s without one" {
	[ "$LINUX_HANG_MARGIN" -eq 5 ]
	[ "$(qemu_limit 30)" -eq 90 ]
	[ "$(MUTORTURE_TEST_TIMEOUT=105 qemu_limit 30)" -eq 100 ]
	[ "$(MUTORTURE_TEST_TIMEOUT=36 qemu_limit 10)" -eq 31 ]
	# Fractions round up first; the limit is never below a second.
	[ "$(MUTORTURE_TEST_TIMEOUT=35.2 qemu_limit 10)" -eq 31 ]
	[ "$(MUTORTURE_TEST_TIMEOUT=3 qemu_limit 10)" -eq 1 ]
	# Anything but a number of seconds is no timeout.
	[ "$(MUTORTURE_TEST_TIMEOUT=soon qemu_limit 10)" -eq 70 ]
}

@test "a guest that never stops is stopped at the runner's timeout less the margin and judged a hang" {
	local tree="$BATS_TEST_TMPDIR/tree" bin="$BATS_TEST_TMPDIR/bin" start elapsed
	mkdir -p "$tree/.build-TINY01" "$tree/.mutorture" "$bin"
	: >"$tree/.build-TINY01/vmlinux"
	: >"$tree/.mutorture/initrd.cpio"
	# A stand-in qemu: the pid file, one console line, then nothing, for good.
	cat >"$bin/qemu-system-x86_64" <<-'EOF'
		#!/bin/bash
		while (($#)); do
			if [[ $1 == -pidfile ]]; then echo $$ >"$2"; fi
			shift
		done
		printf '[    0.100000] Linux version 6.1 (stand-in)\r\n'
		exec sleep 600
	EOF
	chmod +x "$bin/qemu-system-x86_64"
	start=$SECONDS
	PATH="$bin:$PATH" MUTORTURE_DURATION=1 MUTORTURE_TEST_TIMEOUT=8 run qemu_test "$tree" TINY01-rcu
	elapsed=$((SECONDS - start))
	[ "$status" -eq 124 ]
	[[ $output == *"mutorture-timeout: the guest did not stop within 3 s"* ]]
	[[ ${lines[-1]} == "mutorture-reason: mutorture-timeout: the guest did not stop within 3 s" ]]
	# Well before the runner's own timeout (8 s) would have ended it without a verdict.
	((elapsed >= 3 && elapsed < 8))
	grep -q '^mutorture-timeout: the guest did not stop within 3 s' "$tree/.mutorture/runs/TINY01-rcu/console.log"
	# The saved output judged again says the same.
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/hang.log"
	run target_recheck "$BATS_TEST_TMPDIR/hang.log" TINY01-rcu
	[ "$status" -eq 124 ]
	[ "$output" = "mutorture-reason: mutorture-timeout: the guest did not stop within 3 s" ]
}

@test "a guest that stops before its console prints a line is a kill; qemu that fails to start is an error" {
	local tree="$BATS_TEST_TMPDIR/tree" bin="$BATS_TEST_TMPDIR/bin"
	mkdir -p "$tree/.build-TINY01" "$tree/.mutorture" "$bin"
	: >"$tree/.build-TINY01/vmlinux"
	: >"$tree/.mutorture/initrd.cpio"
	# A kernel that dies before its serial console exists: qemu exits 0 (-no-reboot), no output.
	printf '#!/bin/bash\nexit 0\n' >"$bin/qemu-system-x86_64"
	chmod +x "$bin/qemu-system-x86_64"
	PATH="$bin:$PATH" MUTORTURE_DURATION=1 run qemu_test "$tree" TINY01-rcu
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = "mutorture-reason: no End of test line before the guest stopped" ]
	# qemu itself failing (its own error, a non-zero status) is no verdict on the kernel.
	printf '#!/bin/bash\necho "qemu-system-x86_64: cannot set up guest memory" >&2\nexit 1\n' >"$bin/qemu-system-x86_64"
	PATH="$bin:$PATH" MUTORTURE_DURATION=1 run qemu_test "$tree" TINY01-rcu
	[ "$status" -eq 128 ]
	[[ $output == *"fatal: qemu did not start: qemu-system-x86_64: cannot set up guest memory"* ]]
}

@test "target_recheck judges saved target_test output as verdict.sh judges the console" {
	local log expected code
	for log in "$LOGS"/*.log; do
		saved_output "$log" >"$BATS_TEST_TMPDIR/saved.log"
		code=0
		expected=$("$LINUX_LIB/verdict.sh" "$log") || code=$?
		run target_recheck "$BATS_TEST_TMPDIR/saved.log" TINY01-rcu
		[ "$status" -eq "$code" ]
		[ "$output" = "$expected" ]
	done
	# The reason line target_test appends is not console: a clean run stays clean even if the
	# line names a failure the rules know.
	{ cat "$LOGS/TINY01-rcu-success.log"; printf '\nmutorture-reason: WARNING: CPU: 0 PID: 1 at x\n'; } >"$BATS_TEST_TMPDIR/saved.log"
	run target_recheck "$BATS_TEST_TMPDIR/saved.log" TINY01-rcu
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}
