/* Streaming JSON writer; see json.h. */
#include "json.h"

#include <math.h>
#include <string.h>

void json_init(struct json *j, struct strbuf *out)
{
	j->out = out;
	j->depth = 0;
	j->has_items[0] = false;
	j->in_object[0] = false;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 if it is not one. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
	size_t len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
	if (s[0] >= 0xf5 || !len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return len;
}

/* A JSON string; bytes that are not UTF-8 (a Latin-1 comment in a source) become U+FFFD, as
 * a browser would show them, so the output is always valid JSON. */
static void put_string(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	sb_addc(sb, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = p[i];
		if (c >= 0x80) {
			size_t n = utf8_sequence(p + i, len - i);
			if (n) {
				sb_add(sb, s + i, n);
				i += n - 1;
			} else
				sb_adds(sb, "\\ufffd");
			continue;
		}
		switch (c) {
		case '"': sb_adds(sb, "\\\""); break;
		case '\\': sb_adds(sb, "\\\\"); break;
		case '\n': sb_adds(sb, "\\n"); break;
		case '\t': sb_adds(sb, "\\t"); break;
		case '\r': sb_adds(sb, "\\r"); break;
		default:
			if (c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&')
				sb_addf(sb, "\\u%04x", c);
			else
				sb_addc(sb, (char)c);
		}
	}
	sb_addc(sb, '"');
}

/* Writes the separator and the key an item needs where it stands. */
static void item(struct json *j, const char *key)
{
	if (j->depth == 0 && j->has_items[0])
		BUG("json: a second top-level value");
	if (j->in_object[j->depth] != (key != NULL))
		BUG("json: %s", key ? "a key inside an array" : "an object member without a key");
	if (j->has_items[j->depth])
		sb_addc(j->out, ',');
	j->has_items[j->depth] = true;
	if (key) {
		put_string(j->out, key, strlen(key));
		sb_addc(j->out, ':');
	}
}

static void open_level(struct json *j, const char *key, char bracket, bool object)
{
	item(j, key);
	if (++j->depth >= JSON_MAX_DEPTH)
		BUG("json: nested deeper than %d", JSON_MAX_DEPTH);
	j->has_items[j->depth] = false;
	j->in_object[j->depth] = object;
	sb_addc(j->out, bracket);
}

static void close_level(struct json *j, char bracket, bool object)
{
	if (j->depth == 0 || j->in_object[j->depth] != object)
		BUG("json: '%c' does not close what is open", bracket);
	j->depth--;
	sb_addc(j->out, bracket);
}

void json_object_begin(struct json *j, const char *key)
{
	open_level(j, key, '{', true);
}

void json_object_end(struct json *j)
{
	close_level(j, '}', true);
}

void json_array_begin(struct json *j, const char *key)
{
	open_level(j, key, '[', false);
}

void json_array_end(struct json *j)
{
	close_level(j, ']', false);
}

void json_string_len(struct json *j, const char *key, const char *value, size_t len)
{
	item(j, key);
	put_string(j->out, value, len);
}

void json_string(struct json *j, const char *key, const char *value)
{
	json_string_len(j, key, value, strlen(value));
}

void json_int(struct json *j, const char *key, long long value)
{
	item(j, key);
	sb_addf(j->out, "%lld", value);
}

void json_double(struct json *j, const char *key, double value)
{
	item(j, key);
	if (isfinite(value))
		sb_addf(j->out, "%.15g", value);
	else
		sb_adds(j->out, "null");
}

void json_bool(struct json *j, const char *key, bool value)
{
	item(j, key);
	sb_adds(j->out, value ? "true" : "false");
}

void json_finish(struct json *j)
{
	if (j->depth != 0)
		BUG("json: %d levels left open", j->depth);
}
