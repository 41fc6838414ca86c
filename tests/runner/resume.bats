#!/usr/bin/env bats
# kill -9 of the runner at 20 random points (baseline, equivalence pass, mutant loop), on the
# hostile target (tests/runner/hostile), each time followed by a run that resumes: after each
# kill no process of the campaign is left, and in the end every mutant has exactly one final
# result, the database passes integrity_check and the pristine tree is unchanged. The random
# points come from a seed the test prints (RESUME_SEED repeats a sequence). Real GNU parallel,
# real builds, real runs.

load lib

HOSTILE="$MUTORTURE_HOME/tests/runner/hostile"

# line_of NAME: the line of hostile.c whose mutant does NAME.
line_of() {
	grep -n -F "act(\"$1\")" "$HOSTILE/src/hostile.c" | cut -d: -f1
}

@test "kill -9 at 20 random points, resumed each time: one final result per mutant, nothing left" {
	local work db name seed pid i n delay
	local -a lines=()
	work=$(scratch)
	db="$work/resume.db"
	mt init --db "$db" --target "$HOSTILE/target.sh"
	mt run --db "$db" --setup-only 2>/dev/null
	mt init --db "$db" --root "$db.d/pristine"
	for name in fail pass daemon daemon-noenv spew reason memhog deltree nobuild; do
		lines+=(--lines "hostile.c:$(line_of "$name")-$(line_of "$name")")
	done
	mt generate --db "$db" --operators const "${lines[@]}" hostile.c >/dev/null
	[ "$(mt list --db "$db" --format ids | wc -l)" -eq 9 ]
	seed=${RESUME_SEED:-$$}
	echo "seed $seed"
	RANDOM=$seed
	for ((i = 1; i <= 20; i++)); do
		# A fresh baseline now and then: the kills land in it and in the equivalence pass too.
		if ((i % 5 == 1)); then rm -f -- "$db.d/baseline"; fi
		HOSTILE_SLEEP=0.3 "$MUTORTURE_BIN" run --db "$db" --jobs 2 --mem-limit 256 --no-confirm --baseline-runs 1 \
			--control-every 4 --timeout-floor 5 >>"$work/runs.out" 2>&1 &
		pid=$!
		# 0.1 to 4 s: setup of the run, baseline, equivalence pass, mutant loop.
		delay=$((RANDOM % 40 + 1))
		sleep "$((delay / 10)).$((delay % 10))"
		kill -KILL "$pid" 2>/dev/null || true
		wait "$pid" || true
		echo "kill $i after $((delay / 10)).$((delay % 10)) s: $(mt list --db "$db" --pending --format ids | wc -l) pending"
		n=0
		while [ -n "$(leftovers "$db.d")" ] && ((n++ < 50)); do sleep 0.1; done
		[ -z "$(leftovers "$db.d")" ]
	done
	run mt run --db "$db" --jobs 2 --mem-limit 256 --no-confirm --baseline-runs 1 --control-every 4 --timeout-floor 5
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(mt list --db "$db" --pending --format ids | wc -l)" -eq 0 ]
	# Exactly one final result per mutant (errors are not final: they run again).
	[ "$(query "$db" "SELECT count(*) FROM mutant m WHERE (SELECT count(*) FROM result r WHERE r.mutant_id = m.id
		AND r.status <> 'error') <> 1")" -eq 0 ]
	[ "$(query "$db" "PRAGMA integrity_check")" = ok ]
	[ -z "$(leftovers "$db.d")" ]
	pristine_unchanged "$db"
}
