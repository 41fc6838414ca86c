# shellcheck shell=bash
# Linux Tiny RCU target: mutants of the kernel's Tiny RCU/SRCU, judged by the kernel's own
# rcutorture built into a tiny uniprocessor kernel booted under qemu.
#
# Sourced by the runner (see targets/CONTRACT.md); defines data and functions only.
# Invariants:
# - The kernel source (Debian's linux-source-6.1) is unpacked once into the cache and
#   never written again; every tree shares it by hard links (cp -al), so files in a tree
#   are only ever replaced by rename, never written in place or touched. The first
#   setup also leaves a built tree in the cache (one per config fragments, init, gcc and
#   package); later setups clone it, and nothing writes it afterwards.
# - A tree DIR is the source root plus one Kbuild output dir per kernel config,
#   DIR/.build-<CONFIG>, a direct child of DIR so Kbuild names the source `..`: build
#   dirs stay valid when copied to another tree.
# - Everything a tree makes (build dirs, initramfs, run evidence) stays inside DIR;
#   qemu and every helper stay in the caller's process group.

# shellcheck disable=SC2034 # the TARGET_ arrays are read by the runner
TARGET_SOURCES=(kernel/rcu/tiny.c kernel/rcu/srcutiny.c kernel/rcu/update.c kernel/rcu/sync.c)
# shellcheck disable=SC2034
TARGET_RULES=(linux)
# Cheapest first: the TINY01 kernel boots without lockdep.
TARGET_SCENARIOS=(TINY01-rcu TINY01-srcud TINY02-rcu TINY02-srcu)

# Kernel configs, each a fragment next to this file applied on top of tinyconfig.
LTR_CONFIGS=(TINY01 TINY02)
# Config whose compile commands are exported (the superset: lockdep and debug objects on).
LTR_COMMANDS_CONFIG=TINY02
LTR_VERSION=6.1
LTR_PACKAGE_TARBALL=/usr/src/linux-source-6.1.tar.xz
# Seconds of rcutorture per run when MUTORTURE_DURATION is unset (see README.md).
LTR_DEFAULT_DURATION=30
# Seconds a guest may take beyond the torture duration (boot, shutdown) before it is
# declared hung; boot and power-off of a clean run take 2-6 s under TCG (guest time
# follows the host clock, so a loaded host does not stretch it).
LTR_GRACE=30

# ltr_die MESSAGE: prints a git-style fatal error and exits 128.
ltr_die() {
	printf 'fatal: %s\n' "$1" >&2
	exit 128
}

# ltr_scenario NAME: prints "CONFIG BOOT-PARAMETERS..." of a scenario; the boot
# parameters are those of rcutorture's own scenario files (TINY01, TINY02, SRCU-T, SRCU-U).
ltr_scenario() {
	case "$1" in
	TINY01-rcu) echo "TINY01 rcutorture.torture_type=rcu" ;;
	TINY01-srcud) echo "TINY01 rcutorture.torture_type=srcud rcupdate.rcu_self_test=1" ;;
	TINY02-rcu) echo "TINY02 rcutorture.torture_type=rcu rcupdate.rcu_self_test=1" ;;
	TINY02-srcu) echo "TINY02 rcutorture.torture_type=srcu" ;;
	*) ltr_die "unknown scenario '$1' for target 'linux-tiny-rcu'" ;;
	esac
}

# target_scenarios_for FILE: scenarios that exercise FILE, one a line.
target_scenarios_for() {
	case "$1" in
	kernel/rcu/tiny.c | kernel/rcu/sync.c) printf '%s\n' TINY01-rcu TINY02-rcu ;;
	kernel/rcu/srcutiny.c) printf '%s\n' TINY01-srcud TINY02-srcu ;;
	*) printf '%s\n' "${TARGET_SCENARIOS[@]}" ;;
	esac
}

