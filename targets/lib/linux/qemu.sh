# shellcheck shell=bash
# Torture runs of a Linux target: one scenario's kernel booted under qemu with rcutorture's
# command line, its console streamed through verdict.sh, the guest stopped at the first
# certain failure.
#
# Sourced by target.sh after kbuild.sh; defines functions only. Reads the target's
# declarations: LINUX_DEFAULT_DURATION, LINUX_GRACE, LINUX_HANG_MARGIN, LINUX_CPUS (or, when
# the target defines it, linux_config_cpus CONFIG: the guest's CPUs for a kernel config),
# linux_scenario, LINUX_FIRMWARE (optional: qemu's -bios); judges with LINUX_LIB/verdict.sh.
# Invariants:
# - A run writes only into DIR/.mutorture/runs/SCENARIO/ (console.log, qemu.err, qemu.rc, verdict):
#   the evidence a verdict can be re-judged from (verdict.sh console.log; the runner keeps
#   what target_test printed, which qemu_recheck judges).
# - qemu and every helper stay in the caller's process group (the runner's kill reaches
#   them); qemu's own limit (qemu_limit) comes from the runner's torture timeout, which comes
#   from its baseline, so a guest slowed by a loaded host is not called hung.

# qemu_stat_interval DURATION: seconds between rcutorture statistics lines, or 0 for
# only the final one. Two consecutive lines must be more than one stutter pause (5 s)
# apart, or a paused writer would look like a grace-period hang (ver not advancing);
# this includes the last periodic line and the end-of-test one.
qemu_stat_interval() {
	local duration="$1" interval=$(($1 / 2))
	while ((interval >= 7 && duration % interval < 7)); do
		interval=$((interval - 1))
	done
	echo $((interval >= 7 ? interval : 0))
}

# qemu_duration: seconds of rcutorture per run, from MUTORTURE_DURATION rounded up.
qemu_duration() {
	awk -v d="${MUTORTURE_DURATION:-$LINUX_DEFAULT_DURATION}" \
		'BEGIN { r = int(d); if (r < d) r++; print (r > 0 ? r : 1) }'
}

# qemu_limit DURATION: seconds a guest may run before the target declares it hung: the
# runner's torture timeout (MUTORTURE_TEST_TIMEOUT, a multiple of its slowest baseline run)
# less LINUX_HANG_MARGIN, so the target's own verdict (124, with the mutorture-timeout line in
# the log, which a recheck reads) comes before the runner's kill; DURATION + LINUX_GRACE when
# no runner timeout is given (baseline runs, the hooks called by hand). At least 1.
qemu_limit() {
	awk -v d="$1" -v grace="$LINUX_GRACE" -v t="${MUTORTURE_TEST_TIMEOUT:-}" -v margin="$LINUX_HANG_MARGIN" '
		BEGIN {
			if (t ~ /^[0-9]+(\.[0-9]+)?$/) { l = int(t); if (l < t) l++; l -= margin }
			else l = d + grace
			print (l >= 1 ? l : 1)
		}'
}

# qemu_cmdline DURATION SCENARIO-PARAMETERS: prints the kernel command line of a run.
qemu_cmdline() {
	local duration="$1" boot
	boot="console=ttyS0 panic=-1 debug_boot_weak_hash $2 rcutorture.shutdown_secs=$duration"
	boot+=" rcutorture.stat_interval=$(qemu_stat_interval "$duration")"
	boot+=" rcutorture.test_no_idle_hz=1 rcutorture.verbose=1 rcutorture.n_barrier_cbs=4"
	[[ -z "${MUTORTURE_READERS:-}" ]] || boot+=" rcutorture.nreaders=$MUTORTURE_READERS"
	printf '%s\n' "$boot"
}

# qemu_cpus CONFIG: prints the guest's CPUs for a kernel config (a torture change's: those of
# the config it is made from): linux_config_cpus CONFIG when the target defines it, else
# LINUX_CPUS.
qemu_cpus() {
	if declare -F linux_config_cpus >/dev/null; then linux_config_cpus "$(kbuild_config_base "$1")"; else echo "$LINUX_CPUS"; fi
}

