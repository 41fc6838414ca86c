#!/bin/bash
# Usage: kernel-compile.sh
# The opt-in kernel test of the rule-driven operators: on a configured Linux 6.1 tree (from
# Debian's linux-source-6.1, set up by targets/linux-tiny-rcu/target.sh's target_setup, which
# writes compile_commands.json), `generate --rules linux` on kernel/rcu/tiny.c and
# kernel/rcu/srcutiny.c must put RCU and barrier mutants at the expected spots, and every
# mutant is compiled with the kernel's own compile command for its file; the fraction that
# fails to compile is printed and must stay at or under 5%. The headers include/linux/rcutiny.h
# and srcutiny.h, which do not compile on their own, are mutated through tiny.c and srcutiny.c
# (generate --via, all operators): each header mutant must compile in its translation unit,
# with the kernel's command for that file and the mutated header first on the include path.
#
# Environment: MUTORTURE_KERNEL_TREE (the tree; unset = skipped, exit 77), MUTORTURE_BIN,
# MUTORTURE_HOME, optionally MUTORTURE_KERNEL_EXTRA_FILES (more files to measure). Nothing is written in the tree: mutants go to a temporary directory and are
# compiled from there (the kernel's command already has -I kernel/rcu for their includes).
set -euo pipefail

tree=${MUTORTURE_KERNEL_TREE:-}
if [[ -z $tree ]]; then
	echo "skipped: set MUTORTURE_KERNEL_TREE to a tree made by targets/linux-tiny-rcu target_setup"
	exit 77
