#!/bin/bash
# Usage: check-errors.sh
# Rule files and annotations that are wrong must say where: every malformed rule file makes
# generate die (exit 128) with exactly one line "fatal: FILE:LINE: message" and store
# nothing; a rule set that is missing is named; a rule naming a primitive the source never
# uses is silent; a misspelt annotation is a warning naming the file and line.
set -euo pipefail

bin=${MUTORTURE_BIN:?MUTORTURE_BIN is not set}
here=$(cd "$(dirname "$0")" && pwd -P)
fixture=$here/fixtures/linux
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/rules.db
"$bin" init --db "$db" --root "$fixture" >/dev/null
fail=0

# malformed LINE MESSAGE RULE-TEXT: generate with RULE-TEXT (after two header lines) must
# die with MESSAGE on line LINE of the rule file.
malformed() {
	local line=$1 message=$2 text=$3 rules=$work/bad.rules status=0
	printf '# a rule file with one mistake\n\ndelete smp_mb\n%s\n' "$text" >"$rules"
	"$bin" generate --db "$db" --rules "$rules" tiny.c -- -I"$fixture" \
		>"$work/out" 2>"$work/err" || status=$?
	local want="fatal: $rules:$line: $message"
	if [[ $status != 128 || "$(cat "$work/err")" != "$want" ]]; then
		echo "FAIL: for rule '$text' expected exit 128 and:"
		echo "  $want"
		echo "got exit $status and:"
		sed 's/^/  /' "$work/err"
		fail=1
	fi
}
malformed 4 "unknown rule kind 'frobnicate' (delete, weaken, unwrap, rewrite, pair, order or arid)" \
	"frobnicate smp_mb"
malformed 4 "missing primitive name" "delete"
malformed 4 "'9lives' is not a valid primitive name" "delete 9lives"
malformed 4 "'pr_*' is not a valid primitive name" "delete pr_*"
malformed 4 "unexpected 'extra' at the end of the rule" "delete smp_mb extra"
malformed 4 "weaken 'smp_mb' names no weaker primitive" "weaken smp_mb"
malformed 4 "'smp-wmb' is not a valid weaker name" "weaken smp_mb smp-wmb"
malformed 4 "rewrite 'call_rcu' has no template" "rewrite call_rcu"
malformed 4 "bad '%' escape in template '(%x)(%1)' (use %0..%9 or %%)" "rewrite call_rcu (%x)(%1)"
malformed 4 "'0' is not a valid argument position (1 to 9)" "unwrap READ_ONCE 0"
malformed 4 "missing unlock name" "pair rcu_read_lock"
malformed 4 "unknown order class 'acquire' (load, store, rmw, fence or cas)" \
	"order atomic_load_explicit acquire 2"
malformed 4 "missing failure order position" "order atomic_compare_exchange_strong_explicit cas 4"
malformed 4 "'x' is not a valid argument position (1 to 9)" "order atomic_load_explicit load x"
if [[ -n "$("$bin" list --db "$db" --format ids)" ]]; then
	echo "FAIL: a failed generate stored mutants"
	fail=1
fi

status=0
"$bin" generate --db "$db" --rules no-such-set tiny.c -- -I"$fixture" >/dev/null 2>"$work/err" ||
	status=$?
want="fatal: cannot read rule file '$MUTORTURE_HOME/mutator/rules/no-such-set.rules': No such file or directory"
if [[ $status != 128 || "$(cat "$work/err")" != "$want" ]]; then
	echo "FAIL: a missing rule set: exit $status, $(cat "$work/err")"
	fail=1
fi

# Primitives this source never uses: no mutant, no message.
printf 'delete never_called_primitive\narid never_printed_*\npair no_lock no_unlock\n' \
	>"$work/unused.rules"
"$bin" generate --db "$db" --rules "$work/unused.rules" --operators rcu-delete,rcu-pair \
	tiny.c -- -I"$fixture" >"$work/out" 2>"$work/err"
# (Not generate's hint that kernel-prims.h, beside tiny.c, defines functions no call mutates.)
sed -i '/^hint: /d' "$work/err"
if [[ -s $work/err || -n "$("$bin" list --db "$db" --format ids)" ]]; then
	echo "FAIL: rules naming unused primitives were not silent:"
	cat "$work/err"
	fail=1
fi

# A misspelt annotation is a warning with the file and line, and generating goes on.
sed 's|/\* mutorture: on \*/|/* mutorture: of */|' "$fixture/tiny.c" >"$work/tiny.c"
cp "$fixture/kernel-prims.h" "$work/"
"$bin" generate --db "$db" --root "$work" --rules linux --operators rcu-delete tiny.c \
	-- -I"$work" >"$work/out" 2>"$work/err"
sed -i '/^hint: /d' "$work/err"
line=$(grep -n 'mutorture: of ' "$work/tiny.c" | cut -d: -f1)
want="warning: tiny.c:$line: unknown annotation 'mutorture: of' (off, on or skip-next)"
if [[ "$(cat "$work/err")" != "$want" ]] || ! grep -q 'mutorture: off at line' "$work/out"; then
	echo "FAIL: misspelt annotation: expected '$want', got:"
	cat "$work/err"
	fail=1
fi

[[ $fail == 0 ]] && echo "ok: malformed rule files and annotations are reported with file:line"
exit "$fail"
