# shellcheck shell=bash source-path=SCRIPTDIR
# Helpers shared by the toy-rcu tests (sourced): the common ones (../lib/common.sh: fail,
# note, a scratch directory removed on exit), the target's hooks, source edits written by
# rename (a new inode, as the runner writes mutants), and a command's status.

set -euo pipefail
TOY_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../lib/common.sh
source "$TOY_TESTS/../lib/common.sh"
TARGET_DIR=$(cd "$TOY_TESTS/../../targets/toy-rcu" && pwd -P)
# shellcheck source=../../targets/toy-rcu/target.sh
source "$TARGET_DIR/target.sh"
make_scratch toy-rcu

# mutate FILE PERL-SUBSTITUTION: rewrites FILE by rename with the substitution (perl -0,
# so it may span lines); fails unless it changed exactly one place.
mutate() {
	local file=$1 subst=$2 count
	count=$(perl -0 -ne "\$n = ($subst); print \$n + 0" "$file")
	[[ $count == 1 ]] || fail "'$subst' matches '$file' $count times, not once"
	perl -0pe "$subst" "$file" >"$file.toy-tmp"
	mv "$file.toy-tmp" "$file"
}

# run_status COMMAND...: runs COMMAND with its output in $SCRATCH/out and its exit status
# in status (read by the tests that source this file).
# shellcheck disable=SC2034
status=0
# shellcheck disable=SC2034
run_status() {
	status=0
	"$@" >"$SCRATCH/out" 2>&1 || status=$?
}
