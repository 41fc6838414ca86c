# shellcheck shell=bash source-path=SCRIPTDIR
# Every piece of a Linux target, in the order they need each other: kbuild.sh (the kernel,
# linux_die), qemu.sh (torture runs), gcov.sh (coverage), torture-change.sh (the configs and
# scenarios of torture changes) and hooks.sh (the contract's hooks).
# Sourced by a Linux target's target.sh after its declarations; defines functions only.
# shellcheck source=kbuild.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/kbuild.sh"
# shellcheck source=qemu.sh
source "$LINUX_LIB/qemu.sh"
# shellcheck source=gcov.sh
source "$LINUX_LIB/gcov.sh"
# shellcheck source=torture-change.sh
source "$LINUX_LIB/torture-change.sh"
# shellcheck source=hooks.sh
source "$LINUX_LIB/hooks.sh"
