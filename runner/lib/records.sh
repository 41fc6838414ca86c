# shellcheck shell=bash
# runner/lib/records.sh: result records (sourced, never run): a record is one line of
# tab-separated key=value fields with backslash, tab and newline escaped (the contract of
# 'mutorture record'), and the log ends and reasons it carries, cleaned of what a terminal or a
# record cannot take.

# mt_escape VALUE: prints VALUE with backslash, tab and newline escaped for a record.
mt_escape() {
	local v=$1
	v=${v//\\/\\\\}
	v=${v//$'\t'/\\t}
	v=${v//$'\n'/\\n}
	printf '%s' "$v"
}

# mt_record KEY=VALUE...: prints one result record (fields in the order given).
mt_record() {
	local field sep=''
	for field; do
		printf '%s%s=' "$sep" "${field%%=*}"
		mt_escape "${field#*=}"
		sep=$'\t'
	done
	printf '\n'
}

# mt_field KEY: prints KEY's value of each record on stdin (values without escapes only).
mt_field() {
	awk -F '\t' -v key="$1" '{ for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) print substr($i, length(key) + 2) }'
}

# mt_log_tail VAR FILE: sets VAR to the end of a log, for a record's log_tail: its last 15
# lines without control characters (tab and newline kept), at most their last 2000 bytes.
mt_log_tail() {
	local _tail=''
	if [[ -f $2 ]]; then
		# The x keeps trailing newlines for the byte count; bash drops NUL bytes (and says so on
		# stderr), as the control characters are dropped anyway.
		{ _tail=$(tail -n 15 -- "$2"; printf x); } 2>/dev/null
		_tail=${_tail%x}
		# Fifteen lines of a console that never ends a line can be huge: what matters is the end.
		if ((${#_tail} > 65536)); then _tail=${_tail: -65536}; fi
		_tail=${_tail//[$'\001'-$'\010'$'\013'-$'\037'$'\177']/}
		if ((${#_tail} > 2000)); then _tail=${_tail: -2000}; fi
		while [[ $_tail == *$'\n' ]]; do _tail=${_tail%$'\n'}; done
	fi
	printf -v "$1" '%s' "$_tail"
}

# Bytes of a record's free-text value (a reason): 'mutorture record' cuts there too.
MT_FIELD_MAX=4096

# mt_clean: a filter: each line cut at MT_FIELD_MAX bytes, without control characters (tab
# kept): whatever a hook printed, a value a record can carry.
mt_clean() {
	cut -b "1-$MT_FIELD_MAX" | tr -d '\000-\010\013-\037\177'
}

# mt_reason FILE: prints the last 'mutorture-reason: TEXT' of a torture log, without the tag,
# cleaned (mt_clean).
mt_reason() {
	sed -n '/^mutorture-reason: /h; ${ x; s/^mutorture-reason: //p; }' -- "$1" | mt_clean
}
