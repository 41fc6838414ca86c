#!/usr/bin/env bash
# Every bad input gives one error line naming the problem, a non-zero exit, and leaves the
# database exactly as it was: missing file, file not in the compile database, syntax error,
# empty or malformed compile_commands.json, non-C file, unwritable or missing database,
# database from a newer schema; plus bad ids, operators and options.
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

# A database from a newer mutorture.
sqlite3 "$DB" 'PRAGMA user_version = 99'
expect_error 128 "^fatal: database '.*' has schema version 99, newer than" mt generate ror.c
expect_error 128 "^fatal: database '.*' has schema version 99, newer than" mt list
