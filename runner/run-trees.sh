# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_jobs: set by run-options.sh
# run-trees.sh: the trees of a campaign (sourced by runner/run, never run): the pristine tree,
# made once by target_setup, and one worker tree per GNU parallel slot, made from it by
# target_clone.
#
# Invariants: the pristine tree is never written after its hash (DB.d/pristine.hash) is
# recorded, and a setup that did not finish left no hash, so the next run starts it again; a
# worker tree is reused only while the pristine hash it was cloned from (workers/N.stamp)
# holds, and a file a killed job left mutated in it is put back before anything else runs; a
# worker tree always has an inventory taken when it was built and unmutated (functions.sh),
# which every job checks it against after its run.

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

# trees_workers: makes a worker tree for each slot from the pristine tree (target_clone),
# built unmutated (target_build) with its inventory taken, or reuses the one a run before made,
# putting back a file a killed job left mutated, and making it again when it no longer matches
# its inventory (a test of a killed job damaged it).
trees_workers() {
	local slot tree
	for ((slot = 1; slot <= opt_jobs; slot++)); do
		tree="$MT_CAMPAIGN/workers/$slot"
		if ! mt_slot_ready "$slot"; then
			tail -n 20 -- "$tree.clone.log" "$tree.clone.log.build" >&2 2>/dev/null || true
			mt_die "making worker tree '$tree' failed: target_clone or the unmutated target_build (status $MT_HOOK_STATUS, logs: $tree.clone.log, $tree.clone.log.build)"
		fi
	done
}
