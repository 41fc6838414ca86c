#!/bin/bash
# shellcheck disable=SC2154 # status: set by run_status (lib.sh)
# Test: every real flavour runs clean under ThreadSanitizer. gcc warns that TSan does not
# model standalone fences (-Wtsan, silenced here): every shared access in toy-rcu is an
# atomic, so the fences never carry a happens-before edge that TSan would need.
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"

build=$SCRATCH/tsan
note 'TSan build'
make -s -C "$TARGET_DIR/src" O="$build" -j2 \
	CFLAGS='-O1 -g -fsanitize=thread -Wno-tsan' LDFLAGS=-fsanitize=thread \
	"$build"/torture-{qsbr,mb,rwlock}
for flavour in qsbr mb rwlock; do
	[[ $(nm "$build/torture-$flavour") == *__tsan_init* ]] || fail "torture-$flavour lacks TSan"
	note "$flavour under TSan"
	run_status env TSAN_OPTIONS='halt_on_error=1 exitcode=66' \
		"$build/torture-$flavour" --duration 0.5
	if ((status != 0)) || grep -q ThreadSanitizer "$SCRATCH/out"; then
		cat "$SCRATCH/out" >&2
		fail "$flavour under TSan exited $status"
	fi
	[[ $(tail -n 1 "$SCRATCH/out") == 'End of test: SUCCESS' ]] || fail "$flavour did not succeed"
done
note 'ok'
