#!/usr/bin/env bash
# show and apply agree: for every mutant of the fixtures, 'apply --tree' writes the file by
# rename (a hard-linked original is untouched), prints its path, and 'diff -u' of the tree
# reproduces the diff 'show' prints; 'apply' to stdout gives the same text; a tree whose file
# is not the mutant's source version is refused, naming the file; id prefixes work.
source "$(dirname "$0")/lib.sh"

PRISTINE=$SCRATCH/pristine
WORK=$SCRATCH/work
mkdir -p "$PRISTINE"
cp "$FIXTURES"/*.c "$FIXTURES"/*.h "$PRISTINE/"
new_campaign "$PRISTINE"
mt generate general.c ror.c sdl.c cond.c ret.c -- -std=gnu11 -I"$FIXTURES" >/dev/null
count=0
while IFS=$'\t' read -r id path; do
	rm -rf "$WORK"
	cp -al "$PRISTINE" "$WORK" # hard links, as a kernel worker tree
	expect_eq "apply --tree output" "$path" "$(mt apply --tree "$WORK" "$id")"
	cmp -s "$PRISTINE/$path" "$FIXTURES/$path" || fail "apply $id wrote through a hard link"
	mt apply "$id" | cmp -s - "$WORK/$path" || fail "apply $id to stdout differs from --tree"
	mt show "$id" | sed '1,/^$/d' >"$SCRATCH/show.diff"
	diff -u --label "a/$path" --label "b/$path" "$PRISTINE/$path" "$WORK/$path" \
		>"$SCRATCH/tree.diff" || true
	if ! cmp -s "$SCRATCH/show.diff" "$SCRATCH/tree.diff"; then
		diff "$SCRATCH/show.diff" "$SCRATCH/tree.diff" >&2 || true
		fail "show $id does not match the diff of the applied tree"
	fi
	count=$((count + 1))
done < <(q "SELECT m.id, s.path FROM mutant m JOIN source s ON s.id = m.source_id")
[[ $count -gt 50 ]] || fail "only $count mutants to round-trip"
echo "ok $count mutants: apply --tree, apply, show agree"

# The tree already holds a mutant: applying another is refused and names the file.
id=$(mt list --files ror.c --format ids | head -1)
other=$(mt list --files ror.c --format ids | sed -n 2p)
rm -rf "$WORK" && cp -a "$PRISTINE" "$WORK"
mt apply --tree "$WORK" "$id" >/dev/null
if mt apply --tree "$WORK" "$other" 2>"$SCRATCH/err"; then
	fail "apply onto a mutated file succeeded"
fi
grep -q "^fatal: '$WORK/ror.c' is not the version" "$SCRATCH/err" || fail "refusal: $(cat "$SCRATCH/err")"

# A unique prefix selects the mutant; show prints metadata first.
mt show "${id:0:8}" >"$SCRATCH/show.txt"
grep -q "^mutant      $id\$" "$SCRATCH/show.txt" || fail "show by prefix"
grep -q '^file        ror.c:' "$SCRATCH/show.txt" || fail "show: no location"
grep -q '^operator    ' "$SCRATCH/show.txt" || fail "show: no operator"
echo "ok refusal and prefixes"
