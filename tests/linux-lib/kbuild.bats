#!/usr/bin/env bats
# kbuild_copy_build (targets/lib/linux/kbuild.sh) on a stand-in kernel: a cached source of
# two files, a tree sharing it by hard links with one file changed by rename (as a patch or a
# mutant changes it), and a build dir made in the cache *after* that change, as the coverage
# kernels are built on first use. Make, which goes by mtimes, must still rebuild the changed
# file's object in the tree; the unchanged file stays shared, and no other tree is touched.
# And kbuild_compile (target_compile) on a stand-in tree of two configs, with real gcc: one
# object a config that runs the file, in an archive, and aarch64 declined with its reason.

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

# compile_tree DIR: a stand-in kernel tree with two configs, each with Kbuild's saved command
# for kernel/c.c (a real gcc compile, -DCONFIG_PROVE=1 in P alone), as kbuild_compile reads it.
compile_tree() {
	local config define
	mkdir -p "$1/kernel"
	printf '%s\n' 'int flag;' 'void f(void) { if (!CONFIG_PROVE) flag = 1; }' >"$1/kernel/c.c"
	for config in P U; do
		define=0
		if [[ $config == P ]]; then define=1; fi
		mkdir -p "$1/.build-$config/kernel"
		printf 'savedcmd_kernel/c.o := gcc -Wp,-MMD,kernel/.c.o.d -O2 -g -DCONFIG_PROVE=%s -c -o kernel/c.o ../kernel/c.c\n' \
			"$define" >"$1/.build-$config/kernel/.c.o.cmd"
	done
}

@test "kbuild_compile compiles a file in every config that runs it: the mutant one config compiles away is not equivalent" {
	local tree="$BATS_TEST_TMPDIR/two" orig mutant p_orig p_mutant
	compile_tree "$tree"
	LINUX_CONFIGS=(P U)
	linux_scenario_of() { echo "${1%%-*}"; }
	target_scenarios_for() { printf '%s\n' P-x U-x; }
	kbuild_compile "$tree" kernel/c.c "$tree/orig.o"
	[ "$(ar t "$tree/orig.o" | paste -sd ' ')" = "P.o U.o" ]
	# The same file compiled again, into another OUT: the same archive, byte for byte.
	kbuild_compile "$tree" "$tree/kernel/c.c" "$tree/again.o"
	cmp "$tree/orig.o" "$tree/again.o"
	# '!CONFIG_PROVE' -> '0': a no-op where PROVE is on, not where it is off.
	sed -i 's/!CONFIG_PROVE/0/' "$tree/kernel/c.c"
	kbuild_compile "$tree" kernel/c.c "$tree/mutant.o"
	(source "$BATS_TEST_DIRNAME/../../runner/lib/objects.sh" &&
		mt_object_hash orig "$tree/orig.o" && mt_object_hash mutant "$tree/mutant.o" &&
		[ "${#orig}" -eq 16 ] && [ "$orig" != "$mutant" ] &&
		mt_object_hash p_orig <(ar p "$tree/orig.o" P.o) &&
		mt_object_hash p_mutant <(ar p "$tree/mutant.o" P.o) && [ "$p_orig" = "$p_mutant" ])
	# One config that runs the file: its object, no archive; no object left beside OUT.
	target_scenarios_for() { echo P-x; }
	kbuild_compile "$tree" kernel/c.c "$tree/p.o"
	[ "$(file -b "$tree/p.o" | cut -d, -f1)" = "ELF 64-bit LSB relocatable" ]
	[ -z "$(find "$tree" -name '*.configs')" ]
}

@test "kbuild_compile for aarch64: declined with the reason when the target declines or the tree has no arm64 build" {
	local tree="$BATS_TEST_TMPDIR/arm"
	compile_tree "$tree"
	# shellcheck disable=SC2034 # LINUX_*: read by kbuild.sh
	LINUX_CONFIGS=(P U)
	linux_scenario_of() { echo "${1%%-*}"; }
	target_scenarios_for() { printf '%s\n' P-x U-x; }
	run kbuild_compile "$tree" kernel/c.c "$tree/a.o" aarch64-linux-gnu
	[ "$status" -eq 2 ]
	[[ $output == "no aarch64-linux-gnu objects: no arm64 build of kernel config P in this tree"* ]]
	# shellcheck disable=SC2034
	LINUX_CROSS_DECLINED="a uniprocessor kernel"
	run kbuild_compile "$tree" kernel/c.c "$tree/a.o" aarch64-linux-gnu
	[ "$status" -eq 2 ]
	[ "$output" = "no aarch64-linux-gnu objects: a uniprocessor kernel" ]
	run kbuild_compile "$tree" kernel/c.c "$tree/a.o" riscv64-linux-gnu
	[ "$status" -eq 2 ]
}
