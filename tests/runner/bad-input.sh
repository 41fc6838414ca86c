#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Bad input on the whole command line and config surface: every verb of 'mutorture --help'
# with each of its options given a value it must refuse (missing, not a number, negative, -1,
# zero where zero means nothing, huge, fractional, empty, unknown or misspelled options,
# databases that are missing, directories or no database, unknown targets and changes, hosts
# files that name no usable host), and target config files with one bad line (checked by
# 'campaign CONF --dry-run', 'run --target CONF --dry-run' and the doctor, 'target check').
# The cases are the rows of bad-input.table. Each must end (a 60-s guard: a refusal never
# hangs) with its exit status (129 for a wrong command line, 128 for a fatal error, 1 for the
# doctor's verdict) and ONE error line naming the option or key as the user wrote it (runner
# usage errors add their usage text after it), and leave the scratch directory exactly as it
# was: no new file (no database, no DB.d, no leftover in TMPDIR), every file byte-identical,
# the campaign database's content (sqlite3 .dump) unchanged. Prints one ok/not ok line a case
# and "N clean of M"; fails unless every case is clean.
#
# Nothing real runs: the campaign is on a stub target whose hooks fail at once, and make, bear,
# cc, gcc and GNU parallel are stubs that fail, so input that slips through fails fast instead
# of building or torturing (and the case fails, having made something). About a minute.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../lib/common.sh
source "$here/../lib/common.sh"
need_ctest_env
make_scratch bad-input

# Seconds a case may take before it counts as hung.
CASE_TIMEOUT=60
# The environment a user may have set would change the defaults the cases rely on.
unset MUTORTURE_DB MUTORTURE_DURATION MUTORTURE_FROM MUTORTURE_HOST_TIMEOUT PARALLEL_SSH

FIX=$SCRATCH/fix       # the fixtures: campaign, stub target, tree, hosts files
WORK=$SCRATCH/work     # every case runs here (a default ./mutorture.db would show)
CONFS=$SCRATCH/conf    # the configs: the valid ones, and one a bad line each (badconf)
DB=$FIX/c.db           # a valid campaign: the fixture program's mutants, nothing run
NEW=$WORK/new.db       # a database no case may create
NOTDB=$FIX/notes.txt   # a file that is no database, no patch, no list of ids
STUB=$FIX/stub         # the campaign's target: every hook fails at once
mkdir -p "$FIX" "$WORK" "$CONFS" "$SCRATCH/bin" "$SCRATCH/tmp"
export TMPDIR=$SCRATCH/tmp

# The binary under test as 'mutorture' (so a row reads as typed), and the tools no case may
# reach.
ln -s "$MUTORTURE_BIN" "$SCRATCH/bin/mutorture"
for tool in make bear cc gcc parallel; do
	printf '#!/bin/sh\necho "bad-input.sh: %s must not run here" >&2\nexit 97\n' "$tool" >"$SCRATCH/bin/$tool"
	chmod +x "$SCRATCH/bin/$tool"
done
export PATH=$SCRATCH/bin:$PATH

