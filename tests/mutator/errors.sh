#!/usr/bin/env bash
# Every bad input gives one error line naming the problem, a non-zero exit, and leaves the
# database exactly as it was: missing file, file not in the compile database, syntax error,
# empty or malformed compile_commands.json, non-C file, unwritable or missing database,
# database from a newer schema; plus bad ids, operators and options, filters that name nothing
# in the campaign (typos), unknown settings and targets, coverage of other files, verdicts on
# what is no survivor, records that are binary, torn or huge, databases that are directories,
# foreign or corrupt; a log limit or log file the runner's log writer cannot keep. (The runner's
# own bad inputs are in tests/runner/.)
source "$(dirname "$0")/lib.sh"

TREE=$SCRATCH/tree
mkdir -p "$TREE"
cp "$FIXTURES/ror.c" "$TREE/"
printf 'int broken(int a)\n{\n\treturn a +;\n}\n' >"$TREE/broken.c"
printf 'not C at all\n' >"$TREE/notes.txt"
printf '[{"directory": "%s", "file": "ror.c", "arguments": ["cc", "-c", "ror.c"]},\n {"directory": "%s", "file": "broken.c", "arguments": ["cc", "-c", "broken.c"]}]\n' \
	"$TREE" "$TREE" >"$TREE/compile_commands.json"
new_campaign "$TREE"
mt generate ror.c >/dev/null # something in it, so "untouched" means something

# expect_error CODE PATTERN COMMAND...: COMMAND fails with exit CODE and exactly one stderr
# line matching PATTERN (grep -E), and the database is unchanged.
expect_error() {
	local code=$1 pattern=$2 rc=0 before
	shift 2
	before=$(db_state)
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err" || rc=$?
	expect_eq "exit status of '$*'" "$code" "$rc"
	expect_eq "error lines of '$*'" 1 "$(wc -l <"$SCRATCH/err")"
	grep -Eq "$pattern" "$SCRATCH/err" || fail "'$*' said: $(cat "$SCRATCH/err")"
	expect_eq "database after '$*'" "$before" "$(db_state)"
	printf 'ok %s\n' "$(cat "$SCRATCH/err")"
}

expect_error 128 "^fatal: cannot read 'missing\.c': No such file" mt generate missing.c
printf '[{"directory": "%s", "file": "other.c", "arguments": ["cc", "-c", "other.c"]}]\n' \
	"$TREE" >"$SCRATCH/compile_commands.json"
expect_error 128 "^fatal: 'ror\.c' is not in the compilation database '$SCRATCH/compile_commands\.json'$" \
	mt generate -p "$SCRATCH" ror.c
expect_error 128 "^fatal: cannot parse 'broken\.c': broken\.c:3: expected expression$" \
	mt generate broken.c
: >"$SCRATCH/compile_commands.json"
expect_error 128 "^fatal: compilation database '.*' is empty$" mt generate -p "$SCRATCH" ror.c
printf '[{"directory": "%s", "file": "ror.c",\n "arguments": ["cc" "-c"]}]\n' "$TREE" \
	>"$SCRATCH/compile_commands.json"
expect_error 128 "^fatal: malformed compilation database '.*':2: expected ',' or ']'$" \
	mt generate -p "$SCRATCH" ror.c
printf '{"directory": "/"}\n' >"$SCRATCH/compile_commands.json"
expect_error 128 "^fatal: malformed compilation database '.*':1: expected an array" \
	mt generate -p "$SCRATCH" ror.c
expect_error 128 "^fatal: cannot read compilation database '$SCRATCH/nowhere/compile_commands\.json'" \
	mt generate -p "$SCRATCH/nowhere" ror.c
expect_error 128 "^fatal: 'notes\.txt' is not a C file" mt generate notes.txt
expect_error 128 "^fatal: '/etc/hostname' is outside the root" mt generate /etc/hostname
# (no repository above the scratch tree, wherever TMPDIR is)
GIT_CEILING_DIRECTORIES=$SCRATCH expect_error 128 "^fatal: 'git diff HEAD -- ror\.c' failed: " \
	mt generate --diff HEAD ror.c
expect_error 129 "^usage: unknown operator 'nope'" mt generate --operators nope ror.c
expect_error 129 "^usage: option '--lines' expects FILE:A-B" mt generate --lines ror.c:9-2 ror.c
expect_error 128 "^fatal: no mutant 'abcdef' in" mt show abcdef
expect_error 128 "^fatal: 'xyz' is not a mutant id" mt apply xyz
expect_error 128 "^fatal: cannot read '$SCRATCH/none/ror\.c'" \
	mt apply --tree "$SCRATCH/none" "$(mt list --format ids | head -1)"

# A database this mutorture cannot write.
chmod 755 "$SCRATCH"
chmod 644 "$DB"
if [[ $EUID -eq 0 ]]; then
	as_other=(setpriv --reuid=65534 --regid=65534 --clear-groups)
