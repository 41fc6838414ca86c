# shellcheck shell=bash
# Kernel source, builds and trees of a Linux target: Debian's linux-source package unpacked
# once into the cache, kernel configs from fragments, builds, the built tree kept in the
# cache under a lock, worker clones, the compile database from Kbuild's .cmd files, and one
# file compiled with the kernel's own commands, for x86-64 and arm64.
#
# Shared by the Linux targets (linux-tiny-rcu, linux-tree-rcu): sourced by a target.sh, first
# of the kernel pieces (qemu.sh and gcov.sh use linux_die); sets LINUX_LIB (this folder: the
# guest's init.c, verdict.sh) and defines functions only. Reads the target's declarations:
# LINUX_VERSION, LINUX_TARBALL, LINUX_BASE_CONFIG, LINUX_CONFIGS, LINUX_COMMANDS_CONFIG,
# LINUX_CROSS_DECLINED, linux_scenario, and in TARGET_DIR the fragments common.config and
# CONFIG.config of every config (applied after this folder's guest.config).
# Invariants:
# - The kernel source is unpacked once into the cache and never written again; every tree
#   shares it by hard links (cp -al), so files in a tree are only ever replaced by rename,
#   never written in place or touched. The first setup also leaves a built tree in the cache
#   (one per config fragments, init, gcc and package); later setups clone it, and nothing
#   writes it afterwards.
# - A tree DIR is the source root plus one Kbuild output dir per kernel config,
#   DIR/.build-<CONFIG>, and for a target that does not decline arm64 one per config for
#   arm64, DIR/.arm64-<CONFIG> (configured and prepared, the mutated files compiled once: what
#   compiling one object needs, no kernel), each a direct child of DIR so Kbuild names the
#   source `..`: build dirs stay valid when copied to another tree.
# - A cache entry's name, linux-VERSION-NAME-KEY, and KEY's inputs (kbuild_key) are what
#   keeps a warm cache valid: change them only to invalidate every cache on purpose.

LINUX_LIB=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# The prefix of the cross compiler of the arm64 builds (Debian's gcc-aarch64-linux-gnu).
LINUX_ARM64_CROSS=aarch64-linux-gnu-

# linux_die MESSAGE: prints a git-style fatal error and exits 128.
linux_die() {
	printf 'fatal: %s\n' "$1" >&2
	exit 128
}

# kbuild_source: prints the cached unpacked kernel source, unpacking it on first use.
# Unpacks into a private temporary dir and renames it into place, so the cache entry
# either does not exist or is complete, even with concurrent setups.
kbuild_source() {
	local cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}"
	local src="$cache/linux-$LINUX_VERSION"
	if [[ ! -d "$src" ]]; then
		[[ -r "$LINUX_TARBALL" ]] ||
			linux_die "cannot read '$LINUX_TARBALL': apt-get install linux-source-$LINUX_VERSION"
		mkdir -p "$cache"
		local tmp
		tmp=$(mktemp -d "$src.unpack.XXXXXX")
		tar -xJf "$LINUX_TARBALL" -C "$tmp" ||
			linux_die "cannot unpack '$LINUX_TARBALL'"
		mv -T "$tmp/linux-source-$LINUX_VERSION" "$src" 2>/dev/null || [[ -d "$src" ]] ||
			linux_die "cannot move the unpacked source to '$src'"
		rm -rf "$tmp"
	fi
	printf '%s\n' "$src"
}

# kbuild_fragments VAR CONFIG: sets the array VAR to the fragments of kernel config CONFIG,
# after guest.config: the target's common.config and CONFIG.config, or for a config a torture
# change defines ('config.NAME = BASE FRAGMENT...', change.sh) BASE's, then the change's
# FRAGMENTs (files of its folder).
kbuild_fragments() {
	local -n _frags=$1
	local definition frag path
	local -a words
	_frags=("$TARGET_DIR/common.config" "$TARGET_DIR/$2.config")
	declare -F change_config >/dev/null && change_config definition "$2" || return 0
	read -ra words <<<"$definition"
	_frags=("$TARGET_DIR/common.config" "$TARGET_DIR/${words[0]}.config")
	for frag in "${words[@]:1}"; do
		# shellcheck disable=SC2154 # change_error: set by targets/lib/change.sh
		change_file path "$frag" || linux_die "$change_error"
		_frags+=("$path")
	done
}

