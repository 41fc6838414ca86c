# shellcheck shell=bash
# cross.sh: the compile command of another architecture for target_compile's TRIPLE (the
# equivalence pass's second architecture), made from the host's compile command. Sourced by a
# target's target_compile (never at source time); defines functions only.
#
# Invariant: like with like. The object for TRIPLE comes from the same compiler family and
# version as the host's, so that a difference between the two architectures' objects is one of
# the architectures, never one of two compilers: gcc N -> TRIPLE-gcc of version N (Debian's
# gcc-aarch64-linux-gnu), clang -> the same clang with --target=TRIPLE (and the cross libc's
# headers). Anything else is declined with status 2 and one line saying why, never
# approximated with another compiler.

# cross_command VAR TRIPLE ARGV...: sets the array VAR to the compile command ARGV (a host
# compiler and its flags) made for TRIPLE: the compiler swapped as above, -Werror dropped (the
# object is compared, not shipped; warnings differ between architectures). Status 2, with a
# message on stderr, when no compiler of the host's family and version targets TRIPLE.
cross_command() {
	local -n _cross=$1
	local triple=$2 cc=$3 version cross_cc arg macros
	shift 3
	if ! macros=$("$cc" -dM -E -x c /dev/null 2>/dev/null); then
		printf "cross: cannot run the host compiler '%s'\n" "$cc" >&2
		return 2
	fi
	if [[ $macros == *$'\n#define __clang__ '* || $macros == '#define __clang__ '* ]]; then
		if [[ ! -d /usr/$triple/include ]]; then
			printf "cross: no headers for '%s' in /usr/%s/include (Debian: libc6-dev-arm64-cross)\n" "$triple" "$triple" >&2
			return 2
		fi
		_cross=("$cc" --target="$triple" -isystem "/usr/$triple/include")
	else
		version=$("$cc" -dumpfullversion)
		cross_cc=''
		for arg in "$triple-gcc-${version%%.*}" "$triple-gcc"; do
			if command -v "$arg" >/dev/null && [[ $("$arg" -dumpfullversion) == "$version" ]]; then
				cross_cc=$arg
				break
			fi
		done
		if [[ -z $cross_cc ]]; then
			printf "cross: no %s-gcc of the host's version %s (host compiler '%s'; Debian: gcc-%s)\n" \
				"$triple" "$version" "$cc" "${triple//_/-}" >&2
			return 2
		fi
		_cross=("$cross_cc")
	fi
	for arg; do
		if [[ $arg != -Werror ]]; then _cross+=("$arg"); fi
	done
}
