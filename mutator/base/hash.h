/* Content hashes for identities: FNV-1a 64 with a final avalanche step, printed as 16 hex
 * digits. Not cryptographic; stable across runs, machines and versions (ids depend on it). */
#ifndef MUTORTURE_HASH_H
#define MUTORTURE_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_HEX_LEN 16

struct hash {
	uint64_t state;
};

void hash_init(struct hash *h);
void hash_bytes(struct hash *h, const void *data, size_t len);
/* Adds one field: its length first, so ("ab","c") and ("a","bc") hash differently. */
void hash_field(struct hash *h, const void *data, size_t len);
void hash_field_str(struct hash *h, const char *s);
void hash_field_u64(struct hash *h, uint64_t v);
/* Writes HASH_HEX_LEN hex digits and a NUL into out. */
void hash_hex(const struct hash *h, char out[HASH_HEX_LEN + 1]);

/* The content hash of a file's text, as stored in source.hash and mixed into mutant ids. */
void hash_content(const char *text, size_t len, char out[HASH_HEX_LEN + 1]);

#endif
