# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_jobs: set by run-options.sh
# run-trees.sh: the trees of a campaign (sourced by runner/run, never run): the pristine tree,
# made once by target_setup, and one worker tree per GNU parallel slot, made from it by
# target_clone.
#
# Invariants: the pristine tree is never written after its hash (DB.d/pristine.hash) is
# recorded, and a setup that did not finish left no hash, so the next run starts it again; a
# worker tree is reused only while the pristine hash it was cloned from (workers/N.stamp)
# holds, and a file a killed job left mutated in it is put back before anything else runs.

# trees_setup: makes the pristine tree once (target_setup) and records its hash.
trees_setup() {
	local pristine="$MT_CAMPAIGN/pristine"
	printf '%s\n' "$MT_TARGET_FILE" >"$MT_CAMPAIGN/target"
	[[ -f $MT_CAMPAIGN/pristine.hash && -d $pristine ]] && return 0
	# A setup that did not finish left no hash: start it again from nothing.
	rm -rf -- "$pristine" "$MT_CAMPAIGN/pristine.hash" "$MT_CAMPAIGN/baseline"
	mt_note "setting up the pristine tree in $pristine (log: $MT_CAMPAIGN/setup.log)"
	mt_hook "$MT_BASELINE_TIMEOUT" "$MT_CAMPAIGN/setup.log" target_setup "$pristine"
	if ((MT_HOOK_STATUS != 0)); then
		tail -n 20 -- "$MT_CAMPAIGN/setup.log" >&2
		mt_die "target_setup of '$MT_TARGET_FILE' failed (status $MT_HOOK_STATUS, log: $MT_CAMPAIGN/setup.log)"
	fi
	mt_tree_hash "$pristine" >"$MT_CAMPAIGN/pristine.hash"
}

# trees_workers: makes a worker tree for each slot from the pristine tree (target_clone), or
# reuses the one a run before made, putting back a file a killed job left mutated.
trees_workers() {
	local slot tree hash
	hash=$(<"$MT_CAMPAIGN/pristine.hash")
	for ((slot = 1; slot <= opt_jobs; slot++)); do
		tree="$MT_CAMPAIGN/workers/$slot"
		if [[ -d $tree && -f $tree.stamp && $(<"$tree.stamp") == "$hash" ]]; then
			mt_repair_slot "$slot"
			continue
		fi
		rm -rf -- "$tree" "$tree.stamp" "$tree.dirty"
		mt_hook "$MT_BASELINE_TIMEOUT" "$tree.clone.log" target_clone "$MT_CAMPAIGN/pristine" "$tree"
		if ((MT_HOOK_STATUS != 0)); then
			tail -n 20 -- "$tree.clone.log" >&2
			mt_die "target_clone into '$tree' failed (status $MT_HOOK_STATUS, log: $tree.clone.log)"
		fi
		printf '%s\n' "$hash" >"$tree.stamp"
	done
}