else
	chmod 444 "$DB"
	as_other=()
fi
expect_error 128 "^fatal: cannot open database '$DB' for writing" \
	"${as_other[@]}" "$MUTORTURE_BIN" generate --db "$DB" --root "$TREE" ror.c -- -std=gnu11
expect_error 128 "^fatal: cannot open database '$SCRATCH/no/such\.db'" \
	"$MUTORTURE_BIN" generate --db "$SCRATCH/no/such.db" ror.c
chmod 644 "$DB"

# init --get prints one setting, as the runner reads a campaign's target; unset is exit 1.
expect_eq "init --get root" "$(cd "$TREE" && pwd -P)" "$(mt init --get root)"
rc=0
mt init --get target >"$SCRATCH/out" || rc=$?
expect_eq "exit status of 'init --get target' while unset" 1 "$rc"
expect_eq "output of 'init --get target' while unset" '' "$(cat "$SCRATCH/out")"
expect_error 129 "^usage: --get cannot be combined with settings to write" mt init --get root --target x
mt init --target toy-rcu
expect_eq "init --get target" toy-rcu "$(mt init --get target)"

# Typos: filters, functions, settings and targets that name nothing.
expect_error 128 "^fatal: no mutant of operator 'bogus' in campaign" mt list --operators ror,bogus
expect_error 128 "^fatal: no source file 'nosuch\.c' in campaign" mt list --files nosuch.c
expect_error 128 "^fatal: no mutant in function 'nosuch' in campaign" mt list --function nosuch
expect_error 129 "^usage: unknown status 'bogus'" mt list --status bogus
expect_error 128 "^fatal: no function 'nosuch' is defined in 'ror\.c' \(nothing was written\)$" \
	mt generate --function nosuch ror.c
expect_error 129 "^usage: name the files to mutate" mt generate --operators ror
expect_error 129 "^usage: unknown setting 'bogus'" mt init --get bogus
expect_error 128 "^fatal: no target 'nosuch': not a name under" mt init --target nosuch
expect_error 128 "^fatal: no target '$SCRATCH/none': " mt init --target "$SCRATCH/none"
expect_error 129 "^usage: --confirm-runs must be at least 1" mt init --confirm-runs 0
expect_error 129 "^usage: option '--confirm-duration' expects a number, not 'inf'" mt init --confirm-duration inf
expect_error 129 "^usage: option '--min-score' expects a number, not 'nan'" mt report --min-score nan
expect_error 129 "^usage: --min-score must be a percentage" mt report --min-score 101
# -1 is a value like any other, never "not given" (an unset default no command line can make).
expect_error 129 "^usage: --min-score must be a percentage from 0 to 100, not -1" mt report --min-score -1
expect_error 129 "^usage: --confirm-runs must be at least 1, not -1" mt init --confirm-runs -1
expect_error 129 "^usage: --confirm-duration must be a number of seconds, not -1" mt init --confirm-duration -1
expect_error 129 "^usage: option '--confirm-runs' expects an integer" mt init --confirm-runs -9223372036854775808

# Verdicts on what is no survivor; a verdict without a name.
pending=$(mt list --pending --format ids | head -n 1)
expect_error 128 "^fatal: mutant '$pending' is pending: only survivors are triaged$" mt triage "$pending" bug
expect_error 129 "^usage: give '$pending' a verdict: bug, test-gap, ignore or equivalent$" mt triage "$pending"
expect_error 129 "^usage: unknown verdict 'great'" mt triage "$pending" great

# Columns asked for by a name the listing does not have: one line naming those it has.
expect_error 129 "^usage: unknown field 'lines' \(fields: id, path, line, col, operator, .*, function_spelled\)$" \
	mt list --fields id,lines
expect_error 129 "^usage: --fields names the columns of --format tsv, not of 'json'$" mt list --fields id --format json
expect_error 129 "^usage: unknown field 'id' \(fields: attempt, mutant, kind, status, .*, runs\)$" mt attempts --fields id
expect_error 129 "^usage: unknown field 'line' \(fields: attempt, " mt attempts --untortured --fields attempt,line
expect_error 129 "^usage: field 'runs' comes last" mt attempts --fields runs,attempt

# Coverage of files the campaign does not mutate, or not coverage at all.
printf 'nosuch.c\t3\t1\n' >"$SCRATCH/cov"
expect_error 128 "^fatal: coverage '$SCRATCH/cov' not imported: it names no current source of the campaign \(the first line is for 'nosuch\.c'\)$" \
	mt coverage "$SCRATCH/cov"
printf 'ror.c 3 1\n' >"$SCRATCH/cov"
expect_error 128 "^fatal: coverage '$SCRATCH/cov' not imported: line 1: expected 'path<TAB>line<TAB>count'$" mt coverage "$SCRATCH/cov"

