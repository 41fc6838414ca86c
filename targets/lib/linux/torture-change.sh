# shellcheck shell=bash
# shellcheck disable=SC2154 # change_error: set by targets/lib/change.sh (change_file)
# The torture changes of a Linux target (targets/CONTRACT.md, "Torture changes"): a change's
# kernel configs ('config.NAME = BASE FRAGMENT...': the target's config BASE plus fragments of
# the change's folder) and scenarios ('scenario.NAME = CONFIG BOOT-PARAMETERS...', as
# linux_scenario prints them), checked before a try, and exported in the kernel's own format
# (tools/testing/selftests/rcutorture/configs/rcu/: a config file, a .boot file, CFLIST), so a
# maintainer's kvm.sh runs them.
#
# Sourced by linux.sh after kbuild.sh (kbuild_fragments builds a change's configs); defines
# functions only. The change itself is read by targets/lib/change.sh (CHANGE).

# Where rcutorture keeps its scenarios in a kernel tree.
LINUX_SCENARIO_DIR=tools/testing/selftests/rcutorture/configs/rcu

# linux_check_change FILE: checks the change FILE (loaded into CHANGE) against the target:
# each config's BASE is a config of the target (a fragment TARGET_DIR/BASE.config) and its
# fragments are files of the change's folder; each scenario boots a config of the target or of
# the change, with boot parameters only. Prints the fragment files it uses, one a line; fails,
# saying why, on the first problem.
linux_check_change() {
	local key config frag path known=''
	local -a words
	for path in "$TARGET_DIR"/*.config; do
		path=${path##*/}
		if [[ $path != common.config ]]; then known+=" ${path%.config}"; fi
	done
	for key in "${!CHANGE[@]}"; do
		case $key in
		config.*)
			read -ra words <<<"${CHANGE[$key]}"
			config=${words[0]:-}
			if [[ -z $config || ! -f $TARGET_DIR/$config.config || -n ${CHANGE[config.$config]+set} ]]; then
				printf 'error: torture change %s: %s = %s: not BASE FRAGMENT... with BASE a kernel config of the target (%s)\n' \
					"$1" "$key" "${CHANGE[$key]}" "${known# }" >&2
				return 1
			fi
			for frag in "${words[@]:1}"; do
				change_file path "$frag" || { printf 'error: %s\n' "$change_error" >&2; return 1; }
				printf '%s\n' "$path"
			done ;;
		scenario.*)
			read -ra words <<<"${CHANGE[$key]}"
			config=${words[0]:-}
			if [[ -z $config || (! -f $TARGET_DIR/$config.config && -z ${CHANGE[config.$config]+set}) ]]; then
				printf 'error: torture change %s: %s = %s: not CONFIG BOOT-PARAMETERS... with CONFIG a kernel config of the target or of the change\n' \
					"$1" "$key" "${CHANGE[$key]}" >&2
				return 1
			fi
			for frag in "${words[@]:1}"; do
				if [[ $frag == *[[:cntrl:]\"\'\\\$\`]* ]]; then
					printf "error: torture change %s: %s: boot parameter '%s' holds a quote, a backslash or a '\$'\n" "$1" "$key" "$frag" >&2
					return 1
				fi
			done ;;
		esac
	done
}

# linux_export_scenarios DIR OUT: writes into OUT, as paths of a kernel tree, the rcutorture
# scenario files of the change's scenarios: for each scenario NAME it defines, configs/rcu/NAME
# upper-cased (the kernel's names are), the config fragments its kernel is made of (those of
# the target and of the change, without guest.config: kvm.sh has its own) and NAME.boot (its
# boot parameters, one a line); and CFLIST, DIR's with the names it lacks added.
linux_export_scenarios() {
	local dir=$1 out=$2/$LINUX_SCENARIO_DIR key name config boot
	local -a frags added=()
	for key in "${!CHANGE[@]}"; do
		[[ $key == scenario.* ]] || continue
		mkdir -p -- "$out"
		name=${key#scenario.}
		name=${name^^}
		read -r config boot <<<"${CHANGE[$key]}"
		kbuild_fragments frags "$config"
		# Comments go, but the kernel's own #CHECK# lines, which kvm.sh checks too.
		cat -- "${frags[@]}" | grep -E '^(#CHECK#)?CONFIG_' >"$out/$name"
		tr ' ' '\n' <<<"$boot" | grep -v '^$' >"$out/$name.boot"
		added+=("$name")
	done
	((${#added[@]})) || return 0
	{
		cat -- "$dir/$LINUX_SCENARIO_DIR/CFLIST"
		printf '%s\n' "${added[@]}" | sort | grep -vxF -f "$dir/$LINUX_SCENARIO_DIR/CFLIST" || true
	} >"$out/CFLIST"
}
