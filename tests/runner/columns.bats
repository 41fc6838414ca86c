#!/usr/bin/env bats
# The columns between the C binary and the runner are read by name: the runner asks 'list' and
# 'attempts' and 'gaps' for the fields it reads (--fields) and counts 'survivors' rows. Here the
# runner works through a mutorture whose default tab-separated output of list, attempts,
# survivors and gaps has one more column, second, as a new column would: plan, quick pass,
# confirmation, summary, recheck and the survivors a torture change is tried on must be exactly
# what they are with the real binary. Real GNU parallel, real
# builds and runs of the runner's fixture target.

load lib

setup_file() {
	local work
	work=$(scratch)
	mt campaign "$FIXTURE" --db "$work/seed.db" --setup-only >"$work/seed.out" 2>&1
	# The wider mutorture: the real one, but for default tsv output with a column inserted.
	cat >"$work/mutorture-wide" <<EOF
#!/usr/bin/env bash
set -euo pipefail
case " \$* " in *" --fields "*) exec "$MUTORTURE_BIN" "\$@" ;; esac
case \$1 in
attempts) wide=1 ;;
list | survivors | gaps) [[ " \$* " == *" --format tsv "* ]] && wide=1 || wide='' ;;
*) wide='' ;;
esac
[[ -n \$wide ]] || exec "$MUTORTURE_BIN" "\$@"
"$MUTORTURE_BIN" "\$@" | awk -F '\t' -v OFS='\t' '{ \$1 = \$1 OFS "inserted"; print }'
EOF
	chmod +x "$work/mutorture-wide"
}

# wide SCRIPT ARG...: runs a runner script as 'mutorture SCRIPT' would, with the wider binary.
wide() {
	local script=$1
	shift
	MUTORTURE_BIN=$(scratch)/mutorture-wide bash "$MUTORTURE_HOME/runner/$script" "$@"
}

@test "a column added to list's, attempts', survivors' and gaps' default output changes nothing the runner does" {
	local work db plain slow fast kill args
	work=$(scratch)
	db=$work/wide.db plain=$work/plain.db
	cp "$work/seed.db" "$db"
	cp "$work/seed.db" "$plain"
	# The wider binary really moves every column after the first.
	[ "$("$work/mutorture-wide" list --db "$db" --format tsv | head -n 1 | cut -f2)" = inserted ]
	[ "$("$work/mutorture-wide" list --db "$db" --format tsv | head -n 1 | cut -f3)" = fixture.c ]
	slow=$(mutant_where "$db" const settle "'1000' -> '1001'")
	fast=$(mutant_where "$db" const settle "'1000' -> '999'")
	kill=$(mutant_where "$db" ror sum_to "'<=' -> '<'")
	args=(--target "$FIXTURE" --mutants "$slow,$fast,$kill" --confirm 2 --no-prune --control-every 0 --jobs 1 --baseline-runs 1)

	# The plan: the same rows.
	run wide run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	grep -E '^[0-9a-f]{16}	' <<<"$output" >"$work/wide.plan"
	run mt run --db "$plain" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	grep -E '^[0-9a-f]{16}	' <<<"$output" >"$work/plain.plan"
	[ "$(wc -l <"$work/wide.plan")" -eq 3 ]
	diff "$work/plain.plan" "$work/wide.plan"

	# The run: the quick pass, the confirmation of both survivors, the summary's counts.
	run wide run --db "$db" "${args[@]}"
	[ "$status" -eq 0 ]
	[[ $output == *"survivors: 2 confirmed by 2 runs"*", 0 unconfirmed"* ]]
	[ "$(mt list --db "$db" --status killed --format ids)" = "$kill" ]
	[ "$(mt list --db "$db" --status survived --format ids | sort)" = "$(printf '%s\n' "$slow" "$fast" | sort)" ]
	[ "$(mt attempts --db "$db" --mutants "$slow" --fields kind | grep -cx torture)" -eq 2 ]
	# Nothing left to confirm: the next plan is empty.
	run wide run --db "$db" "${args[@]}" --dry-run
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^[0-9a-f]{16}	' <<<"$output")" -eq 0 ]

	# recheck reads every attempt's columns: the same rules change nothing.
	run wide recheck --db "$db" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"attempts judged again"*": 0 changed"* ]]

	# gaps try picks the survivors of a gap label from 'gaps' by name: one label, one survivor.
	mt triage --db "$db" "$slow" test-gap --gap slow-settle --note 'settle runs longer' >/dev/null
	mt triage --db "$db" "$fast" test-gap --gap fast-settle --note 'settle runs shorter' >/dev/null
	[ "$("$work/mutorture-wide" gaps --db "$db" --format tsv | cut -f2 | sort -u)" = inserted ]
	printf '%s\n' 'subject = fixture: nothing new, its one scenario' 'why = a change to try' \
		'scenarios = only' >"$work/same.change"
	run wide gaps-try --db "$db" "$work/same.change" --survivors fast-settle --target "$FIXTURE" --duration 1 --dry-run
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output == *"survivors 1 chosen, 1 to run"* ]]
	[[ $output == *"$fast"* ]]
	[[ $output != *"$slow"* ]]
}
