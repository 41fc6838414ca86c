#!/bin/bash
# shellcheck disable=SC2154 # status: set by run_status (lib.sh)
# Usage: hooks.sh CASE
# Test: the toy-rcu target.sh hooks, called as the runner calls them, on a real tree made
# by target_setup in a scratch directory. CASE is one of setup, build, test, stall,
# recheck, compile, coverage, clone.
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"

pristine=$SCRATCH/pristine
note 'target_setup'
target_setup "$pristine"

case_setup() {
	local compdb=$pristine/compile_commands.json src file
	for flavour in "${TARGET_SCENARIOS[@]}" busted-sync busted-cb; do
		[[ -x $pristine/torture-$flavour ]] || fail "setup did not build torture-$flavour"
	done
	jq -e 'type == "array" and length > 0' "$compdb" >/dev/null || fail 'compile_commands.json is not a JSON array'
	for src in "${TARGET_SOURCES[@]}"; do
		[[ -f $pristine/$src ]] || fail "TARGET_SOURCES names '$src', absent from the tree"
		file=$(jq -r --arg f "$pristine/$src" '.[] | select(.file == $f and .directory == ($f | sub("/[^/]*$"; ""))) | .arguments | join(" ")' "$compdb")
		[[ $file == *" -c "*" $pristine/$src" ]] || fail "no absolute compile command for '$src'"
	done
	note 'the compile commands compile'
	(cd "$pristine" && jq -r '.[0].arguments | @sh' compile_commands.json) >"$SCRATCH/cmd"
	(cd "$pristine" && eval "set -- $(cat "$SCRATCH/cmd")" && "$@" -o "$SCRATCH/first.o") ||
		fail 'the first compile command does not compile'
	run_status target_setup "$pristine"
	((status != 0)) || fail 'target_setup accepted a non-empty directory'
	grep -q "^error: cannot set up toy-rcu in '$pristine': not empty" "$SCRATCH/out" ||
		fail 'target_setup gave no error for a non-empty directory'
}

case_build() {
	target_build "$pristine" || fail 'target_build failed on the pristine tree'
	make -q -C "$pristine" || fail 'the pristine tree is not up to date after target_build'
	sleep 1
	mutate "$pristine/rwlock.c" 's/i < 2; i\+\+/i < 1; i++/'
	target_build "$pristine" || fail 'target_build failed on a compiling mutant'
	[[ $pristine/torture-rwlock -nt $pristine/torture-mb ]] || fail 'torture-rwlock was not relinked'
	mutate "$pristine/mb.c" 's/\tunsigned long ctr = self.ctr;\n\n\tif/\tunsigned long ctr = self.ctr\n\n\tif/'
	run_status target_build "$pristine"
	((status != 0)) || fail 'target_build succeeded on a mutant that does not compile'
}

case_test() {
	local scenario
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		note "target_test $scenario"
		MUTORTURE_DURATION=0.3 MUTORTURE_READERS=3 MUTORTURE_SEED=42 \
			run_status target_test "$pristine" "$scenario"
		((status == 0)) || { cat "$SCRATCH/out" >&2; fail "target_test $scenario exited $status"; }
		grep -q "^toy-rcu torture: flavour $scenario duration 0.300 s readers 3 .* seed 42 " \
			"$SCRATCH/out" || fail "target_test $scenario ignored the MUTORTURE_* settings"
		! grep -q '^mutorture-reason:' "$SCRATCH/out" || fail 'a passing run printed a reason'
	done
	note 'a mutant whose list deletion leaves the element linked is killed with a reason'
	mutate "$pristine/rcu-list.c" 's/\tCMM_STORE_SHARED\(node->prev->next, node->next\);\n//'
	target_build "$pristine"
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		MUTORTURE_DURATION=1 run_status target_test "$pristine" "$scenario"
		((status != 0 && status != 124)) ||
			{ cat "$SCRATCH/out" >&2; fail "the mutant survived $scenario (status $status)"; }
		[[ $(tail -n 1 "$SCRATCH/out") == 'mutorture-reason: End of test: FAILURE: '* ]] ||
			{ cat "$SCRATCH/out" >&2; fail "$scenario: the last line is not the mutorture-reason of the failure"; }
	done
	run_status target_test "$pristine" nosuch
	((status != 0)) || fail 'target_test accepted an unknown scenario'
}

