# gcov-lines.awk: one source file's line counts out of `gcov -t` (the annotated source on
# stdout), as PATH<TAB>LINE<TAB>COUNT for every executable line: the format target_coverage
# writes (targets/CONTRACT.md). Shared by the targets' target_coverage.
#
# Usage: gcov -t ... | awk -v path=PATH -f gcov-lines.awk
#
# PATH is the tree-relative path. gcov names a source as the compiler saw it: PATH itself, or
# ../PATH from a Kbuild output dir, so a source named PATH or ending in /PATH is PATH's; the
# headers gcov -t also prints are left out. Lines never executed (##### and =====, the
# latter for exceptional paths only) count 0. Exits 1 when PATH had no executable line: a
# source of TARGET_SOURCES with no line in the coverage is a broken coverage run.

BEGIN { FS = ":" }

/^ *-: *0:Source:/ {
	src = $4
	mine = (src == path || substr(src, length(src) - length(path)) == "/" path)
}

mine && $2 + 0 > 0 && $1 !~ /^ *-$/ {
	count = $1
	gsub(/[ *]/, "", count)
	if (count ~ /^(#####|=====)$/) count = 0
	printf "%s\t%d\t%s\n", path, $2, count
	n++
}

END { exit (n ? 0 : 1) }
