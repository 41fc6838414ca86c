# shellcheck shell=bash
# Worker hosts made on this machine for the --hosts tests and bench/scale-out (sourced): each
# host is a network namespace with a veth pair to this one on a private subnet, and Debian's
# sshd listening inside it, in a mount namespace of its own whose home directory (/root, or
# the user's) is a directory of the test: two hosts never see each other's files under ~.
# The keys, sshd configs, host keys and pid files are made in the test's own directory; the
# client uses them through an ssh_config (PARALLEL_SSH='ssh -F DIR/ssh_config'), so ~/.ssh is
# never read or written.
#
# Invariants: everything made here is named in DIR (namespaces in DIR/netns, one a line) and
# nshosts_down DIR removes exactly that, killing only the processes inside those namespaces;
# it is safe to call twice, or after a setup that failed half-way.

# nshosts_why_not: succeeds when hosts can be made here, else prints why not.
nshosts_why_not() {
	local cmd
	if ((EUID != 0)); then echo 'network namespaces need root'; return 1; fi
	for cmd in ip sshd ssh ssh-keygen unshare nsenter rsync; do
		if ! command -v "$cmd" >/dev/null && [[ ! -x /usr/sbin/$cmd ]]; then
			echo "'$cmd' is not installed (runner/install-deps --hosts)"
			return 1
		fi
	done
	if ! ip netns add "mt-probe-$$" 2>/dev/null; then echo 'cannot make a network namespace (ip netns add)'; return 1; fi
	ip netns del "mt-probe-$$"
}

# nshosts_up DIR N [JOBS]: makes N hosts h1..hN (JOBS job slots each, default 1) and writes
# DIR/ssh_config and DIR/hosts (a GNU parallel sshloginfile: JOBS/hI per line). Exports
# PARALLEL_SSH for the client side. Fails (after cleaning up nothing: call nshosts_down) when
# a host does not answer ssh.
nshosts_up() {
	local dir=$1 n=$2 jobs=${3:-1} i ns net veth home
	# A fresh directory: ssh-keygen asks before it overwrites a key.
	[[ ! -e $dir/id ]] || { echo "nshosts_up: '$dir' already holds hosts" >&2; return 1; }
	mkdir -p -- "$dir"
	: >"$dir/netns"
	: >"$dir/hosts"
	mkdir -p /run/sshd
	ssh-keygen -q -t ed25519 -N '' -C mutorture-test -f "$dir/id" >/dev/null
	cp -- "$dir/id.pub" "$dir/authorized_keys"
	printf 'Host *\n  User %s\n  IdentityFile %s/id\n  IdentitiesOnly yes\n  UserKnownHostsFile %s/known_hosts\n  StrictHostKeyChecking yes\n  BatchMode yes\n  ConnectTimeout 5\n  ServerAliveInterval 2\n  ServerAliveCountMax 2\n  LogLevel ERROR\n' \
		"$(id -un)" "$dir" "$dir" >"$dir/ssh_config"
	# A subnet per test run: 10.(200 + pid % 50).HOST.0/24.
	net=$((200 + $$ % 50))
	for ((i = 1; i <= n; i++)); do
		ns="mt-h$i-$$"
		veth="mth$i-$$"
		home="$dir/h$i/home"
		mkdir -p -- "$home"
		ip netns add "$ns"
		printf '%s\n' "$ns" >>"$dir/netns"
		ip link add "$veth" type veth peer name eth0 netns "$ns"
		ip addr add "10.$net.$i.1/24" dev "$veth"
		ip link set "$veth" up
		ip -n "$ns" addr add "10.$net.$i.2/24" dev eth0
		ip -n "$ns" link set eth0 up
		ip -n "$ns" link set lo up
		ssh-keygen -q -t ed25519 -N '' -f "$dir/h$i/host_key" >/dev/null
		printf 'h%d %s\n' "$i" "$(cut -d ' ' -f 1,2 "$dir/h$i/host_key.pub")" >>"$dir/known_hosts"
		printf 'ListenAddress 10.%d.%d.2\nHostKey %s/h%d/host_key\nPidFile %s/h%d/sshd.pid\nAuthorizedKeysFile %s/authorized_keys\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nPrintMotd no\n' \
			"$net" "$i" "$dir" "$i" "$dir" "$i" "$dir" >"$dir/h$i/sshd_config"
		printf 'Host h%d\n  HostName 10.%d.%d.2\n  HostKeyAlias h%d\n' "$i" "$net" "$i" "$i" >>"$dir/ssh_config"
		# The host's own home: sshd and every session it starts see DIR/hI/home as ~.
		ip netns exec "$ns" unshare -m --propagation private sh -c \
			'mount --bind "$1" "$2" && exec /usr/sbin/sshd -f "$3" -E "$4"' \
			sshd-h "$home" "$HOME" "$dir/h$i/sshd_config" "$dir/h$i/sshd.log"
		printf '%d/h%d\n' "$jobs" "$i" >>"$dir/hosts"
	done
	export PARALLEL_SSH="ssh -F $dir/ssh_config"
	for ((i = 1; i <= n; i++)); do
		nshosts_wait "$dir" "h$i" || return 1
	done
}

# nshosts_wait DIR HOST: waits (up to 10 s) until HOST answers ssh.
nshosts_wait() {
	local k
	for ((k = 0; k < 100; k++)); do
		if ssh -F "$1/ssh_config" "$2" true 2>/dev/null; then return 0; fi
		sleep 0.1
	done
	echo "host $2 does not answer ssh (log: $1/${2}/sshd.log)" >&2
	return 1
}

# nshosts_kill DIR I: host I dies: every process inside its namespace (its sshd and every
# session and job it started) is killed, and its address goes away, so it cannot be reached.
nshosts_kill() {
	local ns pid n
	ns=$(sed -n "${2}p" "$1/netns")
	[[ -n $ns ]] || return 1
	ip -n "$ns" link set eth0 down
	# A process may end between the listing and its kill (a job finishing): what counts is
	# that none is left.
	for ((n = 0; n < 100; n++)); do
		for pid in $(ip netns pids "$ns"); do kill -KILL "$pid" 2>/dev/null || true; done
		[[ -n $(ip netns pids "$ns") ]] || return 0
		sleep 0.1
	done
	echo "host $2: processes left in $ns after 10 s of kill -9: $(ip netns pids "$ns" | paste -sd ' ')" >&2
	return 1
}

# nshosts_break DIR I TOOL: on host I, the command at path TOOL fails from now on (/bin/false
# is mounted over it in the host's own mount namespace, sshd's, which every session shares);
# nshosts_mend DIR I TOOL undoes it.
nshosts_break() {
	nsenter -t "$(<"$1/h$2/sshd.pid")" -m mount --bind /bin/false "$3"
}

nshosts_mend() {
	nsenter -t "$(<"$1/h$2/sshd.pid")" -m umount "$3"
}

# nshosts_down DIR: removes every namespace nshosts_up made, killing what runs inside them.
nshosts_down() {
	local ns
	[[ -f $1/netns ]] || return 0
	while IFS= read -r ns; do
		ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL
		ip netns del "$ns" 2>/dev/null || true
	done <"$1/netns"
	: >"$1/netns"
}
