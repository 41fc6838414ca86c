# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh and runner/gaps-try
# gaps-change.sh: a torture change in a campaign (sourced by runner/gaps-try, never run): the
# change file found and checked, its hash, its own directory DB.d/changes/NAME-HASH (a campaign
# directory of its own: pristine tree, worker trees, logs), its pristine tree (the campaign's,
# with the change's patch, built with its scenarios' configurations), the diff a maintainer
# applies, its row in the database, and the survivors it is tried on.
#
# Invariants: every check runs before anything is written; the change is tried as it is copied
# into its directory (DB.d/changes/NAME-HASH/change/), so editing the file during a try changes
# nothing, and an edited change is another hash, another directory and another row (the
# results of the old version stay with it); a change never touches a file the campaign
# mutates; MUTORTURE_CHANGE names the copy, so every hook and job (here or on a host) sees the
# change's scenarios (mt_source_target).

# change_locate ARG: sets change_src to the change file ARG names: a path to a file, or a bare
# NAME of the target's changes folder (TARGET_CHANGES_DIR, default TARGET_DIR/torture):
# NAME.change there.
change_locate() {
	local dir=${TARGET_CHANGES_DIR:-$TARGET_DIR/torture}
	if [[ $1 == */* || -f $1 ]]; then
		change_src=$1
	else
		change_src=$dir/${1%.change}.change
	fi
	[[ -f $change_src && -r $change_src ]] ||
		mt_die "cannot find torture change '$1': not a file, nor a change of the target's folder '$dir' (NAME.change)"
	change_src=$(realpath -- "$change_src")
}

# change_patch_paths PATCH: prints the paths a -p1 unified diff changes (its '---' and '+++'
# lines, first component off, /dev/null left out), one a line.
change_patch_paths() {
	awk '/^(---|\+\+\+) / {
			p = $2
			sub(/\t.*$/, "", p)
			if (p == "/dev/null") next
			sub(/^[^\/]*\//, "", p)
			print p
		}' "$1" | sort -u
}

# change_check: checks the change of change_src against the target (sourced without the
# change) and sets what the try needs: change_name, change_files (the files it is made of, its
# own first, as paths relative to its folder), change_patch (absolute, '' for none),
# change_hash, change_scenarios (the scenarios it runs). Dies naming the first problem.
change_check() {
	local name key file path re='^[a-z0-9][a-z0-9-]*$'
	local -a words used
	# shellcheck source=targets/lib/change.sh
	source "$MUTORTURE_HOME/targets/lib/change.sh"
	change_load "$change_src" || mt_die "$change_error"
	change_name=$CHANGE_NAME
	[[ $change_name =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] ||
		mt_die "torture change '$change_src': its name '$change_name' may hold letters, digits, '_', '.' and '-' only"
	kv_words words "${CHANGE[gaps]:-}"
	for name in "${words[@]}"; do
		[[ $name =~ $re ]] || mt_die "torture change '$change_src': gap label '$name': lowercase letters, digits and dashes"
	done
	kv_words change_scenarios "${CHANGE[scenarios]}"
	for name in "${change_scenarios[@]}"; do
		[[ $name =~ ^[A-Za-z0-9_.-]+$ ]] ||
			mt_die "torture change '$change_src': scenario '$name': letters, digits, '_', '.' and '-' only"
		[[ " ${TARGET_SCENARIOS[*]} " == *" $name "* || -n ${CHANGE[scenario.$name]+set} ]] ||
			mt_die "torture change '$change_src': scenario '$name' is not one of the target's (${TARGET_SCENARIOS[*]}) and the change does not define it (scenario.$name = ...)"
	done
	for key in "${!CHANGE[@]}"; do
		if [[ $key == scenario.* && " ${change_scenarios[*]} " != *" ${key#scenario.} "* ]]; then
			mt_die "torture change '$change_src': it defines scenario '${key#scenario.}' but does not run it (add it to 'scenarios')"
		fi
	done
	while IFS= read -r key; do
		[[ -n $key ]] || continue
		[[ $key == *:* ]] || mt_die "torture change '$change_src': scenarios_for '$key': not 'GLOB: SCENARIO...'"
		kv_words words "${key#*:}"
		for name in "${words[@]}"; do
			[[ " ${change_scenarios[*]} " == *" $name "* ]] ||
				mt_die "torture change '$change_src': scenarios_for names '$name', a scenario it does not run"
		done
	done <<<"${CHANGE[scenarios_for]:-}"
	change_files=("${change_src##*/}")
	change_patch=''
	if [[ -n ${CHANGE[patch]:-} ]]; then
		change_file change_patch "${CHANGE[patch]}" || mt_die "$change_error"
		grep -q '^+++ ' "$change_patch" || mt_die "torture change '$change_src': its patch '${CHANGE[patch]}' is not a unified diff"
		while IFS= read -r path; do
			[[ " ${TARGET_SOURCES[*]} " != *" $path "* ]] ||
				mt_die "torture change '$change_src': its patch changes '$path', a file the campaign mutates: a torture change changes the test side only"
		done < <(change_patch_paths "$change_patch")
		change_files+=("${CHANGE[patch]}")
	fi
	# Scenario definitions are in the target's own terms: only it can check them, and it
	# names the files of the change they use.
	if [[ " ${!CHANGE[*]}" == *' scenario.'* || " ${!CHANGE[*]}" == *' config.'* ]]; then
		declare -F target_check_change >/dev/null ||
			mt_die "torture change '$change_src' defines scenarios or configurations, which target '$MT_TARGET_FILE' cannot take (it has no target_check_change, targets/CONTRACT.md)"
		file=$(target_check_change "$change_src") ||
			mt_die "torture change '$change_src' does not suit target '$MT_TARGET_FILE' (see the message above)"
		mapfile -t used <<<"$file"
		for file in "${used[@]}"; do
			[[ -n $file ]] || continue
			[[ $file == "$CHANGE_DIR"/* ]] || mt_die "torture change '$change_src' uses '$file', outside its folder '$CHANGE_DIR'"
			change_files+=("${file#"$CHANGE_DIR"/}")
		done
	fi
	change_hash=$(change_digest)
}

# change_digest: prints the change's hash: 16 hex digits of its name and of the name and
# content of every file it is made of.
change_digest() {
	local file
	{
		printf 'name %s\n' "$change_name"
		for file in "${change_files[@]}"; do
			printf 'file %s %s\n' "$file" "$(sha256sum <"$CHANGE_DIR/$file" | cut -c1-64)"
		done
	} | sha256sum | cut -c1-16
}

# change_enter: makes the change's directory (MT_CAMPAIGN becomes DB.d/changes/NAME-HASH: its
# pristine and worker trees, logs and records) with the change copied into it, and exports
# MUTORTURE_CHANGE (the copy) and MT_CHANGE_HASH (what its records carry).
change_enter() {
	local file
	MT_CAMPAIGN=$MT_DB.d/changes/$change_name-$change_hash
	mkdir -p -- "$MT_CAMPAIGN/workers" "$MT_CAMPAIGN/logs" "$MT_CAMPAIGN/runs"
	if [[ ! -f $MT_CAMPAIGN/change/.complete ]]; then
		rm -rf -- "$MT_CAMPAIGN/change"
		for file in "${change_files[@]}"; do
			mkdir -p -- "$(dirname -- "$MT_CAMPAIGN/change/$file")"
			cp -- "$CHANGE_DIR/$file" "$MT_CAMPAIGN/change/$file"
		done
		: >"$MT_CAMPAIGN/change/.complete"
	fi
	export MT_CAMPAIGN MUTORTURE_CHANGE=$MT_CAMPAIGN/change/${change_files[0]} MT_CHANGE_HASH=$change_hash
	export MT_RECORDS="$MT_CAMPAIGN/runs/$MT_TOKEN.records"
	printf '%s\n' "$MT_TARGET_FILE" >"$MT_CAMPAIGN/target"
}

# change_pristine: makes the change's pristine tree once: the campaign's (target_clone), the
# change's patch applied (all or nothing), built by target_build with the change's scenarios
# (their configurations too); then the diff a maintainer applies (change.diff: the patch and
# the scenario files target_export_scenarios writes, as new files or changes of the tree's)
# and the hash every worker tree is checked by. A pristine tree that did not finish is made
# again from nothing.
change_pristine() {
	local pristine="$MT_CAMPAIGN/pristine" log="$MT_CAMPAIGN/setup.log"
	if [[ -f $MT_CAMPAIGN/pristine.hash && -d $pristine && -f $MT_CAMPAIGN/change.diff ]]; then return 0; fi
	rm -rf -- "$pristine" "$MT_CAMPAIGN/pristine.hash" "$MT_CAMPAIGN/baseline" "$MT_CAMPAIGN/change.diff"
	mt_note "making the pristine tree of change '$change_name' in $pristine (log: $log)"
	mt_hook "$MT_BASELINE_TIMEOUT" "$log" target_clone "$MT_DB.d/pristine" "$pristine"
	((MT_HOOK_STATUS == 0)) || mt_die "target_clone of the campaign's pristine tree failed (status $MT_HOOK_STATUS, log: $log)"
	if [[ -n $change_patch ]]; then
		if ! patch -p1 --batch --forward --dry-run -d "$pristine" -i "$MT_CAMPAIGN/change/${CHANGE[patch]}" >>"$log" 2>&1; then
			grep -v '^checking file' "$log" | tail -n 20 >&2
			mt_die "the patch of change '$change_name' does not apply to the campaign's pristine tree (patch -p1; log: $log): nothing was tried"
		fi
		patch -p1 --batch --forward --no-backup-if-mismatch -d "$pristine" -i "$MT_CAMPAIGN/change/${CHANGE[patch]}" >>"$log" 2>&1 ||
			mt_die "applying the patch of change '$change_name' failed after its dry run (log: $log)"
	fi
	# Every core for this one build (a new kernel config is a build from scratch); jobs get one.
	local jobs=$MUTORTURE_BUILD_JOBS cores
	cores=$(nproc)
	export MUTORTURE_BUILD_JOBS=$cores
	mt_hook "$MT_BASELINE_TIMEOUT" "$log.build" target_build "$pristine"
	export MUTORTURE_BUILD_JOBS=$jobs
	if ((MT_HOOK_STATUS != 0 || MT_HOOK_TIMED_OUT)); then
		tail -n 20 -- "$log.build" >&2
		mt_die "the unmutated code with change '$change_name' does not build (log: $log.build): the change is wrong"
	fi
	change_diff >"$MT_CAMPAIGN/change.diff.tmp"
	mv -f -- "$MT_CAMPAIGN/change.diff.tmp" "$MT_CAMPAIGN/change.diff"
	mt_tree_hash "$pristine" >"$MT_CAMPAIGN/pristine.hash"
}

# change_diff: prints what a maintainer applies to have the change: its patch, then each file
# target_export_scenarios writes for its scenarios, as a -p1 diff against the pristine tree.
change_diff() {
	local out path
	if [[ -n $change_patch ]]; then cat -- "$MT_CAMPAIGN/change/${CHANGE[patch]}"; fi
	declare -F target_export_scenarios >/dev/null || return 0
	out=$(mktemp -d)
	mt_hook "$MT_BASELINE_TIMEOUT" "$MT_CAMPAIGN/export.log" target_export_scenarios "$MT_CAMPAIGN/pristine" "$out"
	((MT_HOOK_STATUS == 0)) || mt_die "target_export_scenarios failed for change '$change_name' (log: $MT_CAMPAIGN/export.log)"
	while IFS= read -r path; do
		local old="$MT_CAMPAIGN/pristine/$path" label=a/$path
		if [[ ! -e $old ]]; then old=/dev/null label=/dev/null; fi
		diff -u --label "$label" --label "b/$path" -- "$old" "$out/$path" || (($? == 1))
	done < <(find "$out" -type f -printf '%P\n' | sort)
	rm -rf -- "$out"
}

# change_register: the change's row in the database (once per hash).
change_register() {
	local message
	message=$(mktemp)
	printf '%s\n' "${CHANGE[why]:-}" >"$message"
	"$MUTORTURE_BIN" gaps register --db "$MT_DB" --name "$change_name" --hash "$change_hash" \
		--subject "${CHANGE[subject]}" --spec "$MUTORTURE_CHANGE" --message "$message" \
		--diff "$MT_CAMPAIGN/change.diff" --gaps "${CHANGE[gaps]:-}" --scenarios "${change_scenarios[*]}" ||
		mt_die "cannot record change '$change_name' in '$MT_DB'"
	rm -f -- "$message"
}

# change_survivors: sets try_ids to the survivors the try runs on, from --survivors (a
# comma-separated list of 'test-gap': every confirmed test-gap survivor, a gap label: those
# it labels, or mutant ids: survivors, confirmed or not, whatever their triage) or, without it,
# the confirmed test-gap survivors of the change's gap labels (all of them when it has none).
change_survivors() {
	local table token id gap found defaults=''
	local -a tokens labels
	local -A picked=()
	table=$("$MUTORTURE_BIN" gaps --db "$MT_DB" --fields id,gap) || mt_die "cannot list the test-gap survivors of '$MT_DB'"
	kv_words labels "${CHANGE[gaps]:-}"
	if [[ -n $opt_survivors ]]; then
		IFS=',' read -r -a tokens <<<"$opt_survivors"
	elif ((${#labels[@]})); then
		# The change's own labels: one this campaign has no survivor of is said, not an error.
		tokens=("${labels[@]}")
		defaults=1
	else
		tokens=(test-gap)
	fi
	try_ids=()
	for token in "${tokens[@]}"; do
		token=${token//[[:space:]]/}
		[[ -n $token ]] || continue
		found=''
		while IFS=$'\t' read -r id gap; do
			[[ -n $id ]] || continue
			if [[ $token == test-gap || $token == "$gap" ]]; then
				found=1
				if [[ -z ${picked[$id]+set} ]]; then picked[$id]=1; try_ids+=("$id"); fi
			fi
		done <<<"$table"
		[[ -z $found ]] || continue
		if [[ -n $defaults ]]; then
			mt_note "no confirmed test-gap survivor of '$MT_DB' has the change's gap label '$token'"
			continue
		fi
		# Not a label of any of them: a mutant id (hex digits), or a label none has.
		if [[ ! $token =~ ^[0-9a-f]+$ ]]; then
			mt_die "no confirmed test-gap survivor of '$MT_DB' has the gap label '$token' (mutorture gaps lists them; label them with 'mutorture triage --gap $token ID...')"
		fi
		id=$("$MUTORTURE_BIN" list --db "$MT_DB" --mutants "$token" --format ids) || exit 128
		[[ $("$MUTORTURE_BIN" list --db "$MT_DB" --mutants "$id" --status survived --format ids) == "$id" ]] ||
			mt_die "--survivors: mutant '$token' is not a survivor of '$MT_DB' (a torture change is tried on survivors)"
		if [[ -z ${picked[$id]+set} ]]; then picked[$id]=1; try_ids+=("$id"); fi
	done
	((${#try_ids[@]})) || mt_die "no survivor to try change '$change_name' on: none has its gap labels (${labels[*]:-none}); label them (mutorture triage --gap LABEL ID...) or name them (--survivors)"
}
