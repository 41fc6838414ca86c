# tce.awk: the decisions of trivial compiler equivalence (see runner/run). Reads two files of
# 'MUTANT<TAB>PATH<TAB>HASH[<TAB>ARM64]' lines (MUTANT '-': the unmutated PATH; HASH '-': it did
# not compile, with the reason as a fourth field; else ARM64, when present, is the hash for
# aarch64, '-' if that did not compile): first the hashes of earlier runs, then this run's,
# each in plan order with the originals first. Prints one result record (kind tce) for each
# mutant of this run that needs no torture run: equivalent (the original's object code; when
# only this host's, the reason says so: the weak-memory hint), duplicate (an earlier
# mutant's), or build_error (does not compile). Variables: old (the first file's name), token
# (the run), host, arch (the host's architecture).
function escape(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/\t/, "\\t", s)
	return s
}

function record(status, extra, reason) {
	printf "attempt=%s.tce.%s\tmutant=%s\tkind=tce\tstatus=%s%s\treason=%s\thost=%s\n",
		token, $1, $1, status, extra, escape(reason), host
}

$1 == "-" {
	if ($3 != "-") {
		original[$2] = $3
		original_arm64[$2] = $4
	}
	next
}

# Earlier runs: remember which mutant came first with each object; they are decided already.
FILENAME == old {
	if ($3 != original[$2] && !(($2, $3) in first))
		first[$2, $3] = $1
	next
}

$3 == "-" {
	record("build_error", "", "does not compile: " $4)
	next
}

# Identical on a strongly ordered host, different on arm64: what was lost (a barrier, an
# acquire or release) only matters on weakly ordered hardware.
$3 == original[$2] && $4 != "" && $4 != "-" && original_arm64[$2] !~ /^-?$/ && $4 != original_arm64[$2] {
	record("equivalent", "", "object code identical on this host (" arch ") but differs for aarch64: only killable on weakly ordered hardware")
	next
}

$3 == original[$2] {
	record("equivalent", "", "object code identical to the original's")
	next
}

($2, $3) in first {
	record("duplicate", "\tduplicate_of=" first[$2, $3], "object code identical to mutant " first[$2, $3] "'s")
	next
}

{ first[$2, $3] = $1 }
