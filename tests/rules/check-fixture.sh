#!/bin/bash
# Usage: check-fixture.sh [--via TU] FIXTURE-DIR FILE RULES...
# Generates the rule-driven mutants of FIXTURE-DIR/FILE with the named rule sets and checks
# them against FIXTURE-DIR/FILE.expected: generate's summary (counts per operator, skipped
# candidates per suppression), then for every mutant, in source order, its operator,
# position and description and the exact text it changes (diff -U0 of the mutated file
# against the original). Every mutant must also compile (cc -fsyntax-only; an empty if or
# loop body, which a deletion must never leave, is an error too). With --via TU, FILE is a
# header mutated through TU (generate --via): every mutant is compiled as part of TU, and
# only FILE may have mutants.
# MUTORTURE_UPDATE_EXPECTED=1 rewrites the .expected file instead (review the diff!).
set -euo pipefail

via=()
if [[ ${1:-} == --via ]]; then
	via=(--via "${2:?--via needs a file}")
	shift 2
fi
[[ $# -ge 3 ]] || { echo "usage: check-fixture.sh [--via TU] FIXTURE-DIR FILE RULES..." >&2; exit 2; }
fixture=$(cd "$1" && pwd -P)
file=$2
shift 2
bin=${MUTORTURE_BIN:?MUTORTURE_BIN is not set}
cc=${CC:-cc}
ops=rcu-delete,rcu-weaken,rcu-unwrap,rcu-rewrite,rcu-pair,memory-order

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/rules.db
rules=()
for r in "$@"; do rules+=(--rules "$r"); done

"$bin" init --db "$db" --root "$fixture" >/dev/null
# The summary counts per operator and per suppression; the per-file lines (which carry the
# parse time) are left out.
"$bin" generate --db "$db" "${rules[@]}" --operators "$ops" "${via[@]}" "$file" -- -std=gnu11 -I"$fixture" \
	>"$work/summary" 2>"$work/stderr"
# (Not generate's hint that a header beside FILE defines functions no call mutates: the fixtures'
# own prims headers are such, and the hint is tested with the campaign, tests/runner/campaign.bats.)
sed -i '/^hint: /d' "$work/stderr"
sed -n '/^mutants per operator:/,$p' "$work/summary" >"$work/actual"
if [[ -s $work/stderr ]]; then
	echo "FAIL: generate wrote to stderr:"
	cat "$work/stderr"
	exit 1
fi

"$bin" list --db "$db" --format tsv | sort -t $'\t' -k3,3n -k4,4n -k5,5 -k8,8 >"$work/list"
[[ -s $work/list ]] || { echo "FAIL: no mutants"; exit 1; }
mkdir "$work/m"
# The file compiled: the mutated file itself, or a copy of TU beside the mutated header (its
# quoted #include finds the copy's directory first).
unit=$file
if ((${#via[@]})); then
	unit=${via[1]}
	cp "$fixture/$unit" "$work/m/$unit"
fi
broken=0
while IFS=$'\t' read -r id path line col op _function _status description; do
	printf '== %s %s:%s %s\n' "$op" "$line" "$col" "$description" >>"$work/actual"
	[[ $path == "$file" ]] || { echo "FAIL: mutant $id of '$path', not of '$file'"; exit 1; }
	"$bin" apply --db "$db" "$id" >"$work/m/$path"
	diff -U0 "$fixture/$path" "$work/m/$path" | tail -n +3 >>"$work/actual" || true
	if ! "$cc" -fsyntax-only -std=gnu11 -Werror=empty-body -I"$fixture" "$work/m/$unit" \
		2>"$work/cc.log"; then
		echo "FAIL: mutant $id ($op at $path:$line:$col, $description) does not compile:"
		cat "$work/cc.log"
		broken=$((broken + 1))
	fi
done <"$work/list"

expected=$fixture/$file.expected
if [[ ${MUTORTURE_UPDATE_EXPECTED:-} == 1 ]]; then
	cp "$work/actual" "$expected"
	echo "updated $expected"
elif ! diff -u "$expected" "$work/actual"; then
	echo "FAIL: mutants differ from $expected"
	exit 1
fi
if ((broken)); then
	echo "FAIL: $broken mutant(s) do not compile"
	exit 1
fi
echo "ok: $(wc -l <"$work/list") mutants of $file as expected, all compile"
