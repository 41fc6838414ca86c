# shellcheck shell=bash source-path=SCRIPTDIR
# Linux Tiny RCU target: mutants of the kernel's Tiny RCU/SRCU, judged by the kernel's own
# rcutorture built into a tiny uniprocessor kernel booted under qemu.
#
# Sourced by the runner (see targets/CONTRACT.md); declares data and functions only: what is
# mutated and how it is tortured (TARGET_*), the kernel it runs in (LINUX_*, linux_scenario),
# and the contract's hooks, each handed to the piece of targets/lib/linux/ (shared with
# linux-tree-rcu) that does that job:
#   defaults.sh  what both Linux targets declare alike: the kernel package, the base config,
#                the rules, the run policy (durations, confirmation, no sandbox, grace, margin)
#   kbuild.sh    the kernel source in the cache, configs, builds, trees, compile commands
#   qemu.sh      one torture run: the boot, its command line, the verdict that stops it
#   gcov.sh      the coverage kernels and target_coverage
# None of them holds a Tiny RCU constant: they read the declarations below.

# shellcheck disable=SC2034 # (the whole file) the runner reads the TARGET_* settings, targets/lib/linux/ the LINUX_* ones
# shellcheck source=../lib/linux/defaults.sh
source "$TARGET_DIR/../lib/linux/defaults.sh"

TARGET_SOURCES=(kernel/rcu/tiny.c kernel/rcu/srcutiny.c kernel/rcu/update.c kernel/rcu/sync.c)
# Cheapest first: the TINY01 kernel boots without lockdep.
TARGET_SCENARIOS=(TINY01-rcu TINY01-srcud TINY02-rcu TINY02-srcu)

# Kernel configs, each a fragment next to this file applied on top of the base config
# (defaults.sh) and common.config.
LINUX_CONFIGS=(TINY01 TINY02)
# Config whose compile commands are exported (the superset: lockdep and debug objects on).
LINUX_COMMANDS_CONFIG=TINY02
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