# kbuild_config_base CONFIG: prints the target's kernel config CONFIG is made from: CONFIG
# itself, or BASE for one a torture change defines.
kbuild_config_base() {
	local definition
	if declare -F change_config >/dev/null && change_config definition "$1"; then
		printf '%s\n' "${definition%%[[:space:]]*}"
	else
		printf '%s\n' "$1"
	fi
}

# kbuild_configs VAR: sets the array VAR to the kernel configs a tree builds: LINUX_CONFIGS, or
# under a torture change those its scenarios boot (TARGET_SCENARIOS is then its list).
kbuild_configs() {
	local -n _configs=$1
	local name config
	if ! declare -F change_configs >/dev/null; then
		_configs=("${LINUX_CONFIGS[@]}")
		return 0
	fi
	_configs=()
	for name in "${TARGET_SCENARIOS[@]}"; do
		config=$(linux_config_of "$name")
		if [[ " ${_configs[*]} " != *" $config "* ]]; then _configs+=("$config"); fi
	done
}

# linux_config_of NAME: prints the kernel config scenario NAME boots (linux_scenario_of).
linux_config_of() {
	local config
	read -r config _ < <(linux_scenario_of "$1")
	printf '%s\n' "$config"
}

# linux_scenario_of NAME: prints "CONFIG BOOT-PARAMETERS..." of a scenario: a torture change's
# definition ('scenario.NAME = ...') when it has one, else the target's linux_scenario.
linux_scenario_of() {
	local definition
	if declare -F change_scenario >/dev/null && change_scenario definition "$1"; then
		printf '%s\n' "$definition"
	else
		linux_scenario "$1"
	fi
}