# The campaign: the runner fixture's program, generated (real libclang), on the stub target.
mkdir -p "$FIX/tree" "$STUB/torture"
cp "$MUTORTURE_HOME"/tests/runner/fixture/src/* "$FIX/tree/"
(
	# shellcheck source=tests/lib/make-target.sh
	source "$MUTORTURE_HOME/tests/lib/make-target.sh"
	# shellcheck disable=SC2034 # read by make_target_compdb
	TARGET_SOURCES=(fixture.c)
	make_target_compdb "$FIX/tree"
)
cat >"$STUB/target.sh" <<'EOF'
# shellcheck shell=bash
# The bad-input test's target: valid for the runner's contract, but every hook fails at once.
# shellcheck disable=SC2034 # read by the runner
TARGET_SOURCES=(fixture.c)
TARGET_RULES=()
TARGET_SCENARIOS=(only)
TARGET_DURATION=1
target_setup() { echo 'bad-input: target_setup must not run' >&2; return 1; }
target_build() { echo 'bad-input: target_build must not run' >&2; return 1; }
target_test() { echo 'bad-input: target_test must not run' >&2; return 1; }
target_recheck() { return 0; }
EOF
printf 'subject = a change of the stub\nscenarios = only\n' >"$STUB/torture/ok.change"
printf 'not a database\n' >"$NOTDB"
mutorture init --db "$DB" --root "$FIX/tree" --target "$STUB"
mutorture generate --db "$DB" fixture.c >/dev/null
ID=$(mutorture list --db "$DB" --format ids | head -n 1)
[[ -n $ID ]] || fail "the fixture campaign has no mutant"

# Hosts files: a name that does not resolve, an address of TEST-NET-1 (never routed: refused,
# or no answer within MUTORTURE_HOST_TIMEOUT), a host that never answers (an ssh command that
# hangs, as ssh does for an address that drops packets), a host group, no host, zero jobs.
mkdir "$FIX/hosts"
printf 'no-such-host.invalid\n' >"$FIX/hosts/badname"
printf '192.0.2.1\n' >"$FIX/hosts/unreachable"
printf '#!/bin/sh\nexec sleep 30\n' >"$FIX/hang-ssh"
chmod +x "$FIX/hang-ssh"
printf '1/%s hang.invalid\n' "$FIX/hang-ssh" >"$FIX/hosts/hang"
printf '@group\n' >"$FIX/hosts/group"
printf '# no host here\n' >"$FIX/hosts/empty"
printf '0/:\n' >"$FIX/hosts/zero-jobs"

# The valid configs every bad one is a copy of: the fixture program (fixture.conf) and the
# built-in target's own toy-rcu.conf (its tree made absolute).
cat >"$CONFS/fixture.conf" <<EOF
# The runner fixture's program as a config target (targets/CONFIG.md).
tree = $FIX/tree
sources = fixture.c
scenarios = one two
compdb = bear -- make -s
build = make -s
test = ./fixture {scenario} {duration}
quick_duration = 0.5
duration = 1
confirm_runs = 2
fail = ^fixture: wrong
pass = ^fixture: ok
EOF
sed "s|^tree = src\$|tree = $MUTORTURE_HOME/targets/toy-rcu/src|" \
	"$MUTORTURE_HOME/targets/toy-rcu/toy-rcu.conf" >"$CONFS/toy.conf"
grep -q "^tree = /" "$CONFS/toy.conf" || fail "toy-rcu.conf has no 'tree = src' line to make absolute"
for conf in fixture toy; do
	mutorture run --db "$DB" --target "$CONFS/$conf.conf" --dry-run >/dev/null ||
		fail "the valid config $conf.conf does not load"
done
mutorture run --db "$DB" --dry-run >/dev/null || fail "the fixture campaign has no valid dry run"

# scratch_state: every path under the scratch directory with its type, and a file's size and
# modification time: a file written, made or removed shows (a directory's own time does not
# count: temporary files come and go in it). The campaign database's -wal and -shm files are
# SQLite's, which a reader may leave or remove: db_state judges what they hold. The case's own
# output is kept outside.
scratch_state() {
	find "$SCRATCH" \( -path "$DB-wal" -o -path "$DB-shm" -o -path "$SCRATCH/case" \) -prune -o \
		-type f -printf 'f %P %s %T@\n' -o -printf '%y %P\n' | LC_ALL=C sort
}

# db_state: the campaign's content (sqlite3 .dump). Compared after a case only when its WAL
# holds something: a reader leaves it empty, and a writer that checkpoints changes the file.
db_state() {
	sqlite3 -readonly -batch "$DB" .dump 'PRAGMA user_version;' | sha256sum
}

cases=0
clean=0
declare -A seen=()
# The case's output, and a copy of the fixtures to put back after a case that changed them
# (so one failure does not fail every case after it).
mkdir "$SCRATCH/case"
OUT=$SCRATCH/case/out
ERR=$SCRATCH/case/err
cp -a "$FIX" "$SCRATCH/case/fix"
# The state every case must leave as it found it (taken again after the table writes a
# fixture), and the campaign's content.
state=''
dump=''
ERROR_RE='^(error|fatal|usage): '
cd "$WORK"

# restore: puts the scratch directory back as it was before the first case.
restore() {
	cd "$SCRATCH"
	rm -rf -- "$WORK" "$SCRATCH/tmp" "$FIX"
	mkdir "$WORK" "$SCRATCH/tmp"
	cp -a "$SCRATCH/case/fix" "$FIX"
	cd "$WORK"
	state=''
}

# run_case NAME STATUS PATTERN KIND COMMAND...: one case (see the header), run in WORK. KIND
# 'err': the error is the first line of stderr, and the only one starting 'error:', 'fatal:' or
# 'usage:'; KIND 'doctor': the doctor's report (stdout) fails the contract check with PATTERN,
# and does not pass it.
run_case() {
	local name=$1 want=$2 pattern=$3 kind=$4 rc=0 why='' after first='' line errors=0 passed='' failed=''
	shift 4
	[[ -z ${seen[$name]:-} ]] || fail "two cases are named '$name'"
	seen[$name]=1
	cases=$((cases + 1))
	if [[ -z $state ]]; then
		state=$(scratch_state)
		dump=$(db_state)
	fi
	timeout -k 5 "$CASE_TIMEOUT" "$@" >"$OUT" 2>"$ERR" </dev/null || rc=$?
	after=$(scratch_state)
	if [[ -s $DB-wal && $(db_state) != "$dump" ]]; then after+=$'\n''the campaign (sqlite3 .dump)'; fi
	IFS= read -r first <"$ERR" || true
	while IFS= read -r line; do
		if [[ $line =~ $ERROR_RE ]]; then errors=$((errors + 1)); fi
	done <"$ERR"
	if [[ $kind == doctor ]]; then
		while IFS= read -r line; do
			if [[ $line =~ ^ok\ +contract ]]; then passed=1; fi
			if [[ $line =~ ^FAIL\ +contract && $line =~ $pattern ]]; then failed=1; fi
		done <"$OUT"
	fi
	if ((rc == 124 || rc == 137)); then
		why="did not end within $CASE_TIMEOUT s"
	elif ((rc != want)); then
		why="exit status $rc, not $want"
	elif [[ $kind == doctor ]]; then
		if [[ -n $passed ]]; then
			why='the doctor passed the contract check'
		elif [[ -z $failed ]]; then
			why="no 'FAIL contract' line matching /$pattern/"
		fi
	elif [[ -z $first ]]; then
		why='nothing on stderr'
	elif [[ ! $first =~ $ERROR_RE ]]; then
		why='the first line of stderr is no error'
	elif [[ ! $first =~ $pattern ]]; then
		why="the error does not match /$pattern/"
	elif ((errors != 1)); then
		why="$errors error lines, not one"
	fi
	if [[ -z $why && $state != "$after" ]]; then why='it created or changed something'; fi
	if [[ -z $why ]]; then
		clean=$((clean + 1))
		printf 'ok %d - %s\n' "$cases" "$name"
		return 0
	fi
	printf 'not ok %d - %s: %s\n' "$cases" "$name" "$why"
	printf '#   command: %s\n' "$(printf '%q ' "$@")"
	if [[ $kind == doctor ]]; then
		grep -E '^(FAIL|ok) ' "$OUT" | head -n 2 | sed 's/^/#   stdout:  /' || true
	fi
	sed -n '1,2s/^/#   stderr:  /p' "$ERR"
	if [[ $state != "$after" ]]; then
		diff <(printf '%s\n' "$state") <(printf '%s\n' "$after") | grep '^[<>]' | head -n 5 |
			sed 's/^/#   changed: /' || true
		restore
	fi
}

# bad NAME STATUS PATTERN COMMAND...: a case whose error is on stderr.
bad() {
	run_case "$1" "$2" "$3" err "${@:4}"
}

# doctor NAME PATTERN TARGET [OPTION...]: the doctor on TARGET must fail its contract check.
doctor() {
	run_case "$1" 1 "$2" doctor mutorture target check "${@:3}"
}

# badconf BASE NAME STATUS PATTERN DROP [LINE]: writes CONFS/NAME.conf, the config BASE
# (fixture or toy) without its 'DROP = ...' lines ('-': none) and with LINE added, then two
# cases: 'campaign NAME.conf --dry-run' refuses it with STATUS before making anything, and the
# doctor fails its contract check; both errors match PATTERN.
badconf() {
	local base=$1 name=$2 status=$3 pattern=$4 drop=$5 conf=$CONFS/$2.conf
	grep -Ev "^${drop}[[:space:]]*=" "$CONFS/$base.conf" >"$conf" || true
	if (($# > 5)); then printf '%s\n' "$6" >>"$conf"; fi
	state=''
	bad "config $name: campaign" "$status" "$pattern" mutorture campaign "$conf" --db "$NEW" --dry-run
	doctor "config $name: doctor" "$pattern" "$conf"
}

# shellcheck source=bad-input.table
source "$here/bad-input.table"

printf '%d clean of %d\n' "$clean" "$cases"
((clean == cases))
