#!/bin/bash
# Usage: kernel-compile.sh
# The generator on real kernel code: on a configured Linux 6.1 tree (from Debian's
# linux-source-6.1, set up by targets/linux-tiny-rcu/target.sh's target_setup, which writes
# compile_commands.json), `generate --rules linux` with every operator on kernel/rcu/tiny.c and
# srcutiny.c (and update.c and sync.c when asked) must put RCU and barrier mutants at the
# expected spots,
# delete every statement of tiny.c and srcutiny.c that is not arid (the list below: calls of
# functions and statement macros alike), and every mutant is compiled with the kernel's own
# compile command for its file; the fraction that fails to compile is printed and must stay at
# or under 5%. The headers include/linux/rcutiny.h and srcutiny.h, which do not compile on
# their own, are mutated through tiny.c and srcutiny.c (generate --via): each header mutant
# must compile in its translation unit, with the kernel's command for that file and the
# mutated header first on the include path. The compiles run in parallel, one per core.
#
# Environment: MUTORTURE_KERNEL_TREE (the tree; unset = skipped, exit 77), MUTORTURE_BIN,
# MUTORTURE_HOME, optionally MUTORTURE_KERNEL_FILES (the files, space-separated, instead of
# tiny.c and srcutiny.c; "kernel/rcu/tiny.c kernel/rcu/srcutiny.c kernel/rcu/update.c
# kernel/rcu/sync.c" is the full check, about twice as long). Nothing is written in the tree:
# mutants go to a temporary directory and are compiled from there (the kernel's command already
# has -I kernel/rcu for their includes).
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
read -r -a files <<<"${MUTORTURE_KERNEL_FILES:-kernel/rcu/tiny.c kernel/rcu/srcutiny.c}"
# HEADER:FILE, the header mutated through FILE's translation unit.
headers=(include/linux/rcutiny.h:kernel/rcu/tiny.c include/linux/srcutiny.h:kernel/rcu/srcutiny.c)

"$bin" init --db "$db" --root "$tree" >/dev/null
"$bin" generate --db "$db" --rules linux "${files[@]}"
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

# Every statement of tiny.c and srcutiny.c that a deletion must remove, as FILE:LINE:CALL
# (checked against the source, so a different kernel fails loudly): calls of functions and
# statement macros alike, whether sdl, rcu-delete or rcu-pair deletes them.
statements=(
	tiny.c:47:wait_rcu_gp tiny.c:56:local_irq_save tiny.c:59:raise_softirq_irqoff
	tiny.c:61:WRITE_ONCE tiny.c:62:local_irq_restore tiny.c:74:rcu_qs
	tiny.c:76:set_tsk_need_resched tiny.c:77:set_preempt_need_resched tiny.c:93:kvfree
	tiny.c:101:WRITE_ONCE tiny.c:102:f tiny.c:114:local_irq_save tiny.c:117:local_irq_restore
	tiny.c:126:local_irq_restore tiny.c:131:prefetch tiny.c:133:local_bh_disable
	tiny.c:134:rcu_reclaim_tiny tiny.c:135:local_bh_enable tiny.c:158:WRITE_ONCE
	tiny.c:179:mem_dump_obj tiny.c:183:WRITE_ONCE tiny.c:190:local_irq_save
	tiny.c:193:local_irq_restore tiny.c:197:resched_cpu tiny.c:232:resched_cpu
	tiny.c:265:open_softirq tiny.c:266:rcu_early_boot_tests
	srcutiny.c:31:init_swait_queue_head srcutiny.c:38:INIT_WORK srcutiny.c:39:INIT_LIST_HEAD
	srcutiny.c:49:debug_check_no_locks_freed srcutiny.c:83:flush_work srcutiny.c:101:WRITE_ONCE
	srcutiny.c:103:swake_up_one srcutiny.c:124:WRITE_ONCE srcutiny.c:125:local_irq_disable
	srcutiny.c:129:local_irq_enable srcutiny.c:131:WRITE_ONCE srcutiny.c:132:WRITE_ONCE
	srcutiny.c:133:swait_event_exclusive srcutiny.c:134:WRITE_ONCE srcutiny.c:135:WRITE_ONCE
	srcutiny.c:142:local_bh_disable srcutiny.c:144:local_bh_enable srcutiny.c:153:WRITE_ONCE
	srcutiny.c:155:schedule_work srcutiny.c:166:WRITE_ONCE srcutiny.c:169:schedule_work
	srcutiny.c:171:list_add srcutiny.c:186:local_irq_save srcutiny.c:189:local_irq_restore
	srcutiny.c:190:srcu_gp_start_if_needed srcutiny.c:201:init_rcu_head_on_stack
	srcutiny.c:202:init_completion srcutiny.c:203:call_srcu srcutiny.c:204:wait_for_completion
	srcutiny.c:205:destroy_rcu_head_on_stack srcutiny.c:216:barrier srcutiny.c:218:barrier
	srcutiny.c:234:srcu_gp_start_if_needed srcutiny.c:246:barrier srcutiny.c:270:list_del_init
	srcutiny.c:271:schedule_work
)
# And the arid ones (printing, assertions, lockdep, tracing), which nothing may delete.
arid=(
	tiny.c:90:rcu_lock_acquire tiny.c:98:trace_rcu_invoke_callback
	tiny.c:100:debug_rcu_head_callback tiny.c:154:RCU_LOCKDEP_WARN tiny.c:178:pr_err
	srcutiny.c:50:lockdep_init_map srcutiny.c:82:WARN_ON srcutiny.c:89:WARN_ON
)
awk -F'\t' '$8 ~ /^delete/ { print $2 ":" $3 }' "$work/list.tsv" | sort -u >"$work/deleted"
for entry in "${statements[@]}" "${arid[@]}"; do
	IFS=: read -r name line call <<<"$entry"
	path=kernel/rcu/$name
	[[ " ${files[*]} " == *" $path "* ]] || continue
	sed -n "${line}p" "$tree/$path" | grep -Eq "^[[:space:]]*(else[[:space:]]+)?${call}[[:space:]]*\(" ||
		{ echo "fatal: $path:$line is not a call of $call: the kernel differs from Linux 6.1" >&2; exit 1; }
	if [[ " ${arid[*]} " == *" $entry "* ]]; then
		! grep -qx "$path:$line" "$work/deleted" || { echo "FAIL: arid $call deleted at $path:$line"; fail=1; }
	else
		grep -qx "$path:$line" "$work/deleted" || { echo "FAIL: no deletion of $call() at $path:$line"; fail=1; }
	fi
