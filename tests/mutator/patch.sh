#!/usr/bin/env bash
# generate --patch: only the lines a patch adds or changes are mutated, on a tree where it is
# applied; a deletion marks the lines on both sides of its cut. A unified diff from a file,
# from standard input, and an mbox of two patches (git format-patch, as sent to a mailing
# list) whose second one shifts the lines of the first; without named files, every C file the
# patch touches; a header the patch changes, mutated --via the file that includes it; and bad
# patches, which fail with one line and write nothing.
source "$(dirname "$0")/lib.sh"

TREE=$SCRATCH/tree
mkdir -p "$TREE"
cd "$TREE" || exit 1
git init -q .
git config user.email test@mutorture
git config user.name test
cat >rcu.c <<'EOF'
#include "rcu.h"

int gp_seq;
int readers;

void rcu_read_lock(void)
{
	readers++;
}

void rcu_read_unlock(void)
{
	readers--;
}

int synchronize_rcu(int n)
{
	gp_seq += 2;
	while (readers > 0)
		n--;
	return gp_seq + n;
}
EOF
cat >rcu.h <<'EOF'
static inline int rcu_gp_done(int seq, int snap)
{
	return seq - snap >= 2;
}
EOF
git add rcu.c rcu.h
git commit -q -m base
# The first patch changes a line, adds two and deletes one.
sed -i 's/^\tgp_seq += 2;$/\tgp_seq += 4;\n\tif (gp_seq < 0)\n\t\tgp_seq = 0;/' rcu.c
sed -i '/^void rcu_read_unlock/,/^}/{/readers--;/d}' rcu.c
git commit -q -a -m 'first: a changed line, two added, one deleted'
git diff HEAD~1 >"$SCRATCH/first.diff"
# The second adds two lines at the top (shifting all of the first's) and changes the header.
sed -i '1i /* added by the second patch */\n#define RCU_SHIFT 1' rcu.c
sed -i 's/return seq - snap >= 2;/return seq - snap >= 4;/' rcu.h
git commit -q -a -m 'second: shifts the file, changes the header'
git format-patch -q -2 --stdout >"$SCRATCH/series.mbox"
cd - >/dev/null || exit 1

export INCLUDE_DIR=$TREE # compile_check's includes

# lines: the distinct first lines of the mutants of FILE, space-separated.
lines() {
	q "SELECT DISTINCT m.line FROM mutant m JOIN source s ON s.id = m.source_id
	    WHERE s.path = '$1' ORDER BY m.line" | tr '\n' ' '
}

# The series on the final tree: patch 1's lines 12-13 (both sides of the deleted line) and
# 17-19 (a changed line and two added ones) moved by patch 2's two lines to 14-15, 19-21.
new_campaign "$TREE"
mt generate --patch "$SCRATCH/series.mbox" rcu.c -- -std=gnu11 -I"$TREE" >"$SCRATCH/out"
expect_eq "lines mutated by the series" "19 20 21 " "$(lines rcu.c)"
expect_eq "mutants outside the patched lines" 0 \
	"$(q "SELECT count(*) FROM mutant WHERE line NOT IN (14, 15, 19, 20, 21)")"
grep -Eq '^  diff +[1-9]' "$SCRATCH/out" || fail "no candidates counted as outside the patch"
check_every_mutant "$TREE"
echo "ok an mbox series: the first patch's lines carried through the second"

# Without files: every C file the series touches (rcu.h on its own, as a header).
new_campaign "$TREE"
mt generate --patch "$SCRATCH/series.mbox" -- -std=gnu11 -I"$TREE" >"$SCRATCH/out"
expect_eq "files of the series" "rcu.c rcu.h " \
	"$(q "SELECT DISTINCT s.path FROM mutant m JOIN source s ON s.id = m.source_id ORDER BY 1" | tr '\n' ' ')"
expect_eq "lines of rcu.h" "3 " "$(lines rcu.h)"

