# shellcheck shell=bash
# runner/lib/trees.sh: worker trees (sourced, never run; needs lib/base.sh and lib/hooks.sh):
# restoring a mutated file, repairing what a killed job left, the inventory a job's tree is
# checked against, and making a tree again. The pristine tree is only ever read here. The
# campaign directory (DB.d beside the database) is described once, in runner/README.md ("The
# campaign directory").

# mt_restore TREE PATH: puts the pristine PATH back into TREE by copying it beside the target
# and renaming it in place: a new inode (a file shared by hard links is never written) with a
# fresh mtime (the next incremental build recompiles it).
mt_restore() {
	local tree=$1 path=$2
	cp -- "$MT_CAMPAIGN/pristine/$path" "$tree/$path.mutorture-restore" &&
		mv -f -- "$tree/$path.mutorture-restore" "$tree/$path"
}

# mt_repair_slot SLOT: restores the file a killed job left mutated in worker tree SLOT, as its
# marker names it, and empties the marker (no fork: a job repairs its slot before and after it
# works, and an rm cost 7 ms).
mt_repair_slot() {
	local marker="$MT_CAMPAIGN/workers/$1.dirty" path=''
	[[ -s $marker ]] || return 0
	IFS= read -r path <"$marker" || true
	if [[ -n $path ]]; then mt_restore "$MT_CAMPAIGN/workers/$1" "$path" || return; fi
	: >"$marker"
}

# mt_mark_dirty SLOT PATH: notes, before a mutant is written, which file of SLOT it touches.
# Written in place, not renamed: a marker a kill cut short is empty, and then nothing was
# written yet (mt_repair_slot leaves it so).
mt_mark_dirty() {
	printf '%s\n' "$2" >"$MT_CAMPAIGN/workers/$1.dirty"
}

# The worker tree's inventory (DB.d/workers/N.inventory), taken when the tree is built and
# unmutated: 'TYPE<TAB>SIZE<TAB>MTIME<TAB>VOLATILE<TAB>PATH' for each entry the pristine tree
# has too (what a torture run adds to its tree is its own business). An entry is volatile when
# a build may change it: a directory, or an entry unlike the pristine tree's (what a build
# wrote, a file put back by a restore). A job leaves its tree as it found it
# except for volatile entries, so after each job every entry must still be there with its
# type, and the others with their size and mtime: a cheap check (one find) that catches a test
# deleting or rewriting its tree. Files the run restores are compared by content instead.

