#!/usr/bin/env bash
# The architecture as a test (ARCHITECTURE.md): each C source folder may include headers only
# from the folders it is allowed to depend on, every header name is unique across folders (so
# an include names one module), the report renderers run no SQL (reports/report-data.c reads
# the database for them), and no shell script speaks SQL (the C program is the only writer
# and reader of the database). The build enforces the include direction too (one library per
# folder, each seeing only the headers of what it links); this test names the offending line.
set -euo pipefail
: "${MUTORTURE_HOME:?run me through ctest (MUTORTURE_HOME unset)}"
cd "$MUTORTURE_HOME"

# module FILE: the folder (module) a C file belongs to.
module() {
	case $1 in
	mutator/main.c | mutator/generate-main.c) echo main ;;
	# the one verb that parses C (mutorture-generate links libclang; mutorture does not)
	mutator/cmd/cmd-generate.c) echo cmd-generate ;;
	mutator/*/*) local d=${1#mutator/}; echo "${d%%/*}" ;;
	reports/*) echo reports ;;
	*) echo "?" ;;
	esac
}

# The allowed dependencies, each module on itself included.
declare -A allowed=(
	[base]="base"
	[store]="store base"
	[gen]="gen base"
	[operators]="operators gen base"
	[reports]="reports store base"
	[cmd]="cmd store reports base"
	[cmd-generate]="cmd-generate cmd store gen operators reports base"
	[main]="cmd base"
)

failures=0
fail() {
	printf 'FAIL: %s\n' "$1" >&2
	failures=$((failures + 1))
}

mapfile -t sources < <(find mutator reports -name '*.[ch]' -not -path '*/node_modules/*' | sort)
declare -A home_of
for f in "${sources[@]}"; do
	[[ $f == *.h ]] || continue
	name=${f##*/}
	if [[ -n ${home_of[$name]:-} ]]; then
		fail "header name '$name' is used twice: ${home_of[$name]} and $f"
	fi
	home_of[$name]=$f
done

for f in "${sources[@]}"; do
	from=$(module "$f")
	[[ -n ${allowed[$from]:-} ]] || { fail "$f is in no known module (add it to ARCHITECTURE.md and this test)"; continue; }
	while IFS=: read -r line inc; do
		inc=${inc#*\"}
		inc=${inc%\"*}
		target=${home_of[$inc]:-}
		if [[ -z $target ]]; then
			fail "$f:$line includes \"$inc\", which is no header of mutator/ or reports/"
			continue
		fi
		to=$(module "$target")
		[[ " ${allowed[$from]} " == *" $to "* ]] ||
			fail "$f:$line: $from may not depend on $to (includes \"$inc\"); allowed: ${allowed[$from]}"
	done < <(grep -n '^#include "' "$f" || true)
done

# The report renderers render; report-data.c (and report.c's connection setup) query.
while IFS= read -r hit; do
	fail "$hit: a report renderer runs SQL; load the data in reports/report-data.c"
done < <(grep -n 'db_prepare\|db_exec\|sqlite3_exec\|sqlite3_prepare' reports/*.c |
	grep -v '^reports/report-data.c:\|^reports/report.c:' || true)

# Shell never speaks SQL: runner/, targets/ and bench/ hand records to 'mutorture record'
# (install-deps only names the Debian package).
while IFS= read -r hit; do
	fail "$hit: shell runs sqlite3; go through the mutorture binary"
done < <(grep -rn -E '(^|[^-])\bsqlite3\b' runner targets bench 2>/dev/null |
	grep -v '^runner/install-deps:' | grep -v '^[^:]*:[0-9]*:[[:space:]]*#' || true)

if ((failures)); then
	printf '%d layout violations\n' "$failures" >&2
	exit 1
fi
printf 'layout ok: %d C files in %d modules, dependencies point one way\n' "${#sources[@]}" "${#allowed[@]}"