fi
bin=${MUTORTURE_BIN:?MUTORTURE_BIN is not set}
tree=$(cd "$tree" && pwd -P)
compdb=$tree/compile_commands.json
[[ -r $compdb ]] || { echo "fatal: no '$compdb': run target_setup first" >&2; exit 1; }
command -v jq >/dev/null || { echo "fatal: jq is needed to read '$compdb'" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/k.db
files=(kernel/rcu/tiny.c kernel/rcu/srcutiny.c)
# More files to measure, e.g. "kernel/rcu/update.c kernel/rcu/rcutorture.c" (space-separated).
read -r -a extra <<<"${MUTORTURE_KERNEL_EXTRA_FILES:-}"
files+=("${extra[@]}")
ops=rcu-delete,rcu-weaken,rcu-unwrap,rcu-rewrite,rcu-pair,memory-order
# HEADER:FILE, the header mutated through FILE's translation unit.
headers=(include/linux/rcutiny.h:kernel/rcu/tiny.c include/linux/srcutiny.h:kernel/rcu/srcutiny.c)

"$bin" init --db "$db" --root "$tree" >/dev/null
"$bin" generate --db "$db" --rules linux --operators "$ops" "${files[@]}"
for pair in "${headers[@]}"; do
	"$bin" generate --db "$db" --rules linux --via "${pair#*:}" "${pair%%:*}"
done
"$bin" list --db "$db" --format tsv >"$work/list.tsv"
# Mutants per file and operator, for the record.
awk -F"\t" '{ n[$2 "\t" $5]++ } END { for (k in n) print k "\t" n[k] }' "$work/list.tsv" | sort

fail=0
# expect FILE FUNCTION OPERATOR DESCRIPTION-PATTERN TEXT: a mutant of OPERATOR in FUNCTION
# whose description matches and whose first line in the source contains TEXT.
expect() {
	local file=$1 fn=$2 op=$3 desc=$4 text=$5 path line o f d found=no
	while IFS=$'\t' read -r _ path line _ o f _ d; do
		[[ $path == "$file" && $f == "$fn" && $o == "$op" && $d == *$desc* ]] || continue
		if sed -n "${line}p" "$tree/$file" | grep -qF -- "$text"; then
			found=yes
			break
		fi
	done <"$work/list.tsv"
	if [[ $found == no ]]; then
		echo "FAIL: no $op mutant '$desc' on '$text' in $file:$fn()"
		fail=1
	fi
}
expect kernel/rcu/tiny.c rcu_qs rcu-pair "pair" "local_irq_save(flags);"
expect kernel/rcu/tiny.c rcu_qs rcu-rewrite "WRITE_ONCE" "WRITE_ONCE(rcu_ctrlblk.gp_seq"
expect kernel/rcu/tiny.c rcu_process_callbacks rcu-pair "pair" "local_bh_disable();"
expect kernel/rcu/tiny.c rcu_process_callbacks rcu-pair "one side" "local_irq_restore(flags);"
expect kernel/rcu/tiny.c call_rcu rcu-weaken "atomic_inc_return_relaxed" "atomic_inc_return(&doublefrees)"
expect kernel/rcu/tiny.c get_state_synchronize_rcu rcu-unwrap "READ_ONCE" "READ_ONCE(rcu_ctrlblk.gp_seq)"
expect kernel/rcu/srcutiny.c __srcu_read_unlock rcu-rewrite "WRITE_ONCE" "WRITE_ONCE(ssp->srcu_lock_nesting[idx], newval)"
expect kernel/rcu/srcutiny.c srcu_drive_gp rcu-pair "pair" "local_irq_disable();"
expect kernel/rcu/srcutiny.c srcu_drive_gp rcu-unwrap "READ_ONCE" "!READ_ONCE(ssp->srcu_lock_nesting[idx])"
expect kernel/rcu/srcutiny.c synchronize_srcu rcu-rewrite "call_srcu" "call_srcu(ssp, &rs.head, wakeme_after_rcu)"
expect kernel/rcu/srcutiny.c get_state_synchronize_srcu rcu-delete "barrier()" "barrier();"
expect include/linux/rcutiny.h synchronize_rcu_expedited rcu-delete "synchronize_rcu()" "synchronize_rcu();"
expect include/linux/rcutiny.h __kvfree_call_rcu rcu-rewrite "call_rcu" "call_rcu(head, func);"
expect include/linux/srcutiny.h __srcu_read_lock rcu-rewrite "WRITE_ONCE" "WRITE_ONCE(ssp->srcu_lock_nesting[idx]"
expect include/linux/srcutiny.h __srcu_read_lock rcu-unwrap "READ_ONCE" "READ_ONCE(ssp->srcu_idx)"

# compile FILE SOURCE OBJECT [INCLUDE-DIR]: the kernel's command for FILE, compiling SOURCE
# into OBJECT, with INCLUDE-DIR searched before the kernel's own include directories.
compile() {
	local file=$1 src=$2 obj=$3 dir cmd
	dir=$(jq -r --arg f "$tree/$file" '.[] | select(.file == $f) | .directory' "$compdb")
	cmd=$(jq -r --arg f "$tree/$file" '.[] | select(.file == $f) | .command' "$compdb")
	[[ -n $cmd ]] || { echo "fatal: '$file' is not in '$compdb'" >&2; exit 1; }
	if [[ -n ${4:-} ]]; then cmd="${cmd%% *} -I$4 ${cmd#* }"; fi
	cmd=${cmd/ -o +([^ ]) / -o $obj }
	cmd=${cmd% "$tree/$file"}
	(cd "$dir" && bash -c "$cmd \"\$1\"" compile "$src") >"$work/cc.log" 2>&1
}
shopt -s extglob

total=0 broken=0
for file in "${files[@]}"; do
	compile "$file" "$tree/$file" "$work/pristine.o" ||
		{ cat "$work/cc.log"; echo "fatal: the unmutated '$file' does not compile" >&2; exit 1; }
	n=0 bad=0
	while IFS=$'\t' read -r id path _; do
		[[ $path == "$file" ]] || continue
		"$bin" apply --db "$db" "$id" >"$work/${file##*/}"
		n=$((n + 1))
		if ! compile "$file" "$work/${file##*/}" "$work/m.o"; then
			bad=$((bad + 1))
			echo "does not compile: $id $("$bin" list --db "$db" --format tsv | grep "^$id" | cut -f2-4,5,8)"
			grep -m3 'error' "$work/cc.log" || true
		fi
	done <"$work/list.tsv"
	echo "$file: $n mutants, $bad fail to compile"
	total=$((total + n)) broken=$((broken + bad))
done
# Headers: the mutated header goes in an include directory of its own, first on the path (the
# kernel includes them as <linux/...>); the translation unit is compiled from the tree.
for pair in "${headers[@]}"; do
	header=${pair%%:*} file=${pair#*:}
	overlay=$work/overlay/${header#include/}
	rm -rf "$work/overlay"
	mkdir -p "${overlay%/*}"
	# The overlay is really used: a broken header there breaks the compile.
	printf '#error overlay in use\n' >"$overlay"
	if compile "$file" "$tree/$file" "$work/m.o" "$work/overlay"; then
		echo "fatal: a broken $header in '$work/overlay' did not break '$file'" >&2
		exit 1
	fi
	n=0 bad=0
	while IFS=$'\t' read -r id path _; do
		[[ $path == "$header" ]] || continue
		"$bin" apply --db "$db" "$id" >"$overlay"
		n=$((n + 1))
		if ! compile "$file" "$tree/$file" "$work/m.o" "$work/overlay"; then
			bad=$((bad + 1))
			echo "does not compile: $id $("$bin" list --db "$db" --format tsv | grep "^$id" | cut -f2-4,5,8)"
			grep -m3 'error' "$work/cc.log" || true
		fi
	done <"$work/list.tsv"
	echo "$header (via $file): $n mutants, $bad fail to compile"
	[[ $n -gt 0 ]] || { echo "FAIL: no mutants of $header"; fail=1; }
	total=$((total + n)) broken=$((broken + bad))
done
echo "all: $total mutants, $broken fail to compile ($((100 * broken / (total ? total : 1)))%, goal <= 5%)"
[[ $total -gt 0 ]] || { echo "FAIL: no mutants"; fail=1; }
if ((broken * 20 > total)); then
	echo "FAIL: more than 5% of the mutants do not compile"
	fail=1
fi
exit "$fail"
