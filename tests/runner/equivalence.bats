#!/usr/bin/env bats
# The equivalence pass like with like, on its own fixture target (tests/runner/fixture-tce: the
# kernel's barriers for x86-64 and arm64, a header of static inline functions, gcc at -O2):
# objects compared on this host and on aarch64 with the same compiler family (gcc and
# aarch64-linux-gnu-gcc), a duplicate only when equal on both, a compiler barrier's deletion
# not taken for weak_memory, and a header's mutants compared through every file that
# includes it. Real compilers, real builds, real GNU parallel; one campaign for all the tests.

load lib

setup_file() {
	export TCE_DB TCE_OUT
	local fixture="$MUTORTURE_HOME/tests/runner/fixture-tce"
	TCE_DB="$(scratch)/tce.db"
	TCE_OUT="$(scratch)/tce.out"
	mt init --db "$TCE_DB" --target "$fixture/target.sh"
	mt run --db "$TCE_DB" --setup-only
	mt init --db "$TCE_DB" --root "$TCE_DB.d/pristine"
	mt generate --db "$TCE_DB" --rules linux mp.c ring.c
	mt generate --db "$TCE_DB" --rules linux --via mp.c ctr.h
	# (--timeout-floor 2: 'i++' -> 'i--' in sum_slots() loops until the timeout; --no-confirm:
	# one torture run a mutant, the pruning is what these tests are about)
	mt run --db "$TCE_DB" --jobs 2 --control-every 0 --timeout-floor 2 --no-confirm >"$TCE_OUT" 2>&1
}

# tce_hash MUTANT COLUMN: prints the mutant's object hash (3: this host's, 4: aarch64's).
tce_hash() {
	awk -F '\t' -v m="$1" -v c="$2" '$1 == m { print $c }' "$TCE_DB.d/tce/hashes"
}

# tce_verdict MUTANT: prints 'STATUS REASON' of the mutant's equivalence record, if any.
tce_verdict() {
	query "$TCE_DB" "SELECT status || ' ' || reason FROM result WHERE kind = 'tce' AND mutant_id = '$1'"
}

@test "every mutant builds and is decided; the run says what it compared" {
	[ "$(mt list --db "$TCE_DB" --format ids | wc -l)" -ge 40 ]
	[ "$(mt list --db "$TCE_DB" --pending --format ids | wc -l)" -eq 0 ]
	[ "$(count_status "$TCE_DB" build_error)" -eq 0 ]
	[ "$(count_status "$TCE_DB" error)" -eq 0 ]
	# aarch64 objects of every original, and of the mutants where they can change a verdict:
	# those equal to the original or to each other on the host (not ring.c's two, which
	# differ from everything).
	grep -q "equivalence: 3 files compiled for $HOSTTYPE and aarch64 (same compiler family)" "$TCE_OUT"
	local odd
	odd=$(mutant_where "$TCE_DB" ret odd "'phase_odd(ctr)' -> '0'")
	[ -n "$(tce_hash "$odd" 3)" ] && [ -z "$(tce_hash "$odd" 4)" ]
	grep -q 'equivalence: ctr.h compared through the objects of the 2 files that include it: mp.c ring.c' "$TCE_OUT"
	# One compiler family and version for both architectures: the objects say which.
	(cd "$TCE_DB.d/workers/1" && source "$MUTORTURE_HOME/tests/runner/fixture-tce/target.sh" &&
		target_compile . mp.c "$BATS_TEST_TMPDIR/host.o" &&
		target_compile . mp.c "$BATS_TEST_TMPDIR/arm64.o" aarch64-linux-gnu)
	readelf -h "$BATS_TEST_TMPDIR/arm64.o" | grep -q 'Machine: *AArch64'
	local host arm64
	# ('GCC: (Debian PACKAGE-REVISION) VERSION': the packages' revisions may differ.)
	host=$(readelf -p .comment "$BATS_TEST_TMPDIR/host.o" | sed -n 's/.*GCC: (.*) //p')
	arm64=$(readelf -p .comment "$BATS_TEST_TMPDIR/arm64.o" | sed -n 's/.*GCC: (.*) //p')
	[ -n "$host" ] && [ "$host" = "$arm64" ]
}