# ltr_source: prints the cached unpacked kernel source, unpacking it on first use.
# Unpacks into a private temporary dir and renames it into place, so the cache entry
# either does not exist or is complete, even with concurrent setups.
ltr_source() {
	local cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}"
	local src="$cache/linux-$LTR_VERSION"
	if [[ ! -d "$src" ]]; then
		[[ -r "$LTR_PACKAGE_TARBALL" ]] ||
			ltr_die "cannot read '$LTR_PACKAGE_TARBALL': apt-get install linux-source-$LTR_VERSION"
		mkdir -p "$cache"
		local tmp
		tmp=$(mktemp -d "$src.unpack.XXXXXX")
		tar -xJf "$LTR_PACKAGE_TARBALL" -C "$tmp" ||
			ltr_die "cannot unpack '$LTR_PACKAGE_TARBALL'"
		mv -T "$tmp/linux-source-$LTR_VERSION" "$src" 2>/dev/null || [[ -d "$src" ]] ||
			ltr_die "cannot move the unpacked source to '$src'"
		rm -rf "$tmp"
	fi
	printf '%s\n' "$src"
}

# ltr_configure DIR CONFIG [OUT FRAGMENT...]: writes OUT/.config (default DIR/.build-CONFIG):
# tinyconfig + common.config + CONFIG's fragment + each FRAGMENT, and checks that every
# setting the fragments ask for, and every #CHECK# line, holds.
ltr_configure() {
	local dir="$1" config="$2"
	local out="${3:-$dir/.build-$config}"
	local frags=("$TARGET_DIR/common.config" "$TARGET_DIR/$config.config" "${@:4}")
	mkdir -p "$out"
	make -s -C "$dir" O="$out" tinyconfig >/dev/null
	cat "${frags[@]}" >>"$out/.config"
	make -s -C "$dir" O="$out" olddefconfig 2>/dev/null
	local line name value
	while IFS= read -r line; do
		line="${line#\#CHECK\#}"
		[[ "$line" =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]] || continue
		name="${BASH_REMATCH[1]}" value="${BASH_REMATCH[2]}"
		if [[ "$value" == n ]]; then
			! grep -q "^$name=" "$out/.config"
		else
			grep -qx "$name=$value" "$out/.config"
		fi || ltr_die "kernel config '$config' did not keep '$line' (see '$out/.config')"
	done < <(cat "${frags[@]}")
}

# ltr_make DIR CONFIG JOBS: builds the kernel image of one config.
ltr_make() {
	make -C "$1" O="$1/.build-$2" -j "$3" vmlinux
}

# ltr_build_init DIR [SOURCE CPIO]: builds the static /init from SOURCE (default init.c)
# with the kernel's nolibc and packs it into CPIO (default DIR/.mutorture/initrd.cpio)
# for qemu -initrd.
ltr_build_init() {
	local dir="$1" source="${2:-$TARGET_DIR/init.c}" cpio="${3:-$1/.mutorture/initrd.cpio}"
	local root="${cpio%.cpio}"
	mkdir -p "$root"
	gcc -Os -s -static -nostdlib -fno-asynchronous-unwind-tables -fno-ident \
		-include "$dir/tools/include/nolibc/nolibc.h" -Wall -Wextra -Werror \
		-o "$root/init" "$source" -lgcc || return 1
	(cd "$root" && echo init | cpio --quiet -o -H newc -R 0:0) >"$cpio"
}

