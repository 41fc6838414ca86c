#!/usr/bin/env bats
# A target from a config file (targets/CONFIG.md): toy-rcu through targets/toy-rcu/toy-rcu.conf
# gives the same mutant ids as through its target.sh, and the same statuses on mutants whose
# verdict does not depend on chance (the torture is probabilistic: a lost memory barrier is
# killed only sometimes, so only mutants every run decides alike are compared: two that break
# a grace period at once, one that hangs rcu_barrier (the stall detector's timeout), two on a
# line no run executes, and five that compile only because a mutant's warnings are not fatal:
# three killed, two hanging rcu_barrier); a config's mistakes are named; a 'fail' pattern ends
# a run as soon as its line is printed; headers are generated through their file. Real builds,
# real torture runs, real campaigns.

load ../runner/lib

# fixture_config FILE [KEY = VALUE]...: writes a config of the runner's fixture program to FILE,
# then the extra lines.
fixture_config() {
	local file=$1
	shift
	{
		printf '%s\n' "tree = $FIXTURE/src" 'sources = fixture.c' 'compdb = bear -- make -s' 'build = make -s'
		printf '%s\n' "$@"
	} >"$file"
}

@test "toy-rcu as a config file: the same mutant ids, and the same statuses on the mutants every run decides alike" {
	local work conf ids db expect
	work=$(scratch)
	conf=$MUTORTURE_HOME/targets/toy-rcu/toy-rcu.conf
	run mt campaign toy-rcu --db "$work/sh.db" --setup-only
	[ "$status" -eq 0 ]
	run mt campaign "$conf" --db "$work/conf.db" --setup-only
	[ "$status" -eq 0 ]
	run mt run --db "$work/conf.db" --dry-run
	[ "$status" -eq 0 ]
	[[ $output == *"target    $conf (scenarios: qsbr mb rwlock)"* ]]
	[ "$(mt list --db "$work/sh.db" --format ids | wc -l)" -gt 200 ]
	diff <(mt list --db "$work/sh.db" --format tsv) <(mt list --db "$work/conf.db" --format tsv)

	# killed: the callback thread's grace period deleted, call_rcu(h, f) run as f(h), a
	# callback's function never set, the wait for readers deleted from synchronize_rcu() (qsbr.c)
	# and flip_phase_and_wait() (mb.c); timeout: rcu_barrier never woken, twice, or its marker
	# never queued (the torture's stall detector says so after 1 s); survived: the exit code of
	# a failed pthread_create, a path no run takes. Five of them leave a parameter, a variable or
	# a function unused: built as mutants are, warnings not fatal, they reach the torture (with
	# -Werror they were build_error, tests/runner/toy.bats has the header's).
	ids=$(for where in "rcu-delete callback_thread synchronize_rcu" "rcu-rewrite rcu_barrier call_rcu" \
		"sdl call_rcu head->func = func" "sdl barrier_callback marker->done = true" \
		"sdl barrier_callback pthread_cond_broadcast" \
		"const start_callback_thread '128' -> '129'" "sdl start_callback_thread exit" \
		"sdl synchronize_rcu rcu_registry_wait" "sdl flip_phase_and_wait rcu_registry_wait" \
		"sdl rcu_barrier call_rcu"; do
		read -r op fn pat <<<"$where"
		mutant_where "$work/sh.db" "$op" "$fn" "$pat"
	done | paste -sd, -)
	[ "$(tr , '\n' <<<"$ids" | grep -c .)" -eq 10 ]
	for db in sh conf; do
		run mt run --db "$work/$db.db" --mutants "$ids" --no-confirm --no-prune --control-every 0 \
			--jobs 2 --duration 0.3 --baseline-runs 1
		[ "$status" -eq 0 ]
		mt list --db "$work/$db.db" --mutants "$ids" --format tsv | cut -f1,7 >"$work/$db.status"
	done
	expect=$(printf '%s\n' killed killed killed killed killed survived survived timeout timeout timeout)
	[ "$(cut -f2 "$work/sh.status" | sort)" = "$expect" ]
	diff "$work/sh.status" "$work/conf.status"
	# The config's verdicts can be judged again from the saved logs, and nothing changes.
	run mt recheck --db "$work/conf.db"
	[ "$status" -eq 0 ]
	[[ $output == *": 0 changed"* ]]
	pristine_unchanged "$work/conf.db"
}