@test "a barrier deleted and weakened: the same x86 code, different arm64 code, no duplicate" {
	local deleted wmb rmb compiler m
	deleted=$(mutant_where "$TCE_DB" rcu-delete publish "'smp_mb[(][)]'")
	wmb=$(mutant_where "$TCE_DB" rcu-weaken publish "to 'smp_wmb'")
	rmb=$(mutant_where "$TCE_DB" rcu-weaken publish "to 'smp_rmb'")
	compiler=$(mutant_where "$TCE_DB" rcu-weaken publish "to 'barrier'")
	[ -n "$deleted" ] && [ -n "$wmb" ] && [ -n "$rmb" ] && [ -n "$compiler" ]
	# The premise, with the real compilers: on x86-64 smp_wmb() and smp_rmb() are compiler
	# barriers, so all four compile to one object; on arm64 each keeps (or loses) its own dmb.
	[ "$(tce_hash "$deleted" 3)" = "$(tce_hash "$wmb" 3)" ]
	[ "$(tce_hash "$deleted" 3)" = "$(tce_hash "$rmb" 3)" ]
	[ "$(tce_hash "$deleted" 3)" = "$(tce_hash "$compiler" 3)" ]
	[ "$(printf '%s\n' "$(tce_hash "$deleted" 4)" "$(tce_hash "$wmb" 4)" "$(tce_hash "$rmb" 4)" | sort -u | wc -l)" -eq 3 ]
	# None is anybody's duplicate: each went to the torture run (which a single thread survives).
	for m in "$deleted" "$wmb" "$rmb"; do
		[ -z "$(tce_verdict "$m")" ]
		[ "$(query "$TCE_DB" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id = '$m'")" -eq 1 ]
	done
	[ "$(query "$TCE_DB" "SELECT count(*) FROM result WHERE status = 'duplicate'
		AND mutant_id IN ('$deleted', '$wmb', '$rmb', '$compiler')")" -eq 0 ]
}

