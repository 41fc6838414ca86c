# runner/object-dump.awk: filters the output of GNU 'objdump -s -r OBJECT' down to what
# mt_object_hash (lib/objects.sh) hashes: the blocks of the sections that
# 'objcopy --strip-debug -R .comment -R .note.GNU-stack' removes are dropped (debug info, the
# compiler's version, the stack note), and so is every line with "file format" (the header
# naming the file) and an archive's "In archive" line. Section groups are dropped too: a .group
# lists section numbers, which stripping renumbers (or removes the group, for debug sections);
# its members are hashed themselves. Checked to give the stripped object's dump byte for byte
# on 200 toy-rcu and Linux objects without groups.

# dropped(NAME): whether the stripping removes section NAME.
function dropped(name) {
	return name == ".comment" || name == ".note.GNU-stack" || name == ".group" ||
		name ~ /^\.(z?debug|gnu\.debuglto_|stab|line$|gdb_index$)/
}

/file format/ { next }
# An archive of objects (a Linux target's, one a kernel config) names itself; its members follow.
/^In archive / { next }
/^RELOCATION RECORDS FOR \[/ {
	name = substr($0, 25)
	sub(/\]:$/, "", name)
	skip = dropped(name)
}
/^Contents of section / {
	name = substr($0, 21)
	sub(/:$/, "", name)
	skip = dropped(name)
}
!skip