# qemu_accel CPUS: prints qemu's -accel for a guest of CPUS: TCG (no KVM in nested guests),
# one host thread per vCPU for an SMP guest, so its CPUs really run at once and race;
# MUTORTURE_LINUX_ACCEL overrides.
qemu_accel() {
	if [[ -n ${MUTORTURE_LINUX_ACCEL:-} ]]; then
		echo "$MUTORTURE_LINUX_ACCEL"
	elif (($1 > 1)); then
		echo tcg,thread=multi
	else
		echo tcg
	fi
}

# qemu_boot LIMIT IMAGE INITRD CMDLINE RUN CPUS: boots the guest with CPUS vCPUs, its serial
# console on stdout, for at most LIMIT seconds (then status 124, or 137 if it had to be
# killed); qemu's pid in RUN/qemu.pid while it runs, its errors in RUN/qemu.err.
qemu_boot() {
	local -a bios=()
	if [[ -n ${LINUX_FIRMWARE:-} ]]; then bios=(-bios "$LINUX_FIRMWARE"); fi
	timeout --foreground -k 10 "$1" qemu-system-x86_64 "${bios[@]}" \
		-accel "$(qemu_accel "$6")" -m 512M -smp "$6" -nodefaults \
		-display none -serial stdio -no-reboot -pidfile "$5/qemu.pid" \
		-kernel "$2" -initrd "$3" -append "$4" </dev/null 2>"$5/qemu.err"
}

# qemu_test DIR SCENARIO: one rcutorture run in qemu. The console streams to stdout
# and to DIR/.mutorture/runs/SCENARIO/console.log, and through verdict.sh, whose first
# certain failure stops the guest at once. Exits as target_test does.
qemu_test() {
	local dir="$1" scenario="$2"
	local config boot
	read -r config boot < <(linux_scenario_of "$scenario")
	local image="$dir/.build-$config/vmlinux"
	[[ -r "$image" ]] || linux_die "no kernel image '$image': run target_setup first"
	local duration
	duration=$(qemu_duration)
	local limit
	limit=$(qemu_limit "$duration")
	boot=$(qemu_cmdline "$duration" "$boot")

	local run="$dir/.mutorture/runs/$scenario"
	rm -rf "$run"
	mkdir -p "$run"
	mkfifo "$run/console.fifo"
	# The guest's serial console feeds the FIFO; a guest that outlives its limit is
	# stopped and a mutorture-timeout line closes its console log.
	{
		local rc=0
		qemu_boot "$limit" "$image" "$dir/.mutorture/initrd.cpio" "$boot" "$run" "$(qemu_cpus "$config")" || rc=$?
		echo "$rc" >"$run/qemu.rc"
		if ((rc == 124 || rc == 137)); then
			printf '\nmutorture-timeout: the guest did not stop within %s s\n' "$limit"
		fi
	} >"$run/console.fifo" &
	local guest=$!
	# The console goes to stdout, to console.log and to the verdict; when the verdict is
	# in, the guest is stopped (qemu removes its pid file when it stops by itself).
	tee "$run/console.log" >(
		v=0
		"$LINUX_LIB/verdict.sh" >"$run/verdict" || v=$?
		echo "$v" >"$run/verdict.rc"
		[[ ! -s "$run/qemu.pid" ]] || kill "$(cat "$run/qemu.pid")" 2>/dev/null || true
	) <"$run/console.fifo" || true
	wait "$!" || true
	wait "$guest" || true
	# The console may end mid-line (the guest was stopped): the reason gets a line of its own.
	if [[ -s "$run/verdict" ]]; then
		printf '\n'
		cat "$run/verdict"
	fi
	# An empty console is qemu's failure, unless qemu ran and the guest stopped by itself before
	# its console printed a line (a kernel that dies that early: verdict.sh says no End of test).
	if [[ ! -s $run/console.log ]] && [[ -s $run/qemu.err || $(cat "$run/qemu.rc" 2>/dev/null) != 0 ]]; then
		linux_die "qemu did not start: $(head -c 300 "$run/qemu.err")"
	fi
	return "$(cat "$run/verdict.rc")"
}

# qemu_recheck LOG: the verdict on a saved log of qemu_test (what target_test printed: the
# console, then the verdict's own 'mutorture-reason:' line, left out here so that only the
# console is judged), by verdict.sh's current rules. Exits as target_test does.
qemu_recheck() {
	grep -v '^mutorture-reason: ' -- "$1" | "$LINUX_LIB/verdict.sh"
}