@test "a compiler barrier deleted: equivalent on both architectures, not weak_memory" {
	local deleted work
	deleted=$(mutant_where "$TCE_DB" rcu-delete sum_slots "'barrier[(][)]'")
	[ -n "$deleted" ]
	[ "$(tce_verdict "$deleted")" = "equivalent object code identical to the original's" ]
	# No mutant of the fixture carries the hint, and the report's section is empty.
	[ "$(query "$TCE_DB" "SELECT count(*) FROM result WHERE reason LIKE '%on this host%'")" -eq 0 ]
	run mt report --db "$TCE_DB"
	[ "$status" -eq 0 ]
	[[ $output == *$'## Weak-memory only\n\nNone.'* ]]
	# The trap this avoids, with the real compilers: clang-19 compiles the loop differently for
	# arm64 without the barrier (it vectorizes it), so gcc's x86 object against clang's arm64
	# one would have called this deletion weak_memory.
	work=$BATS_TEST_TMPDIR
	cp "$TCE_DB.d/pristine"/*.[ch] "$work/"
	clang-19 --target=aarch64-linux-gnu -isystem /usr/aarch64-linux-gnu/include -std=gnu11 -O2 -c -o "$work/orig.o" "$work/mp.c"
	mt apply --db "$TCE_DB" "$deleted" --tree "$work" >/dev/null
	clang-19 --target=aarch64-linux-gnu -isystem /usr/aarch64-linux-gnu/include -std=gnu11 -O2 -c -o "$work/mut.o" "$work/mp.c"
	local orig mut # set by mt_object_hash
	(source "$MUTORTURE_HOME/runner/lib/objects.sh" &&
		mt_object_hash orig "$work/orig.o" aarch64-linux-gnu && mt_object_hash mut "$work/mut.o" aarch64-linux-gnu &&
		[ "${#orig}" -eq 16 ] && [ "$orig" != "$mut" ])
}

@test "a campaign made before weak_memory migrates: its hints get the status, its tables take it" {
	local old=$BATS_TEST_TMPDIR/old.db id
	# A schema-3 campaign (tests/gaps/fixtures), whose CHECK constraints list the statuses of
	# its day, given an equivalence record the way the pass wrote the weak-memory hint then.
	cp "$MUTORTURE_HOME/tests/gaps/fixtures/schema3.db" "$old"
	id=$(query "$old" "SELECT id FROM mutant ORDER BY id LIMIT 1")
	sqlite3 "$old" "INSERT INTO result (attempt, mutant_id, kind, status, reason) VALUES ('old.tce.$id', '$id', 'tce',
		'equivalent', 'object code identical on this host (x86_64) but differs for aarch64: only killable on weakly ordered hardware')"
	[ "$(query "$old" "SELECT sql FROM sqlite_schema WHERE name = 'result'" | grep -c weak_memory)" -eq 0 ]
	run mt status --db "$old"
	[ "$status" -eq 0 ]
	[ "$(query "$old" "PRAGMA user_version")" -eq 5 ]
	[ "$(query "$old" "SELECT status FROM result WHERE attempt = 'old.tce.$id'")" = weak_memory ]
	[ "$(query "$old" "SELECT status FROM mutant_status WHERE mutant_id = '$id'")" = weak_memory ]
	[[ $output == *$'\n  weak_memory       1\n'* ]]
	[[ $output == *$'\nweak-memory only: 1 ('* ]]
	[ "$(query "$old" "PRAGMA integrity_check")" = ok ]
	# The tables take the new status from now on, through the record writer.
	printf 'attempt=new.tce\tmutant=%s\tkind=tce\tstatus=weak_memory\treason=again\n' "$id" |
		mt record --db "$old"
	[ "$(query "$old" "SELECT count(*) FROM result WHERE status = 'weak_memory'")" -eq 2 ]
	# An unknown status is still refused by the table itself.
	run sqlite3 "$old" "INSERT INTO result (attempt, status) VALUES ('x', 'weak')"
	[ "$status" -ne 0 ]
	[[ $output == *"CHECK constraint failed"* ]]
}

@test "an object's hash is that of its dump once stripped, with debug info or without, on both architectures" {
	local work=$BATS_TEST_TMPDIR cc flags triple new old h
	cp "$TCE_DB.d/pristine"/*.[ch] "$work/"
	for cc in gcc aarch64-linux-gnu-gcc; do
		for flags in -O2 '-O2 -g' '-O2 -g3'; do
			# shellcheck disable=SC2086 # the flags are words
			"$cc" -std=gnu11 $flags -c -o "$work/x.o" "$work/mp.c"
			triple=''
			if [[ $cc != gcc ]]; then triple=aarch64-linux-gnu; fi
			new=$(source "$MUTORTURE_HOME/runner/lib/objects.sh" && mt_object_hash h "$work/x.o" ${triple:+"$triple"} && echo "$h")
			# What the hash was before runner/object-dump.awk: objcopy strips, objdump dumps.
			"${triple:+$triple-}objcopy" --strip-debug -R .comment -R .note.GNU-stack "$work/x.o"
			old=$("${triple:+$triple-}objdump" -s -r "$work/x.o" | grep -v 'file format' | sha256sum | cut -c1-16)
			[ "$new" = "$old" ] || { echo "$cc $flags: $new != $old"; false; }
		done
	done
}

@test "a header's mutants are compared through every file that includes it" {
	local n null odd
	n=$(mt list --db "$TCE_DB" --files ctr.h --format ids | wc -l)
	[ "$n" -ge 15 ]
	# Every one was compiled (through mp.c and ring.c).
	[ "$(mt list --db "$TCE_DB" --files ctr.h --format ids | while read -r m; do tce_hash "$m" 3; done | grep -c .)" -eq "$n" ]
	# 'return NULL' -> 'return 0' is the same code everywhere: equivalent, no torture run.
	null=$(mutant_where "$TCE_DB" ret reader_record "'NULL' -> '0'")
	[ "$(tce_verdict "$null")" = "equivalent object code identical to the original's" ]
	[ "$(query "$TCE_DB" "SELECT count(*) FROM result WHERE kind = 'torture' AND mutant_id = '$null'")" -eq 0 ]
	# '(ctr & 1) != 0' with '1' -> '0' is 'return 0': a duplicate of that mutant.
	[ "$(query "$TCE_DB" "SELECT count(*) FROM result WHERE status = 'duplicate' AND mutant_id IN
		(SELECT m.id FROM mutant m JOIN source s ON s.id = m.source_id WHERE s.path = 'ctr.h')")" -ge 2 ]
	# phase_odd() is used by ring.c only: its mutants change nothing that mp.c (the file they
	# were generated through) compiles to, yet they are not equivalent, and the torture kills
	# '!=' -> '=='.
	odd=$(mutant_where "$TCE_DB" ror phase_odd "'!=' -> '=='")
	[ -z "$(tce_verdict "$odd")" ]
	mt list --db "$TCE_DB" --status killed --format ids | grep -qx "$odd"
	[ "$(query "$TCE_DB" "SELECT count(*) FROM result r JOIN mutant m ON m.id = r.mutant_id
		WHERE r.kind = 'tce' AND r.status = 'equivalent' AND m.function = 'phase_odd'")" -eq 0 ]
	[ -z "$(leftovers "$TCE_DB.d")" ]
}

# fixture_variant NAME SED-SCRIPT: prints the target.sh of a copy of the fixture whose
# target.sh is edited by SED-SCRIPT, and a campaign database of it with fixture's mutants.
fixture_variant() {
	local dir
	dir="$(scratch)/$1"
	cp -a "$MUTORTURE_HOME/tests/runner/fixture-tce" "$dir"
	sed -i "$2" "$dir/target.sh"
	mt init --db "$dir.db" --target "$dir/target.sh"
	mt run --db "$dir.db" --setup-only
	mt init --db "$dir.db" --root "$dir.db.d/pristine"
	mt generate --db "$dir.db" --rules linux mp.c ring.c >/dev/null
	printf '%s\n' "$dir.db"
}

@test "a target that declines aarch64: decided on this host's objects alone, and the run says why" {
	local db deleted wmb rmb compiler
	db=$(fixture_variant declined 's/^\t\tsource "\$MUTORTURE_HOME\/targets\/lib\/cross.sh".*/\t\techo "no aarch64 here, says the target" >\&2; return 2/')
	run mt run --db "$db" --jobs 2 --control-every 0 --operators rcu-delete,rcu-weaken
	[ "$status" -eq 0 ]
	[[ $output == *"equivalence: no aarch64 objects for mp.c (no aarch64 here, says the target): decided on $HOSTTYPE objects alone, no weak-memory hint"* ]]
	# The x86 objects decide: the deletion and the weakenings are one object there, so all
	# but the first in the plan are its duplicates.
	deleted=$(mutant_where "$db" rcu-delete publish "'smp_mb[(][)]'")
	wmb=$(mutant_where "$db" rcu-weaken publish "to 'smp_wmb'")
	rmb=$(mutant_where "$db" rcu-weaken publish "to 'smp_rmb'")
	compiler=$(mutant_where "$db" rcu-weaken publish "to 'barrier'")
	[ "$(query "$db" "SELECT count(*) FROM result WHERE status = 'duplicate'
		AND mutant_id IN ('$deleted', '$wmb', '$rmb', '$compiler')")" -eq 3 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'tce' AND reason NOT LIKE '%(compiled for $HOSTTYPE only)'")" -eq 0 ]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE reason LIKE '%on this host%'")" -eq 0 ]
}

