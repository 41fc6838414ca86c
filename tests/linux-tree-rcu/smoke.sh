#!/bin/bash
# Usage: smoke.sh WORK
#
# Test: the Linux Tree RCU target end to end on its TREE04 scenario only
# (MUTORTURE_TREE_SCENARIOS): setup (the kernel built into the cache once, then cloned), the
# baseline, and three mutants of kernel/rcu/tree.c made by the mutator and run by the real
# runner on a 4-vCPU guest (multi-threaded TCG), each with its expected verdict:
#   - rcu_gp_init() no longer arms the grace period's quiescent-state mask
#     ('rnp->qsmask = rnp->qsmaskinit;' deleted): every grace period ends without waiting for
#     any CPU, and rcutorture's readers see it (killed, a WARNING from rcutorture);
#   - rcu_report_qs_rnp() no longer clears a reporting CPU's bit (its WRITE_ONCE deleted, a
#     statement macro): no grace period ever ends, and the RCU CPU stall warning fires
#     (killed, reason a stall);
#   - rcu_gp_init() no longer calls rcu_gp_slow(gp_preinit_delay), a debugging delay that is 0
#     in TREE04: it survives.
# Then, without torture ('mutorture reclass' on new pending mutants), the equivalence pass's
# objects: the arm64 build of TREE04 made at setup, a release store made plain in tree.c
# (weak_memory), and three weakenings of an smp_mb() in srcutree.c that x86 compiles alike and
# arm64 does not (pending: each has its own arm64 object, none is the original's on x86).
# 10-s torture runs (the stall warning comes at 21 s of a hung grace period: the guest runs on
# until then, within the runner's torture timeout), one baseline run, no coverage or
# equivalence pass (--no-prune: its coverage kernels would double the build time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
source "$here/../lib/common.sh"
work="$1"
mutorture="${MUTORTURE_BIN:?MUTORTURE_BIN names the mutorture binary (ctest sets it)}"
target="$here/../../targets/linux-tree-rcu"
db="$work/tree.db"
export MUTORTURE_TREE_SCENARIOS=TREE04-rcu
# Tests build with every core (campaigns default to one per job).
export MUTORTURE_BUILD_JOBS="${MUTORTURE_BUILD_JOBS:-$(nproc)}"

rm -rf "$db" "$db.d"
mkdir -p "$work"
"$mutorture" init --db "$db" --target "$target"
note "mutorture run --setup-only (the TREE04 kernel, from the cache once built)"
"$mutorture" run --db "$db" --target "$target" --setup-only
"$mutorture" init --db "$db" --root "$db.d/pristine"
grep -qx 'CONFIG_NR_CPUS=4' "$db.d/pristine/.build-TREE04/.config" || fail "TREE04 is not a 4-CPU SMP kernel"
note "mutorture generate"
"$mutorture" generate --db "$db" --rules linux --operators sdl --lines kernel/rcu/tree.c:1565-1565 \
	--lines kernel/rcu/tree.c:1585-1585 --lines kernel/rcu/tree.c:1971-1971 kernel/rcu/tree.c
note "mutorture run"
"$mutorture" run --db "$db" --target "$target" --jobs 1 --baseline-runs 1 --confirm 1 --no-prune --duration 10

