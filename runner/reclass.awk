# reclass.awk: the decisions of 'mutorture reclass' (runner/reclass). Reads two files: first
# the selected mutants' verdicts now, 'MUTANT<TAB>STATUS<TAB>ATTEMPT<TAB>DUPLICATE_OF' (ATTEMPT:
# the result deciding an untortured status, which a change supersedes; DUPLICATE_OF: a
# duplicate's original), then the hashes of this pass, 'MUTANT<TAB>PATH<TAB>HASH[<TAB>ARM64]' as
# runner/tce-job prints them and the equivalence pass merges them (originals first, MUTANT '-';
# HASH '-': no object). Prints one record (kind tce) a mutant whose verdict changes; writes to
# the file `changes` one line 'MUTANT<TAB>OLD<TAB>RECORDED<TAB>REASON' a change, and to `undecided`
# the mutants it could not judge (no object). Variables: token, host, arch, changes, undecided.
#
# The rules are the equivalence pass's (runner/tce.awk), applied to verdicts made before them:
# a survivor whose objects equal the original's on the host becomes weak_memory (they differ
# for aarch64) or equivalent; an equivalent or weak_memory mutant whose objects no longer
# equal the original's, or a duplicate whose objects no longer equal its original mutant's,
# loses its verdict (a record superseding it, status error: the next run tortures it, or it
# falls back to the torture verdicts it had); an equivalent becomes weak_memory, or back, as
# its aarch64 object says. A mutant selected but unchanged gets no record: reclass twice
# changes nothing the second time.
function escape(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/\t/, "\\t", s)
	return s
}

# change(mutant, status, reason, supersedes): prints the record and the change line.
function change(m, status, reason, supersedes) {
	printf "attempt=%s.reclass.%s\tmutant=%s\tkind=tce\tstatus=%s\treason=%s\thost=%s%s\n",
		token, m, m, status, escape("reclass: " reason), host,
		supersedes == "" ? "" : "\tsupersedes=" supersedes
	printf "%s\t%s\t%s\t%s\n", m, old[m], status, reason > changes
}

# key(m): the mutant's objects on every architecture its file is compared on; "" for none.
function key(m, path) {
	if (!(m in hash) || hash[m] == "-")
		return ""
	if (!(path in arm64_of))
		return hash[m]
	if (arm[m] == "" || arm[m] == "-")
		return ""
	return hash[m] "/" arm[m]
}

FILENAME == ARGV[1] {
	old[$1] = $2
	attempt[$1] = $3
	dup_of[$1] = $4
	next
}

$1 == "-" {
	if ($3 != "-") {
		original[$2] = $3
		if ($4 != "" && $4 != "-")
			arm64_of[$2] = $4
	}
	next
}

{
	path[$1] = $2
	hash[$1] = $3
	arm[$1] = $4
}

END {
	for (m in old) {
		p = path[m]
		if (!(m in hash) || hash[m] == "-" || !(p in original)) {
			print m > undecided
			continue
		}
		if (hash[m] == original[p]) {
			if (!(p in arm64_of))
				now = "equivalent"
			else if (arm[m] == arm64_of[p] || arm[m] == "" || arm[m] == "-")
				now = "equivalent"
			else
				now = "weak_memory"
			if (now == old[m])
				continue
			if (now == "weak_memory")
				change(m, now, "object code identical on this host (" arch ") but differs for aarch64: only killable on weakly ordered hardware", "")
			else
				change(m, now, "object code identical to the original's" ((p in arm64_of) ? "" : " (compiled for " arch " only)"), "")
			continue
		}
		if (old[m] == "equivalent" || old[m] == "weak_memory") {
			change(m, "error", "object code differs from the original's now: a torture run decides", attempt[m])
		} else if (old[m] == "duplicate") {
			d = dup_of[m]
			if (!(d in hash)) {
				print m > undecided
			} else if (key(m, p) == "" || key(m, p) != key(d, p)) {
				change(m, "error", "object code differs from mutant " d "'s now: a torture run decides", attempt[m])
			}
		}
	}
}
