/* The class of a kill reason: the console line with what changes from run to run taken out,
 * so that the same failure groups in a report whichever CPU, task, address, count or time it
 * shows. Any suite's line, not only the kernel's: a torture program that prints its histogram,
 * an element number or a stall time in its failure line must not make one class per run. What
 * names the failure stays: words, identifiers with digits (TINY01, rcu_ctrlblk2), and source
 * locations (tiny.c:88). */
#include <ctype.h>
#include <string.h>

#include "kill-reason.h"

/* Length of the "CPU: 12 " or "PID: 345 " token starting at s, or 0. */
static size_t id_token(const char *s)
{
	static const char *const names[] = { "CPU: ", "PID: ", "Comm: " };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);
		if (strncmp(s, names[i], n))
			continue;
		while (s[n] && s[n] != ' ')
			n++;
		return s[n] == ' ' ? n + 1 : n;
	}
	return 0;
}

/* Length of a "+0x1a/0x3d0" symbol offset starting at s, or 0. */
static size_t symbol_offset(const char *s)
{
	if (strncmp(s, "+0x", 3))
		return 0;
	size_t n = 3;
	while (isxdigit((unsigned char)s[n]))
		n++;
	if (strncmp(s + n, "/0x", 3))
		return 0;
	n += 3;
	while (isxdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* Length of an address (8 or more hex digits, 0x optional) starting at s, or 0. */
static size_t address(const char *s)
{
	size_t n = strncmp(s, "0x", 2) ? 0 : 2;
	size_t digits = 0;
	while (isxdigit((unsigned char)s[n + digits]))
		digits++;
	if (digits < 8 || isalnum((unsigned char)s[n + digits]))
		return 0;
	return n + digits;
}

/* Length of a number starting at s (digits, a fraction, hex after 0x), or 0. */
static size_t number(const char *s)
{
	size_t n = 0;
	if (!strncmp(s, "0x", 2) && isxdigit((unsigned char)s[2])) {
		n = 2;
		while (isxdigit((unsigned char)s[n]))
			n++;
	} else {
		while (isdigit((unsigned char)s[n]))
			n++;
		if (n && s[n] == '.' && isdigit((unsigned char)s[n + 1]))
			for (n++; isdigit((unsigned char)s[n]); n++)
				;
	}
	/* Part of an identifier (0x1f00ULL, 3rd, 64bit) is not a count to strip. */
	return n && (isalpha((unsigned char)s[n]) || s[n] == '_') ? 0 : n;
}

/* Whether out ends in a source location's "FILE.c:" or ".h:", whose line number stays. */
static bool after_source_file(const struct strbuf *out)
{
	return out->len >= 3 && out->buf[out->len - 1] == ':' &&
	       (!strncmp(out->buf + out->len - 3, ".c:", 3) || !strncmp(out->buf + out->len - 3, ".h:", 3));
}

void kill_reason_class(const char *reason, struct strbuf *out)
{
	/* A kill that 'mutorture recheck' named again is the same failure as a fresh one. */
	static const char rechecked[] = "recheck: ";
	if (!strncmp(reason, rechecked, sizeof(rechecked) - 1))
		reason += sizeof(rechecked) - 1;
	sb_reset(out);
	sb_add(out, "", 0); /* a string even for an empty reason */
	bool word_start = true;
	for (const char *s = reason; *s;) {
		size_t n;
		if (word_start && (n = id_token(s))) {
			s += n;
			continue;
		}
		if ((n = symbol_offset(s))) {
			s += n;
			continue;
		}
		if (word_start && (n = address(s))) {
			sb_adds(out, "ADDR");
			s += n;
			word_start = false;
			continue;
		}
		if (word_start && !after_source_file(out) && (n = number(s))) {
			sb_adds(out, "N");
			s += n;
			word_start = false;
			continue;
		}
		word_start = !isalnum((unsigned char)*s) && *s != '_';
		sb_addc(out, *s++);
	}
	while (out->len && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
}
