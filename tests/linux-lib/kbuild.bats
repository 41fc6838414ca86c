#!/usr/bin/env bats
# kbuild_copy_build (targets/lib/linux/kbuild.sh) on a stand-in kernel: a cached source of
# two files, a tree sharing it by hard links with one file changed by rename (as a patch or a
# mutant changes it), and a build dir made in the cache *after* that change, as the coverage
# kernels are built on first use. Make, which goes by mtimes, must still rebuild the changed
# file's object in the tree; the unchanged file stays shared, and no other tree is touched.

setup() {
	# shellcheck source=../../targets/lib/linux/kbuild.sh
	source "$BATS_TEST_DIRNAME/../../targets/lib/linux/kbuild.sh"
	export MUTORTURE_CACHE="$BATS_TEST_TMPDIR/cache"
	export LINUX_VERSION="test"  # kbuild_source: the cache entry linux-test
	src="$MUTORTURE_CACHE/linux-test"
	mkdir -p "$src/kernel"
	echo 'original' >"$src/kernel/a.c"
	echo 'unchanged' >"$src/kernel/b.c"
	touch -d '2022-12-11 00:00' "$src/kernel/a.c" "$src/kernel/b.c"

	# The pristine tree: hard links to the source, kernel/a.c patched an hour ago.
	pristine="$BATS_TEST_TMPDIR/pristine"
	mkdir -p "$pristine"
	cp -al "$src/." "$pristine/"
	echo 'patched' >"$pristine/kernel/a.c.new"
	mv "$pristine/kernel/a.c.new" "$pristine/kernel/a.c"
	touch -d '1 hour ago' "$pristine/kernel/a.c"

	# The cached build, made now from the unpatched source: a.o and b.o copy their sources.
	built="$MUTORTURE_CACHE/linux-test-gcov-0"
	mkdir -p "$built/.gcov-X/tools"
	cp -al "$src/." "$built/"
	printf '%s\n' 'all: a.o b.o' '%.o: ../kernel/%.c' '	cp $< $@' >"$built/.gcov-X/Makefile"
	make -s -C "$built/.gcov-X"
}

@test "a build copied from the cache rebuilds the objects of the files the tree changed" {
	[ "$(cat "$built/.gcov-X/a.o")" = original ]
	kbuild_copy_build "$built" "$pristine" .gcov-X
	make -s -C "$pristine/.gcov-X"
	[ "$(cat "$pristine/.gcov-X/a.o")" = patched ]
	[ "$(cat "$pristine/.gcov-X/b.o")" = unchanged ]
}

@test "the changed file gets a fresh copy of its own: a tree sharing the old one keeps its mtime, the unchanged file stays shared" {
	local worker="$BATS_TEST_TMPDIR/worker" before
	mkdir -p "$worker"
	cp -al "$pristine/." "$worker/"
	before=$(stat -c %Y "$pristine/kernel/a.c")
	kbuild_copy_build "$built" "$worker" .gcov-X
	[ "$(stat -c %Y "$pristine/kernel/a.c")" = "$before" ]
	[ "$(stat -c %i "$worker/kernel/a.c")" != "$(stat -c %i "$pristine/kernel/a.c")" ]
	[ "$(cat "$worker/kernel/a.c")" = patched ]
	[ "$(stat -c %i "$worker/kernel/b.c")" = "$(stat -c %i "$src/kernel/b.c")" ]
	[ ! -e "$worker/kernel/a.c.mutorture-new" ]
}

@test "without a changed file, the copied build compiles nothing" {
	local tree="$BATS_TEST_TMPDIR/clean"
	mkdir -p "$tree"
	cp -al "$src/." "$tree/"
	kbuild_copy_build "$built" "$tree" .gcov-X
	[ -z "$(make -s -C "$tree/.gcov-X" --dry-run)" ]
}