case_stall() {
	note 'a qsbr mutant whose readers never announce quiescent states stalls: 124'
	mutate "$pristine/qsbr.c" 's/(void rcu_quiescent_state\(void\)\n\{\n\tcmm_smp_mb\(\);\n)\tCMM_STORE_SHARED\(self.ctr, CMM_LOAD_SHARED\(gp_ctr\)\);\n/$1/'
	target_build "$pristine"
	MUTORTURE_DURATION=0.3 run_status target_test "$pristine" qsbr
	((status == 124)) || { cat "$SCRATCH/out" >&2; fail "the stalled mutant exited $status, not 124"; }
	grep -q '^mutorture-reason: End of test: FAILURE: stall: ' "$SCRATCH/out" ||
		fail 'the stall printed no mutorture-reason'
}

# recheck_same STATUS: target_recheck on the saved target_test output in $SCRATCH/out (of
# scenario qsbr) gives STATUS and the same reason line again.
recheck_same() {
	local reason
	cp "$SCRATCH/out" "$SCRATCH/saved.log"
	reason=$(grep '^mutorture-reason: ' "$SCRATCH/saved.log" || true)
	run_status target_recheck "$SCRATCH/saved.log" qsbr
	((status == $1)) || { cat "$SCRATCH/saved.log" >&2; fail "target_recheck exited $status, target_test $1"; }
	[[ $(cat "$SCRATCH/out") == "$reason" ]] || fail "target_recheck said '$(cat "$SCRATCH/out")', target_test '$reason'"
}

case_recheck() {
	note 'a saved passing run, a stall and a kill are judged again as target_test judged them'
	MUTORTURE_DURATION=0.3 run_status target_test "$pristine" qsbr
	((status == 0)) || fail "target_test qsbr exited $status"
	recheck_same 0
	mutate "$pristine/qsbr.c" 's/(void rcu_quiescent_state\(void\)\n\{\n\tcmm_smp_mb\(\);\n)\tCMM_STORE_SHARED\(self.ctr, CMM_LOAD_SHARED\(gp_ctr\)\);\n/$1/'
	target_build "$pristine"
	MUTORTURE_DURATION=0.3 run_status target_test "$pristine" qsbr
	((status == 124)) || fail "the stalled mutant exited $status"
	recheck_same 124
	printf '%s\n' 'End of test: FAILURE: a reader found the list empty' \
		'mutorture-reason: End of test: FAILURE: a reader found the list empty' >"$SCRATCH/out"
	recheck_same 1
	note 'a crash target_test noted (no End of test line) keeps its exit status'
	printf '%s\n' 'toy-rcu torture: flavour qsbr' \
		"mutorture-reason: torture-qsbr exited with status 139 after 'no End of test line'" >"$SCRATCH/out"
	recheck_same 139
}

case_compile() {
	target_compile "$pristine" qsbr.c "$SCRATCH/a.o"
	target_compile "$pristine" qsbr.c "$SCRATCH/b.o"
	cmp -s "$SCRATCH/a.o" "$SCRATCH/b.o" || fail 'two compiles of the same file differ'
	! readelf -S "$SCRATCH/a.o" | grep -q '\.debug' || fail 'the object has debug info'
	cp -a "$pristine" "$SCRATCH/copy"
	target_compile "$SCRATCH/copy" qsbr.c "$SCRATCH/c.o"
	cmp -s "$SCRATCH/a.o" "$SCRATCH/c.o" || fail 'the object depends on the tree location'
	mutate "$SCRATCH/copy/qsbr.c" 's/return ctr != QSBR_OFFLINE && ctr != CMM_LOAD_SHARED/return ctr != QSBR_OFFLINE \&\& ctr == CMM_LOAD_SHARED/'
	target_compile "$SCRATCH/copy" qsbr.c "$SCRATCH/d.o"
	! cmp -s "$SCRATCH/a.o" "$SCRATCH/d.o" || fail 'a real mutant compiled to the same object'
	mutate "$SCRATCH/copy/qsbr.c" 's/#define QSBR_OFFLINE 0UL/#define QSBR_OFFLINE 0x0UL/'
	target_compile "$SCRATCH/copy" qsbr.c "$SCRATCH/e.o"
	cmp -s "$SCRATCH/d.o" "$SCRATCH/e.o" || fail 'a spelling-only change changed the object'
	# For the weak-memory hint: arm64 objects, where a read barrier is a real one (dmb ishld).
	target_compile "$pristine" torture.c "$SCRATCH/f.o" aarch64-linux-gnu
	llvm-objdump-19 -d "$SCRATCH/f.o" >"$SCRATCH/f.s"
	grep -q 'dmb.*ishld' "$SCRATCH/f.s" || fail 'cmm_smp_rmb is no barrier on arm64'
	# ... made by the host's compiler family and version (like with like: gcc for both).
	[[ $(readelf -p .comment "$SCRATCH/f.o" | sed -n 's/.*GCC: (.*) //p') == "$(cc -dumpfullversion)" ]] ||
		fail "the arm64 object is not from the host's gcc $(cc -dumpfullversion)"
	run_status target_compile "$pristine" qsbr.c "$SCRATCH/g.o" riscv64-linux-gnu
	((status == 2)) || fail "an unsupported triple gave status $status, not 2"
	grep -q 'no riscv64-linux-gnu-gcc' "$SCRATCH/out" || fail 'the declined triple said nothing'
	# A header's includers, from the build's dependency files.
	target_includers "$pristine" rcu-list.h "$SCRATCH/includers"
	[[ $(paste -sd ' ' "$SCRATCH/includers") == 'rcu-list.c torture.c' ]] ||
		fail "rcu-list.h's includers: $(paste -sd ' ' "$SCRATCH/includers")"
	target_includers "$pristine" rcu-prims.h "$SCRATCH/includers"
	[[ $(wc -l <"$SCRATCH/includers") -eq 9 ]] && grep -qx qsbr.c "$SCRATCH/includers" &&
		grep -qx torture.c "$SCRATCH/includers" || fail "rcu-prims.h's includers: $(paste -sd ' ' "$SCRATCH/includers")"
	run_status target_includers "$pristine" no-such.h "$SCRATCH/includers"
	((status != 0)) || fail 'a header nothing includes has includers'
}