# The header through the file that includes it, the patch from standard input.
new_campaign "$TREE"
mt generate --patch - --via rcu.c rcu.h -- -std=gnu11 -I"$TREE" <"$SCRATCH/series.mbox" >/dev/null
expect_eq "lines of rcu.h via rcu.c" "3 " "$(lines rcu.h)"
echo "ok a header changed by the patch, via its includer, patch on stdin"

# One patch on the tree of its own commit: its lines, a changed, added and deleted one.
git -C "$TREE" checkout -q HEAD~1
new_campaign "$TREE"
mt generate --patch "$SCRATCH/first.diff" rcu.c -- -std=gnu11 -I"$TREE" >/dev/null
expect_eq "lines mutated by the first patch alone" "17 18 19 " "$(lines rcu.c)"
expect_eq "mutants outside its lines" 0 \
	"$(q "SELECT count(*) FROM mutant WHERE line NOT IN (12, 13, 17, 18, 19)")"
check_every_mutant "$TREE"
echo "ok one unified diff: changed, added and deleted lines"

# The same patch as diff -u between two trees makes it (mailed patches not from git): other
# first components, a tab and a timestamp after each path; read as patch -p1 reads it.
sed -e 's,^--- a/\(.*\),--- linux.orig/\1\t2026-12-05 09:00:00.000000000 +0000,' \
	-e 's,^+++ b/\(.*\),+++ linux/\1\t2026-12-05 09:30:00.000000000 +0000,' \
	"$SCRATCH/first.diff" >"$SCRATCH/first-trees.diff"
grep -q '^+++ linux/rcu.c	' "$SCRATCH/first-trees.diff" || fail "the diff -u patch was not made"
new_campaign "$TREE"
mt generate --patch "$SCRATCH/first-trees.diff" -- -std=gnu11 -I"$TREE" >/dev/null
expect_eq "lines mutated by the diff -u patch" "17 18 19 " "$(lines rcu.c)"
echo "ok a diff -u between two trees: the first path component off, as patch -p1"

# Bad patches: one line each, nothing written.
before=$(db_state)
printf 'just some text\n' >"$SCRATCH/bad.diff"
rc=0
mt generate --patch "$SCRATCH/bad.diff" rcu.c -- -std=gnu11 2>"$SCRATCH/err" || rc=$?
expect_eq "exit status on a file that is no patch" 128 "$rc"
expect_eq "error" "fatal: cannot read patch '$SCRATCH/bad.diff': no file diff in it (expected '--- a/FILE', '+++ b/FILE' and '@@' hunks)" "$(cat "$SCRATCH/err")"
sed 's/^@@ -10,12 +10,13 @@/@@ -10,12 +10,19 @@/' "$SCRATCH/first.diff" >"$SCRATCH/torn.diff"
rc=0
mt generate --patch "$SCRATCH/torn.diff" rcu.c -- -std=gnu11 2>"$SCRATCH/err" || rc=$?
expect_eq "exit status on a torn patch" 128 "$rc"
expect_eq "error" "fatal: cannot read patch '$SCRATCH/torn.diff': a hunk shorter than its header says" "$(cat "$SCRATCH/err")"
printf -- '--- a/README\n+++ b/README\n@@ -1 +1 @@\n-a\n+b\n' >"$SCRATCH/readme.diff"
rc=0
mt generate --patch "$SCRATCH/readme.diff" 2>"$SCRATCH/err" || rc=$?
expect_eq "exit status on a patch with no C file" 128 "$rc"
grep -q "^fatal: patch '$SCRATCH/readme.diff' changes no C file of the tree" "$SCRATCH/err" ||
	fail "patch without C files: $(cat "$SCRATCH/err")"
rc=0
mt generate --patch "$SCRATCH/first.diff" --diff HEAD rcu.c 2>"$SCRATCH/err" || rc=$?
expect_eq "exit status of --patch with --diff" 129 "$rc"
expect_eq "database after the bad patches" "$before" "$(db_state)"
echo "ok bad patches: one line, nothing written"
