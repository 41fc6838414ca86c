# shellcheck shell=bash
# The hooks the runner tests' own targets share (tests/runner/fixture, coin, hostile,
# fixture-tce: targets/CONTRACT.md): each is a small C program whose sources are in the
# target's src/, built with make. Sourced by their target.sh as
# "$MUTORTURE_HOME/tests/lib/make-target.sh" (the runner sets MUTORTURE_HOME, so a copy of a
# target made by a test still finds it; a --hosts machine, which gets runner/ and targets/lib/
# only, would not); defines functions only. A target replaces a hook by defining it again after
# sourcing this file (hostile: target_build), and the compiler of its compile database by
# defining make_target_cc again (fixture-tce: its Makefile's). bad-input.sh takes
# make_target_compdb alone, for its campaign's tree of the fixture's program.

# make_target_cc DIR: prints the compiler and flags (blank-separated words) of the compile
# database's commands for the tree DIR.
make_target_cc() {
	echo 'cc -std=gnu11'
}

# make_target_compdb DIR: writes DIR/compile_commands.json (DIR absolute): one command for each
# .c file of TARGET_SOURCES (a header is parsed through a .c file that includes it), in DIR,
# make_target_cc's words then '-c DIR/FILE'.
make_target_compdb() {
	local dir=$1 src word args sep='' cc
	local -a words
	cc=$(make_target_cc "$dir") || return 1
	read -ra words <<<"$cc"
	{
		printf '['
		for src in "${TARGET_SOURCES[@]}"; do
			[[ $src == *.c ]] || continue
			args=''
			for word in "${words[@]}" -c "$dir/$src"; do args+="${args:+, }\"$word\""; done
			printf '%s{"directory": "%s", "file": "%s/%s", "arguments": [%s]}' "$sep" "$dir" "$dir" "$src" "$args"
			sep=', '
		done
		printf ']\n'
	} >"$dir/compile_commands.json"
}

# target_setup DIR: the target's src/ copied into DIR, built once, and its compile database.
target_setup() {
	mkdir -p "$1" && cp "$TARGET_DIR"/src/* "$1"/ && make -s -C "$1" && make_target_compdb "$(cd "$1" && pwd -P)"
}

# target_build DIR: make, incrementally.
target_build() {
	make -s -C "$1"
}

# target_clone SRC DST: a plain copy, with its own compile database (paths in DST).
target_clone() {
	cp -a "$1" "$2" && make_target_compdb "$(cd "$2" && pwd -P)"
}