done
echo "statements: ${#statements[@]} deleted, ${#arid[@]} arid ones kept"

# Every mutant's source: a mutated copy of a .c file, or a header in an include directory of
# its own that goes first on the path (the kernel includes them as <linux/...>), with the
# translation unit compiled from the tree. jobs: ID, TU, SOURCE, INCLUDE-DIR ('-' for none).
for file in "${files[@]}"; do
	jq -r --arg f "$tree/$file" '.[] | select(.file == $f) | .directory, .command' "$compdb" \
		>"$work/cmd-${file//\//_}"
	[[ -s $work/cmd-${file//\//_} ]] || { echo "fatal: '$file' is not in '$compdb'" >&2; exit 1; }
	printf 'pristine-%s\t%s\t%s\t-\n' "${file##*/}" "$file" "$tree/$file"
done >"$work/jobs"
for pair in "${headers[@]}"; do
	header=${pair%%:*} file=${pair#*:}
	# The overlay is really used: a broken header there must break the compile.
	mkdir -p "$work/m/broken-${header##*/}/${header%/*}"
	printf '#error overlay in use\n' >"$work/m/broken-${header##*/}/$header"
	printf 'broken-%s\t%s\t%s\t%s\n' "${header##*/}" "$file" "$tree/$file" \
		"$work/m/broken-${header##*/}/include" >>"$work/jobs"
done
while IFS=$'\t' read -r id path _; do
	mkdir -p "$work/m/$id/${path%/*}"
	"$bin" apply --db "$db" "$id" >"$work/m/$id/$path"
	if [[ $path == *.h ]]; then
		for pair in "${headers[@]}"; do
			[[ ${pair%%:*} == "$path" ]] && printf '%s\t%s\t%s\t%s\n' "$id" "${pair#*:}" \
				"$tree/${pair#*:}" "$work/m/$id/include" >>"$work/jobs"
		done
	else
		printf '%s\t%s\t%s\t-\n' "$id" "$path" "$work/m/$id/$path" >>"$work/jobs"
	fi
done <"$work/list.tsv"

# compile.sh ID TU SOURCE INCLUDE-DIR: the kernel's command for TU, compiling SOURCE (with
# INCLUDE-DIR searched first); prints 'ID<TAB>ok' or 'ID<TAB>fail<TAB>first error'.
cat >"$work/compile.sh" <<'EOF'
shopt -s extglob
{ read -r dir; read -r cmd; } <"$WORK/cmd-${2//\//_}"
if [[ $4 != - ]]; then cmd="${cmd%% *} -I$4 ${cmd#* }"; fi
cmd=${cmd/ -o +([^ ]) / -o $WORK/o/$1.o }
cmd=${cmd% "$TREE/$2"}
if out=$(cd "$dir" && bash -c "$cmd \"\$1\"" compile "$3" 2>&1); then
	printf '%s\tok\n' "$1"
else
	printf '%s\tfail\t%s\n' "$1" "$(grep -m 1 error <<<"$out" | cut -c1-200)"
fi
EOF
mkdir -p "$work/o"
WORK=$work TREE=$tree parallel --will-cite -j "$(nproc)" --colsep '\t' -a "$work/jobs" \
	bash "$work/compile.sh" '{1}' '{2}' '{3}' '{4}' >"$work/results"
for file in "${files[@]}"; do
	grep -qx "pristine-${file##*/}	ok" "$work/results" ||
		{ echo "fatal: the unmutated '$file' does not compile" >&2; exit 1; }
done
for pair in "${headers[@]}"; do
	header=${pair%%:*}
	if ! grep -q "^broken-${header##*/}	fail" "$work/results"; then
		echo "fatal: a broken $header in its overlay did not break '${pair#*:}'" >&2
		exit 1
	fi
done
total=0 broken=0
for path in "${files[@]}" "${headers[@]%%:*}"; do
	n=0 bad=0
	while IFS=$'\t' read -r id p _; do
		[[ $p == "$path" ]] || continue
		n=$((n + 1))
		if ! grep -qx "$id	ok" "$work/results"; then
			bad=$((bad + 1))
			echo "does not compile: $id $(grep "^$id" "$work/list.tsv" | cut -f2-3,5,8) -- $(grep "^$id" "$work/results" | cut -f3)"
		fi
	done <"$work/list.tsv"
	echo "$path: $n mutants, $bad fail to compile"
	[[ $n -gt 0 ]] || { echo "FAIL: no mutants of $path"; fail=1; }
	total=$((total + n)) broken=$((broken + bad))
done
echo "all: $total mutants, $broken fail to compile ($((100 * broken / (total ? total : 1)))%, goal <= 5%)"
[[ $total -gt 0 ]] || { echo "FAIL: no mutants"; fail=1; }
if ((broken * 20 > total)); then
	echo "FAIL: more than 5% of the mutants do not compile"
	fail=1
fi
exit "$fail"
