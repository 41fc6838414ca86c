#!/usr/bin/env bash
# The docs against the code: README.md's verb table names exactly the verbs 'mutorture --help'
# lists (a verb added, renamed or dropped on one side only fails here), targets/CONFIG.md
# shows the built-in target's config file as it is, and README.md's example of it is an
# abridgement of it.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${MUTORTURE_BIN:?run me through ctest (MUTORTURE_BIN unset)}

# The first word of each backquoted name in the table's first column ('target check' is the
# verb target, 'gaps try' the verb gaps).
readme=$(awk -F '|' '/^\| verb \| what \|$/ { table = 1; next }
	table && !/^\|/ { exit }
	table && !/^\|---/ { n = split($2, parts, "`"); for (i = 2; i <= n; i += 2) { split(parts[i], w, " "); print w[1] } }' \
	"$top/README.md" | sort -u)
help=$("$bin" --help | awk '/^Verbs:$/ { verbs = 1; next } verbs && !NF { exit } verbs { print $1 }' | sort -u)
if [[ -z $readme || -z $help ]]; then
	printf 'FAIL: no verbs read (README.md table: %s; --help: %s)\n' "${readme:-none}" "${help:-none}" >&2
	exit 1
fi
if [[ $readme != "$help" ]]; then
	printf 'FAIL: README.md verb table and mutorture --help differ (< README, > --help):\n' >&2
	diff <(printf '%s\n' "$readme") <(printf '%s\n' "$help") >&2 || true
	exit 1
fi
printf 'ok README.md verb table names the %s verbs of mutorture --help\n' "$(wc -l <<<"$help")"

# targets/CONFIG.md shows toy-rcu.conf as it is (its keys, comments and blank lines aside).
shown=$(awk '/^`targets\/toy-rcu\/toy-rcu.conf` is the built-in target/ { found = 1 }
	found && /^```$/ { if (inside) exit; inside = 1; next }
	inside { print }' "$top/targets/CONFIG.md")
conf=$(grep -v -e '^#' -e '^$' "$top/targets/toy-rcu/toy-rcu.conf")
if [[ $shown != "$conf" ]]; then
	printf 'FAIL: targets/CONFIG.md shows toy-rcu.conf otherwise than it is (< CONFIG.md, > toy-rcu.conf):\n' >&2
	diff <(printf '%s\n' "$shown") <(printf '%s\n' "$conf") >&2 || true
	exit 1
fi
printf 'ok targets/CONFIG.md shows toy-rcu.conf as it is (%s keys)\n' "$(wc -l <<<"$conf")"

# README.md's example of toy-rcu.conf (the indented block after 'abridged from') abridges the
# file: each of its lines, comments too, is a line of the file, in the file's order.
example=$(awk '/abridged from `targets\/toy-rcu\/toy-rcu.conf`/ { found = 1; next }
	found && /^    / { inside = 1; print substr($0, 5); next }
	inside { exit }' "$top/README.md")
if [[ -z $example ]]; then
	printf "FAIL: no example of toy-rcu.conf in README.md (an indented block after 'abridged from')\n" >&2
	exit 1
fi
if ! missing=$(awk 'NR == FNR { want[++n] = $0; next }
	i < n && $0 == want[i + 1] { i++ }
	END { if (i < n) { print want[i + 1]; exit 1 } }' <(printf '%s\n' "$example") "$top/targets/toy-rcu/toy-rcu.conf"); then
	printf "FAIL: README.md's example of toy-rcu.conf is not an abridgement of it: '%s' is not a line of the file (or not in its order)\n" "$missing" >&2
	exit 1
fi
printf "ok README.md's example of toy-rcu.conf abridges it (%s of its lines)\n" "$(wc -l <<<"$example")"
