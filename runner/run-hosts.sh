# shellcheck shell=bash
# shellcheck disable=SC2154 # opt_*: set by run-options.sh; parallel_opts: run-session.sh
# run-hosts.sh: a run across machines, 'mutorture run --hosts FILE' (sourced by runner/run,
# never run). FILE is a GNU parallel sshloginfile ('[N/]LOGIN' a line, ':' the local machine,
# a LOGIN with spaces its own ssh command; the client is $PARALLEL_SSH, else ssh, as for GNU
# parallel). Each remote host gets, in ~/.mutorture-hosts/ (R): the runner (R/home/VERSION,
# once per version of it), the pristine tree (R/pristine/HASH, once per pristine hash, checked
# by that hash after the transfer; a host that has it reuses it), and the campaign's directory
# R/CAMPAIGN (its target folder, the restore list, its worker trees and logs). Each host then
# measures its own baseline (runner/host-job baseline), and its jobs run under timeouts from
# it; a host that cannot be reached, lacks a tool, or fails its baseline is dropped, with the
# reason, and the run goes on with the others. The torture rounds are one GNU parallel over
# the hosts that are left (--sshloginfile; a host that stops answering is left out of the next
# rounds, hosts_after_round): each job gets its mutated file
# (written here by 'mutorture apply', sent with --transferfile), runs runner/host-job on the
# host, prints its record on stdout to the one local 'mutorture record', and its logs come back
# with --return into DB.d/logs/, where the record says they are.
#
# Invariants: the database never leaves this machine, and nothing but records comes back on
# stdout; a job that printed no record (its host died, ssh failed) is retried on another host
# with the same attempt id (--retries, one try per host), so no mutant is recorded twice, and
# one that no host ran stays pending for the next run; the local machine (':') runs its jobs
# in DB.d/workers like a run without --hosts.

# Where a worker host keeps mutorture, relative to the login directory.
MT_REMOTE_ROOT=.mutorture-hosts
# Variables every host job gets from this machine (GNU parallel --env).
MT_HOST_ENV=(MT_CAMPAIGN MT_TOKEN MT_ROUND MT_TARGET_FILE MT_HOST_TIMEOUTS MT_MEM_KB MT_NPROC
	MT_LOG_LIMIT MT_SANDBOX MT_BASELINE_TIMEOUT MT_BUILD_TIMEOUT MT_TEST_TIMEOUT MUTORTURE_BUILD_JOBS MUTORTURE_READERS
	MUTORTURE_SEED MUTORTURE_DURATION MT_CHANGE_HASH MUTORTURE_CHANGE MT_JOB_CONFIRM MT_CONFIRM_DURATION)

