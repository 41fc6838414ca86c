# progress.awk: the pipe between GNU parallel and 'mutorture record' in a run (see runner/run).
# Passes every record through unchanged and flushed at once (so the record writer commits it
# as soon as its job ends), appends it to the run's records file, and when show is 1 prints
# one progress line per record on stderr: how many jobs of how many, the verdict, an ETA from
# the pace so far. A job that confirms its mutant gives a record a run (runner/job): its runs
# after the first (attempt TOKEN.ROUND.SEQ.N) say 'run N' and count no job. Variables: total
# (jobs expected), file (records file), show (0 or 1).
BEGIN { start = systime() }
{
	print >>file
	fflush(file)
	print
	fflush()
	if (!show)
		next
	split("", f)
	for (i = 1; i <= NF; i++) {
		eq = index($i, "=")
		f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	run = ""
	if (f["kind"] == "torture" && split(f["attempt"], part, ".") == 4)
		run = " run " part[4]
	else
		done++
	what = ((f["mutant"] != "") ? f["mutant"] : f["kind"] " " f["scenario"]) run
	verdict = f["status"] ((f["scenario"] != "" && f["mutant"] != "") ? " by " f["scenario"] : "")
	if (f["reason"] != "")
		verdict = verdict ": " substr(f["reason"], 1, 70)
	left = (done ? (systime() - start) / done * (total - done) : 0)
	printf "mutorture: [%d/%d] %s %s (build %s s, test %s s), ETA %dm%02ds\n", done, total, what,
		verdict, (f["build_s"] != "") ? f["build_s"] : "-", (f["test_s"] != "") ? f["test_s"] : "-",
		left / 60, left % 60 >"/dev/stderr"
}