@test "a config's mistakes are named: an unknown key, a missing tree, a glob that names no file, a missing command" {
	local work
	work=$(scratch)
	mt init --db "$work/e.db"
	fixture_config "$work/a.conf" 'tset = ./fixture'
	run mt run --db "$work/e.db" --target "$work/a.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"config $work/a.conf: line 5: unknown key 'tset'"* ]]
	printf '%s\n' 'tree = nowhere' 'sources = *.c' 'build = make' 'test = true' >"$work/b.conf"
	run mt run --db "$work/e.db" --target "$work/b.conf" --dry-run
	[[ $output == *"tree 'nowhere' is not a directory"* ]]
	fixture_config "$work/c.conf" 'test = ./fixture' 'sources = fixtur.c'
	run mt run --db "$work/e.db" --target "$work/c.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"sources 'fixtur.c' names no file in '$FIXTURE/src'"* ]]
	fixture_config "$work/d.conf"
	run mt run --db "$work/e.db" --target "$work/d.conf" --dry-run
	[[ $output == *"no 'test' given"* ]]
	# test.SCENARIO for every scenario is enough; a suffix that names no scenario is a typo.
	fixture_config "$work/s.conf" 'scenarios = one two' 'test.one = ./fixture' 'test.two = ./fixture'
	run mt run --db "$work/e.db" --target "$work/s.conf" --dry-run
	[ "$status" -eq 0 ]
	fixture_config "$work/t.conf" 'scenarios = one two' 'test.one = ./fixture'
	run mt run --db "$work/e.db" --target "$work/t.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"no 'test' given, nor 'test.two'"* ]]
	fixture_config "$work/u.conf" 'scenarios = qsbr mb' 'test = ./fixture' 'test.qbsr = ./fixture'
	run mt run --db "$work/e.db" --target "$work/u.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'test.qbsr': no scenario 'qbsr' (scenarios: qsbr mb)"* ]]
	[ ! -e "$work/e.db.d" ]
}

@test "one build serves every scenario unless the config builds them apart" {
	local work conf
	work=$(scratch)
	# one_build CONF: TARGET_ONE_BUILD as the runner reads the config.
	one_build() {
		(source "$MUTORTURE_HOME/runner/lib/base.sh" && source "$MUTORTURE_HOME/runner/lib/target.sh" && mt_source_target "$1" && printf '%s\n' "${TARGET_ONE_BUILD:-no}")
	}
	fixture_config "$work/one.conf" 'scenarios = a b' 'test = ./fixture'
	[ "$(one_build "$work/one.conf")" = 1 ]
	fixture_config "$work/apart.conf" 'scenarios = a b' 'test = ./fixture' 'build.b = make -s B=1'
	[ "$(one_build "$work/apart.conf")" = no ]
	for conf in 'build = make -s S={scenario}' 'build = make -s D={duration}'; do
		fixture_config "$work/apart.conf" 'scenarios = a b' 'test = ./fixture' 'duration = 1'
		sed -i "s/^build = .*/$conf/" "$work/apart.conf"
		[ "$(one_build "$work/apart.conf")" = no ]
	done
}