# ltr_compile_commands DIR: writes DIR/compile_commands.json from the Kbuild command
# files (.*.o.cmd) of every C file of the kernel in the exported config. Paths are
# made absolute; the flags stay the kernel's (gcc-only ones included); the dependency
# output flag (-Wp,-MMD,...) and the objtool step after the compiler are left out.
ltr_compile_commands() {
	local dir="$1"
	local out="$dir/.build-$LTR_COMMANDS_CONFIG"
	[[ "$dir" != *[[:space:]\"\'\\]* ]] ||
		ltr_die "cannot write compile commands for '$dir': path has spaces or quotes"
	find "$out" -name '.*.o.cmd' -print0 | sort -z | xargs -0 awk -v dir="$dir" -v out="$out" '
		function json(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return s }
		FNR == 1 { cmd = "" }
		FNR == 1 && /^(saved)?cmd_[^ ]* := .*-D__KERNEL__/ { cmd = $0; sub(/^[^ ]* := /, "", cmd) }
		/^source_[^ ]* := \.\.\/.*\.c$/ && cmd != "" {
			file = $0
			sub(/^[^ ]* := \.\.\//, "", file)
			c = cmd
			sub(/ *;.*$/, "", c)
			gsub(/-Wp,-MMD,[^ ]* /, "", c)
			gsub(/ \.\.\//, " " dir "/", c); gsub(/-I\.\.\//, "-I" dir "/", c)
			gsub(/ \.\//, " " out "/", c); gsub(/-I\.\//, "-I" out "/", c)
			sub(/ -o /, " -o " out "/", c)
			printf "%s\n  {\"directory\": \"%s\", \"file\": \"%s\", \"command\": \"%s\"}",
				(n++ ? "," : "["), json(out), json(dir "/" file), json(c)
		}
		END { print (n ? "\n]" : "[]") }
	' >"$dir/compile_commands.json.tmp"
	mv "$dir/compile_commands.json.tmp" "$dir/compile_commands.json"
}

# ltr_build_tree SRC DIR: a tree in DIR (absent): hard links to the source SRC, every
# config configured and built once, the initramfs, and compile_commands.json.
ltr_build_tree() {
	local src="$1" dir="$2"
	local config jobs="${MUTORTURE_BUILD_JOBS:-$(nproc)}"
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd -P)
	cp -al "$src/." "$dir/" || ltr_die "cannot link the kernel source into '$dir'"
	ltr_build_init "$dir" || ltr_die "cannot build the initramfs in '$dir'"
	for config in "${LTR_CONFIGS[@]}"; do
		ltr_configure "$dir" "$config" || ltr_die "cannot configure kernel config '$config' in '$dir'"
		ltr_make "$dir" "$config" "$jobs" || ltr_die "cannot build kernel config '$config' in '$dir'"
	done
	ltr_compile_commands "$dir" || ltr_die "cannot write the compile commands of '$dir'"
}

# ltr_cached NAME KEYS BUILDER: prints the cache entry linux-VERSION-NAME-KEY, KEY a hash of
# what the function KEYS prints (run in this folder: the config fragments and whatever else
# the entry is made from), gcc's version and the source package; on first use the function
# BUILDER SRC DIR makes it from the unpacked source, under a lock so that concurrent setups
# build it once. Campaigns and tests set up the same kernels again and again: a setup is
# then a clone (seconds) instead of kernel builds (minutes).
ltr_cached() {
	local name="$1" keys="$2" builder="$3" src cache key built
	# (Run in a command substitution, where errexit is off: every failure is checked.)
	src=$(ltr_source) || return 1
	cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}"
	key=$( (cd "$TARGET_DIR" && "$keys"
		gcc --version | head -n 1
		stat -c '%s %Y' "$LTR_PACKAGE_TARBALL") | sha256sum | cut -c1-16)
	built="$cache/linux-$LTR_VERSION-$name-$key"
	(
		flock 9
		if [[ ! -e "$built/.mutorture/built" ]]; then
			rm -rf "$built"
			"$builder" "$src" "$built" >&2 || exit 1
			mkdir -p "$built/.mutorture" && touch "$built/.mutorture/built"
		fi
	) 9>"$built.lock" || return 1
	printf '%s\n' "$built"
}

# ltr_built_keys: what the built tree is made from, besides gcc and the source package.
ltr_built_keys() {
	cat common.config "${LTR_CONFIGS[@]/%/.config}" init.c
}

# ltr_built: prints the cached built tree (ltr_build_tree) for the current config
# fragments, init, gcc and source package.
ltr_built() {
	ltr_cached built ltr_built_keys ltr_build_tree
}

# target_setup DIR: the pristine tree (DIR absent or empty): a worker-style clone of the
# cached built tree, with its own build dirs and compile_commands.json.
target_setup() {
	local dir="$1" built
	mkdir -p "$dir"
	[[ -z "$(ls -A "$dir")" ]] || ltr_die "cannot set up '$dir': not empty"
	built=$(ltr_built) || ltr_die "cannot build the kernel into the cache (see the messages above)"
	target_clone "$built" "$dir"
}

# target_build DIR [SCENARIO]: incremental build, after a mutant was written, of the config
# SCENARIO boots, or of every config. A no-op build still walks all of Kbuild (about 4 s of
# the 6 s a tiny.c change costs), so the runner asking per scenario spares a mutant that the
# first scenario kills the second config's walk.
target_build() {
	local config configs=("${LTR_CONFIGS[@]}")
	if (($# > 1)); then
		read -r config _ < <(ltr_scenario "$2")
		configs=("$config")
	fi
	for config in "${configs[@]}"; do
		ltr_make "$1" "$config" "${MUTORTURE_BUILD_JOBS:-1}" || return 1
	done
}

# ltr_sed_escape TEXT: TEXT as a literal sed regular expression (| as the delimiter).
ltr_sed_escape() {
	sed 's/[][\\.*^$|]/\\&/g' <<<"$1"
}

# ltr_copy_build SRC DST NAME: copies the Kbuild output dir SRC/NAME of tree SRC to DST/NAME
# (both absolute, physical), so that an incremental build there compiles nothing.
ltr_copy_build() {
	local src="$1" dst="$2" name="$3"
	cp -a "$src/$name" "$dst/$name"
	# objtool's build records absolute paths; left pointing at SRC, its commands would
	# differ in DST, objtool would be rebuilt and with it every object of the kernel.
	{ grep -rlIZF "$src/" "$dst/$name/tools" || (($? == 1)); } |
		xargs -0 -r sed -i "s|$(ltr_sed_escape "$src/")|$dst/|g"
}

# target_clone SRC DST: a worker tree: the source by hard links, build dirs copied
# (each worker builds in its own), compile_commands.json rewritten for DST.
target_clone() {
	local src="$1" dst="$2" entry name
	mkdir -p "$dst"
	src=$(cd "$src" && pwd -P)
	dst=$(cd "$dst" && pwd -P)
	for entry in "$src"/* "$src"/.[!.]*; do
		name="${entry##*/}"
		case "$name" in
		.build-*) ltr_copy_build "$src" "$dst" "$name" ;;
		.mutorture) mkdir -p "$dst/$name" && cp -a "$entry/initrd.cpio" "$dst/$name/" ;;
		.gcov-*) ;; # coverage kernels (target_coverage) are built in the tree that runs them
		compile_commands.json) ;;
		*) cp -al "$entry" "$dst/$name" ;;
		esac
	done
	ltr_compile_commands "$dst"
}

