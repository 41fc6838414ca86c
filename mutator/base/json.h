/* A small streaming JSON writer into a strbuf: it places the commas and colons, escapes every
 * string (also '<', '>' and '&', so the output can sit inside an HTML <script> element), and
 * checks nesting. Keys are given for members of objects and NULL for elements of arrays. */
#ifndef MUTORTURE_JSON_H
#define MUTORTURE_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define JSON_MAX_DEPTH 32

struct json {
	struct strbuf *out;
	int depth;
	bool has_items[JSON_MAX_DEPTH]; /* a comma is due before the next item at this depth */
	bool in_object[JSON_MAX_DEPTH];
};

void json_init(struct json *j, struct strbuf *out);
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
void json_array_end(struct json *j);
void json_string(struct json *j, const char *key, const char *value);
void json_string_len(struct json *j, const char *key, const char *value, size_t len);
void json_int(struct json *j, const char *key, long long value);
/* Non-finite numbers are written as null (JSON has no NaN). */
void json_double(struct json *j, const char *key, double value);
void json_bool(struct json *j, const char *key, bool value);
/* Checks that every object and array was closed. */
void json_finish(struct json *j);

#endif
