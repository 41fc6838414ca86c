# shellcheck shell=bash
# shellcheck disable=SC2034 # the TARGET_* arrays are read by the runner, which sources this file
# fixture-tce: the equivalence pass's fixture target (targets/CONTRACT.md): a small C program
# with the kernel's barriers (src/barriers.h), a header of static inline functions included by
# several files (src/ctr.h), built with make at -O2. It has target_compile (with the aarch64
# triple, targets/lib/cross.sh: the host's compiler family for both) and target_includers
# (the build's dependency files, targets/lib/includers.awk), so runs on it go through the
# equivalence pass; its torture is one run of the program.

TARGET_SOURCES=(mp.c ring.c)
TARGET_RULES=(linux)
TARGET_SCENARIOS=(only)

# target_setup, target_build (make) and target_clone: those of every runner test target.
# shellcheck source=tests/lib/make-target.sh
source "$MUTORTURE_HOME/tests/lib/make-target.sh"

# make_target_cc DIR: the compile database's compiler and flags are those of the build.
make_target_cc() {
	make -s -C "$1" print-compile
}

target_test() {
	"$1/fixture-tce" || {
		echo 'mutorture-reason: fixture-tce: wrong result'
		return 1
	}
}

target_compile() {
	local dir=$1 file=$2 out=$3 triple=${4:-} compile
	local -a argv
	compile=$(make -s -C "$dir" print-compile) || return 1
	read -ra argv <<<"$compile"
	if [[ -n $triple ]]; then
		# shellcheck source=targets/lib/cross.sh
		source "$MUTORTURE_HOME/targets/lib/cross.sh" || return 1
		cross_command argv "$triple" "${argv[@]}" || return
	fi
	(cd "$dir" && "${argv[@]}" -c -o "$out" "$file")
}

target_includers() {
	awk -v header="$2" -f "$MUTORTURE_HOME/targets/lib/includers.awk" "$1"/*.d >"$3"
}
