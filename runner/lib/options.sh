# shellcheck shell=bash
# runner/lib/options.sh: the command lines of the runner's scripts, each parsed from the one
# table it has: the option lines of its usage header (sourced, never run; needs lib/base.sh).
# That header is what --help prints and what runner/README.md's option lists are checked
# against (tests/layout/options.sh), so an option is declared once. An option line is
#
#   #   --NAME ARG   help...     an option that takes a value (ARG: one word, one space after NAME)
#   #   --NAME       help...     a flag (two or more spaces, or the end of the line, after NAME)
#
# with its help continued on lines indented further; any other line of the header is text.
# The loop is git's parse-options in small: '--NAME VALUE' and '--NAME=VALUE' are the same, a
# value is never empty (an empty one would silently mean the default), a flag takes none, '-h'
# and '--help' print the header, and an option no table declares is an error, never a value.

# The options of the loaded tables: mt_option_arg[--NAME] is ARG, or '' for a flag.
declare -gA mt_option_arg=()

# mt_options_load SCRIPT...: adds the option lines of each SCRIPT's usage header to the table;
# an option declared twice keeps its first declaration (a script loads its own table first,
# then those it shares, as 'mutorture campaign' takes run's options).
mt_options_load() {
	local script line
	local re='^#   (--[a-z][a-z0-9-]*)( ([^ ]+))?( {2,}|$)'
	for script; do
		while IFS= read -r line; do
			case $line in
			'#!'*) continue ;;
			'#'*) ;;
			*) break ;;
			esac
			if [[ $line =~ $re && -z ${mt_option_arg[${BASH_REMATCH[1]}]+set} ]]; then
				mt_option_arg[${BASH_REMATCH[1]}]=${BASH_REMATCH[3]}
			fi
		done <"$script"
	done
}

# mt_options_parse HANDLER ARG...: parses a command line against the loaded table, calling
# "HANDLER --NAME VALUE" for each option (VALUE empty for a flag) and "HANDLER '' ARG" for each
# argument that is no option; what HANDLER does not take it hands to mt_options_unknown. Usage
# errors (exit 129) name the option as the user wrote it.
mt_options_parse() {
	local handler=$1 opt value inline
	shift
	while (($#)); do
		opt=$1
		value=''
		inline=''
		shift
		case $opt in
		-h | --help) mt_help "$0"; exit 0 ;;
		--help=*) mt_usage_error "$0" "option '--help' takes no value, not '${opt#*=}'" ;;
		--*=*)
			value=${opt#*=}
			opt=${opt%%=*}
			inline=1 ;;
		esac
		if [[ $opt != -* ]]; then
			"$handler" '' "$opt"
			continue
		fi
		[[ -n ${mt_option_arg[$opt]+set} ]] || mt_usage_error "$0" "unknown option '$opt'"
		if [[ -n ${mt_option_arg[$opt]} ]]; then
			if [[ -z $inline ]]; then
				(($#)) || mt_usage_error "$0" "option '$opt' requires a value"
				value=$1
				shift
			fi
			[[ -n $value ]] || mt_usage_error "$0" "option '$opt' expects a value, not ''"
		elif [[ -n $inline ]]; then
			mt_usage_error "$0" "option '$opt' takes no value, not '$value'"
		fi
		"$handler" "$opt" "$value"
	done
}

# mt_options_unknown NAME VALUE: what a HANDLER calls for what it does not take: an argument
# (NAME empty) is a usage error; an option its table declares, a script that contradicts its
# own usage header.
mt_options_unknown() {
	[[ -n $1 ]] || mt_usage_error "$0" "unknown option '$2'"
	mt_die "$0 declares option '$1' in its usage header and does not take it"
}