# The guest had its 4 CPUs (qboot's MP table), in the baseline run.
grep -q 'smp: Brought up 1 node, 4 CPUs' "$db.d"/logs/baseline/*/TREE04-rcu-*.log ||
	fail "the baseline guest did not bring up 4 CPUs"
expected=$'1565\tsdl\tsurvived\tdelete \'rcu_gp_slow(gp_preinit_delay);\'\n1585\tsdl\tkilled\tdelete \'rnp->qsmask = rnp->qsmaskinit;\'\n1971\tsdl\tkilled\tdelete \'WRITE_ONCE(rnp->qsmask, rnp->qsmask & ~mask);\''
actual=$("$mutorture" list --db "$db" --format tsv | cut -f 3,5,7,8 | sort -n)
[[ "$actual" == "$expected" ]] || fail "verdicts:"$'\n'"$actual"$'\n'"expected:"$'\n'"$expected"
# The kill reasons, from the attempts (columns: attempt, mutant, kind, status, scenario, reason).
reasons=$("$mutorture" attempts --db "$db" | cut -f 2,4,6)
id_of() { "$mutorture" list --db "$db" --format tsv | awk -F '\t' -v l="$1" '$3 == l { print $1 }'; }
grep -q "^$(id_of 1971)"$'\tkilled\t.*stall' <<<"$reasons" || fail "1971 was not killed by a stall warning: $reasons"
# (rcutorture's readers see the early end: a WARNING in rcutorture.c, or its !!! counters.)
grep -Eq "^$(id_of 1585)"$'\tkilled\t(WARNING: .* at kernel/rcu/rcutorture\\.c:|.*!!!)' <<<"$reasons" ||
	fail "1585 was not killed by rcutorture's checks: $reasons"

# The equivalence pass's objects on this target, x86-64 and arm64, without torture ('mutorture
# reclass' on pending mutants): the arm64 build made at setup, and two sites:
#   - rcu_request_urgent_qs_task()'s smp_store_release() made a plain store (tree.c:742): one
#     mov on x86 either way, stlr against str on arm64: weak_memory;
#   - srcu_gp_start()'s smp_mb() in srcutree.c (679) weakened to smp_wmb(), smp_rmb() and
#     barrier(): one x86 object for the three (each is a compiler barrier there), unlike the
#     original's (a locked add), and an arm64 object each: all three stay pending.
note "mutorture reclass (x86-64 and arm64 objects)"
grep -qx 'CONFIG_PVH=y' "$db.d/pristine/.arm64-TREE04/not-applied" ||
	fail "the arm64 build does not list the x86 guest's settings it left out"
grep -qx 'CONFIG_NR_CPUS=4' "$db.d/pristine/.arm64-TREE04/.config" || fail "the arm64 TREE04 is not a 4-CPU config"
"$mutorture" generate --db "$db" --rules linux --operators rcu-rewrite,rcu-weaken \
	--lines kernel/rcu/tree.c:742-742 --lines kernel/rcu/srcutree.c:679-679 kernel/rcu/tree.c kernel/rcu/srcutree.c
out=$("$mutorture" reclass --db "$db" --jobs 1 --operators rcu-rewrite,rcu-weaken 2>&1) || fail "reclass failed: $out"
release=$("$mutorture" list --db "$db" --operators rcu-rewrite --format tsv | awk -F '\t' '$3 == 742 { print $1 }')
[[ -n $release ]] || fail "no rewrite of tree.c:742's smp_store_release()"
grep -q "^$release"$'\tpending -> weak_memory\t' <<<"$out" || fail "tree.c:742's release store is not weak_memory: $out"
[[ $out == *"equivalence: 2 files compiled for x86_64 and aarch64"* ]] || fail "not compared on both architectures: $out"
hashes=$(cat "$db.d"/reclass/*/hashes)
weakened=$("$mutorture" list --db "$db" --operators rcu-weaken --files kernel/rcu/srcutree.c --format ids)
[[ $(wc -l <<<"$weakened") -eq 3 ]] || fail "not three weakenings of srcutree.c:679: $weakened"
awk -F '\t' 'NR == FNR { w[$1] = 1; next } ($1 in w) && NF == 4 { x[$3] = 1; a[$4] = 1; n++ }
	$1 == "-" && $2 == "kernel/rcu/srcutree.c" { orig = $3 }
	END { exit !(n == 3 && length(x) == 1 && length(a) == 3 && !(orig in x)) }' <(printf '%s\n' "$weakened") - <<<"$hashes" ||
	fail "srcutree.c:679's weakenings: not one x86 object unlike the original's and three arm64 ones: $hashes"
[[ $("$mutorture" list --db "$db" --mutants "$(paste -sd , <<<"$weakened")" --pending --format ids | wc -l) -eq 3 ]] ||
	fail "a weakening of srcutree.c:679 was decided without torture"
note "pass"
