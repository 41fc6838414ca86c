# shellcheck shell=bash
# runner/lib/generate.sh: a campaign's generate calls (sourced, never run; needs lib/base.sh
# and a sourced target, lib/target.sh): the target's rule sets and generate arguments checked
# before anything is made, then the calls, headers through the file that includes them.

# mt_rule_args VAR: sets the array VAR to the '--rules' arguments of 'mutorture generate' for
# the sourced target's TARGET_RULES: an absolute path as it is; a relative path, or a name
# that is a file in TARGET_DIR, that file; any other name a built-in rule set (liburcu, ...).
mt_rule_args() {
	local -n _args=$1
	local _rule
	_args=()
	for _rule in "${TARGET_RULES[@]}"; do
		if [[ $_rule != /* && ($_rule == */* || -f $TARGET_DIR/$_rule) ]]; then
			_rule="$TARGET_DIR/$_rule"
		fi
		_args+=(--rules "$_rule")
	done
}

# mt_generate_failed: after a generate call that failed with status $?: a usage error with
# arguments from the target says where they came from (the user typed none of them), then
# returns that status.
mt_generate_failed() {
	local status=$?
	if ((status == 129)) && [[ -n ${TARGET_GENERATE_ARGS[*]:-} ]]; then
		printf 'error: generate refused the arguments of target '\''%s'\'' (TARGET_GENERATE_ARGS; in a config file: functions, entry_filter, generate_args): %s\n' \
			"$MT_TARGET_FILE" "${TARGET_GENERATE_ARGS[*]}" >&2
	fi
	return "$status"
}

# mt_generate_check [ARG...]: checks, as 'mutorture generate' parses them, the arguments every
# generate call of a campaign gets, before anything is made: the sourced target's rule sets and
# TARGET_GENERATE_ARGS, then with the ARGs (a campaign's --generate). A refusal is one line
# naming where the arguments came from, with generate's status (129 for a usage error). Reads
# no tree and opens no database (generate --check-args).
mt_generate_check() {
	local out status=0 kind=fatal from
	local -a rules
	mt_rule_args rules
	from="the arguments of target '$MT_TARGET_FILE' (TARGET_RULES, TARGET_GENERATE_ARGS; in a config file: rules, functions, entry_filter, generate_args)"
	out=$("$MUTORTURE_BIN" generate --check-args "${rules[@]}" "${TARGET_GENERATE_ARGS[@]}" \
		"${TARGET_SOURCES[0]}" 2>&1) || status=$?
	if ((status == 0 && $#)); then
		from="the arguments of --generate: $*"
		out=$("$MUTORTURE_BIN" generate --check-args "${rules[@]}" "${TARGET_GENERATE_ARGS[@]}" "$@" \
			"${TARGET_SOURCES[0]}" 2>&1) || status=$?
	fi
	((status)) || return 0
	if ((status == 129)); then kind=error; fi
	out=${out%%$'\n'*}
	printf '%s: generate refused %s: %s\n' "$kind" "$from" "${out#*: }" >&2
	return "$status"
}

# mt_generate [--print] DB ROOT [ARG...]: generates the sourced target's mutants into DB from
# the tree ROOT, as a campaign does: the headers TARGET_VIA names (HEADER=FILE.c) in one call
# per FILE.c with '--via FILE.c', then the other TARGET_SOURCES in one call; every call with
# the target's rule sets, TARGET_GENERATE_ARGS and the ARGs. With --print, prints the calls
# instead ('would generate ...', a dry run's line each) and runs none.
mt_generate() {
	local print=''
	if [[ $1 == --print ]]; then
		print=1
		shift
	fi
	local db=$1 root=$2 entry src via
	shift 2
	local -a rules plain=() vias=() headers args=("${TARGET_GENERATE_ARGS[@]}" "$@")
	local -A via_of=()
	mt_rule_args rules
	for entry in "${TARGET_VIA[@]}"; do
		[[ $entry == ?*=?* ]] ||
			mt_die "target '$MT_TARGET_FILE' declares TARGET_VIA entry '$entry': not HEADER=FILE.c (see targets/CONTRACT.md)"
		via_of["${entry%%=*}"]=${entry#*=}
	done
	for src in "${TARGET_SOURCES[@]}"; do
		if [[ -z ${via_of["$src"]+set} ]]; then
			plain+=("$src")
		elif [[ " ${vias[*]} " != *" ${via_of["$src"]} "* ]]; then
			vias+=("${via_of["$src"]}")
		fi
	done
	# The headers first: the other call's hints (a header beside a file, defining functions, that
	# no call mutates) then leave out those already mutated.
	for via in "${vias[@]}"; do
		headers=()
		for src in "${TARGET_SOURCES[@]}"; do
			if [[ ${via_of["$src"]:-} == "$via" ]]; then headers+=("$src"); fi
		done
		mt_generate_call "$print" "${headers[*]} via $via" \
			--db "$db" --root "$root" "${rules[@]}" "${args[@]}" --via "$via" "${headers[@]}" || return
	done
	if ((${#plain[@]})); then
		mt_generate_call "$print" "${plain[*]}" --db "$db" --root "$root" "${rules[@]}" "${args[@]}" "${plain[@]}"
	fi
}

# mt_generate_call PRINT FILES ARG...: one generate call of mt_generate (the mutants of FILES),
# or with PRINT its command line.
mt_generate_call() {
	local print=$1 files=$2
	shift 2
	if [[ -n $print ]]; then
		printf 'would generate  the mutants of %s:' "$files"
		printf ' %q' mutorture generate "$@"
		printf '\n'
		return 0
	fi
	mt_note "generating the mutants of $files"
	"$MUTORTURE_BIN" generate "$@" || mt_generate_failed
}
