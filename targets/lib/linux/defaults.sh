# shellcheck shell=bash
# shellcheck disable=SC2034 # the runner reads the TARGET_* settings, this folder's pieces the LINUX_* ones
# What the Linux targets (linux-tiny-rcu, linux-tree-rcu) declare alike: the kernel they are
# built from, the rule set, and the run policy (the runner's two stages, no sandbox, how long
# a guest may run over). Sourced by a target.sh first of all; declares only. The target then
# declares what is its own (sources, scenarios, kernel configs, CPUs, ...) and may set any of
# these again after sourcing it: a value it sets there is its own, and says so.

TARGET_RULES=(linux)

# Debian's linux-source package the kernel is unpacked from.
LINUX_VERSION=6.1
LINUX_TARBALL=/usr/src/linux-source-6.1.tar.xz
# The base config (a make target) of every kernel config: the target's fragments
# (common.config, CONFIG.config) go on top of it and of guest.config.
LINUX_BASE_CONFIG=tinyconfig

# Seconds of rcutorture per run when MUTORTURE_DURATION is unset
# (targets/linux-tiny-rcu/README.md, "Default duration 30 s").
LINUX_DEFAULT_DURATION=30
# The runner's two stages (targets/CONTRACT.md; chosen from the kill times measured in
# targets/linux-tiny-rcu/README.md): a quick pass of 10-s runs, then survivors confirmed by 3
# runs of 30 s.
TARGET_QUICK_DURATION=10
TARGET_DURATION=$LINUX_DEFAULT_DURATION
TARGET_CONFIRM_RUNS=3

# No sandbox for the build and test hooks (runner/README.md): qemu guests and the cached
# kernel trees were never tried under bubblewrap (no /dev/kvm, the cache's locks, hard-linked
# trees); until they are, the hooks keep the process-group kill only.
TARGET_SANDBOX=off

# Seconds a guest may take beyond the torture duration (boot, shutdown) before it is
# declared hung when the runner gives no torture timeout (MUTORTURE_TEST_TIMEOUT: then
# that, less LINUX_HANG_MARGIN; qemu.sh); boot and power-off of a clean run take 2-6 s under
# TCG, but a loaded host stretches a run: TCG guests often fail their TSC calibration and keep
# time by refined jiffies, so guest time lags wall time (30-s runs took 40-56 s of wall time at
# load 4-9, measured 2026-12-05): 60 s, so a baseline or control run is not called hung for it.
LINUX_GRACE=60
# Seconds between the target's own hang decision and the runner's torture timeout: enough
# to stop qemu and write the mutorture-timeout line into the log.
LINUX_HANG_MARGIN=5
