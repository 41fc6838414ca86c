# shellcheck shell=bash
# Line coverage of a Linux target: coverage kernels (each config plus gcov.config, only the
# objects of TARGET_SOURCES instrumented) kept in the cache under a lock, every scenario run
# once on them, the kernel's gcov data read back out of the console, and gcov's per-line
# counts (targets/lib/gcov-lines.awk) summed over the scenarios: target_coverage.
#
# Sourced by target.sh after kbuild.sh and qemu.sh; defines functions only. Reads the
# target's declarations: TARGET_SOURCES, TARGET_SCENARIOS, LINUX_CONFIGS, LINUX_GRACE,
# linux_scenario; builds with LINUX_LIB's gcov.config and gcov-init.c, judges with its
# verdict.sh.
# Invariants:
# - Mutants never need the coverage kernels: setup does not build them, target_clone leaves
#   DIR/.gcov-CONFIG out; the first coverage run copies them from the cache.
# - A coverage run writes only DIR/.gcov-CONFIG and its evidence, DIR/.mutorture/coverage/.
# - Counts come only from runs whose verdict is a pass: counts of a broken run would mark
#   mutants uncovered wrongly.

# gcov_vars: make's command-line variables that instrument the objects of TARGET_SOURCES
# (Kbuild's GCOV_PROFILE_<object>; from the command line they reach every directory, so an
# object of the same name elsewhere, fs/sync.o, is instrumented too: harmless).
gcov_vars() {
	local file base
	for file in "${TARGET_SOURCES[@]}"; do
		base="${file##*/}"
		printf 'GCOV_PROFILE_%s.o=y\n' "${base%.c}"
	done | sort -u
}

# gcov_lines BUILD FILE: prints FILE<TAB>LINE<TAB>COUNT for every executable line of the
# tree-relative FILE, from the .gcno and .gcda files that BUILD (a Kbuild output dir) holds.
gcov_lines() {
	local build="$1" file="$2" object
	object="$build/$(dirname "$file")"
	# gcov names and reads the source as the compiler saw it, relative to BUILD
	# (../kernel/rcu/tiny.c); with -t every source file with lines in the object (headers
	# too) is printed. The shared script is that of the mutorture that runs this target
	# (MUTORTURE_HOME), or, sourced by hand, of the tree the target is in.
	(cd "$build" && gcov -t -o "$object" "../$file" 2>"$object/gcov.err") |
		awk -v path="$file" -f "$LINUX_LIB/../gcov-lines.awk" ||
		linux_die "gcov gave no line of '$file' in '$build': $(head -c 300 "$object/gcov.err")"
}

