#!/usr/bin/env bash
# Columns by name at the C/shell seam: 'list --format tsv', 'attempts' (its listing and
# --untortured), 'survivors' and 'gaps' print exactly the columns --fields names, in its
# order; without --fields they print what they always printed; a caller that names its columns
# gets the same values whatever order it asks them in, so a column added or moved never shifts
# what it reads. An unknown name, or --fields with another format, is a usage error.
source "$(dirname "$0")/lib.sh"

new_campaign "$FIXTURES"
mt generate --operators ror ror.c -- -std=gnu11 >/dev/null
mapfile -t ids < <(mt list --format ids)
tab=$'\t'
((${#ids[@]} >= 4)) || fail "ror.c gave ${#ids[@]} mutants, the test needs 4"
{
	printf 'attempt=t1\tmutant=%s\tstatus=killed\tscenario=qsbr\tbuild_s=1.5\ttest_s=2\tduration=10\treason=a\\tb\tlog_dir=/logs/t1\tscenario_run=qsbr|killed|2.0|bad\tscenario_run=mb|survived|1.5|\n' "${ids[0]}"
	printf 'attempt=t2\tmutant=%s\tstatus=survived\ttest_s=3\tduration=10\tlog_dir=/logs/t2\tscenario_run=qsbr|survived|3.0|\n' "${ids[1]}"
	printf 'attempt=c1\tkind=control\tstatus=survived\tduration=10\tlog_dir=/logs/c1\n'
	printf 'attempt=e1\tmutant=%s\tkind=tce\tstatus=duplicate\tduplicate_of=%s\treason=same object\n' "${ids[2]}" "${ids[0]}"
	printf 'attempt=u1\tmutant=%s\tkind=coverage\tstatus=uncovered\treason=never run\n' "${ids[3]}"
} | mt record

# reverse LINE...: each tab-separated line with its fields in reverse order.
reverse() {
	awk -F '\t' -v OFS='\t' '{ for (i = NF; i > 1; i--) printf "%s%s", $i, OFS; print $1 }'
}

# list: the default columns, by name, in their order and reversed.
list_default=id,path,line,col,operator,function,status,description
list_reversed=description,status,function,operator,col,line,path,id
expect_eq "list, default columns named" "$(mt list --format tsv)" "$(mt list --fields "$list_default")"
expect_eq "list, columns in reverse" "$(mt list --format tsv | reverse)" "$(mt list --fields "$list_reversed")"
expect_eq "list, one column twice" "${ids[0]}${tab}${ids[0]}" "$(mt list --fields id,id | head -n 1)"
expect_eq "list, columns not in the default" \
	"$(mt list --format json | jq -r '.[] | [.end_line, .end_col, .tag, (.current | if . then 1 else 0 end), .status] | @tsv')" \
	"$(mt list --fields end_line,end_col,tag,current,status)"
expect_eq "list --status with --fields" "killed${tab}${ids[0]}" "$(mt list --status killed --fields status,id)"
# --help names every column, and each is one --fields takes.
named=$(mt list --help | sed -n 's/^ *--fields NAME,\.\.\. .*tsv): \(.*\); without it: \(.*\)$/\1; \2/p')
expect_eq "list --help, the fields" \
	"id, path, line, col, operator, function, status, description, tag, end_line, end_col, current, function_spelled; $list_default" \
	"$named"
for name in ${named%%;*}; do
	expect_eq "list --fields ${name%,}: rows" "${#ids[@]}" "$(mt list --fields "${name%,}" | wc -l)"
done

# attempts: the ten columns and the scenario runs.
attempts_default=attempt,mutant,kind,status,scenario,reason,log_dir,build_s,test_s,duration
expect_eq "attempts, default columns named" "$(mt attempts)" "$(mt attempts --fields "$attempts_default,runs")"
expect_eq "attempts, row t1" \
	"t1${tab}${ids[0]}${tab}torture${tab}killed${tab}qsbr${tab}a\\tb${tab}/logs/t1${tab}1.5${tab}2.0${tab}10.0${tab}qsbr|killed|2.0|bad${tab}mb|survived|1.5|" \
	"$(mt attempts --mutants "${ids[0]}")"
expect_eq "attempts, columns in reverse" \
	"$(mt attempts --fields "$attempts_default" | reverse)" \
	"$(mt attempts --fields duration,test_s,build_s,log_dir,reason,scenario,status,kind,mutant,attempt)"
expect_eq "attempts, a few columns and the runs" \
	"10.0${tab}t1${tab}qsbr|killed|2.0|bad${tab}mb|survived|1.5|
10.0${tab}t2${tab}qsbr|survived|3.0|
10.0${tab}c1" "$(mt attempts --fields duration,attempt,runs)"
expect_eq "attempts, the runs alone" "qsbr|survived|3.0|" "$(mt attempts --mutants "${ids[1]}" --fields runs)"

# attempts --untortured: its six columns, by name and reversed.
untortured_default=attempt,mutant,kind,status,duplicate_of,reason
expect_eq "untortured, rows" "e1${tab}${ids[2]}${tab}tce${tab}duplicate${tab}${ids[0]}${tab}same object
u1${tab}${ids[3]}${tab}coverage${tab}uncovered${tab}${tab}never run" "$(mt attempts --untortured)"
expect_eq "untortured, default columns named" "$(mt attempts --untortured)" \
	"$(mt attempts --untortured --fields "$untortured_default")"
expect_eq "untortured, columns in reverse" "$(mt attempts --untortured | reverse)" \
	"$(mt attempts --untortured --fields reason,duplicate_of,status,kind,mutant,attempt)"
named=$(mt attempts --help | sed -n 's/^ *--fields NAME,\.\.\. .*in this order (runs last): \(.*\); without it: \(.*\)$/\1; \2/p')
expect_eq "attempts --help, the fields" \
	"attempt, mutant, kind, status, scenario, reason, log_dir, build_s, test_s, duration, duplicate_of, runs; $attempts_default,runs, with --untortured: $untortured_default" \
	"$named"

# survivors and gaps: t2's survivor, confirmed by its one run of 10 s and triaged test-gap.
mt init --confirm-runs 1 --confirm-duration 10
mt triage "${ids[1]}" test-gap --gap lost-wakeup --note 'no reader waits' >/dev/null
survivors_default=id,path,line,function,operator,kills,attempts,triage,description,torture_s,full_attempts,confirmed,evidence
expect_eq "survivors, default columns named" "$(mt survivors --format tsv)" "$(mt survivors --fields "$survivors_default")"
expect_eq "survivors, columns in reverse" "$(mt survivors --format tsv | reverse)" \
	"$(mt survivors --fields evidence,confirmed,full_attempts,torture_s,description,triage,attempts,kills,operator,function,line,path,id)"
expect_eq "survivors, a few columns" "test-gap${tab}${ids[1]}${tab}confirmed${tab}1${tab}0" \
	"$(mt survivors --fields triage,id,confirmed,attempts,kills)"
named=$(mt survivors --help | sed -n 's/^ *--fields NAME,\.\.\. .*tsv): \(.*\); without it: \(.*\)$/\1; \2/p')
expect_eq "survivors --help, the fields" "${survivors_default//,/, }; $survivors_default" "$named"
gaps_default=id,gap,closed_by,kills,attempts,scenario,reason
expect_eq "gaps, the open survivor" "${ids[1]}${tab}lost-wakeup${tab}${tab}${tab}${tab}${tab}" "$(mt gaps --format tsv)"
expect_eq "gaps, default columns named" "$(mt gaps --format tsv)" "$(mt gaps --fields "$gaps_default")"
expect_eq "gaps, columns picked" "lost-wakeup${tab}${ids[1]}${tab}" "$(mt gaps --fields gap,id,closed_by)"
named=$(mt gaps --help | sed -n 's/^ *--fields NAME,\.\.\. .*tsv): \(.*\); without it: \(.*\)$/\1; \2/p')
expect_eq "gaps --help, the fields" "${gaps_default//,/, }; $gaps_default" "$named"

# A name no table has, or --fields with another format: usage errors (129) that say why.
for verb in list survivors gaps; do
	rc=0
	mt "$verb" --fields id,nope >/dev/null 2>"$SCRATCH/err" || rc=$?
	expect_eq "$verb --fields nope: exit" 129 "$rc"
	grep -q "unknown field 'nope' (fields: id, " "$SCRATCH/err" || fail "$verb --fields nope: $(cat "$SCRATCH/err")"
done
for verb_format in "list json" "survivors table" "gaps text"; do
	rc=0
	# shellcheck disable=SC2086 # verb and format, two words
	mt ${verb_format% *} --format "${verb_format#* }" --fields id >/dev/null 2>"$SCRATCH/err" || rc=$?
	expect_eq "$verb_format with --fields: exit" 129 "$rc"
	grep -q -- "--fields names the columns of --format tsv, not of '${verb_format#* }'" "$SCRATCH/err" ||
		fail "$verb_format with --fields: $(cat "$SCRATCH/err")"
done
echo "ok fields"
