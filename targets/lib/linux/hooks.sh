# shellcheck shell=bash
# The contract's hooks of a Linux target (targets/CONTRACT.md), each handed to the piece of
# this folder that does that job. Sourced by a target.sh after kbuild.sh, qemu.sh and gcov.sh;
# the target itself declares target_scenarios_for and what these pieces read.

# target_setup DIR: the pristine tree, a clone of the built tree in the cache (built there
# once, under a lock, by the first setup).
target_setup() { kbuild_setup "$1"; }

# target_identity DIR: what the pristine tree DIR was made from: the cached built kernel it is a
# clone of (kbuild_cached: the source package, gcc, the config fragments and init). Two setups
# give the same (their trees differ by their paths), so a kept baseline serves both.
target_identity() { printf 'linux-%s-built-%s\n' "$LINUX_VERSION" "$(kbuild_key kbuild_built_keys)"; }

# target_build DIR [SCENARIO]: incremental build of the kernel SCENARIO boots, or of all.
target_build() { kbuild_build "$@"; }

# target_build_key SCENARIO: the kernel config SCENARIO boots. Each config is built in its own
# output dir (.build-CONFIG), which the build of another leaves as it was: the runner builds a
# config once a job, whichever of its scenarios runs first.
target_build_key() { linux_config_of "$1"; }

# target_test DIR SCENARIO: one rcutorture run in qemu, stopped at the first certain failure.
target_test() { qemu_test "$1" "$2"; }

# target_recheck LOG SCENARIO: the verdict on a saved log of target_test, by verdict.sh.
target_recheck() { qemu_recheck "$1"; }

# target_clone SRC DST: a worker tree: the source by hard links, the build dirs copied.
target_clone() { kbuild_clone "$1" "$2"; }

# target_compile DIR FILE OUT [TRIPLE]: FILE with the kernel's own commands, no debug info, in
# each config whose kernel runs its mutants; for aarch64-linux-gnu in the tree's arm64 builds,
# unless the target declines them (its LINUX_CROSS_DECLINED says why).
target_compile() { kbuild_compile "$@"; }

# No target_includers: a kernel header is a dependency of hundreds of objects (Kbuild's .cmd
# files list them), so comparing them all would cost a kernel build per mutant, which the
# torture job's build does anyway; a header's mutants go to the torture run (the run says so).

# target_coverage DIR OUT: every scenario once on a gcov kernel; per-line counts in OUT.
target_coverage() { gcov_coverage "$1" "$2"; }

# target_check_change FILE: a torture change's kernel configs and scenarios suit this target
# (torture-change.sh); prints the fragment files of the change they use.
target_check_change() { linux_check_change "$1"; }

# target_export_scenarios DIR OUT: the change's scenarios as rcutorture's own scenario files.
target_export_scenarios() { linux_export_scenarios "$1" "$2"; }