# hosts_resolve: reads opt_hosts: sets hosts_n and, for each host I, hosts_line[I] (the line as
# GNU parallel reads it), hosts_name[I] (the host, as GNU parallel's PARALLEL_SSHHOST names it;
# ':' for this machine), hosts_jobs[I] (its N, '' when it leaves it to the host's cores) and
# hosts_ssh[I] (the ssh command, words; '' for ':'). Also the campaign's name on the hosts
# (MT_HOST_CAMPAIGN) and the runner's version (MT_HOST_VERSION).
hosts_resolve() {
	local file line login jobs
	local -a words
	file=$(realpath -- "$opt_hosts" 2>/dev/null) || mt_die "cannot read hosts file '$opt_hosts'"
	[[ -f $file && -r $file ]] || mt_die "cannot read hosts file '$opt_hosts'"
	opt_hosts=$file
	hosts_n=0
	hosts_line=() hosts_name=() hosts_jobs=() hosts_ssh=()
	while IFS= read -r line || [[ -n $line ]]; do
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		[[ -n $line && $line != '#'* ]] || continue
		login=$line
		jobs=''
		if [[ $login =~ ^([0-9]+)/(.*)$ ]]; then
			jobs=${BASH_REMATCH[1]}
			login=${BASH_REMATCH[2]}
			[[ $jobs =~ ^[1-9][0-9]{0,5}$ ]] ||
				mt_die "hosts file '$file': cannot read '$line' (N/ is 1 to 999999 jobs, not '$jobs')"
		fi
		if [[ $login == @* || $login =~ ^[0-9]+/ ]]; then
			mt_die "hosts file '$file': cannot read '$line' (only '[N/]LOGIN' lines; no host groups)"
		fi
		read -ra words <<<"$login"
		hosts_line[hosts_n]=$line
		hosts_jobs[hosts_n]=$jobs
		if [[ $login == : ]]; then
			hosts_name[hosts_n]=:
			hosts_ssh[hosts_n]=''
		elif ((${#words[@]} > 1)); then
			hosts_name[hosts_n]=${words[-1]#*@}
			hosts_ssh[hosts_n]="$login"
		else
			hosts_name[hosts_n]=${login#*@}
			hosts_ssh[hosts_n]="${PARALLEL_SSH:-ssh} $login"
		fi
		hosts_n=$((hosts_n + 1))
	done <"$file"
	((hosts_n)) || mt_die "hosts file '$file' names no host"
	MT_HOST_CAMPAIGN=$(printf '%s:%s' "$HOSTNAME" "$MT_CAMPAIGN" | sha256sum | cut -c1-16)
	MT_HOST_VERSION=$({ mt_tree_hash "$MUTORTURE_HOME/runner"; mt_tree_hash "$MUTORTURE_HOME/targets/lib"
		sha256sum <"$MUTORTURE_BIN"; } | sha256sum | cut -c1-16)
	export MT_HOST_CAMPAIGN
}

# hosts_quote WORD...: prints the words single-quoted for a remote shell, any shell.
hosts_quote() {
	local w sep=''
	for w; do
		printf "%s'%s'" "$sep" "${w//\'/\'\\\'\'}"
		sep=' '
	done
}

# The seconds a host has to answer a probe (reachable, tools, space) before it counts as
# failed ($MUTORTURE_HOST_TIMEOUT, default 30): ssh has no connect timeout of its own, and an
# unreachable address would hang the run.
HOSTS_PROBE_TIMEOUT=${MUTORTURE_HOST_TIMEOUT:-30}

# hosts_remote I SCRIPT [ARGS...]: runs the bash SCRIPT with ARGS on host I, in its login
# directory, stdin and stdout passed through; within HOSTS_REMOTE_TIMEOUT seconds if set.
hosts_remote() {
	local -a ssh limit=()
	read -ra ssh <<<"${hosts_ssh[$1]}"
	if [[ -n ${HOSTS_REMOTE_TIMEOUT:-} ]]; then limit=(timeout "$HOSTS_REMOTE_TIMEOUT"); fi
	"${limit[@]}" "${ssh[@]}" "$(hosts_quote bash -c "$2" mutorture-host "${@:3}")"
}

# hosts_probe I: sets probe_missing (the tools host I lacks, '' when none), probe_free_kb (free
# space in its login directory), probe_cores, probe_home and probe_pristine (1 when it already
# has this runner and this pristine tree); fails, with probe_error, when ssh fails.
hosts_probe() {
	local out line hash=''
	if [[ -f $MT_CAMPAIGN/pristine.hash ]]; then hash=$(<"$MT_CAMPAIGN/pristine.hash"); fi
	# shellcheck disable=SC2016 # expanded on the host
	if ! out=$(HOSTS_REMOTE_TIMEOUT=$HOSTS_PROBE_TIMEOUT hosts_remote "$1" '
		for t in bash perl rsync tar flock setsid timeout sha256sum find make; do
			command -v "$t" >/dev/null || printf "missing=%s\n" "$t"
		done
		printf "free_kb=%s\n" "$(df -Pk . | awk "NR == 2 { print \$4 }")"
		printf "cores=%s\n" "$(nproc)"
		if [ -f "$1/home/$2/.ok" ]; then echo home=1; fi
		if [ -f "$1/pristine/$3.ok" ]; then echo pristine=1; fi' \
		"$MT_REMOTE_ROOT" "$MT_HOST_VERSION" "${hash:-none}" 2>&1 </dev/null); then
		probe_error="ssh failed: $(tail -n 1 <<<"${out:-no answer within $HOSTS_PROBE_TIMEOUT s}")"
		return 1
	fi
	probe_missing='' probe_free_kb=0 probe_cores=1 probe_home='' probe_pristine=''
	while IFS= read -r line; do
		case $line in
		missing=*) probe_missing+="${probe_missing:+ }${line#missing=}" ;;
		free_kb=*) probe_free_kb=${line#free_kb=} ;;
		cores=*) probe_cores=${line#cores=} ;;
		home=1) probe_home=1 ;;
		pristine=1) probe_pristine=1 ;;
		esac
	done <<<"$out"
}

# hosts_check: the dry run's check of every host: reachable by ssh, the tools a job needs,
# free space for the pristine tree; prints one line a host. Fails when a host fails it, with
# hosts_failed the failed ones, each with why.
hosts_check() {
	local i need_kb ok=0 what
	hosts_failed=()
	hosts_resolve
	need_kb=$(du -sk "$MT_CAMPAIGN/pristine" 2>/dev/null | cut -f1) || need_kb=0
	printf 'hosts     %s: %d hosts, campaign directory ~/%s/%s on each\n' "$opt_hosts" "$hosts_n" "$MT_REMOTE_ROOT" "$MT_HOST_CAMPAIGN"
	for ((i = 0; i < hosts_n; i++)); do
		if [[ ${hosts_name[i]} == : ]]; then
			printf '  %-22s ok: this machine, %s jobs\n' "${hosts_line[i]}" "${hosts_jobs[i]:-$(nproc)}"
			continue
		fi
		if ! hosts_probe "$i"; then
			printf '  %-22s FAILED: %s\n' "${hosts_line[i]}" "$probe_error"
			hosts_failed+=("${hosts_line[i]} ($probe_error)")
			ok=1
			continue
		fi
		if [[ -n $probe_missing ]]; then
			printf '  %-22s FAILED: missing %s\n' "${hosts_line[i]}" "$probe_missing"
			hosts_failed+=("${hosts_line[i]} (missing $probe_missing)")
			ok=1
			continue
		fi
		what='to transfer'
		if [[ -n $probe_pristine ]]; then what='already there'; fi
		if [[ -z $probe_pristine ]] && ((probe_free_kb < 2 * ${need_kb:-0})); then
			printf '  %-22s FAILED: %s KB free, the pristine tree needs %s KB and its worker trees as much each\n' \
				"${hosts_line[i]}" "$probe_free_kb" "$need_kb"
			hosts_failed+=("${hosts_line[i]} ($probe_free_kb KB free)")
			ok=1
			continue
		fi
		printf '  %-22s ok: %s jobs, %s MB free, pristine tree %s, runner %s\n' "${hosts_line[i]}" \
			"${hosts_jobs[i]:-$probe_cores}" "$((probe_free_kb / 1024))" "$what" "$([[ -n $probe_home ]] && echo 'already there' || echo 'to transfer')"
	done
	return "$ok"
}

# hosts_install I RESTORE: gives host I what its jobs need that it lacks: the runner, the
# pristine tree (checked by its hash), and the campaign's directory (target folder, restore
# list RESTORE, the pristine tree's hash and a link to it). Fails, with probe_error, on the
# first step that fails.
hosts_install() {
	local i=$1 hash out
	hash=$(<"$MT_CAMPAIGN/pristine.hash")
	hosts_probe "$i" || return 1
	if [[ -n $probe_missing ]]; then probe_error="missing $probe_missing"; return 1; fi
	if [[ -z $probe_home ]]; then
		mt_note "host ${hosts_name[i]}: installing the runner (version $MT_HOST_VERSION)"
		# shellcheck disable=SC2016 # expanded on the host
		# The runner, and this mutorture binary as bin/mutorture (the jobs' log writer, 'mutorture
		# cap'): checked to run there, so a host of another architecture, or without libsqlite3,
		# is dropped here with the reason rather than failing every job.
		if ! out=$({ tar -C "$MUTORTURE_HOME" --format=posix -cf - runner targets/lib
			tar -C "${MUTORTURE_BIN%/*}" --format=posix --transform 's,^,bin/,' -cf - "${MUTORTURE_BIN##*/}"; } |
			hosts_remote "$i" '
			set -e; d=$1/home/$2; mkdir -p "$1/home"; rm -rf "$d"; mkdir "$d"
			tar -xif - -C "$d"
			if [ "$3" != mutorture ]; then mv "$d/bin/$3" "$d/bin/mutorture"; fi
			"$d/bin/mutorture" --version >/dev/null
			touch "$d/.ok"' \
			"$MT_REMOTE_ROOT" "$MT_HOST_VERSION" "${MUTORTURE_BIN##*/}" 2>&1); then
			probe_error="installing the runner failed: $(tail -n 1 <<<"$out")"
			return 1
		fi
	fi
	if [[ -z $probe_pristine ]]; then
		mt_note "host ${hosts_name[i]}: transferring the pristine tree (hash $hash, $(du -sh "$MT_CAMPAIGN/pristine" | cut -f1))"
		# shellcheck disable=SC2016 # expanded on the host
		tar -C "$MT_CAMPAIGN/pristine" --format=posix -cf - . | hosts_remote "$i" '
			set -e; d=$1/pristine/$3; mkdir -p "$1/pristine"; rm -rf "$d"; mkdir "$d"; tar -xf - -C "$d"
			got=$(bash "$1/home/$2/runner/host-job" hash "$d")
			if [ "$got" != "$3" ]; then echo "pristine tree hash $got after the transfer, not $3" >&2; exit 1; fi
			touch "$d.ok"' \
			"$MT_REMOTE_ROOT" "$MT_HOST_VERSION" "$hash" || { probe_error='transferring the pristine tree failed'; return 1; }
	fi
	# shellcheck disable=SC2016 # expanded on the host
	tar -C "${MT_TARGET_FILE%/*}" --format=posix -cf - . | hosts_remote "$i" '
		set -e; c=$1/$2; mkdir -p "$c/logs" "$c/runs"; rm -rf "$c/target"; mkdir "$c/target"; tar -xf - -C "$c/target"
		ln -sfn "$PWD/$1/pristine/$3" "$c/pristine"
		printf "%s\n" "$3" >"$c/pristine.hash"
		printf "%s" "$4" >"$c/baseline.files"
		bash "$1/home/$5/runner/host-job" sandbox >"$c/sandbox"' \
		"$MT_REMOTE_ROOT" "$MT_HOST_CAMPAIGN" "$hash" "$(<"$2")" "$MT_HOST_VERSION" ||
		{ probe_error='making the campaign directory failed'; return 1; }
	# A torture change's try: its files (CAMPAIGN/change/, runner/gaps-try) go with it.
	if [[ -n ${MUTORTURE_CHANGE:-} ]]; then
		# shellcheck disable=SC2016 # expanded on the host
		tar -C "$MT_CAMPAIGN/change" --format=posix -cf - . | hosts_remote "$i" '
			set -e; c=$1/$2; rm -rf "$c/change"; mkdir "$c/change"; tar -xf - -C "$c/change"' \
			"$MT_REMOTE_ROOT" "$MT_HOST_CAMPAIGN" || { probe_error='sending the torture change failed'; return 1; }
	fi
	hosts_jobs[i]=${hosts_jobs[i]:-$probe_cores}
}

# hosts_parallel_args VAR: sets the array VAR to the GNU parallel options every job on the
# hosts gets: its working directory there and the variables it reads.
hosts_parallel_args() {
	local -n _args=$1
	local var
	_args=(--workdir "$MT_REMOTE_ROOT/$MT_HOST_CAMPAIGN")
	for var in "${MT_HOST_ENV[@]}"; do
		if [[ -n ${!var+set} ]]; then _args+=(--env "$var"); fi
	done
}

# hosts_baseline I RESTORE: measures host I's baseline, as baseline_measure does on this
# machine (a build in each of its worker trees with the files of the list RESTORE put back,
# then K runs of each scenario at each duration, recorded with host=), and adds its timeouts to
# MT_HOST_TIMEOUTS; or reuses the timeouts of the last baseline that passed there
# (DB.d/hosts/NAME.baseline: the knobs it ran with, then its MT_HOST_TIMEOUTS line) when it ran
# with the same knobs, durations, jobs and restore list. Fails, with probe_error, when the
# baseline does not pass there.
hosts_baseline() {
	local i=$1 name=${hosts_name[$1]} out slot status secs build_s=0 records total bad d line fields knobs
	local saved="$MT_CAMPAIGN/hosts/${hosts_name[$1]//[^A-Za-z0-9._-]/_}.baseline"
	local -a args slots runs old
	local -A slowest=()
	baseline_knobs knobs
	knobs+=" durations=${baseline_durations[*]} factor=$opt_factor floor=$opt_floor jobs=${hosts_jobs[i]} restore=$(sha256sum <"$2" | cut -c1-16)"
	if [[ -f $saved ]]; then
		mapfile -t old <"$saved"
		if [[ ${old[0]} == "$knobs" && -n ${old[1]:-} ]]; then
			MT_HOST_TIMEOUTS+=${old[1]}$'\n'
			mt_note "host $name: the baseline of an earlier run holds (timeouts: ${old[1]})"
			return 0
		fi
	fi
	rm -f -- "$saved"
	hosts_parallel_args args
	mapfile -t slots < <(seq "${hosts_jobs[i]}")
	mapfile -t runs < <(seq "$opt_baseline_runs")
	mt_note "host $name: baseline: building the unmutated code in ${hosts_jobs[i]} worker trees, then $opt_baseline_runs runs of each scenario for each duration ($(baseline_durations_text))"
	out=$(parallel "${parallel_opts[@]}" -S "${hosts_line[i]}" "${args[@]}" -j "${hosts_jobs[i]}" \
		bash "../home/$MT_HOST_VERSION/runner/host-job" baseline build '{}' ::: "${slots[@]}") || true
	for slot in "${slots[@]}"; do
		status='' secs=''
		read -r status secs < <(awk -v s="$slot" '$1 == s { print $2, $3 }' <<<"$out") || true
		if [[ ${status:-} != ok ]]; then
			probe_error="baseline build in worker tree $slot: ${status:-no answer} (logs on the host: ~/$MT_REMOTE_ROOT/$MT_HOST_CAMPAIGN/logs/baseline/, workers/$slot.clone.log)"
			return 1
		fi
		build_s=$(awk -v a="$build_s" -v b="$secs" 'BEGIN { print (b > a) ? b : a }')
	done
	total=$((${#TARGET_SCENARIOS[@]} * opt_baseline_runs * ${#baseline_durations[@]}))
	pipeline "$total" "${args[@]}" -S "${hosts_line[i]}" -j "${hosts_jobs[i]}" \
		bash "../home/$MT_HOST_VERSION/runner/host-job" baseline test '{%}' '{1}' '{2}' '{3}' \
		::: "${TARGET_SCENARIOS[@]}" ::: "${runs[@]}" ::: "${baseline_durations[@]}" || [[ -n $MT_STOP ]] || mt_die "recording the baseline of host $name failed"
	if [[ -n $MT_STOP ]]; then mt_note 'interrupted during the baseline'; exit 130; fi
	records=$(grep -F $'\tkind=baseline\t' "$MT_RECORDS" | grep -F "attempt=$MT_TOKEN-${name//[^A-Za-z0-9._-]/_}-baseline-" || true)
	if ! baseline_judge "$records" "$total"; then
		bad=$baseline_bad
		if ((baseline_recorded != total)); then
			probe_error="the baseline did not complete: $baseline_recorded of $total runs recorded"
		else
			probe_error="baseline run $(mt_field attempt <<<"$bad"): $(mt_field status <<<"$bad") ($(mt_field reason <<<"$bad")); the unmutated code fails there"
		fi
		return 1
	fi
	while read -r d secs; do slowest[$d]=$secs; done <<<"$baseline_slowest"
	baseline_build_timeout line "$build_s"
	baseline_timeouts_fields fields slowest
	line="$name $line $fields"
	MT_HOST_TIMEOUTS+=$line$'\n'
	printf '%s\n%s\n' "$knobs" "$line" >"$saved"
	mt_note "host $name: baseline passed: slowest build $build_s s, slowest torture run $(for d in "${baseline_durations[@]}"; do printf '%s s ' "${slowest[$d]}"; done)(timeouts: $line)"
}

# hosts_prepare RESTORE: readies every host of opt_hosts for the torture rounds (after this
# machine's baseline): installs what it lacks (hosts_install, restore list RESTORE), measures
# its baseline or reuses the last one that holds (hosts_baseline), drops the hosts that fail either, with the reason, and writes
# the hosts that are left to DB.d/runs/TOKEN.hosts (MT_HOSTS_FILE, hosts_live of them). Fails
# when none is left.
hosts_prepare() {
	local i fields
	hosts_resolve
	MT_HOSTS_FILE="$MT_CAMPAIGN/runs/$MT_TOKEN.hosts"
	: >"$MT_HOSTS_FILE"
	hosts_live=0
	# This machine's timeouts, from its own baseline, for its line.
	baseline_timeouts_fields fields baseline_test_s
	MT_HOST_TIMEOUTS=": $MT_BUILD_TIMEOUT $fields"$'\n'
	export MT_HOST_TIMEOUTS
	# Every job runs from DB.d/hosts: where the mutated files are sent from, and where the jobs
	# of this machine find the runner as a host's jobs find theirs (../home/VERSION).
	mkdir -p -- "$MT_CAMPAIGN/hosts/mutants/-" "$MT_CAMPAIGN/hosts/$MT_REMOTE_ROOT/home"
	: >"$MT_CAMPAIGN/hosts/mutants/-/-"
	ln -sfn "$MUTORTURE_HOME" "$MT_CAMPAIGN/hosts/$MT_REMOTE_ROOT/home/$MT_HOST_VERSION"
	cd -- "$MT_CAMPAIGN/hosts" || mt_die "cannot enter '$MT_CAMPAIGN/hosts'"
	for ((i = 0; i < hosts_n; i++)); do
		if [[ ${hosts_name[i]} != : ]]; then
			if ! hosts_install "$i" "$1" || ! hosts_baseline "$i" "$1"; then
				mt_note "host ${hosts_name[i]} dropped: $probe_error"
				continue
			fi
		fi
		printf '%s\n' "${hosts_line[i]}" >>"$MT_HOSTS_FILE"
		hosts_live=$((hosts_live + 1))
	done
	((hosts_live)) || mt_die "no host of '$opt_hosts' is left to run on: no mutant was run"
	mt_note "running on $hosts_live hosts: $(paste -sd ' ' "$MT_HOSTS_FILE")"
}

# hosts_job_args HOW PLAN: sets the array HOW to the GNU parallel options that spread the jobs
# of PLAN over the hosts that are left, after writing the mutated file of each of its mutants
# that has none yet (DB.d/hosts/mutants/MUTANT/PATH, sent with the job). The command is
# runner/host-job job, as hosts_command gives it.
hosts_job_args() {
	local -n _how=$1
	local id path dir
	while IFS=$'\t' read -r id path _; do
		[[ $id != - ]] || continue
		dir="$MT_CAMPAIGN/hosts/mutants/$id"
		[[ ! -f $dir/$path ]] || continue
		mkdir -p -- "$(dirname -- "$dir/$path")"
		"$MUTORTURE_BIN" apply --db "$MT_DB" "$id" >"$dir/$path.tmp"
		mv -f -- "$dir/$path.tmp" "$dir/$path"
	done <"$2"
	hosts_parallel_args _how
	# Not --filter-hosts: it gives each host as many jobs as it has cores, whatever its N/
	# says (GNU parallel 20221122), and costs seconds a round; hosts_prepare and
	# hosts_after_round filter the hosts.
	_how+=(--sshloginfile "$MT_HOSTS_FILE" --retries "$hosts_live"
		--transferfile "$MT_CAMPAIGN/hosts/./mutants/{1}/{2}"
		--return "$MT_CAMPAIGN/./logs/{=1 s/^-\$/control/ =}/$MT_TOKEN.$MT_ROUND.{#}")
}

# hosts_after_round ROUND PLAN: after a torture round (of PLAN's jobs), says how many jobs no
# host gave a record for (they stay pending), and checks by ssh that each host of the round
# still answers; one that does not is named in the log and left out of the next rounds (its
# jobs that did not finish ran on another host, or stay pending). When no host is left, the
# run stops as after a signal (MT_STOP): what finished is recorded, the rest stays pending.
hosts_after_round() {
	local i out jobs got tab=$'\t'
	plan_rows jobs "$2"
	# A job that confirms its mutant gives a record a run: its first (TOKEN.ROUND.SEQ) counts.
	got=$(grep -c -E "attempt=$MT_TOKEN\.$1\.[0-9]+$tab" "$MT_RECORDS" || true)
	if ((got < jobs)); then
		mt_note "round $1: $((jobs - got)) of $jobs jobs came back without a record from any host (ssh or the host failed): they stay pending"
	fi
	: >"$MT_HOSTS_FILE.next"
	hosts_live=0
	for ((i = 0; i < hosts_n; i++)); do
		grep -qxF -- "${hosts_line[i]}" "$MT_HOSTS_FILE" || continue
		if [[ ${hosts_name[i]} != : ]] && ! out=$(HOSTS_REMOTE_TIMEOUT=$HOSTS_PROBE_TIMEOUT hosts_remote "$i" true 2>&1 </dev/null); then
			mt_note "host ${hosts_name[i]} FAILED during round $1: it no longer answers ssh ($(tail -n 1 <<<"$out")); its unfinished jobs ran on the other hosts or stay pending; no more jobs go to it"
			continue
		fi
		printf '%s\n' "${hosts_line[i]}" >>"$MT_HOSTS_FILE.next"
		hosts_live=$((hosts_live + 1))
	done
	mv -f -- "$MT_HOSTS_FILE.next" "$MT_HOSTS_FILE"
	if ((hosts_live == 0)); then
		mt_note "every host of '$opt_hosts' failed: what they did not finish stays pending"
		MT_STOP=1
	fi
}

# hosts_command VAR: sets the array VAR to the command of a torture job on the hosts.
hosts_command() {
	local -n _cmd=$1
	_cmd=(bash "../home/$MT_HOST_VERSION/runner/host-job" job)
}
