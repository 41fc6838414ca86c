# Usage: awk -F '\t' -f runner/slowest.awk RECORDS
# The slowest torture run (test_s) of the records (runner/job's 'key=value' fields), by
# duration and by duration and scenario: lines 'DURATION SECONDS' and 'DURATION@SCENARIO
# SECONDS' ('default' for runs that asked for no duration). A baseline's torture timeouts come
# from them: a scenario's own where it has one, so a short scenario is not held to the timeout
# of a long one.
function slowest(key, t) {
	if (!(key in max) || t > max[key]) max[key] = t
}
{
	d = "default"; t = 0; s = ""
	for (i = 1; i <= NF; i++) {
		if (index($i, "duration=") == 1 && length($i) > 9) d = substr($i, 10)
		if (index($i, "test_s=") == 1) t = substr($i, 8) + 0
		if (index($i, "scenario=") == 1) s = substr($i, 10)
	}
	slowest(d, t)
	if (s != "") slowest(d "@" s, t)
}
END {
	for (key in max) printf "%s %.3f\n", key, max[key]
}