@test "an original that target_compile cannot compile: its mutants are not build errors" {
	local db
	db=$(fixture_variant broken 's/-c -o "\$out" "\$file"/-c -o "$out" -fno-such-option "$file"/')
	run mt run --db "$db" --jobs 2 --control-every 0 --operators ret
	[ "$status" -eq 0 ]
	[[ $output == *"equivalence: the original of mp.c does not compile with target_compile ("*"-fno-such-option"*"): its mutants go to the torture run"* ]]
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'tce'")" -eq 0 ]
	[ "$(count_status "$db" build_error)" -eq 0 ]
	[ "$(mt list --db "$db" --operators ret --status killed,survived --format ids | wc -l)" -eq \
		"$(mt list --db "$db" --operators ret --format ids | wc -l)" ]
}

@test "an equivalence pass killed midway keeps what it compiled: the next pass compiles the rest, same verdicts" {
	local db out n tce
	db="$(scratch)/kept.db"
	out="$BATS_TEST_TMPDIR/kept.out"
	mt init --db "$db" --target "$MUTORTURE_HOME/tests/runner/fixture-tce/target.sh"
	mt run --db "$db" --setup-only
	mt init --db "$db" --root "$db.d/pristine"
	mt generate --db "$db" --rules linux mp.c ring.c >/dev/null
	# One job: the pass is killed once 3 mutants have their objects' hashes, long before it ends.
	"$MUTORTURE_BIN" run --db "$db" --jobs 1 --control-every 0 --timeout-floor 2 --no-confirm >"$out" 2>&1 &
	local pid=$!
	for ((n = 0; n < 3000; n++)); do
		(($(find "$db.d/tce" -path '*/kept-*/*' -type f ! -name '*.tmp' 2>/dev/null | wc -l) >= 3)) && break
		sleep 0.1
	done
	kill -9 "$pid"
	wait "$pid" || true
	pkill -9 -f "tce-job.*$db" || true
	# Nothing was recorded by the killed pass; the next one says what it kept, and decides.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'tce'")" -eq 0 ]
	n=$(find "$db.d/tce" -path '*/kept-*/*' -type f ! -name '*.tmp' | wc -l)
	[ "$n" -ge 3 ]
	run mt run --db "$db" --jobs 2 --control-every 0 --timeout-floor 2 --no-confirm
	echo "$output"
	[ "$status" -eq 0 ]
	[[ $output =~ equivalence:\ compiling\ [0-9]+\ mutants\ and\ their\ originals\ \(target_compile\)\;\ ([0-9]+)\ of\ them\ done\ by\ an\ interrupted\ pass,\ kept ]]
	[ "${BASH_REMATCH[1]}" -ge 3 ]
	# The same equivalence verdicts as the shared campaign's uninterrupted pass.
	# (Mutant ids are content hashes: the same mutants of mp.c and ring.c in both campaigns.)
	tce="SELECT mutant_id || ' ' || status FROM result WHERE kind = 'tce' ORDER BY 1"
	query "$db" "SELECT id FROM mutant" >"$BATS_TEST_TMPDIR/ids"
	[ "$(query "$db" "$tce")" = "$(query "$TCE_DB" "$tce" | grep -F -f "$BATS_TEST_TMPDIR/ids")" ]
	[ -n "$(query "$db" "$tce")" ]
}

