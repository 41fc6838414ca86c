# shellcheck shell=bash
# shellcheck disable=SC2034 # the TARGET_* arrays are read by the runner, which sources this file
# hostile: the runner tests' target whose mutants misbehave on purpose (targets/CONTRACT.md).
# src/hostile.c names one misbehaviour a line behind 'if (0)'; its const mutant '0' -> '1'
# makes the program print that name, and target_test does it (hostile_act). What the tests
# read: HOSTILE_TAG (a word naming the test's daemons, so it can look for them),
# HOSTILE_OUTSIDE (a file outside every tree the 'outside' mutant tries to write),
# HOSTILE_PORT (a TCP port on 127.0.0.1 the 'connect' mutant tries to reach),
# HOSTILE_BROKEN_BUILD (see target_build), HOSTILE_SLEEP (seconds each torture run waits first:
# a run the tests can kill in the middle).

TARGET_SOURCES=(hostile.c)
TARGET_RULES=()
TARGET_SCENARIOS=(only)

# target_setup and target_clone: those of every runner test target; target_build is its own
# (below, replacing the shared one).
# shellcheck source=tests/lib/make-target.sh
source "$MUTORTURE_HOME/tests/lib/make-target.sh"

# The 'nobuild' mutant does not build. HOSTILE_BROKEN_BUILD=1 breaks every build of a torture
# round (where the runner sets MUTORTURE_TEST_TIMEOUT), the unmutated code's too: an
# environment that broke after the baseline.
target_build() {
	if grep -qF 'if (1) act("nobuild")' "$1/hostile.c"; then
		echo 'error: hostile: this mutant does not build'
		return 1
	fi
	if [[ -n ${HOSTILE_BROKEN_BUILD:-} && -n ${MUTORTURE_TEST_TIMEOUT:-} ]]; then
		echo 'error: hostile: the build environment is broken'
		return 1
	fi
	make -s -C "$1"
}

# The equivalence pass's object: the 'nobuild' mutant does not compile either.
target_compile() {
	if grep -qF 'if (1) act("nobuild")' "$1/$2"; then
		echo 'error: hostile: this mutant does not build'
		return 1
	fi
	cc -std=gnu11 -O0 -c -o "$3" "$1/$2"
}

# hostile_bomb DEPTH: a bounded fork bomb: 2^DEPTH sleeping leaves.
hostile_bomb() {
	if (($1 == 0)); then exec sleep 1000; fi
	hostile_bomb $(($1 - 1)) &
	hostile_bomb $(($1 - 1))
}

# hostile_act DIR NAME: one misbehaviour (see src/hostile.c); its status is the run's.
hostile_act() {
	local dir=$1 s=x
	case $2 in
	fail) echo 'mutorture-reason: hostile: told to fail'; return 1 ;;
	pass) return 0 ;;
	deltree)
		rm -rf -- "${dir:?}"/* "${dir:?}"/.[!.]*
		echo 'mutorture-reason: hostile: deleted its tree'
		return 1 ;;
	loop) while :; do :; done ;;
	forkbomb) hostile_bomb 6 ;;
	memhog) while :; do s+=$s; done ;;
	daemon) (setsid bash -c 'exec -a "$0" sleep 1000' "hostile-daemon-$HOSTILE_TAG" </dev/null >/dev/null 2>&1 &) ;;
	daemon-noenv)
		(env -i setsid bash -c 'exec -a "$0" sleep 1000' "hostile-daemon-noenv-$HOSTILE_TAG" </dev/null >/dev/null 2>&1 &) ;;
	spew)
		yes 'hostile: spewing far beyond any log limit' | head -c 300000000 || true
		printf '\nmutorture-reason: hostile: spewed 300 MB\n'
		return 1 ;;
	reason)
		printf 'mutorture-reason: '
		head -c 30000000 /dev/zero | tr '\0' y
		echo
		return 1 ;;
	outside) { echo hostile >"$HOSTILE_OUTSIDE"; } 2>/dev/null || echo 'hostile: cannot write outside' ;;
	connect) { echo hostile >"/dev/tcp/127.0.0.1/$HOSTILE_PORT"; } 2>/dev/null || echo 'hostile: cannot connect' ;;
	esac
}

target_test() {
	local out line
	if [[ -n ${HOSTILE_SLEEP:-} ]]; then sleep "$HOSTILE_SLEEP"; fi
	out=$("$1/hostile")
	printf '%s\n' "$out"
	while IFS= read -r line; do
		if [[ $line != 'hostile: ok' ]]; then hostile_act "$1" "${line#hostile: }" || return; fi
	done <<<"$out"
}
