#!/bin/bash
# Usage: verdict.sh [CONSOLE_LOG]
#
# Judges one rcutorture console log, read from CONSOLE_LOG or from stdin while it
# streams. A pure post-processor: the same log always gives the same verdict, so old
# runs can be re-judged when these rules change. The rules follow the kernel's own
# tools/testing/selftests/rcutorture/bin/parse-console.sh and console-badness.sh:
#
#   exit 0    `End of test: SUCCESS` seen, and nothing below before the end of the log
#             (or `reboot: Power down`, where the guest halts);
#   exit 1    killed: the first line that shows a failure decides, read stops there
#             (so a streaming caller can stop the guest at once):
#               FAILURE (e.g. `End of test: FAILURE`), `-torture.*!!!` (error counters,
#               Reader Pipe), console badness (WARNING:, Warn, BUG, Badness, Oops:,
#               Call Trace:, a lockdep `====` banner, stall and kthread-starvation
#               reports, `??? Writer stall state`, any `!!!`), `Kernel panic`, a softirq
#               handler that leaked a preempt count (`huh, entered softirq`),
#               `End of test: RCU_HOTPLUG`, a `ver:` that does not advance from one
#               statistics line to the next; or, at the end of the log, no
#               `End of test` line at all (the guest stopped early);
#   exit 124  the log holds the `mutorture-timeout:` line that target_test writes
#             when the guest did not stop by itself.
#
# On exit 1 or 124 it prints `mutorture-reason: TEXT` on stdout, TEXT being the
# deciding console line without its timestamp (stable across runs, so kill reasons
# group in reports). Console lines the kernel's rules ignore are ignored here too.
set -euo pipefail

# Bash, not awk: it reads a pipe line by line (mawk would wait for a full buffer),
# so a streaming caller learns of a failure as soon as the line arrives.

# Console lines console-badness.sh ignores.
benign='ODEBUG: |This means that this is a DEBUG kernel and it is|Warning: unable to open an initial console|Warning: Failed to add ttynull console\. No stdin, stdout, and stderr|NOHZ tick-stop error: Non-RCU local softirq work is pending, handler'
# Lines that show a failure (parse-console.sh, console-badness.sh, plus Kernel panic, and
# softirq.c's "huh, entered softirq" report of a handler that leaked a preempt count: a
# triaged survivor printed it a thousand times and passed the kernel's rules).
failure='FAILURE|huh, entered softirq|-torture.*!!!|End of test: RCU_HOTPLUG|Kernel panic|Badness|WARNING:|Warn|BUG|===========|Call Trace:|Oops:|detected stalls on CPUs/tasks:|self-detected stall on CPU|Stall ended before state dump start|\?\?\? Writer stall state|rcu_.*kthread starved for|!!!'
# A statistics line with the writer's version; without a current element (null or
# zero rtc pointer) the version does not count.
stats='torture:.*ver: ([^ ]*)'
no_current='\(null\)|rtc: 0+ '

# decide CODE TEXT: prints the kill reason and exits with CODE.
decide() {
	printf 'mutorture-reason: %s\n' "$2"
	exit "$1"
}

# untimed RAW: the console line RAW without its carriage return and timestamp, in $line.
untimed() {
	raw="${1%$'\r'}"
	line="$raw"
	if [[ "$raw" =~ ^\[\ *[0-9]+\.[0-9]+\]\ (.*)$ ]]; then
		line="${BASH_REMATCH[1]}"
	fi
}

[[ $# -eq 0 ]] || exec <"$1"
last_ver=0
success=0
while IFS= read -r raw || [[ -n "$raw" ]]; do
	untimed "$raw"
	# The guest halts here (no ACPI to power it off): the run is over.
	[[ "$line" != "reboot: Power down" ]] || break
	[[ "$raw" != mutorture-timeout:* ]] || decide 124 "$line"
	[[ ! "$raw" =~ $benign ]] || continue
	if [[ "$raw" =~ $failure ]]; then
		# Lockdep opens its reports with a rule of '='s; the report's title on the next line
		# ("WARNING: bad unlock balance detected!") says what failed.
		if [[ "$line" =~ ^=+$ ]] && IFS= read -r raw; then
			untimed "$raw"
		fi
		decide 1 "$line"
	fi
	# The writer version must grow between statistics lines (parse-console.sh:
	# GP HANG or BAD SEQ).
	if [[ "$raw" =~ $stats ]]; then
		version="${BASH_REMATCH[1]}"
		[[ ! "$raw" =~ $no_current ]] || continue
		[[ "$version" =~ ^[0-9]+$ ]] && ((version > last_ver)) ||
			decide 1 "ver did not advance past $last_ver: $line"
		last_ver="$version"
	fi
	[[ ! "$raw" =~ End\ of\ test:\ SUCCESS ]] || success=1
done
((success)) || decide 1 'no End of test line before the guest stopped'