case_coverage() {
	local out=$SCRATCH/coverage src line
	MUTORTURE_DURATION=0.3 target_coverage "$pristine" "$out" || fail 'target_coverage failed'
	awk -F'\t' 'NF != 3 || $2 !~ /^[1-9][0-9]*$/ || $3 !~ /^[0-9]+$/ { bad = 1 } END { exit bad }' \
		"$out" || fail 'coverage lines are not path<TAB>line<TAB>count'
	for src in "${TARGET_SOURCES[@]}"; do
		grep -q "^$src	" "$out" || fail "coverage has no lines of '$src'"
	done
	if cut -f1 "$out" | grep -vFx -f <(printf '%s\n' "${TARGET_SOURCES[@]}"); then
		fail 'coverage names files outside TARGET_SOURCES'
	fi
	# Every flavour's grace period ran; the thread-creation error path never did.
	for src in qsbr.c mb.c rwlock.c; do
		line=$(grep -n 'rcu_registry_wait(holds_old_reference);\|pthread_rwlock_wrlock' "$pristine/$src" | head -n 1 | cut -d: -f1)
		grep -qP "^$src\t$line\t[1-9]" "$out" || fail "$src:$line (grace period) never ran"
	done
	line=$(grep -n 'cannot start the call_rcu thread' "$pristine/call_rcu.c" | cut -d: -f1)
	grep -qP "^call_rcu.c\t$line\t0$" "$out" || fail "call_rcu.c:$line (error path) counted as run"
}

case_clone() {
	local clone=$SCRATCH/clone
	MUTORTURE_DURATION=0.2 target_coverage "$pristine" "$SCRATCH/coverage"
	target_clone "$pristine" "$clone"
	[[ ! -e $clone/build-coverage ]] || fail 'the clone carries coverage products'
	make -q -C "$clone" || fail 'the clone needs a rebuild right after cloning'
	! grep -q "$pristine" "$clone/compile_commands.json" || fail 'the clone compdb names the pristine tree'
	grep -q "\"file\": \"$clone/qsbr.c\"" "$clone/compile_commands.json" ||
		fail 'the clone compdb does not name the clone'
	(cd "$pristine" && find . -path ./build-coverage -prune -o -type f -printf '%p %T@ %s\n' | sort) >"$SCRATCH/before"
	sleep 1
	mutate "$clone/qsbr.c" 's/static unsigned long gp_ctr = 1;/static unsigned long gp_ctr = 5;/'
	target_build "$clone"
	[[ $clone/torture-qsbr -nt $clone/torture-mb ]] || fail 'the clone did not rebuild the mutant'
	(cd "$pristine" && find . -path ./build-coverage -prune -o -type f -printf '%p %T@ %s\n' | sort) >"$SCRATCH/after"
	cmp -s "$SCRATCH/before" "$SCRATCH/after" || fail 'building in the clone touched the pristine tree'
}

case ${1:-} in
setup | build | test | stall | recheck | compile | coverage | clone) "case_$1" ;;
*) fail "usage: hooks.sh setup|build|test|stall|recheck|compile|coverage|clone" ;;
esac
note 'ok'