# mt_restored_same TREE: succeeds when each file of the run's restore list (MT_RESTORE_LIST)
# has in TREE the pristine tree's content: one sha256sum for them all, as a cmp of each cost
# a fork a file (six a job on toy-rcu). A file it cannot read fails it.
mt_restored_same() {
	local path out a b i
	local -a files=() sums
	while IFS= read -r path; do
		if [[ -n $path ]]; then files+=("$MT_CAMPAIGN/pristine/$path" "$1/$path"); fi
	done <"$MT_RESTORE_LIST"
	((${#files[@]})) || return 0
	out=$(sha256sum -- "${files[@]}" 2>/dev/null) || return 1
	mapfile -t sums <<<"$out"
	((${#sums[@]} == ${#files[@]})) || return 1
	for ((i = 0; i < ${#sums[@]}; i += 2)); do
		# (a name with a backslash or newline gets a line starting with a backslash)
		a=${sums[i]#\\} b=${sums[i + 1]#\\}
		[[ ${a%% *} == "${b%% *}" ]] || return 1
	done
}

# mt_listing TREE: prints 'TYPE<TAB>SIZE<TAB>MTIME<TAB>PATH' for every entry under TREE.
mt_listing() {
	find "$1" -mindepth 1 -printf '%y\t%s\t%T@\t%P\n' 2>/dev/null || true
}

# mt_inventory_take SLOT: records the worker tree of SLOT, as it is now, as its inventory.
mt_inventory_take() {
	local tree="$MT_CAMPAIGN/workers/$1"
	awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { p[$4] = $1 FS $2 FS $3; next }
		$4 in p { print $1, $2, $3, ($1 == "d" || p[$4] != $1 FS $2 FS $3) ? 1 : 0, $4 }' \
		<(mt_listing "$MT_CAMPAIGN/pristine") <(mt_listing "$tree") >"$tree.inventory.tmp" &&
		mv -f -- "$tree.inventory.tmp" "$tree.inventory"
}

# mt_inventory_check SLOT: succeeds when the worker tree of SLOT holds every entry of its
# inventory with its type, each file of the run's restore list (MT_RESTORE_LIST: restores give
# them fresh mtimes) with the pristine tree's content, and the other entries that are not
# volatile with their size and mtime; else prints the first difference and fails.
mt_inventory_check() {
	local tree="$MT_CAMPAIGN/workers/$1" path why
	if [[ ! -f $tree.inventory ]]; then
		printf 'it has no inventory\n'
		return 1
	fi
	why=$(awk -F '\t' 'FILENAME == ARGV[1] { restored[$0] = 1; next }
		FILENAME == ARGV[2] { now[$4] = $1 FS $2 FS $3; type[$4] = $1; next }
		!($5 in type) { print "'\''" $5 "'\'' was deleted"; exit }
		type[$5] != $1 { print "'\''" $5 "'\'' changed type"; exit }
		$4 == 0 && !($5 in restored) && now[$5] != $1 FS $2 FS $3 { print "'\''" $5 "'\'' was modified"; exit }' \
		"${MT_RESTORE_LIST:-/dev/null}" <(mt_listing "$tree") "$tree.inventory")
	if [[ -z $why && -n ${MT_RESTORE_LIST:-} ]] && ! mt_restored_same "$tree"; then
		# Which one: the first that differs.
		while IFS= read -r path; do
			if [[ -n $path ]] && ! cmp -s -- "$MT_CAMPAIGN/pristine/$path" "$tree/$path"; then
				why="'$path' differs from the pristine tree"
				break
			fi
		done <"$MT_RESTORE_LIST"
	fi
	if [[ -n $why ]]; then
		printf '%s\n' "$why"
		return 1
	fi
}

# mt_rebuild_slot SLOT LOG: makes the worker tree of SLOT again from the pristine tree
# (target_clone), builds it unmutated as the baseline does (the files of MT_RESTORE_LIST put
# back with fresh mtimes, then target_build, within the build timeout), and takes its
# inventory; the hooks' output goes to LOG and LOG.build. Fails when a step does.
mt_rebuild_slot() {
	local tree="$MT_CAMPAIGN/workers/$1" path
	rm -rf -- "$tree" "$tree.inventory" "$tree.dirty"
	mt_hook "$MT_BASELINE_TIMEOUT" "$2" target_clone "$MT_CAMPAIGN/pristine" "$tree"
	((MT_HOOK_STATUS == 0)) || return 1
	if [[ -n ${MT_RESTORE_LIST:-} ]]; then
		while IFS= read -r path; do
			if [[ -n $path ]]; then mt_restore "$tree" "$path" || return 1; fi
		done <"$MT_RESTORE_LIST"
	fi
	mt_hook "${MT_BUILD_TIMEOUT:-$MT_BASELINE_TIMEOUT}" "$2.build" target_build "$tree"
	((MT_HOOK_STATUS == 0 && !MT_HOOK_TIMED_OUT)) || return 1
	mt_inventory_take "$1"
}

# mt_slot_ready SLOT: readies the worker tree of SLOT for jobs. The tree made before is kept
# while it was cloned from this pristine tree (workers/N.stamp) and, once a file a killed job
# left mutated is put back, matches its inventory; else it is made again (mt_rebuild_slot, logs
# workers/N.clone.log and .build), saying why. Fails when it cannot be made.
mt_slot_ready() {
	local tree="$MT_CAMPAIGN/workers/$1" hash why
	hash=$(<"$MT_CAMPAIGN/pristine.hash")
	if [[ -d $tree && -f $tree.stamp && $(<"$tree.stamp") == "$hash" ]]; then
		mt_repair_slot "$1"
		why=$(mt_inventory_check "$1") && return 0
		mt_note "worker tree $1 changed ($why): making it again from the pristine tree"
	fi
	rm -f -- "$tree.stamp"
	mkdir -p -- "$MT_CAMPAIGN/workers"
	mt_rebuild_slot "$1" "$tree.clone.log" || return
	printf '%s\n' "$hash" >"$tree.stamp"
}

# mt_tree_hash DIR: prints a 16-hex-digit hash of DIR's names, types, modes, mtimes and file
# contents: any write to the tree changes it.
mt_tree_hash() {
	(
		cd -- "$1" &&
			find . -printf '%y %m %T@ %p\n' | sort &&
			find . -type f -print0 | sort -z | xargs -0r sha256sum
	) | sha256sum | cut -c1-16
}