# Records that are binary, torn, huge or carry a NUL: refused, nothing echoed raw.
printf 'attempt=b1\tstatus=survived\tmutant=%s\treason=\001\002\033[31mred\n' "$pending" >"$SCRATCH/rec"
expect_error 1 "^error: line 1: byte 0x01 at column [0-9]+: a record is text \(binary data or a torn line\?\): refused$" \
	mt record <"$SCRATCH/rec"
printf 'attempt=n1\tstatus=survived\tmutant=%s\000\tstatus=killed\n' "$pending" >"$SCRATCH/rec"
expect_error 1 "^error: line 1: byte 0x00 at column [0-9]+" mt record <"$SCRATCH/rec"
{ printf 'attempt=h1\tstatus=survived\treason='; head -c 2000000 /dev/zero | tr '\0' x; printf '\n'; } >"$SCRATCH/rec"
expect_error 1 "^error: line 1: a record of 2000034 bytes, more than 1048576: refused$" mt record <"$SCRATCH/rec"
printf 'attempt=t1\tstatus=survived\tmutant=%s\tstatus=killed\n' "$pending" >"$SCRATCH/rec"
expect_error 1 "^error: line 1: key 'status' given twice$" mt record <"$SCRATCH/rec"
printf 'attempt=t2\tstatus=won\\nder\n' >"$SCRATCH/rec"
expect_error 1 "^error: line 1: unknown status 'won\?der'$" mt record <"$SCRATCH/rec"
printf 'attempt=t3\tstatus=survived\tduration=long\n' >"$SCRATCH/rec"
expect_error 1 "^error: line 1: duration is not a number$" mt record <"$SCRATCH/rec"
printf 'attempt=t4\tstatus=survived\tmutant=%s\tsupersedes=nope\n' "$pending" >"$SCRATCH/rec"
expect_error 1 "^error: line 1: supersedes 'nope', no attempt of the same mutant$" mt record <"$SCRATCH/rec"

# A long reason is cut, not stored whole.
{ printf 'attempt=long1\tstatus=killed\tmutant=%s\treason=' "$pending"; head -c 100000 /dev/zero | tr '\0' y; printf '\n'; } |
	mt record
expect_eq "stored reason length" 4096 "$(q "SELECT length(reason) FROM result WHERE attempt = 'long1'")"

# Databases that are no campaign.
mkdir "$SCRATCH/dir.db"
expect_error 128 "^fatal: cannot open database '$SCRATCH/dir\.db': it is a directory$" \
	"$MUTORTURE_BIN" list --db "$SCRATCH/dir.db"
sqlite3 "$SCRATCH/foreign.db" 'CREATE TABLE t(x); PRAGMA user_version = 1'
expect_error 128 "^fatal: '$SCRATCH/foreign\.db' is not a mutorture database \(it has no table 'campaign'\)$" \
	"$MUTORTURE_BIN" list --db "$SCRATCH/foreign.db"
printf 'not a database at all, but long enough to look like one.....................' >"$SCRATCH/text.db"
expect_error 128 "^fatal: cannot open database '$SCRATCH/text\.db': file is not a database$" \
	"$MUTORTURE_BIN" status --db "$SCRATCH/text.db"
cp "$DB" "$SCRATCH/minus.db"
sqlite3 "$SCRATCH/minus.db" 'PRAGMA user_version = -1'
expect_error 128 "^fatal: '$SCRATCH/minus\.db' is not a mutorture database" \
	"$MUTORTURE_BIN" list --db "$SCRATCH/minus.db"

# A WAL campaign in a directory nobody may write can still be read.
mkdir "$SCRATCH/ro"
cp "$DB" "$SCRATCH/ro/c.db"
chmod 555 "$SCRATCH/ro"
n=$(mt list --format ids | wc -l)
if [[ $EUID -eq 0 ]]; then
	got=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$MUTORTURE_BIN" list --db "$SCRATCH/ro/c.db" --format ids | wc -l)
else
	got=$("$MUTORTURE_BIN" list --db "$SCRATCH/ro/c.db" --format ids | wc -l)
fi
expect_eq "mutants listed from a read-only directory" "$n" "$got"
chmod 755 "$SCRATCH/ro"

# The runner's log writer: a limit it cannot keep, a log it cannot write.
expect_error 128 "^fatal: cannot cap a log at 1 bytes: the limit must be from 2 to 1 GiB$" \
	"$MUTORTURE_BIN" cap --limit 1 "$SCRATCH/capped.log" </dev/null
expect_error 128 "^fatal: cannot open '$SCRATCH/nowhere/capped\.log': No such file or directory$" \
	"$MUTORTURE_BIN" cap "$SCRATCH/nowhere/capped.log" </dev/null

# A database from a newer mutorture.
sqlite3 "$DB" 'PRAGMA user_version = 99'
expect_error 128 "^fatal: database '.*' has schema version 99, newer than" mt generate ror.c
expect_error 128 "^fatal: database '.*' has schema version 99, newer than" mt list