@test "compiles that give no verdict are counted and named: a broken pass never looks like one that found nothing" {
	local db="$BATS_TEST_TMPDIR/broken.db" bin="$BATS_TEST_TMPDIR/bin"
	# objdump broken on purpose: every tce-job fails after its compile, with no line.
	mkdir -p "$bin"
	printf '#!/bin/sh\necho "objdump: broken on purpose" >&2\nexit 1\n' >"$bin/objdump"
	chmod +x "$bin/objdump"
	mt init --db "$db" --target "$MUTORTURE_HOME/tests/runner/fixture-tce/target.sh"
	mt run --db "$db" --setup-only
	mt init --db "$db" --root "$db.d/pristine"
	mt generate --db "$db" --rules linux ring.c >/dev/null
	PATH="$bin:$PATH" run mt run --db "$db" --jobs 2 --control-every 0 --timeout-floor 2 --no-confirm
	[ "$status" -eq 0 ]
	local n
	n=$(($(mt list --db "$db" --format ids | wc -l) + 1))
	[[ $output == *"equivalence: $n of $n compiles gave no verdict (timed out, or the job failed; $db.d/tce/"*".log: objdump: broken on purpose): their mutants go to the torture run"* ]]
	[[ $output == *"equivalence: nothing decided without a torture run"* ]]
	# Undecided, not decided wrongly: every mutant went to the torture run.
	[ "$(query "$db" "SELECT count(*) FROM result WHERE kind = 'tce'")" -eq 0 ]
	[ "$(mt list --db "$db" --pending --format ids | wc -l)" -eq 0 ]
}
