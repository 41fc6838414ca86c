#!/bin/bash
# Usage: setup.sh WORK
#
# Test: target_setup makes the pristine tree WORK/pristine from Debian's linux-source
# package (unpacked once into the cache, built once per config fragments into the cache:
# remove ~/.cache/mutorture/linux-6.1-built-* to test the build itself again): every
# kernel config is built with Tiny RCU, Tiny SRCU and rcutorture, the source is shared
# with the cache by hard links while the build dirs are the tree's own,
# compile_commands.json covers the mutated files with absolute paths inside the tree,
# and target_compile gives the same object twice, without debug info: an archive of
# TINY01's and TINY02's objects (both kernels run every file).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
work="$1"
tree="$work/pristine"
rm -rf "$tree"
mkdir -p "$work"

note "target_setup $tree"
target_setup "$tree" >"$work/setup.log" 2>&1 || fail "target_setup failed, see '$work/setup.log'"
note "target_setup done"

for config in "${LINUX_CONFIGS[@]}"; do
	[[ -s "$tree/.build-$config/vmlinux" ]] || fail "no kernel image for '$config'"
	[[ "$(stat -c %h "$tree/.build-$config/vmlinux")" == 1 ]] || fail "build dir of '$config' is shared"
	for option in CONFIG_TINY_RCU=y CONFIG_TINY_SRCU=y CONFIG_RCU_TORTURE_TEST=y CONFIG_SMP=; do
		if [[ "$option" == *= ]]; then
			! grep -q "^$option" "$tree/.build-$config/.config" || fail "'$config' sets $option"
		else
			grep -qx "$option" "$tree/.build-$config/.config" || fail "'$config' lacks $option"
		fi
	done
done
grep -qx CONFIG_PROVE_RCU=y "$tree/.build-TINY02/.config" || fail "TINY02 lacks lockdep"
grep -qx CONFIG_DEBUG_OBJECTS_RCU_HEAD=y "$tree/.build-TINY02/.config" || fail "TINY02 lacks debug objects"
grep -qx CONFIG_HZ_PERIODIC=y "$tree/.build-TINY02/.config" || fail "TINY02 lacks the periodic tick"
grep -qx CONFIG_NO_HZ_IDLE=y "$tree/.build-TINY01/.config" || fail "TINY01 lacks dynticks idle"

cache="${MUTORTURE_CACHE:-$HOME/.cache/mutorture}/linux-$LINUX_VERSION"
for file in "${TARGET_SOURCES[@]}"; do
	[[ "$(stat -c %i "$tree/$file")" == "$(stat -c %i "$cache/$file")" ]] ||
		fail "'$file' is not a hard link to the cached source"
	entry=$(grep -F "\"file\": \"$tree/$file\"" "$tree/compile_commands.json") ||
		fail "compile_commands.json has no entry for '$file'"
	[[ "$entry" == *"\"directory\": \"$tree/.build-$LINUX_COMMANDS_CONFIG\""* ]] ||
		fail "wrong directory for '$file': $entry"
	[[ "$entry" == *" -I$tree/include "* && "$entry" == *" -c -o $tree/.build-"* ]] ||
		fail "paths are not absolute inside the tree for '$file': $entry"
	[[ "$entry" != *" ../"* && "$entry" != *"-I../"* && "$entry" != *" ./"* ]] ||
		fail "relative path left for '$file': $entry"
done
[[ "$(head -c 1 "$tree/compile_commands.json")" == "[" && "$(tail -c 2 "$tree/compile_commands.json")" == "]" ]] ||
	fail "compile_commands.json is not a JSON array"
note "compile_commands.json: $(grep -c '"file"' "$tree/compile_commands.json") entries"

for file in kernel/rcu/tiny.c kernel/rcu/srcutiny.c; do
	target_compile "$tree" "$file" "$work/a.o" || fail "target_compile failed on '$file'"
	target_compile "$tree" "$tree/$file" "$work/b.o" || fail "target_compile failed on '$tree/$file'"
	cmp -s "$work/a.o" "$work/b.o" || fail "two compilations of '$file' differ"
	! readelf -S "$work/a.o" | grep -q '\.debug_' || fail "object of '$file' has debug info"
	# Both kernels run every file's mutants: an archive of the two configs' objects.
	[[ $(ar t "$work/a.o" | paste -sd ' ') == "TINY01.o TINY02.o" ]] || fail "the object of '$file' is not TINY01's and TINY02's"
done
nm "$work/a.o" >"$work/a.nm"
grep -q ' T __srcu_read_unlock$' "$work/a.nm" || fail "srcutiny.c object lacks __srcu_read_unlock"
rm -f "$work/a.o" "$work/b.o" "$work/a.nm"
note "pass"
