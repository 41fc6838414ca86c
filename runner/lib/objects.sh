# shellcheck shell=bash
# runner/lib/objects.sh: the hash of an object file the equivalence pass compares (sourced,
# never run).

# mt_object_hash VAR OBJECT [TRIPLE]: sets VAR to a hash of an object file's code, data and
# relocations (objdump -s -r), leaving out debug info, the compiler's .comment and objdump's
# header (the object's own file name), so the same code compiled in two trees hashes the same.
# With a TRIPLE (an object compiled for another architecture, which the host's binutils cannot
# read) that architecture's binutils do the same (installed with its gcc), else LLVM's tools
# (which take a tenth of a second more to start: a hundred aarch64 objects a toy-rcu campaign).
# GNU objdump's dump leaves out the symbol table, so runner/object-dump.awk drops the sections
# 'objcopy --strip-debug -R .comment -R .note.GNU-stack' would remove: the same text as the
# stripped object's, without the objcopy (a compile in the pass saves three forks). llvm-objdump
# dumps the symbol table too, which stripping changes: its object is stripped in place first.
mt_object_hash() {
	local objcopy='' objdump=objdump _hash
	if [[ -n ${3:-} ]]; then
		objdump=$3-objdump
		if ! command -v "$objdump" >/dev/null; then objcopy=llvm-objcopy-19 objdump=llvm-objdump-19; fi
	fi
	if [[ -n $objcopy ]]; then "$objcopy" --strip-debug -R .comment -R .note.GNU-stack "$2"; fi
	_hash=$("$objdump" -s -r "$2" | awk -f "$MUTORTURE_HOME/runner/object-dump.awk" | sha256sum)
	printf -v "$1" '%s' "${_hash:0:16}"
}
