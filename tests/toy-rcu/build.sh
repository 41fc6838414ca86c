#!/bin/bash
# shellcheck disable=SC2154 # status: set by run_status (lib.sh)
# Test: the torture binaries build warning-free, incrementally, and their command line works.
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"

tree=$SCRATCH/src
mkdir "$tree"
cp "$TARGET_DIR"/src/Makefile "$TARGET_DIR"/src/*.[ch] "$tree"/
note 'full build'
make -s -C "$tree" -j2
for flavour in qsbr mb rwlock busted-sync busted-cb; do
	[[ -x $tree/torture-$flavour ]] || fail "torture-$flavour was not built"
	"$tree/torture-$flavour" --help >"$SCRATCH/out" || fail "torture-$flavour --help failed"
	grep -q "Tortures the '$flavour' flavour" "$SCRATCH/out" ||
		fail "torture-$flavour --help does not name its flavour"
done

note 'a second make has nothing to do'
make -q -C "$tree" || fail 'make is not up to date right after a build'

note 'a changed flavour rebuilds its object and binary only'
sleep 1 # mtimes must differ at make's resolution
mutate "$tree/qsbr.c" 's/static unsigned long gp_ctr = 1;/static unsigned long gp_ctr = 3;/'
make -C "$tree" >"$SCRATCH/out"
grep -q ' -o qsbr.o qsbr.c' "$SCRATCH/out" || fail 'qsbr.o was not rebuilt'
grep -q ' -o torture-qsbr ' "$SCRATCH/out" || fail 'torture-qsbr was not relinked'
if grep -E ' -o (torture-(mb|rwlock)|(mb|rwlock|torture)\.o) ' "$SCRATCH/out"; then
	fail 'a change to qsbr.c rebuilt more than qsbr'
fi

note 'options: bad values are usage errors, --flavour runs the sibling binary'
run_status "$tree/torture-mb" --bogus
((status == 129)) || fail "an unknown option exited $status, not 129"
for bad in '--duration 0' '--duration x' '--readers 0' '--readers -1' '--seed 1x'; do
	# shellcheck disable=SC2086 # bad is an option and its value
	run_status "$tree/torture-mb" $bad
	((status == 128)) || fail "'$bad' exited $status, not 128"
	grep -q "^fatal: invalid" "$SCRATCH/out" || fail "'$bad' gave no 'invalid' message"
done
run_status "$tree/torture-mb" --flavour rwlock --duration 0.2 --readers 3 --seed 7
((status == 0)) || fail "torture-mb --flavour rwlock exited $status"
grep -q '^toy-rcu torture: flavour rwlock duration 0.200 s readers 3 .* seed 7 ' "$SCRATCH/out" ||
	fail "--flavour rwlock did not run the rwlock flavour with the given options"
run_status "$tree/torture-mb" --flavour nosuch
((status == 128)) || fail "an unknown flavour exited $status, not 128"
note 'ok'
