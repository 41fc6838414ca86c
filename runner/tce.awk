# tce.awk: the decisions of trivial compiler equivalence (see runner/README.md). Reads two files
# of 'MUTANT<TAB>PATH<TAB>HASH[<TAB>ARM64]' lines (runner/tce-job; MUTANT '-': the unmutated
# PATH; HASH '-': it did not compile, with the reason as a fourth field; else ARM64, when
# present, is the hash for aarch64, '-' if that did not compile): first the hashes of earlier
# runs, then this run's, each in plan order with the originals first. Prints one result record
# (kind tce) for each mutant of this run that needs no torture run; none for the mutants of a
# file whose original does not compile. Variables: old (the first file's name), token (the
# run), host, arch (the host's architecture).
#
# Like with like, on every architecture compiled: a mutant is equivalent when its objects equal
# the original's on every architecture, a duplicate when they equal an earlier mutant's on
# every one (the key of an object is its hashes, host and aarch64 together); identical on this
# host but not for aarch64 is status weak_memory (only a weakly ordered machine can kill it). Where
# the aarch64 side is missing (the target declined, or the original does not compile for it),
# the host's object decides alone and the reason says so; a mutant that compiles on the host
# but not for aarch64 has no aarch64 key, so it is nobody's duplicate and has none.
function escape(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/\t/, "\\t", s)
	return s
}

function record(status, extra, reason) {
	printf "attempt=%s.tce.%s\tmutant=%s\tkind=tce\tstatus=%s%s\treason=%s\thost=%s\n",
		token, $1, $1, status, extra, escape(reason), host
}

# The architectures a reason names for PATH: empty when both were compared.
function only_host(path) {
	return (path in arm64_of) ? "" : " (compiled for " arch " only)"
}

$1 == "-" {
	# An original that does not compile says target_compile is broken, not its mutants.
	if ($3 == "-")
		broken[$2] = 1
	if ($3 != "-") {
		original[$2] = $3
		# Compared on aarch64 only when the original has an object there.
		if ($4 != "" && $4 != "-")
			arm64_of[$2] = $4
		else
			delete arm64_of[$2]
	}
	next
}

# key(): this line's key on every architecture compared for its file; "" for none (a mutant
# that lacks an object the file is compared on).
function key() {
	if (!($2 in arm64_of))
		return $3
	if ($4 == "" || $4 == "-")
		return ""
	return $3 "/" $4
}

# Earlier runs: remember which mutant came first with each object; they are decided already.
# (This run's originals come later, so both keys are kept: the lookup picks its kind.)
FILENAME == old {
	if (!(($2, $3) in first))
		first[$2, $3] = $1
	if ($4 != "" && $4 != "-" && !(($2, $3 "/" $4) in first))
		first[$2, $3 "/" $4] = $1
	next
}

# A file whose original has no hash (it did not compile, or its compile timed out) decides
# nothing: its mutants go to the torture run.
$2 in broken || !($2 in original) {
	next
}

$3 == "-" {
	record("build_error", "", "does not compile: " $4)
	next
}

$3 == original[$2] && !($2 in arm64_of) {
	record("equivalent", "", "object code identical to the original's" only_host($2))
	next
}

$3 == original[$2] && $4 == arm64_of[$2] {
	record("equivalent", "", "object code identical to the original's")
	next
}

# Identical on a strongly ordered host, different on arm64: what was lost (a barrier, an
# acquire or release) only matters on weakly ordered hardware.
$3 == original[$2] {
	if ($4 == "" || $4 == "-")
		record("equivalent", "", "object code identical on this host (" arch ") but does not compile for aarch64")
	else
		record("weak_memory", "", "object code identical on this host (" arch ") but differs for aarch64: only killable on weakly ordered hardware")
	next
}

{
	k = key()
	if (k == "")
		next
	if (($2, k) in first)
		record("duplicate", "\tduplicate_of=" first[$2, k], "object code identical to mutant " first[$2, k] "'s" only_host($2))
	else
		first[$2, k] = $1
}