@test "a scenario with its own duration: its full runs last that, its quick runs in proportion; a bad one is refused by key" {
	local work db keep
	work=$(scratch)
	fixture_config "$work/d.conf" 'scenarios = fast slow' 'quick_duration = 0.5' 'duration = 1' 'duration.slow = 4' \
		'test = echo "{scenario} asked {duration} s, MUTORTURE_DURATION=$MUTORTURE_DURATION"; ./fixture'
	db=$work/d.db
	run mt campaign "$work/d.conf" --db "$db" --setup-only
	[ "$status" -eq 0 ]
	keep=$(mutant_where "$db" const settle "'1000' -> '1001'")
	run mt run --db "$db" --mutants "$keep" --confirm 1 --no-prune --control-every 0 --jobs 1 --baseline-runs 1
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --status survived --format ids)" = "$keep" ]
	# The baseline ran each scenario at both stages, and the mutant the quick pass then one
	# confirming run: the slow scenario four times as long as the fast one, each time.
	grep -qx 'fast asked 0.5 s, MUTORTURE_DURATION=0.5' "$db.d/logs/baseline/"*/fast-1-0.5s.log
	grep -qx 'slow asked 2 s, MUTORTURE_DURATION=2' "$db.d/logs/baseline/"*/slow-1-0.5s.log
	grep -qx 'slow asked 4 s, MUTORTURE_DURATION=4' "$db.d/logs/baseline/"*/slow-1-1s.log
	# (the confirming run in the quick run's job: its logs in run-2/)
	cat "$db.d/logs/$keep"/*/{fast,slow}.log "$db.d/logs/$keep"/*/run-2/{fast,slow}.log >"$work/attempts"
	grep -qx 'fast asked 0.5 s, MUTORTURE_DURATION=0.5' "$work/attempts"
	grep -qx 'slow asked 2 s, MUTORTURE_DURATION=2' "$work/attempts"
	grep -qx 'fast asked 1 s, MUTORTURE_DURATION=1' "$work/attempts"
	grep -qx 'slow asked 4 s, MUTORTURE_DURATION=4' "$work/attempts"
	# The attempts count at the stage's duration: the survivor is confirmed at 1 s.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$keep' AND duration = 1")" -eq 1 ]
	# Refused by the key as written, before anything is made.
	fixture_config "$work/a.conf" 'scenarios = fast slow' 'test = ./fixture' 'duration = 1' 'duration.slow = abc'
	run mt campaign "$work/a.conf" --db "$work/a.db" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'duration.slow = abc': not a positive number of seconds"* ]]
	fixture_config "$work/b.conf" 'scenarios = fast slow' 'test = ./fixture' 'duration = 1' 'duration.slwo = 2'
	run mt campaign "$work/b.conf" --db "$work/b.db" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'duration.slwo': no scenario 'slwo' (scenarios: fast slow)"* ]]
	fixture_config "$work/c.conf" 'scenarios = fast slow' 'test = ./fixture' 'duration.slow = 2'
	run mt campaign "$work/c.conf" --db "$work/c.db" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'duration.slow' needs 'duration'"* ]]
	[ ! -e "$work/a.db" ] && [ ! -e "$work/b.db" ] && [ ! -e "$work/c.db" ]
}

