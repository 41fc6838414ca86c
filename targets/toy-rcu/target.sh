# shellcheck shell=bash
# toy-rcu: the built-in userspace RCU target (three real flavours and an rcutorture-style
# torture program, see README.md), fulfilling targets/CONTRACT.md.
#
# Sourced by the runner with TARGET_DIR set; defines variables and functions only. A tree is
# a flat copy of src/ (sources, Makefile) plus its build products; one scenario is one
# flavour, tortured by its own binary torture-<flavour>. Helpers are prefixed toy_rcu_.

TARGET_SOURCES=(qsbr.c mb.c rwlock.c registry.c call_rcu.c rcu-list.c)
# shellcheck disable=SC2034 # read by the runner, which sources this file
TARGET_RULES=(liburcu c11)
TARGET_SCENARIOS=(qsbr mb rwlock)
# One make builds every flavour's binary: a job builds once for all its scenarios.
# shellcheck disable=SC2034 # read by the runner, which sources this file
TARGET_ONE_BUILD=1
# One duration (targets/CONTRACT.md; chosen from the kill times and campaign times measured in
# README.md): every run 0.3 s, a survivor confirmed by 3 of them, its quick run the first.
# shellcheck disable=SC2034 # read by the runner, which sources this file
TARGET_DURATION=0.3
# shellcheck disable=SC2034
TARGET_CONFIRM_RUNS=3

# toy_rcu_error MESSAGE...: prints a git-style error line on stderr.
toy_rcu_error() {
	printf 'error: %s\n' "$*" >&2
}

# toy_rcu_make DIR [MAKE-ARGS...]: runs the target's Makefile in DIR.
toy_rcu_make() {
	local dir=$1
	shift
	make -s -C "$dir" -j"${MUTORTURE_BUILD_JOBS:-1}" "$@"
}

# toy_rcu_torture_args: prints the torture options from the MUTORTURE_* environment.
toy_rcu_torture_args() {
	if [[ -n ${MUTORTURE_DURATION:-} ]]; then printf '%s\n' --duration "$MUTORTURE_DURATION"; fi
	if [[ -n ${MUTORTURE_READERS:-} ]]; then printf '%s\n' --readers "$MUTORTURE_READERS"; fi
	if [[ -n ${MUTORTURE_SEED:-} ]]; then printf '%s\n' --seed "$MUTORTURE_SEED"; fi
}

