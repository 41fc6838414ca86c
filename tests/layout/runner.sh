#!/usr/bin/env bash
# The runner's options are declared once, in each script's usage header (runner/lib/options.sh
# parses the command line from it and --help prints it). This checks what follows from that
# header: runner/README.md's table of run options names exactly run's options; the README
# section of each other script names every option that script has; and every option of every
# script has a case in tests/runner/bad-input.table (the cases that prove the script takes it,
# and refuses bad values of it). And the modules of runner/lib/: what runs for every mutant (a
# job, a hook) sources no option or generate code, and every function a script calls is
# defined by a module it sources.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
readme=$top/runner/README.md
table=$top/tests/runner/bad-input.table
failures=0

# options SCRIPT: the options of SCRIPT's usage header, as lib/options.sh reads them, sorted.
options() {
	bash -c 'source "$1/runner/lib/base.sh"; source "$1/runner/lib/options.sh"
		mt_options_load "$2"; printf "%s\n" "${!mt_option_arg[@]}"' _ "$top" "$1" | sort
}

# section HEADING: the lines of README's section whose '## ' heading starts with HEADING.
section() {
	awk -v h="## $1" 'index($0, h) == 1 { inside = 1; next } /^## / { inside = 0 } inside' "$readme"
}

# mentioned TEXT: the --options TEXT names, sorted.
mentioned() {
	grep -o -- '--[a-z][a-z0-9-]*' <<<"$1" | sort -u
}

# differ WHAT EXPECTED ACTUAL: fails with the difference when the two lists differ.
differ() {
	[[ $2 != "$3" ]] || return 0
	printf 'FAIL: %s (< the usage header, > the other side):\n' "$1"
	diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") || true
	failures=$((failures + 1))
}

# The table of run's options: its rows' first column.
run_rows=$(section 'Commands' | awk -F '|' '/^\| `--/ { print $2 }')
differ "runner/README.md's table of run options" "$(options "$top/runner/run")" "$(mentioned "$run_rows")"

# Every other script: each of its options named in its README section (which also names
# options of other verbs, so only this direction).
for pair in 'campaign:Commands' 'recheck:Re-judging saved logs' 'reclass:Verdicts from objects' \
	'target:The target doctor' 'gaps-try:Trying a torture change'; do
	script=${pair%%:*}
	named=$(mentioned "$(section "${pair#*:}")")
	missing=$(comm -23 <(options "$top/runner/$script") <(printf '%s\n' "$named"))
	if [[ -n $missing ]]; then
		printf "FAIL: runner/README.md's section \"%s\" leaves out options of runner/%s:\n%s\n" \
			"${pair#*:}" "$script" "$missing"
		failures=$((failures + 1))
	fi
done

# Every option of every script has a bad-input case, under the verb as typed.
run_loop=$(awk '/^for opt in / { loop = 1 } loop { print } loop && /; do$/ { exit }' "$table" |
	sed -e 's/^for opt in //' -e 's/; do$//' -e 's/\\$//' | tr -s ' \t\n' ' ')
for pair in 'run:run' 'campaign:campaign' 'recheck:recheck' 'reclass:reclass' 'target:target check' \
	'gaps-try:gaps try'; do
	script=${pair%%:*}
	verb=${pair#*:}
	while IFS= read -r opt; do
		[[ -n $opt ]] || continue
		# (a case names its verb and option in its title: 'run --jobs 0'; run's numeric
		# options are cases of one loop over their names)
		grep -qE -- "^bad ['\"]$verb $opt([ =]|['\"])" "$table" && continue
		[[ $verb == run && " $run_loop " == *" ${opt#--} "* ]] && continue
		printf 'FAIL: tests/runner/bad-input.table has no case of %s %s\n' "$verb" "$opt"
		failures=$((failures + 1))
	done < <(options "$top/runner/$script")
done

# The jobs and the hook: no option table, no generate call.
for script in job baseline-job tce-job host-job hook; do
	if grep -qE '^source .*/lib/(options|generate)\.sh"' "$top/runner/$script"; then
		printf 'FAIL: runner/%s sources option or generate code: it runs for every mutant\n' "$script"
		failures=$((failures + 1))
	fi
done

# Every mt_ function a script (with the run-*.sh modules it sources) calls, a lib module it
# sources defines.
defined_in() {
	{ grep -hoE '^mt_[a-z_]+\(\)' "$@" || true; } | sed 's/()//' | sort -u
}
for script in run campaign recheck reclass target gaps-try job baseline-job tce-job host-job host-apply hook; do
	file=$top/runner/$script
	mapfile -t libs < <(sed -nE 's@^source "(\$here|\$\{BASH_SOURCE\[0\]%/\*\})/lib/([a-z]+\.sh)"$@\2@p' "$file")
	mapfile -t modules < <(sed -nE 's@^source "\$here/(run-[a-z]+\.sh|gaps-change\.sh)"$@\1@p' "$file")
	have=$(defined_in "${libs[@]/#/$top/runner/lib/}" "${modules[@]/#/$top/runner/}" /dev/null)
	called=$(cat "$file" "${modules[@]/#/$top/runner/}" | grep -v '^[[:space:]]*#' |
		grep -oE '\bmt_[a-z_]+\b' | sort -u | comm -12 - <(defined_in "$top"/runner/lib/*.sh))
	missing=$(comm -23 <(printf '%s\n' "$called") <(printf '%s\n' "$have"))
	if [[ -n $missing ]]; then
		printf 'FAIL: runner/%s calls functions of modules it does not source: %s\n' "$script" "$(paste -sd ' ' <<<"$missing")"
		failures=$((failures + 1))
	fi
done

((failures == 0)) || exit 1
printf 'ok the option tables of run, campaign, recheck, reclass, target and gaps try: README and bad-input cases agree\n'
printf 'ok the jobs source no option or generate code, and every script sources the modules it calls\n'
