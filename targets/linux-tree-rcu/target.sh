# shellcheck shell=bash source-path=SCRIPTDIR
# Linux Tree RCU target: mutants of the kernel's Tree RCU and Tree SRCU (the RCU of every SMP
# Linux machine), judged by the kernel's own rcutorture built into small SMP kernels booted
# under qemu (multi-threaded TCG, one host thread per vCPU).
#
# Sourced by the runner (see targets/CONTRACT.md); declares data and functions only: what is
# mutated and how it is tortured (TARGET_*), the kernels it runs in (LINUX_*, linux_scenario,
# linux_config_cpus), and the contract's hooks, handed to targets/lib/linux/ (shared with
# linux-tiny-rcu): defaults.sh (what both declare alike: the kernel package, the base config,
# the rules, the run policy), kbuild.sh (source, configs, builds, trees, compile commands),
# qemu.sh (one torture run) and gcov.sh (coverage).
#
# MUTORTURE_TREE_SCENARIOS (environment): the scenarios to use, a subset of the default
# TARGET_SCENARIOS in their order (e.g. "TREE04-rcu" for a quick campaign on one kernel
# config); only their kernel configs are built.

# shellcheck disable=SC2034 # (the whole file) the runner reads the TARGET_* settings, targets/lib/linux/ the LINUX_* ones
# shellcheck source=../lib/linux/defaults.sh
source "$TARGET_DIR/../lib/linux/defaults.sh"

TARGET_SOURCES=(kernel/rcu/tree.c kernel/rcu/srcutree.c)
# Cheapest first: TREE04 boots without preemption or lockdep.
TARGET_SCENARIOS=(TREE04-rcu TREE03-rcu SRCUP-srcud)
if [[ -n ${MUTORTURE_TREE_SCENARIOS:-} ]]; then
	tree_wanted=" $MUTORTURE_TREE_SCENARIOS "
	tree_all=("${TARGET_SCENARIOS[@]}")
	TARGET_SCENARIOS=()
	for tree_sc in "${tree_all[@]}"; do
		if [[ $tree_wanted == *" $tree_sc "* ]]; then TARGET_SCENARIOS+=("$tree_sc"); fi
	done
	for tree_sc in $MUTORTURE_TREE_SCENARIOS; do
		[[ " ${tree_all[*]} " == *" $tree_sc "* ]] ||
			{ printf "fatal: MUTORTURE_TREE_SCENARIOS names '%s', not a scenario of linux-tree-rcu (%s)\n" "$tree_sc" "${tree_all[*]}" >&2; exit 128; }
	done
	unset tree_wanted tree_all tree_sc
fi

# Kernel configs, each a fragment next to this file applied on top of the base config
# (defaults.sh), targets/lib/linux/guest.config and common.config: those of the scenarios.
LINUX_CONFIGS=()
for tree_sc in "${TARGET_SCENARIOS[@]}"; do
	if [[ " ${LINUX_CONFIGS[*]} " != *" ${tree_sc%%-*} "* ]]; then LINUX_CONFIGS+=("${tree_sc%%-*}"); fi
done
unset tree_sc
# Config whose compile commands are exported: TREE03 (preemptible RCU: tree_plugin.h's
# PREEMPT_RCU half is the one parsed) when it is built, else the first.
LINUX_COMMANDS_CONFIG=${LINUX_CONFIGS[0]}
if [[ " ${LINUX_CONFIGS[*]} " == *" TREE03 "* ]]; then LINUX_COMMANDS_CONFIG=TREE03; fi
# CPUs of a guest when linux_config_cpus does not say.
LINUX_CPUS=2
# The guest has no ACPI (guest.config), so it finds its CPUs in the BIOS's MP table: SeaBIOS,
# qemu's default, lists only the boot CPU there (measured: "Processors: 1" with -smp 4), qboot
# lists them all, and boots faster.
LINUX_FIRMWARE=/usr/share/qemu/qboot.rom

# linux_config_cpus CONFIG: the guest's CPUs: 4 for TREE04 (two rcu_node leaves of 2 CPUs),
# else 2 (the host's cores: under multi-threaded TCG each vCPU is a host thread).
linux_config_cpus() {
	case "$1" in
	TREE04) echo 4 ;;
	*) echo "$LINUX_CPUS" ;;
	esac
}

# linux_scenario NAME: prints "CONFIG BOOT-PARAMETERS..." of a scenario; the boot
# parameters follow rcutorture's own scenario files (TREE04.boot, TREE03.boot, SRCU-P.boot).
linux_scenario() {
	case "$1" in
	TREE04-rcu) echo "TREE04 rcutorture.torture_type=rcu rcutree.rcu_fanout_leaf=2" ;;
	TREE03-rcu) echo "TREE03 rcutorture.torture_type=rcu rcutree.gp_preinit_delay=12 rcutree.gp_init_delay=3 rcutree.gp_cleanup_delay=3 rcutree.kthread_prio=2 threadirqs rcutree.use_softirq=0" ;;
	SRCUP-srcud) echo "SRCUP rcutorture.torture_type=srcud rcupdate.rcu_self_test=1" ;;
	*) linux_die "unknown scenario '$1' for target 'linux-tree-rcu'" ;;
	esac
}

# shellcheck source=../lib/linux/linux.sh
source "$TARGET_DIR/../lib/linux/linux.sh"

# target_scenarios_for FILE: the scenarios (of those in use) that exercise FILE, one a line:
# tree.c and the tree_*.h it includes go to the RCU scenarios, srcutree.c to SRCU's.
target_scenarios_for() {
	local sc
	for sc in "${TARGET_SCENARIOS[@]}"; do
		case "$1:$sc" in
		kernel/rcu/tree.c:*-rcu | kernel/rcu/tree_*.h:*-rcu) echo "$sc" ;;
		kernel/rcu/srcutree.c:*-srcud) echo "$sc" ;;
		kernel/rcu/tree.c:* | kernel/rcu/tree_*.h:* | kernel/rcu/srcutree.c:*) ;;
		*) echo "$sc" ;;
		esac
	done
}
