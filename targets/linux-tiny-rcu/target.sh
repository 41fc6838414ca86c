# shellcheck shell=bash source-path=SCRIPTDIR
# Linux Tiny RCU target: mutants of the kernel's Tiny RCU/SRCU, judged by the kernel's own
# rcutorture built into a tiny uniprocessor kernel booted under qemu.
#
# Sourced by the runner (see targets/CONTRACT.md); declares data and functions only: what is
# mutated and how it is tortured (TARGET_*), the kernel it runs in (LINUX_*, linux_scenario),
# and the contract's hooks, each handed to the piece of targets/lib/linux/ (shared with
# linux-tree-rcu) that does that job:
#   kbuild.sh  the kernel source in the cache, configs, builds, trees, compile commands
#   qemu.sh    one torture run: the boot, its command line, the verdict that stops it
#   gcov.sh    the coverage kernels and target_coverage
# None of them holds a Tiny RCU constant: they read the declarations below.

# shellcheck disable=SC2034 # the TARGET_ arrays are read by the runner
TARGET_SOURCES=(kernel/rcu/tiny.c kernel/rcu/srcutiny.c kernel/rcu/update.c kernel/rcu/sync.c)
# shellcheck disable=SC2034
TARGET_RULES=(linux)
# Cheapest first: the TINY01 kernel boots without lockdep.
TARGET_SCENARIOS=(TINY01-rcu TINY01-srcud TINY02-rcu TINY02-srcu)

# Debian's linux-source package the kernel is unpacked from.
LINUX_VERSION=6.1
LINUX_TARBALL=/usr/src/linux-source-6.1.tar.xz
# Kernel configs, each a fragment next to this file applied on top of the base config
# (a make target) and common.config.
LINUX_BASE_CONFIG=tinyconfig
LINUX_CONFIGS=(TINY01 TINY02)
# Config whose compile commands are exported (the superset: lockdep and debug objects on).
LINUX_COMMANDS_CONFIG=TINY02
# Seconds of rcutorture per run when MUTORTURE_DURATION is unset (see README.md).
LINUX_DEFAULT_DURATION=30
# The runner's two stages (targets/CONTRACT.md; chosen from the kill times measured in
# README.md): a quick pass of 10-s runs, then survivors confirmed by 3 runs of 30 s.
TARGET_QUICK_DURATION=10
TARGET_DURATION=$LINUX_DEFAULT_DURATION
TARGET_CONFIRM_RUNS=3
# No sandbox for the build and test hooks (runner/README.md): qemu guests and the cached
# kernel trees were never tried under bubblewrap (no /dev/kvm, the cache's locks, hard-linked
# trees); until they are, the hooks keep the process-group kill only.
TARGET_SANDBOX=off
# Seconds a guest may take beyond the torture duration (boot, shutdown) before it is
# declared hung when the runner gives no torture timeout (MUTORTURE_TEST_TIMEOUT: then
# that, less LINUX_HANG_MARGIN); boot and power-off of a clean run take 2-6 s under TCG, but a
# loaded host stretches a run: TCG guests often fail their TSC calibration and keep time by
# refined jiffies, so guest time lags wall time (30-s runs took 40-56 s of wall time at load
# 4-9, measured 2026-12-05): 60 s, so a baseline or control run is not called hung for it.
LINUX_GRACE=60
# Seconds between the target's own hang decision and the runner's torture timeout: enough
# to stop qemu and write the mutorture-timeout line into the log.
LINUX_HANG_MARGIN=5
# CPUs of the guest: Tiny RCU is uniprocessor only.
LINUX_CPUS=1
# Why target_compile declines arm64 objects (the equivalence pass's weak-memory hint).
LINUX_CROSS_DECLINED="Tiny RCU is uniprocessor-only (TINY_RCU depends on !SMP) and arm64 kernels are always SMP; a UP kernel's smp_*() barriers are compiler barriers anyway"

# linux_scenario NAME: prints "CONFIG BOOT-PARAMETERS..." of a scenario; the boot
# parameters are those of rcutorture's own scenario files (TINY01, TINY02, SRCU-T, SRCU-U).
linux_scenario() {
	case "$1" in
	TINY01-rcu) echo "TINY01 rcutorture.torture_type=rcu" ;;
	TINY01-srcud) echo "TINY01 rcutorture.torture_type=srcud rcupdate.rcu_self_test=1" ;;
	TINY02-rcu) echo "TINY02 rcutorture.torture_type=rcu rcupdate.rcu_self_test=1" ;;
	TINY02-srcu) echo "TINY02 rcutorture.torture_type=srcu" ;;
	*) linux_die "unknown scenario '$1' for target 'linux-tiny-rcu'" ;;
	esac
}

# shellcheck source=../lib/linux/linux.sh
source "$TARGET_DIR/../lib/linux/linux.sh"

# target_scenarios_for FILE: scenarios that exercise FILE, one a line.
target_scenarios_for() {
	case "$1" in
	kernel/rcu/tiny.c | kernel/rcu/sync.c) printf '%s\n' TINY01-rcu TINY02-rcu ;;
	kernel/rcu/srcutiny.c) printf '%s\n' TINY01-srcud TINY02-srcu ;;
	*) printf '%s\n' "${TARGET_SCENARIOS[@]}" ;;
	esac
}
