# includers.awk: the sources whose objects depend on a header, read from the dependency files a
# build wrote (gcc/clang -MMD [-MP], make's format): what target_includers prints
# (targets/CONTRACT.md). Shared by the targets whose builds keep such files.
#
# Usage: awk -v header=PATH -f includers.awk DEPFILE...
#
# The first rule of each file is 'OBJECT: SOURCE DEP...' (continued over lines ending in a
# backslash); the source of each whose DEPs name PATH (as written, or ending in /PATH) is
# printed once, in the order the files come. The phony 'DEP:' rules of -MP are ignored.
# Exits 1 when no file names PATH: a header that nothing includes is a mistake of the caller.

function names(dep) {
	return dep == header || substr(dep, length(dep) - length(header)) == "/" header
}

FNR == 1 { rule = 1; first = ""; hit = 0 }

rule {
	line = $0
	more = sub(/\\$/, "", line)
	n = split(line, f, /[ \t]+/)
	for (i = 1; i <= n; i++) {
		if (f[i] == "" || f[i] ~ /:$/) continue
		if (first == "") first = f[i]
		else if (names(f[i])) hit = 1
	}
	if (!more) {
		rule = 0
		if (hit && first != "" && !(first in seen)) { seen[first] = 1; print first; found = 1 }
	}
}

END { exit !found }