# target_compile DIR FILE OUT [TRIPLE]: compiles one file with the kernel's own command for it
# (from Kbuild's .o.cmd in the exported config), without debug info, into OUT.
target_compile() {
	local dir="$1" file="${2#"$1"/}" out="$3"
	# Cross-compiling (the weak-memory hint) would need a cross-built kernel tree: unsupported.
	[[ -z "${4:-}" ]] || return 2
	local build="$1/.build-$LTR_COMMANDS_CONFIG"
	local cmdfile
	cmdfile="$build/$(dirname "$file")/.$(basename "$file" .c).o.cmd"
	[[ -r "$cmdfile" ]] || ltr_die "no kernel compile command for '$file' (no '$cmdfile')"
	[[ "$out" == /* ]] || out="$PWD/$out"
	local cmd
	IFS= read -r cmd <"$cmdfile"
	cmd="${cmd#* := }"
	cmd="${cmd%%;*}"
	cmd=$(sed -E -e 's/ -Wp,-MMD,[^ ]+//' -e 's/ -g[^ ]*//g' -e 's/ -o [^ ]+/ -o "$LTR_OUT"/' <<<"$cmd")
	# The command is Kbuild's, with its shell quoting (-DKBUILD_MODNAME='"tiny"').
	(cd "$build" && LTR_OUT="$out" eval "$cmd")
}

# ltr_stat_interval DURATION: seconds between rcutorture statistics lines, or 0 for
# only the final one. Two consecutive lines must be more than one stutter pause (5 s)
# apart, or a paused writer would look like a grace-period hang (ver not advancing);
# this includes the last periodic line and the end-of-test one.
ltr_stat_interval() {
	local duration="$1" interval=$(($1 / 2))
	while ((interval >= 7 && duration % interval < 7)); do
		interval=$((interval - 1))
	done
	echo $((interval >= 7 ? interval : 0))
}

# ltr_duration: seconds of rcutorture per run, from MUTORTURE_DURATION rounded up.
ltr_duration() {
	awk -v d="${MUTORTURE_DURATION:-$LTR_DEFAULT_DURATION}" \
		'BEGIN { r = int(d); if (r < d) r++; print (r > 0 ? r : 1) }'
}

# ltr_cmdline DURATION SCENARIO-PARAMETERS: prints the kernel command line of a run.
ltr_cmdline() {
	local duration="$1" boot
	boot="console=ttyS0 panic=-1 debug_boot_weak_hash $2 rcutorture.shutdown_secs=$duration"
	boot+=" rcutorture.stat_interval=$(ltr_stat_interval "$duration")"
	boot+=" rcutorture.test_no_idle_hz=1 rcutorture.verbose=1 rcutorture.n_barrier_cbs=4"
	[[ -z "${MUTORTURE_READERS:-}" ]] || boot+=" rcutorture.nreaders=$MUTORTURE_READERS"
	printf '%s\n' "$boot"
}

# ltr_qemu LIMIT IMAGE INITRD CMDLINE RUN: boots the guest, its serial console on stdout,
# for at most LIMIT seconds (then status 124, or 137 if it had to be killed); qemu's pid
# in RUN/qemu.pid while it runs, its errors in RUN/qemu.err.
ltr_qemu() {
	timeout --foreground -k 10 "$1" qemu-system-x86_64 \
		-accel "${MUTORTURE_LINUX_ACCEL:-tcg}" -m 512M -smp 1 -nodefaults \
		-display none -serial stdio -no-reboot -pidfile "$5/qemu.pid" \
		-kernel "$2" -initrd "$3" -append "$4" </dev/null 2>"$5/qemu.err"
}

# target_test DIR SCENARIO: one rcutorture run in qemu. The console streams to stdout
# and to DIR/.mutorture/runs/SCENARIO/console.log, and through verdict.sh, whose first
# certain failure stops the guest at once.
target_test() {
	local dir="$1" scenario="$2"
	local config boot
	read -r config boot < <(ltr_scenario "$scenario")
	local image="$dir/.build-$config/vmlinux"
	[[ -r "$image" ]] || ltr_die "no kernel image '$image': run target_setup first"
	local duration
	duration=$(ltr_duration)
	local limit=$((duration + LTR_GRACE))
	boot=$(ltr_cmdline "$duration" "$boot")

	local run="$dir/.mutorture/runs/$scenario"
	rm -rf "$run"
	mkdir -p "$run"
	mkfifo "$run/console.fifo"
	# The guest's serial console feeds the FIFO; a guest that outlives its limit is
	# stopped and a mutorture-timeout line closes its console log.
	{
		local rc=0
		ltr_qemu "$limit" "$image" "$dir/.mutorture/initrd.cpio" "$boot" "$run" || rc=$?
		if ((rc == 124 || rc == 137)); then
			printf '\nmutorture-timeout: the guest did not stop within %s s\n' "$limit"
		fi
	} >"$run/console.fifo" &
	local guest=$!
	# The console goes to stdout, to console.log and to the verdict; when the verdict is
	# in, the guest is stopped (qemu removes its pid file when it stops by itself).
	tee "$run/console.log" >(
		v=0
		"$TARGET_DIR/verdict.sh" >"$run/verdict" || v=$?
		echo "$v" >"$run/verdict.rc"
		[[ ! -s "$run/qemu.pid" ]] || kill "$(cat "$run/qemu.pid")" 2>/dev/null || true
	) <"$run/console.fifo" || true
	wait "$!" || true
	wait "$guest" || true
	# The console may end mid-line (the guest was stopped): the reason gets a line of its own.
	if [[ -s "$run/verdict" ]]; then
		printf '\n'
		cat "$run/verdict"
	fi
	[[ -s "$run/console.log" ]] || ltr_die "qemu did not start: $(head -c 300 "$run/qemu.err")"
	return "$(cat "$run/verdict.rc")"
}

# ltr_gcov_vars: make's command-line variables that instrument the objects of TARGET_SOURCES
# (Kbuild's GCOV_PROFILE_<object>; from the command line they reach every directory, so an
# object of the same name elsewhere, fs/sync.o, is instrumented too: harmless).
ltr_gcov_vars() {
	local file base
	for file in "${TARGET_SOURCES[@]}"; do
		base="${file##*/}"
		printf 'GCOV_PROFILE_%s.o=y\n' "${base%.c}"
	done | sort -u
}

# ltr_gcov_lines BUILD FILE: prints FILE<TAB>LINE<TAB>COUNT for every executable line of the
# tree-relative FILE, from the .gcno and .gcda files that BUILD (a Kbuild output dir) holds.
ltr_gcov_lines() {
	local build="$1" file="$2" object
	object="$build/$(dirname "$file")"
	# gcov names and reads the source as the compiler saw it, relative to BUILD
	# (../kernel/rcu/tiny.c); with -t every source file with lines in the object (headers
	# too) is printed. The shared script is that of the mutorture that runs this target
	# (MUTORTURE_HOME), or, sourced by hand, of the tree the target is in.
	(cd "$build" && gcov -t -o "$object" "../$file" 2>"$object/gcov.err") |
		awk -v path="$file" -f "${MUTORTURE_HOME:-$TARGET_DIR/../..}/targets/lib/gcov-lines.awk" ||
		ltr_die "gcov gave no line of '$file' in '$build': $(head -c 300 "$object/gcov.err")"
}

# ltr_gcov_extract LOG SUFFIX OUT: writes OUT, the gcov data file whose path in the guest ends
# in SUFFIX, decoded from the mutorture-gcov lines of the console LOG (see gcov-init.c), and
# checks its size.
ltr_gcov_extract() {
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
	[[ -n "$size" ]] || ltr_die "no single gcov data file '*$suffix' in '$log'"
	basenc --base16 -d <"$out.hex" >"$out" 2>/dev/null ||
		ltr_die "cannot decode the gcov data file '*$suffix' of '$log'"
	rm -f "$out.hex"
	[[ "$(stat -c %s "$out")" == "$size" ]] ||
		ltr_die "gcov data file '*$suffix' of '$log' is incomplete ($(stat -c %s "$out") of $size bytes)"
}

# ltr_gcov_keys: what the coverage kernels are made from, besides gcc and the source package.
ltr_gcov_keys() {
	cat common.config "${LTR_CONFIGS[@]/%/.config}" gcov.config
	ltr_gcov_vars
}

# ltr_build_gcov_tree SRC DIR: the coverage kernels (DIR/.gcov-CONFIG for every config, only
# the objects of TARGET_SOURCES instrumented) built in DIR (absent), hard links to SRC.
ltr_build_gcov_tree() {
	local src="$1" built="$2" config
	local -a vars
	mkdir -p "$built" && cp -al "$src/." "$built/" ||
		ltr_die "cannot link the kernel source into '$built'"
	mapfile -t vars < <(ltr_gcov_vars)
	for config in "${LTR_CONFIGS[@]}"; do
		ltr_configure "$built" "$config" "$built/.gcov-$config" "$TARGET_DIR/gcov.config"
		make -C "$built" O="$built/.gcov-$config" -j "${MUTORTURE_BUILD_JOBS:-$(nproc)}" \
			vmlinux "${vars[@]}" ||
			ltr_die "cannot build the coverage kernel '$config' in '$built'"
	done
}

# ltr_gcov_built: prints the cached tree of coverage kernels (ltr_build_gcov_tree) for the
# current fragments, gcov.config, instrumented objects, gcc and source package: a coverage
# run then costs a copy and a no-op build instead of two kernel builds.
ltr_gcov_built() {
	ltr_cached gcov ltr_gcov_keys ltr_build_gcov_tree
}

# target_coverage DIR OUT: every scenario once on a coverage kernel, and the per-line counts
# of TARGET_SOURCES, summed over the scenarios, in OUT as path<TAB>line<TAB>count.
# The coverage kernel of each config (DIR/.gcov-CONFIG: its fragments plus gcov.config, only
# the objects of TARGET_SOURCES instrumented) is copied from the cache (ltr_gcov_built) on
# first use and rebuilt incrementally; target_clone does not copy it. The guest's /init is
# gcov-init.c: after rcutorture's cleanup and power-off it prints the kernel's gcov data on
# the console, which is decoded next to the .gcno files for gcov. A run whose verdict is not
# a pass fails the whole coverage: counts of a broken run would mark mutants uncovered
# wrongly. Evidence: DIR/.mutorture/coverage/.
target_coverage() {
	local dir out="$2" cov scenario config boot build file duration built=""
	local -a vars
	dir=$(cd "$1" && pwd -P)
	[[ "$out" == /* ]] || out="$PWD/$out"
	cov="$dir/.mutorture/coverage"
	rm -rf "$cov"
	mkdir -p "$cov"
	ltr_build_init "$dir" "$TARGET_DIR/gcov-init.c" "$cov/initrd.cpio"
	mapfile -t vars < <(ltr_gcov_vars)
	for config in "${LTR_CONFIGS[@]}"; do
		build="$dir/.gcov-$config"
		if [[ ! -s "$build/.config" ]]; then
			[[ -n "$built" ]] || built=$(ltr_gcov_built) ||
				ltr_die "cannot build the coverage kernels in the cache"
			ltr_copy_build "$built" "$dir" ".gcov-$config" ||
				ltr_die "cannot copy the coverage kernel '$config' into '$dir'"
		fi
		# Incremental: the tree's own sources (a worker's, if one was left mutated, would
		# be recompiled here: the runner repairs the tree first).
		make -C "$dir" O="$build" -j "${MUTORTURE_BUILD_JOBS:-1}" vmlinux "${vars[@]}" \
			>"$cov/build-$config.log" 2>&1 ||
			ltr_die "cannot build the coverage kernel '$config' (see '$cov/build-$config.log')"
	done

	duration=$(ltr_duration)
	: >"$cov/lines.tsv"
	for scenario in "${TARGET_SCENARIOS[@]}"; do
		read -r config boot < <(ltr_scenario "$scenario")
		build="$dir/.gcov-$config"
		boot="$(ltr_cmdline "$duration" "$boot") printk.devkmsg=on"
		mkdir -p "$cov/$scenario"
		# The dump after the run takes a second or two; a hung guest is stopped by timeout.
		ltr_qemu $((duration + 2 * LTR_GRACE)) "$build/vmlinux" "$cov/initrd.cpio" "$boot" \
			"$cov/$scenario" >"$cov/$scenario/console.log" ||
			ltr_die "coverage run of '$scenario' did not end (see '$cov/$scenario/console.log')"
		"$TARGET_DIR/verdict.sh" "$cov/$scenario/console.log" >"$cov/$scenario/verdict" ||
			ltr_die "coverage run of '$scenario' failed: $(cat "$cov/$scenario/verdict")"
		grep -q 'mutorture-gcov-end: ' "$cov/$scenario/console.log" ||
			ltr_die "coverage run of '$scenario' printed no gcov data (see '$cov/$scenario/console.log')"
		for file in "${TARGET_SOURCES[@]}"; do
			ltr_gcov_extract "$cov/$scenario/console.log" "/${file%.c}.gcda" "$build/${file%.c}.gcda"
			ltr_gcov_lines "$build" "$file" >>"$cov/lines.tsv"
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
