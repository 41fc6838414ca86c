# shellcheck shell=bash source-path=SCRIPTDIR
# Helpers shared by the linux-tiny-rcu tests (sourced): the common ones (../lib/common.sh:
# fail, note), the target's hooks, and source edits written by rename, never in place
# (the trees share the kernel source by hard links with the cache).

set -euo pipefail
LTR_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/common.sh
source "$LTR_TESTS/../lib/common.sh"
TARGET_DIR=$(cd "$LTR_TESTS/../../targets/linux-tiny-rcu" && pwd)
# shellcheck source=../../targets/linux-tiny-rcu/target.sh
source "$TARGET_DIR/target.sh"
# Tests build with every core (campaigns default to one per job).
export MUTORTURE_BUILD_JOBS="${MUTORTURE_BUILD_JOBS:-$(nproc)}"
# Torture runs last LTR_TEST_DURATION seconds (10), or the target's default with
# MUTORTURE_LINUX_FULL=1.
[[ "${MUTORTURE_LINUX_FULL:-0}" == 1 ]] || export MUTORTURE_DURATION="${LTR_TEST_DURATION:-10}"

# replace_by_rename FILE OLD NEW: writes FILE as a new inode, its one occurrence of
# OLD replaced by NEW; fails if OLD does not occur exactly once.
replace_by_rename() {
	local file="$1" old="$2" new="$3" text rest
	text=$(cat "$file"; echo .)
	text="${text%.}"
	rest="${text#*"$old"}"
	[[ "$rest" != "$text" ]] || fail "'$file' does not contain the text to replace"
	[[ "$rest" != *"$old"* ]] || fail "'$file' contains the text to replace more than once"
	printf '%s' "${text%%"$old"*}$new$rest" >"$file.mutorture-tmp"
	mv "$file.mutorture-tmp" "$file"
}

# restore_by_rename PRISTINE-FILE FILE: puts a copy of the pristine file in place by
# rename (fresh mtime, so the next incremental build recompiles it).
restore_by_rename() {
	cp "$1" "$2.mutorture-tmp"
	mv "$2.mutorture-tmp" "$2"
}
