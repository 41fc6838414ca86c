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
# worker tree always has an inventory taken when it was built and unmutated (lib/trees.sh),
# which every job checks it against after its run.

# trees_setup: makes the pristine tree once (target_setup, then the patch of --patch) and
# records its hash; the patch it was made with is kept as DB.d/pristine.patch.
trees_setup() {
	local pristine="$MT_CAMPAIGN/pristine"
	printf '%s\n' "$MT_TARGET_FILE" >"$MT_CAMPAIGN/target"
	if [[ -f $MT_CAMPAIGN/pristine.hash && -d $pristine ]]; then
		trees_same_patch
		return 0
	fi
	# A setup that did not finish left no hash: start it again from nothing.
	rm -rf -- "$pristine" "$MT_CAMPAIGN/pristine.hash" "$MT_CAMPAIGN/pristine.patch" "$MT_CAMPAIGN/baseline"
	mt_note "setting up the pristine tree in $pristine (log: $MT_CAMPAIGN/setup.log)"
	mt_hook "$MT_BASELINE_TIMEOUT" "$MT_CAMPAIGN/setup.log" target_setup "$pristine"
	if ((MT_HOOK_STATUS != 0)); then
		tail -n 20 -- "$MT_CAMPAIGN/setup.log" >&2
		mt_die "target_setup of '$MT_TARGET_FILE' failed (status $MT_HOOK_STATUS, log: $MT_CAMPAIGN/setup.log)"
	fi
	if [[ -n $opt_patch ]]; then trees_patch "$pristine"; fi
	mt_tree_hash "$pristine" >"$MT_CAMPAIGN/pristine.hash"
}

# trees_patch TREE: applies the patch of --patch to TREE, all of it or nothing: a patch that
# does not apply (tried first with --dry-run) leaves TREE as it was and stops the run. GNU
# patch writes each file it changes as a new one, so a tree sharing its files by hard links
# (the Linux targets' cache) keeps them unchanged.
trees_patch() {
	local out
	if ! out=$(patch -p1 --batch --forward --dry-run -d "$1" -i "$opt_patch" 2>&1); then
		printf '%s\n' "$out" | grep -v '^checking file' | head -n 20 >&2
		mt_die "patch '$opt_patch' does not apply to the pristine tree of '$MT_TARGET_FILE' (patch -p1): nothing was changed; the pristine tree is made again by the next run"
	fi
	patch -p1 --batch --forward --no-backup-if-mismatch -d "$1" -i "$opt_patch" >>"$MT_CAMPAIGN/setup.log" 2>&1 ||
		mt_die "applying patch '$opt_patch' failed after its dry run (log: $MT_CAMPAIGN/setup.log)"
	cp -- "$opt_patch" "$MT_CAMPAIGN/pristine.patch"
	mt_note "patch '$opt_patch' applied to the pristine tree: $(grep -c '^+++ ' "$opt_patch") file diffs"
}

# trees_same_patch: an existing pristine tree serves a run only with the patch it was made with.
trees_same_patch() {
	[[ -n $opt_patch ]] || return 0
	if [[ ! -f $MT_CAMPAIGN/pristine.patch ]]; then
		mt_die "the pristine tree of '$MT_CAMPAIGN' was made without a patch: --patch '$opt_patch' needs a new campaign"
	fi
	cmp -s -- "$opt_patch" "$MT_CAMPAIGN/pristine.patch" ||
		mt_die "the pristine tree of '$MT_CAMPAIGN' was made with another patch ($MT_CAMPAIGN/pristine.patch): --patch '$opt_patch' needs a new campaign"
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