# kbuild_arch_args VAR OUT: sets the array VAR to the make variables of the Kbuild output dir
# OUT: none for the host's kernels (.build-CONFIG, .gcov-CONFIG), the cross build for an arm64
# one (.arm64-CONFIG).
kbuild_arch_args() {
	local -n _args=$1
	_args=()
	if [[ ${2##*/} == .arm64-* ]]; then _args=(ARCH=arm64 "CROSS_COMPILE=$LINUX_ARM64_CROSS"); fi
}

# kbuild_configure DIR CONFIG [OUT FRAGMENT...]: writes OUT/.config (default DIR/.build-CONFIG):
# LINUX_BASE_CONFIG (a make target) + guest.config + CONFIG's fragments (kbuild_fragments) +
# each FRAGMENT, and checks that every setting the fragments ask for, and every #CHECK# line,
# holds. For an arm64 OUT (kbuild_arch_args) the fragments apply where they can: a setting
# asked on whose symbol arm64's Kconfig does not offer at all (the x86 guest's PVH, MP table,
# ...) is left out of the check and listed in OUT/not-applied; one it offers must hold as on
# x86 (and a symbol asked off holds when it is not offered).
kbuild_configure() {
	local dir="$1" config="$2"
	local out="${3:-$dir/.build-$config}"
	local -a own arch
	kbuild_fragments own "$config"
	kbuild_arch_args arch "$out"
	local frags=("$LINUX_LIB/guest.config" "${own[@]}" "${@:4}")
	mkdir -p "$out"
	make -s -C "$dir" O="$out" "${arch[@]}" "$LINUX_BASE_CONFIG" >/dev/null
	cat "${frags[@]}" >>"$out/.config"
	make -s -C "$dir" O="$out" "${arch[@]}" olddefconfig 2>/dev/null
	: >"$out/not-applied"
	local line name value
	while IFS= read -r line; do
		line="${line#\#CHECK\#}"
		[[ "$line" =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]] || continue
		name="${BASH_REMATCH[1]}" value="${BASH_REMATCH[2]}"
		if ((${#arch[@]})) && [[ $value != n ]] && ! grep -Eq "^($name=|# $name is not set$)" "$out/.config"; then
			printf '%s\n' "$line" >>"$out/not-applied"
			continue
		fi
		if [[ "$value" == n ]]; then
			! grep -q "^$name=" "$out/.config"
		else
			grep -qx "$name=$value" "$out/.config"
		fi || linux_die "kernel config '$config' did not keep '$line' (see '$out/.config')"
	# A later fragment may set again what an earlier one set (a torture change's): the last wins.
	done < <(cat "${frags[@]}" | awk '{ name = $0; sub(/^#CHECK#/, "", name) }
		name ~ /^CONFIG_[A-Za-z0-9_]+=/ { sub(/=.*/, "", name); if (!(name in last)) order[n++] = name; last[name] = $0 }
		END { for (i = 0; i < n; i++) print last[order[i]] }')
}

# kbuild_make DIR BUILD JOBS [MAKE-VARIABLE...]: builds the kernel image in the Kbuild output
# dir DIR/BUILD (.build-CONFIG, or .gcov-CONFIG for a coverage kernel).
kbuild_make() {
	make -C "$1" O="$1/$2" -j "$3" vmlinux "${@:4}"
}

# kbuild_initramfs DIR [SOURCE CPIO]: builds the static /init from SOURCE (default init.c)
# with the kernel's nolibc and packs it into CPIO (default DIR/.mutorture/initrd.cpio)
# for qemu -initrd.
kbuild_initramfs() {
	local dir="$1" source="${2:-$LINUX_LIB/init.c}" cpio="${3:-$1/.mutorture/initrd.cpio}"
	local root="${cpio%.cpio}"
	mkdir -p "$root"
	gcc -Os -s -static -nostdlib -fno-asynchronous-unwind-tables -fno-ident \
		-include "$dir/tools/include/nolibc/nolibc.h" -Wall -Wextra -Werror \
		-o "$root/init" "$source" -lgcc || return 1
	(cd "$root" && echo init | cpio --quiet -o -H newc -R 0:0) >"$cpio"
}

# kbuild_compile_commands DIR: writes DIR/compile_commands.json from the Kbuild command
# files (.*.o.cmd) of every C file of the kernel in the exported config. Paths are
# made absolute; the flags stay the kernel's (gcc-only ones included); the dependency
# output flag (-Wp,-MMD,...) and the objtool step after the compiler are left out.
kbuild_compile_commands() {
	local dir="$1"
	local out="$dir/.build-$LINUX_COMMANDS_CONFIG"
	[[ "$dir" != *[[:space:]\"\'\\]* ]] ||
		linux_die "cannot write compile commands for '$dir': path has spaces or quotes"
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

# kbuild_tree SRC DIR: a tree in DIR (absent): hard links to the source SRC, every
# config configured and built once, the initramfs, and compile_commands.json.
kbuild_tree() {
	local src="$1" dir="$2"
	local config jobs="${MUTORTURE_BUILD_JOBS:-$(nproc)}"
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd -P)
	cp -al "$src/." "$dir/" || linux_die "cannot link the kernel source into '$dir'"
	kbuild_initramfs "$dir" || linux_die "cannot build the initramfs in '$dir'"
	for config in "${LINUX_CONFIGS[@]}"; do
		kbuild_configure "$dir" "$config" || linux_die "cannot configure kernel config '$config' in '$dir'"
		kbuild_make "$dir" ".build-$config" "$jobs" || linux_die "cannot build kernel config '$config' in '$dir'"
	done
	kbuild_compile_commands "$dir" || linux_die "cannot write the compile commands of '$dir'"
}

# kbuild_key KEYS: prints the 16-digit key of a cache entry: a hash of what the function
# KEYS prints (run in TARGET_DIR: the config fragments and whatever else the entry is made
# from, by content: a file's folder is not in it), gcc's version and the source package. The base config, the make commands and
# the init's compile flags are not in it: change one, and delete the cache entries.
kbuild_key() {
	(cd "$TARGET_DIR" && "$1"
		gcc --version | head -n 1
		stat -c '%s %Y' "$LINUX_TARBALL") | sha256sum | cut -c1-16
}

# kbuild_cached NAME KEYS BUILDER: prints the cache entry linux-VERSION-NAME-KEY (KEY from
# kbuild_key KEYS); on first use the function BUILDER SRC DIR makes it from the unpacked
# source, under a lock so that concurrent setups build it once. Campaigns and tests set up
# the same kernels again and again: a setup is then a clone (seconds) instead of kernel
# builds (minutes).
kbuild_cached() {
	local name="$1" keys="$2" builder="$3" src cache key built
	# (Run in a command substitution, where errexit is off: every failure is checked.)
	src=$(kbuild_source) || return 1
	cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}"
	key=$(kbuild_key "$keys")
	built="$cache/linux-$LINUX_VERSION-$name-$key"
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

# kbuild_built_keys: what the built tree is made from, besides gcc and the source package.
kbuild_built_keys() {
	cat "$LINUX_LIB/guest.config" common.config "${LINUX_CONFIGS[@]/%/.config}" "$LINUX_LIB/init.c"
}

# kbuild_built: prints the cached built tree (kbuild_tree) for the current config
# fragments, init, gcc and source package.
kbuild_built() {
	kbuild_cached built kbuild_built_keys kbuild_tree
}

# kbuild_arm64_keys: what the arm64 builds are made from: the built tree's inputs, the cross
# compiler and the objects compiled.
kbuild_arm64_keys() {
	kbuild_built_keys
	"${LINUX_ARM64_CROSS}gcc" --version | head -n 1
	printf '%s\n' "${TARGET_SOURCES[@]}"
}

# kbuild_arm64_tree SRC DIR: the arm64 builds in DIR (absent): hard links to the source SRC and,
# for each config, an output dir .arm64-CONFIG configured for arm64 (kbuild_configure) and
# prepared (generated headers, asm-offsets: what one object's compile needs), with the objects
# of TARGET_SOURCES compiled once: their .o.cmd files hold the commands kbuild_compile runs.
# No kernel is linked: about 50 s a config on 2 cores, against minutes for the x86 kernel.
kbuild_arm64_tree() {
	local src="$1" dir="$2" config out jobs="${MUTORTURE_BUILD_JOBS:-$(nproc)}" source
	local -a objects=()
	for source in "${TARGET_SOURCES[@]}"; do
		if [[ $source == *.c ]]; then objects+=("${source%.c}.o"); fi
	done
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd -P)
	cp -al "$src/." "$dir/" || linux_die "cannot link the kernel source into '$dir'"
	for config in "${LINUX_CONFIGS[@]}"; do
		out="$dir/.arm64-$config"
		kbuild_configure "$dir" "$config" "$out" || linux_die "cannot configure kernel config '$config' for arm64 in '$dir'"
		if [[ -s $out/not-applied ]]; then
			printf 'arm64 %s: settings arm64 does not offer, left out: %s\n' "$config" "$(paste -sd ' ' "$out/not-applied")"
		fi
		make -C "$dir" O="$out" ARCH=arm64 CROSS_COMPILE="$LINUX_ARM64_CROSS" -j "$jobs" prepare "${objects[@]}" ||
			linux_die "cannot prepare kernel config '$config' for arm64 in '$dir'"
	done
}

# kbuild_arm64_add DIR: adds to tree DIR the arm64 builds (kbuild_arm64_tree, from the cache)
# of a target that does not decline them, when the cross compiler is installed; says why not
# otherwise (kbuild_compile then declines with the reason).
kbuild_arm64_add() {
	local dir="$1" arm entry
	if [[ -n ${LINUX_CROSS_DECLINED:-} ]]; then return 0; fi
	if ! command -v "${LINUX_ARM64_CROSS}gcc" >/dev/null; then
		printf 'no arm64 builds: %sgcc is not installed (apt-get install gcc-aarch64-linux-gnu); mutants are compared on x86-64 objects alone\n' "$LINUX_ARM64_CROSS" >&2
		return 0
	fi
	arm=$(kbuild_cached arm64 kbuild_arm64_keys kbuild_arm64_tree) || linux_die "cannot make the arm64 builds in the cache (see the messages above)"
	for entry in "$arm"/.arm64-*; do
		kbuild_copy_build "$arm" "$dir" "${entry##*/}" || linux_die "cannot copy '$entry' into '$dir'"
	done
}

# kbuild_setup DIR: the pristine tree (DIR absent or empty): a worker-style clone of the
# cached built tree, with its own build dirs and compile_commands.json, and the arm64 builds.
kbuild_setup() {
	local dir="$1" built
	mkdir -p "$dir"
	[[ -z "$(ls -A "$dir")" ]] || linux_die "cannot set up '$dir': not empty"
	built=$(kbuild_built) || linux_die "cannot build the kernel into the cache (see the messages above)"
	kbuild_clone "$built" "$dir"
	dir=$(cd "$dir" && pwd -P)
	kbuild_arm64_add "$dir"
}

# kbuild_build DIR [SCENARIO]: incremental build, after a mutant was written, of the config
# SCENARIO boots, or of every config. A no-op build still walks all of Kbuild (about 4 s of
# the 6 s a tiny.c change costs), so the runner asking per scenario spares a mutant that the
# first scenario kills the second config's walk.
kbuild_build() {
	local config
	local -a configs
	kbuild_configs configs
	if (($# > 1)); then configs=("$(linux_config_of "$2")"); fi
	for config in "${configs[@]}"; do
		# A config no build made yet (one a torture change defines) is configured first.
		if [[ ! -f $1/.build-$config/.config ]]; then kbuild_configure "$1" "$config" || return 1; fi
		kbuild_make "$1" ".build-$config" "${MUTORTURE_BUILD_JOBS:-1}" || return 1
	done
}

# kbuild_sed_escape TEXT: TEXT as a literal sed regular expression (| as the delimiter).
kbuild_sed_escape() {
	sed 's/[][\\.*^$|]/\\&/g' <<<"$1"
}

# kbuild_copy_build SRC DST NAME: copies the Kbuild output dir SRC/NAME of tree SRC to
# DST/NAME (both absolute, physical), so that an incremental build there compiles only what
# DST's own changes need (kbuild_refresh_changed).
kbuild_copy_build() {
	local src="$1" dst="$2" name="$3"
	cp -a "$src/$name" "$dst/$name" || return 1
	# objtool's build records absolute paths; left pointing at SRC, its commands would
	# differ in DST, objtool would be rebuilt and with it every object of the kernel.
	if [[ -d $dst/$name/tools ]]; then
		{ grep -rlIZF "$src/" "$dst/$name/tools" || (($? == 1)); } |
			xargs -0 -r sed -i "s|$(kbuild_sed_escape "$src/")|$dst/|g"
	fi
	kbuild_refresh_changed "$dst"
}

# kbuild_refresh_changed DIR: gives every file of the cached source that tree DIR has changed
# (a patch, a mutant: trees share the source by hard links and replace a file only by
# rename, so a changed file is another inode) a fresh copy, younger than any build
# copied in. Make goes by mtimes: a build dir from the cache made after a patch was applied
# (the coverage kernels are built on first use) looks newer than the patched file, and its
# objects of the unpatched code were kept (measured: gcov counted a patched tree.c 19 lines
# off). A fresh copy, not touch: the old inode may be shared with other trees.
kbuild_refresh_changed() {
	local dir="$1" src path
	src=$(kbuild_source) || return 1
	while IFS= read -r path; do
		{ cp -- "$dir/$path" "$dir/$path.mutorture-new" &&
			mv -f -- "$dir/$path.mutorture-new" "$dir/$path"; } || return 1
	done < <(awk -F '\t' 'NR == FNR { inode[$1] = $2; next } ($1 in inode) && inode[$1] != $2 { print $1 }' \
		<(cd "$src" && find . -type f -printf '%P\t%i\n') \
		<(cd "$dir" && find . -path './.*' -prune -o -type f -printf '%P\t%i\n'))
}

# kbuild_clone SRC DST: a worker tree: the source by hard links, build dirs copied
# (each worker builds in its own), compile_commands.json rewritten for DST.
kbuild_clone() {
	local src="$1" dst="$2" entry name
	mkdir -p "$dst"
	src=$(cd "$src" && pwd -P)
	dst=$(cd "$dst" && pwd -P)
	for entry in "$src"/* "$src"/.[!.]*; do
		name="${entry##*/}"
		case "$name" in
		.build-* | .arm64-*) kbuild_copy_build "$src" "$dst" "$name" ;;
		.mutorture) mkdir -p "$dst/$name" && cp -a "$entry/initrd.cpio" "$dst/$name/" ;;
		.gcov-*) ;; # coverage kernels (gcov.sh) are built in the tree that runs them
		compile_commands.json) ;;
		*) cp -al "$entry" "$dst/$name" ;;
		esac
	done
	kbuild_compile_commands "$dst"
}

# kbuild_file_configs VAR FILE: sets the array VAR to the kernel configs whose kernels run the
# mutants of FILE: those of the scenarios in use that exercise it (target_scenarios_for), or,
# when no scenario in use does, every config the tree builds.
kbuild_file_configs() {
	local -n _fconfigs=$1
	local -a built
	local scenario config
	kbuild_configs built
	_fconfigs=()
	while IFS= read -r scenario; do
		config=$(linux_config_of "$scenario")
		if [[ " ${built[*]} " == *" $config "* && " ${_fconfigs[*]} " != *" $config "* ]]; then
			_fconfigs+=("$config")
		fi
	done < <(target_scenarios_for "$2")
	if ((${#_fconfigs[@]} == 0)); then _fconfigs=("${built[@]}"); fi
}

# kbuild_arm64_declined DIR CONFIG...: whether tree DIR cannot compile for arm64 in CONFIG's
# builds, printing why (the target declines, no cross compiler, or no arm64 build in DIR).
kbuild_arm64_declined() {
	local dir=$1 config
	shift
	if [[ -n ${LINUX_CROSS_DECLINED:-} ]]; then
		printf 'no aarch64-linux-gnu objects: %s\n' "$LINUX_CROSS_DECLINED" >&2
		return 0
	fi
	for config; do
		[[ -f $dir/.arm64-$config/.config ]] && continue
		if ! command -v "${LINUX_ARM64_CROSS}gcc" >/dev/null; then
			printf 'no aarch64-linux-gnu objects: %sgcc is not installed (apt-get install gcc-aarch64-linux-gnu)\n' "$LINUX_ARM64_CROSS" >&2
		else
			printf 'no aarch64-linux-gnu objects: no arm64 build of kernel config %s in this tree (set up before arm64 builds were made: a new campaign directory has them)\n' "$config" >&2
		fi
		return 0
	done
	return 1
}

# kbuild_compile_one BUILD FILE OUT: compiles FILE (tree-relative) with its command in the
# Kbuild output dir BUILD (from its .o.cmd, made by a build of BUILD), without debug info or
# dependency file, into OUT (absolute).
kbuild_compile_one() {
	local build="$1" file="$2" out="$3" cmdfile cmd
	cmdfile="$build/$(dirname "$file")/.$(basename "$file" .c).o.cmd"
	[[ -r "$cmdfile" ]] || linux_die "no kernel compile command for '$file' (no '$cmdfile')"
	IFS= read -r cmd <"$cmdfile"
	cmd="${cmd#* := }"
	cmd="${cmd%%;*}"
	cmd=$(sed -E -e 's/ -Wp,-MMD,[^ ]+//' -e 's/ -g[^ ]*//g' -e 's/ -o [^ ]+/ -o "$LINUX_OUT"/' <<<"$cmd")
	# The command is Kbuild's, with its shell quoting (-DKBUILD_MODNAME='"tiny"').
	(cd "$build" && LINUX_OUT="$out" eval "$cmd")
}

# kbuild_compile DIR FILE OUT [TRIPLE]: compiles one file of tree DIR with the kernel's own
# commands, once for each kernel config that runs its mutants (kbuild_file_configs): OUT is that
# object, or with several configs an archive of them, a member a config in order, so that two
# OUTs are equal only when every such kernel's objects are. One config is not enough: a mutant
# of code that config compiles away (IS_ENABLED(), a constant of its Kconfig) is equivalent
# only if no other config's kernel, which the torture runs, compiles it differently. With
# TRIPLE aarch64-linux-gnu, in the tree's arm64 builds (.arm64-CONFIG, kbuild_setup); any other
# TRIPLE, a target that declines arm64, or a tree without those builds, is declined (status 2)
# with the reason.
kbuild_compile() {
	local dir="$1" file="${2#"$1"/}" out="$3" triple="${4:-}" prefix=.build config
	local -a configs objects=()
	[[ "$out" == /* ]] || out="$PWD/$out"
	kbuild_file_configs configs "$file"
	if [[ -n $triple ]]; then
		if [[ $triple != aarch64-linux-gnu ]]; then
			printf 'no %s objects: the Linux targets build for x86-64 and arm64 only\n' "$triple" >&2
			return 2
		fi
		if kbuild_arm64_declined "$dir" "${configs[@]}"; then return 2; fi
		prefix=.arm64
	fi
	# Each config's object in a dir of its own as CONFIG.o: an archive's members are named
	# alike whatever OUT is (the same file compiled twice is the same archive, byte for byte).
	local parts="$out.configs"
	rm -rf -- "$parts" "$out"
	mkdir -p -- "$parts"
	for config in "${configs[@]}"; do
		objects+=("$config.o")
		kbuild_compile_one "$dir/$prefix-$config" "$file" "$parts/$config.o" || return 1
	done
	if ((${#objects[@]} == 1)); then
		mv -f -- "$parts/${objects[0]}" "$out"
	else
		# No symbol index (S): the members are another architecture's objects as often as not.
		(cd "$parts" && ar rcDS "$out" "${objects[@]}") || return 1
	fi
	rm -rf -- "$parts"
}