# gcov_extract LOG SUFFIX OUT: writes OUT, the gcov data file whose path in the guest ends
# in SUFFIX, decoded from the mutorture-gcov lines of the console LOG (see gcov-init.c), and
# checks its size.
gcov_extract() {
	local log="$1" suffix="$2" out="$3" size
	size=$(awk -v suffix="$suffix" -v hex="$out.hex" '
		{ sub(/\r$/, "") }
		/mutorture-gcov-(file|end): / { mine = 0 }
		/mutorture-gcov-file: / {
			f = $0; sub(/.*mutorture-gcov-file: /, "", f); split(f, a, " ")
			if (length(a[1]) >= length(suffix) &&
			    substr(a[1], length(a[1]) - length(suffix) + 1) == suffix) {
				mine = 1; size = a[2]; found++
			}
			next
		}
		mine && /mutorture-gcov-data: / {
			d = $0; sub(/.*mutorture-gcov-data: /, "", d); printf "%s", d >hex
		}
		END { if (found == 1) print size }' "$log")
	[[ -n "$size" ]] || linux_die "no single gcov data file '*$suffix' in '$log'"
	basenc --base16 -d <"$out.hex" >"$out" 2>/dev/null ||
		linux_die "cannot decode the gcov data file '*$suffix' of '$log'"
	rm -f "$out.hex"
	[[ "$(stat -c %s "$out")" == "$size" ]] ||
		linux_die "gcov data file '*$suffix' of '$log' is incomplete ($(stat -c %s "$out") of $size bytes)"
}

# gcov_keys: what the coverage kernels are made from, besides gcc and the source package.
gcov_keys() {
	cat "$LINUX_LIB/guest.config" common.config "${LINUX_CONFIGS[@]/%/.config}" "$LINUX_LIB/gcov.config"
	gcov_vars
}

# gcov_tree SRC DIR: the coverage kernels (DIR/.gcov-CONFIG for every config, only the
# objects of TARGET_SOURCES instrumented) built in DIR (absent), hard links to SRC.
gcov_tree() {
	local src="$1" built="$2" config
	local -a vars
	mkdir -p "$built" && cp -al "$src/." "$built/" ||
		linux_die "cannot link the kernel source into '$built'"
	mapfile -t vars < <(gcov_vars)
	for config in "${LINUX_CONFIGS[@]}"; do
		kbuild_configure "$built" "$config" "$built/.gcov-$config" "$LINUX_LIB/gcov.config"
		kbuild_make "$built" ".gcov-$config" "${MUTORTURE_BUILD_JOBS:-$(nproc)}" "${vars[@]}" ||
			linux_die "cannot build the coverage kernel '$config' in '$built'"
	done
}

# gcov_built: prints the cached tree of coverage kernels (gcov_tree) for the current
# fragments, gcov.config, instrumented objects, gcc and source package: a coverage run then
# costs a copy and a no-op build instead of two kernel builds.
gcov_built() {
	kbuild_cached gcov gcov_keys gcov_tree
}

# gcov_coverage DIR OUT: every scenario once on a coverage kernel, and the per-line counts
# of TARGET_SOURCES, summed over the scenarios, in OUT as path<TAB>line<TAB>count.
# The coverage kernel of each config (DIR/.gcov-CONFIG) is copied from the cache
# (gcov_built) on first use and rebuilt incrementally. The guest's /init is gcov-init.c:
# after rcutorture's cleanup and power-off it prints the kernel's gcov data on the console,
# which is decoded next to the .gcno files for gcov. A run whose verdict is not a pass
# fails the whole coverage. Evidence: DIR/.mutorture/coverage/.
gcov_coverage() {
	local dir out="$2" cov scenario config boot build file duration built=""
	local -a vars
	dir=$(cd "$1" && pwd -P)
	[[ "$out" == /* ]] || out="$PWD/$out"
	cov="$dir/.mutorture/coverage"
	rm -rf "$cov"
	mkdir -p "$cov"
	kbuild_initramfs "$dir" "$LINUX_LIB/gcov-init.c" "$cov/initrd.cpio"
	mapfile -t vars < <(gcov_vars)
	for config in "${LINUX_CONFIGS[@]}"; do
		build="$dir/.gcov-$config"
		if [[ ! -s "$build/.config" ]]; then
			[[ -n "$built" ]] || built=$(gcov_built) ||
				linux_die "cannot build the coverage kernels in the cache"
			kbuild_copy_build "$built" "$dir" ".gcov-$config" ||
				linux_die "cannot copy the coverage kernel '$config' into '$dir'"
		fi
		# Incremental: the tree's own sources (a worker's, if one was left mutated, would
		# be recompiled here: the runner repairs the tree first).
		kbuild_make "$dir" ".gcov-$config" "${MUTORTURE_BUILD_JOBS:-1}" "${vars[@]}" \
			>"$cov/build-$config.log" 2>&1 ||
			linux_die "cannot build the coverage kernel '$config' (see '$cov/build-$config.log')"
	done

	duration=$(qemu_duration)
	: >"$cov/lines.tsv"
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		read -r config boot < <(linux_scenario_of "$scenario")
		build="$dir/.gcov-$config"
		boot="$(qemu_cmdline "$duration" "$boot") printk.devkmsg=on"
		mkdir -p "$cov/$scenario"
		# The dump after the run takes a second or two; a hung guest is stopped by timeout.
		qemu_boot $((duration + 2 * LINUX_GRACE)) "$build/vmlinux" "$cov/initrd.cpio" "$boot" \
			"$cov/$scenario" "$(qemu_cpus "$config")" >"$cov/$scenario/console.log" ||
			linux_die "coverage run of '$scenario' did not end (see '$cov/$scenario/console.log')"
		"$LINUX_LIB/verdict.sh" "$cov/$scenario/console.log" >"$cov/$scenario/verdict" ||
			linux_die "coverage run of '$scenario' failed: $(cat "$cov/$scenario/verdict")"
		grep -q 'mutorture-gcov-end: ' "$cov/$scenario/console.log" ||
			linux_die "coverage run of '$scenario' printed no gcov data (see '$cov/$scenario/console.log')"
		for file in "${TARGET_SOURCES[@]}"; do
			gcov_extract "$cov/$scenario/console.log" "/${file%.c}.gcda" "$build/${file%.c}.gcda"
			gcov_lines "$build" "$file" >>"$cov/lines.tsv"
			rm -f "$build/${file%.c}.gcda"
		done
	done
	# Sum over the scenarios; a line executable in one config only counts there.
	for file in "${TARGET_SOURCES[@]}"; do
		awk -F '\t' -v path="$file" '$1 == path { c[$2] += $3 }
			END { for (l in c) printf "%s\t%d\t%.0f\n", path, l, c[l] }' "$cov/lines.tsv" |
			sort -t $'\t' -k 2,2n
	done >"$out.tmp"
	mv "$out.tmp" "$out"
}