# toy_rcu_write_compdb DIR: writes DIR/compile_commands.json for every .c file in DIR.
toy_rcu_write_compdb() {
	local dir=$1 compile src sep='' arg asep
	local -a argv
	# Paths go into JSON strings unescaped, so refuse the characters JSON would escape.
	if [[ $dir == *[\"\\[:cntrl:]]* ]]; then
		toy_rcu_error "cannot write a compilation database for '$dir': unusual characters"
		return 1
	fi
	compile=$(toy_rcu_make "$dir" --no-print-directory print-compile) || return 1
	read -ra argv <<<"$compile"
	{
		printf '[\n'
		for src in "$dir"/*.c; do
			# compiled once per binary with its name defined, never mutated
			if [[ $src == */flavour-name.c ]]; then continue; fi
			printf '%s  {"directory": "%s", "file": "%s", "arguments": [' "$sep" "$dir" "$src"
			asep=''
			for arg in "${argv[@]}" -c -o "${src%.c}.o" "$src"; do
				printf '%s"%s"' "$asep" "$arg"
				asep=', '
			done
			printf ']}'
			sep=$',\n'
		done
		printf '\n]\n'
	} >"$dir/compile_commands.json.tmp" &&
		mv "$dir/compile_commands.json.tmp" "$dir/compile_commands.json"
}

# target_identity DIR: what the pristine tree DIR is made from: the program's sources and the
# compiler (two setups differ by mtimes and the paths in their debug info; a kept baseline
# serves both).
target_identity() {
	{ cc --version | head -n 1 && cd "$TARGET_DIR/src" && find . -type f -print0 | sort -z | xargs -0 sha256sum; } |
		sha256sum | cut -c1-16
}

target_setup() {
	local dir=$1
	if [[ -e $dir && -n $(ls -A "$dir") ]]; then
		toy_rcu_error "cannot set up toy-rcu in '$dir': not empty"
		return 1
	fi
	mkdir -p "$dir" && dir=$(cd "$dir" && pwd -P) || return 1
	cp "$TARGET_DIR"/src/Makefile "$TARGET_DIR"/src/*.c "$TARGET_DIR"/src/*.h "$dir"/ &&
		toy_rcu_make "$dir" &&
		toy_rcu_write_compdb "$dir"
}

# A mutant builds with warnings not fatal (targets/CONTRACT.md), the unmutated code with -Werror.
# A mutant's build makes only the binaries its scenarios run, not the broken flavours the
# selftest tortures: a mutant of a file they link saves a link or two (60-100 ms of a build of
# 0.2-0.4 s, about 180 mutants a campaign).
target_build() {
	local scenario
	local -a how binaries=()
	if [[ -z ${MUTORTURE_MUTANT:-} ]]; then
		toy_rcu_make "$1"
		return
	fi
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		toy_rcu_scenario how "$scenario" || return
		binaries+=("torture-${how[0]}")
	done
	toy_rcu_make "$1" WERROR= "${binaries[@]}"
}

target_scenarios_for() {
	case $1 in
	qsbr.c) echo qsbr ;;
	mb.c) echo mb ;;
	rwlock.c) echo rwlock ;;
	registry.c) printf '%s\n' qsbr mb ;;
	*) printf '%s\n' "${TARGET_SCENARIOS[@]}" ;;
	esac
}

# toy_rcu_verdict SCENARIO STATUS END-LINE: the verdict on one torture run from its exit
# status and its last 'End of test:' line, as target_test and target_recheck give it: 0 when
# the run said SUCCESS and exited 0; otherwise a 'mutorture-reason:' line (the FAILURE line,
# or how the program ended) and 124 for a stall (a grace period, barrier or reader that never
# finished: the target seeing a hang), else the exit status (1 if it was 0).
toy_rcu_verdict() {
	local scenario=$1 status=$2 reason=$3
	if ((status == 0)) && [[ $reason == 'End of test: SUCCESS' ]]; then
		return 0
	fi
	if [[ $reason != 'End of test: FAILURE'* ]]; then
		reason="torture-$scenario exited with status $status after '${reason:-no End of test line}'"
	fi
	printf 'mutorture-reason: %s\n' "$reason"
	if [[ $reason == 'End of test: FAILURE: stall:'* ]]; then
		return 124
	fi
	return $((status ? status : 1))
}

# toy_rcu_scenario VAR SCENARIO: sets the array VAR to the flavour a scenario tortures and the
# torture options it adds: a flavour is a scenario of its own; a torture change (mutorture gaps
# try) may define others, 'scenario.NAME = FLAVOUR [OPTION...]'. Fails on any other name.
toy_rcu_scenario() {
	local -n _how=$1
	local definition
	if declare -F change_scenario >/dev/null && change_scenario definition "$2"; then
		read -ra _how <<<"$definition"
	elif [[ " ${TARGET_SCENARIOS[*]} " == *" $2 "* && " qsbr mb rwlock " == *" $2 "* ]]; then
		_how=("$2")
	else
		toy_rcu_error "unknown toy-rcu scenario '$2'"
		return 2
	fi
}

# One torture run, streamed; the decisive console line becomes the mutorture-reason.
target_test() {
	local dir=$1 scenario=$2 line reason='' status=0
	local -a args how
	toy_rcu_scenario how "$scenario" || return
	mapfile -t args < <(toy_rcu_torture_args)
	while IFS= read -r line; do
		printf '%s\n' "$line"
		if [[ $line == 'End of test: '* ]]; then reason=$line; fi
	done < <(exec "$dir/torture-${how[0]}" "${how[@]:1}" "${args[@]}" 2>&1)
	wait "$!" || status=$?
	toy_rcu_verdict "$scenario" "$status" "$reason"
}

# target_recheck LOG SCENARIO: the same verdict from a saved log of target_test (no run): its
# last 'End of test:' line, and the exit status target_test noted in its reason line when the
# program ended otherwise than its End of test line says (a crash, a signal).
target_recheck() {
	local log=$1 scenario=$2 line reason='' status=''
	while IFS= read -r line; do
		case $line in
		'End of test: '*) reason=$line ;;
		"mutorture-reason: torture-$scenario exited with status "*)
			status=${line#"mutorture-reason: torture-$scenario exited with status "}
			status=${status%% *} ;;
		esac
	done <"$log"
	if [[ -z $status ]]; then
		status=1
		if [[ $reason == 'End of test: SUCCESS' ]]; then status=0; fi
	fi
	toy_rcu_verdict "$scenario" "$status" "$reason"
}

# With a TRIPLE (aarch64-linux-gnu: the equivalence pass's second architecture), the same
# command made for that architecture by the same compiler family and version
# (targets/lib/cross.sh: gcc -> aarch64-linux-gnu-gcc, clang -> clang --target), so the two
# objects differ by architecture only; status 2 when no such compiler is installed.
target_compile() {
	local dir=$1 file=$2 out=$3 triple=${4:-} compile
	local -a argv
	compile=$(toy_rcu_make "$dir" --no-print-directory print-compile CFLAGS=-O2 ${MUTORTURE_MUTANT:+"WERROR="}) || return 1
	read -ra argv <<<"$compile"
	if [[ -n $triple ]]; then
		# shellcheck source=targets/lib/cross.sh
		source "${MUTORTURE_HOME:-$TARGET_DIR/../..}/targets/lib/cross.sh" || return 1
		cross_command argv "$triple" "${argv[@]}" || return
	fi
	(cd "$dir" && "${argv[@]}" -c -o "$out" "$file")
}

# The files whose objects depend on a header, from the dependency files the build keeps
# (-MMD: DIR/*.d; targets/lib/includers.awk): every object the build compiles, torture.c
# and the broken flavours included, so a header's mutant is compared wherever it lands.
target_includers() {
	local dir=$1 header=$2 out=$3
	local -a deps
	deps=("$dir"/*.d)
	if [[ ! -e ${deps[0]} ]]; then
		toy_rcu_error "no dependency files in '$dir' (not built?)"
		return 1
	fi
	awk -v header="$header" -f "${MUTORTURE_HOME:-$TARGET_DIR/../..}/targets/lib/includers.awk" \
		"${deps[@]}" >"$out"
}

# Builds an instrumented copy in DIR/build-coverage, runs every scenario once, and turns
# gcov's per-line counts of TARGET_SOURCES into path<TAB>line<TAB>count lines
# (targets/lib/gcov-lines.awk, shared with linux-tiny-rcu).
target_coverage() {
	local dir=$1 out=$2 cov scenario src
	local -a args
	cov=$(cd "$dir" && pwd -P)/build-coverage
	toy_rcu_make "$dir" O="$cov" CFLAGS='-O0 --coverage' LDFLAGS=--coverage || return 1
	rm -f "$cov"/*.gcda
	mapfile -t args < <(toy_rcu_torture_args)
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		if ! "$cov/torture-$scenario" "${args[@]}" >"$cov/$scenario.log" 2>&1; then
			toy_rcu_error "coverage run of '$scenario' failed: $(tail -n 1 "$cov/$scenario.log")"
			return 1
		fi
	done
	# The shared script of the mutorture that runs this target (MUTORTURE_HOME, so a copy of the
	# target elsewhere works), or, sourced by hand, of the tree the target is in.
	for src in "${TARGET_SOURCES[@]}"; do
		if ! (cd "$dir" && gcov -t -o "$cov" "$src") |
			awk -v path="$src" -f "${MUTORTURE_HOME:-$TARGET_DIR/../..}/targets/lib/gcov-lines.awk"; then
			toy_rcu_error "gcov gave no line of '$src' in '$cov'"
			return 1
		fi
	done >"$out.tmp" && mv "$out.tmp" "$out"
}

# A worker tree is a copy without coverage products, with its own compilation database.
target_clone() {
	local src=$1 dst=$2
	mkdir -p "$dst" && dst=$(cd "$dst" && pwd -P) || return 1
	cp -a "$src"/. "$dst"/ && rm -rf "$dst/build-coverage" && toy_rcu_write_compdb "$dst"
}

# target_check_change FILE: a torture change's scenario definitions, 'scenario.NAME = FLAVOUR
# [OPTION...]': a real flavour and the torture program's options (its --help), nothing else;
# toy-rcu has no build configurations. Uses no file of the change.
target_check_change() {
	local key flavour word
	local -a words
	for key in "${!CHANGE[@]}"; do
		case $key in
		config.*)
			toy_rcu_error "torture change $1: toy-rcu has one build, no configurations ('$key')"
			return 1 ;;
		scenario.*)
			read -ra words <<<"${CHANGE[$key]}"
			flavour=${words[0]:-}
			if [[ " qsbr mb rwlock " != *" $flavour "* ]]; then
				toy_rcu_error "torture change $1: $key = '${CHANGE[$key]}': not 'FLAVOUR [OPTION...]' with a flavour qsbr, mb or rwlock"
				return 1
			fi
			for word in "${words[@]:1}"; do
				if [[ ! $word =~ ^(--reader-sync|--stall|--readers|[0-9]+(\.[0-9]+)?)$ ]]; then
					toy_rcu_error "torture change $1: $key: '$word' is no option a scenario sets (--reader-sync, --stall S, --readers N)"
					return 1
				fi
			done ;;
		esac
	done
}