@test "a config target gets aarch64 objects from its own compile command: a weakened publication is killable only on weak memory, without a torture run" {
	local work db weak same conf
	work=$(scratch)
	db=$work/w.db
	conf=$MUTORTURE_HOME/targets/toy-rcu/toy-rcu.conf
	run mt campaign "$conf" --db "$db" --setup-only
	[ "$status" -eq 0 ]
	# rcu_assign_pointer(head->next, node) as a plain store: the same x86 code, not the same
	# arm64 code (the release store); a deleted plain store differs on both.
	weak=$(mutant_where "$db" rcu-rewrite rcu_list_add "rcu_assign_pointer")
	same=$(mutant_where "$db" sdl rcu_list_add "next->prev = node")
	[ -n "$weak" ] && [ -n "$same" ]
	run mt run --db "$db" --mutants "$weak,$same" --no-confirm --control-every 0 --jobs 2 --baseline-runs 1
	[ "$status" -eq 0 ]
	[[ $output == *"compiled for x86_64 and aarch64"* ]]
	[ "$(query "$db" "SELECT status || ': ' || reason FROM result WHERE mutant_id = '$weak' AND kind = 'tce'")" = \
		"weak_memory: object code identical on this host (x86_64) but differs for aarch64: only killable on weakly ordered hardware" ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$weak' AND kind = 'torture'")" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$same' AND kind = 'torture'")" -eq 1 ]
	# A compile command that names its compiler by path makes no aarch64 object: declined, said.
	sed 's|^compile = .*|compile = /usr/bin/gcc -std=c11 -pthread -D_GNU_SOURCE -O2 -c -o "$MUTORTURE_OUT" "$MUTORTURE_FILE"|' \
		"$conf" >"$work/path.conf"
	sed -i "s|^tree = src|tree = ${conf%/*}/src|" "$work/path.conf"
	run mt campaign "$work/path.conf" --db "$work/p.db" --setup-only
	[ "$status" -eq 0 ]
	run mt run --db "$work/p.db" --mutants "$weak" --no-confirm --control-every 0 --jobs 1 --baseline-runs 1
	[ "$status" -eq 0 ]
	[[ $output == *"no aarch64 objects for"*"made no aarch64-linux-gnu object (it names its compiler by path"* ]]
	# compile.SUFFIX is compile.aarch64 only, and needs compile.
	printf '%s\n' "tree = ${conf%/*}/src" 'sources = qsbr.c' 'build = make' 'test = true' 'compile.arm = true' >"$work/bad.conf"
	run mt run --db "$db" --target "$work/bad.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'compile.arm': the other architecture's compile is 'compile.aarch64'"* ]]
	sed -i 's/^compile.arm = true$/compile.aarch64 = true/' "$work/bad.conf"
	run mt run --db "$db" --target "$work/bad.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"'compile.aarch64' needs 'compile'"* ]]
}

@test "a config target's header mutants are compared through its includers, on this host and aarch64" {
	local work db null odd wmb deleted dx da wx wa src=$MUTORTURE_HOME/tests/runner/fixture-tce/src
	work=$(scratch)
	db=$work/inc.db
	# The equivalence fixture (tests/runner/equivalence.bats) as a config file: ctr.h is
	# generated through mp.c, and ring.c includes it too.
	printf '%s\n' "tree = $src" 'sources = mp.c ring.c' 'header = ctr.h via mp.c' 'includers = ctr.h: mp.c ring.c' \
		'rules = linux' 'compdb = bear -- make -s' 'build = make -s' 'test = ./fixture-tce' \
		'compile = $(make -s --no-print-directory print-compile) -c -o "$MUTORTURE_OUT" "$MUTORTURE_FILE"' >"$work/inc.conf"
	run mt campaign "$work/inc.conf" --db "$db" --setup-only
	[ "$status" -eq 0 ]
	null=$(mutant_where "$db" ret reader_record "'NULL' -> '0'")
	odd=$(mutant_where "$db" ror phase_odd "'!=' -> '=='")
	wmb=$(mutant_where "$db" rcu-weaken publish "to 'smp_wmb'")
	deleted=$(mutant_where "$db" rcu-delete publish "'smp_mb[(][)]'")
	[ -n "$null" ] && [ -n "$odd" ] && [ -n "$wmb" ] && [ -n "$deleted" ]
	run mt run --db "$db" --mutants "$null,$odd,$wmb,$deleted" --no-confirm --control-every 0 --jobs 2 --baseline-runs 1
	[ "$status" -eq 0 ]
	[[ $output == *"equivalence: ctr.h compared through the objects of the 2 files that include it: mp.c ring.c"* ]]
	[[ $output == *"compiled for x86_64 and aarch64"* ]]
	# 'return NULL' -> 'return 0' in the header: the same code in both includers, no torture.
	[ "$(query "$db" "SELECT status FROM result WHERE mutant_id = '$null' AND kind = 'tce'")" = equivalent ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$null' AND kind = 'torture'")" -eq 0 ]
	# phase_odd() only ring.c uses: different there, so tortured (and killed).
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id = '$odd' AND kind = 'torture'")" -eq 1 ]
	# smp_mb() deleted and weakened to smp_wmb(): one x86 object, two arm64 objects (made by the
	# config's own compile command): no duplicate, both tortured.
	hashes() { awk -F '\t' -v m="$1" '$1 == m { print $3, $4 }' "$db.d/tce/hashes"; }
	read -r dx da <<<"$(hashes "$deleted")"
	read -r wx wa <<<"$(hashes "$wmb")"
	[ "$dx" = "$wx" ] && [ -n "$da" ] && [ -n "$wa" ] && [ "$da" != "$wa" ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE mutant_id IN ('$wmb', '$deleted') AND kind = 'torture'")" -eq 2 ]
	# An includers line that names no file of the tree is refused by key.
	sed -i 's/^includers = .*/includers = ctr.h: mp.c rnig.c/' "$work/inc.conf"
	run mt run --db "$db" --target "$work/inc.conf" --dry-run
	[ "$status" -eq 128 ]
	[[ $output == *"includers 'ctr.h: mp.c rnig.c': no file 'rnig.c' in '$src'"* ]]
}

@test "a 'fail' pattern decides as soon as its line is printed, and its line is the kill reason" {
	local work db kill keep
	work=$(scratch)
	# A failing run would wait 10 minutes after saying why: only the pattern ends it before the
	# runner's timeout (which would make it a timeout, not a kill).
	fixture_config "$work/f.conf" 'test = ./fixture || { echo "BUG: fixture said no"; sleep 600; }' 'fail = ^BUG:'
	db=$work/f.db
	run mt campaign "$work/f.conf" --db "$db" --setup-only
	[ "$status" -eq 0 ]
	kill=$(mutant_where "$db" ror sum_to "'<=' -> '<'")
	keep=$(mutant_where "$db" const settle "'1000' -> '1001'")
	run mt run --db "$db" --mutants "$kill,$keep" --no-confirm --no-prune --control-every 0 --jobs 2 --baseline-runs 1
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --status killed --format ids)" = "$kill" ]
	[ "$(mt list --db "$db" --status survived --format ids)" = "$keep" ]
	mt attempts --db "$db" --mutants "$kill" | grep -q 'BUG: fixture said no'
	[ -z "$(leftovers "$db.d")" ]
}

@test "a config's headers are generated through the file named after 'via', with its generate arguments" {
	local work db
	work=$(scratch)
	mkdir "$work/tree"
	cp "$FIXTURE"/src/* "$work/tree/"
	printf '%s\n' 'static inline int twice(int n)' '{' '	return n + n;' '}' >"$work/tree/sum.h"
	sed -i 's|#include <unistd.h>|#include <unistd.h>\n#include "sum.h"|; s|sum_to(10) != 55|sum_to(10) != twice(55) / 2|' \
		"$work/tree/fixture.c"
	printf '%s\n' 'tree = tree' 'sources = fix*.c' 'header = sum.h via fixture.c' 'generate_args = --operators aor' \
		'compdb = bear -- make -s' 'build = make -s' 'test = ./fixture' >"$work/h.conf"
	db=$work/h.db
	run mt campaign "$work/h.conf" --db "$db" --setup-only
	[ "$status" -eq 0 ]
	[[ $output == *"generating the mutants of fixture.c"* ]]
	[[ $output == *"generating the mutants of sum.h via fixture.c"* ]]
	mt list --db "$db" --format tsv >"$work/h.tsv"
	[ "$(awk -F '\t' '$5 != "aor"' "$work/h.tsv" | wc -l)" -eq 0 ]
	[ "$(awk -F '\t' '$2 == "sum.h" && $6 == "twice"' "$work/h.tsv" | wc -l)" -ge 1 ]
	[ "$(awk -F '\t' '$2 == "fixture.c"' "$work/h.tsv" | wc -l)" -ge 1 ]
	# The user's tree was only read.
	[ ! -e "$work/tree/fixture" ]
	[ ! -e "$work/tree/compile_commands.json" ]
}
