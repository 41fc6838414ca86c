/* FNV-1a 64 + splitmix64 finaliser; see hash.h. */
#include "hash.h"

#include <stdio.h>
#include <string.h>

void hash_init(struct hash *h)
{
	h->state = 0xcbf29ce484222325ULL;
}

void hash_bytes(struct hash *h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h->state ^= p[i];
		h->state *= 0x100000001b3ULL;
	}
}

void hash_field_u64(struct hash *h, uint64_t v)
{
	unsigned char le[8];
	for (int i = 0; i < 8; i++)
		le[i] = (unsigned char)(v >> (8 * i));
	hash_bytes(h, le, sizeof(le));
}

void hash_field(struct hash *h, const void *data, size_t len)
{
	hash_field_u64(h, len);
	hash_bytes(h, data, len);
}

void hash_field_str(struct hash *h, const char *s)
{
	hash_field(h, s, strlen(s));
}

void hash_hex(const struct hash *h, char out[HASH_HEX_LEN + 1])
{
	/* FNV's low bits mix poorly; the finaliser spreads every input bit over the output. */
	uint64_t z = h->state + 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	snprintf(out, HASH_HEX_LEN + 1, "%016llx", (unsigned long long)z);
}

void hash_content(const char *text, size_t len, char out[HASH_HEX_LEN + 1])
{
	struct hash h;
	hash_init(&h);
	hash_field(&h, text, len);
	hash_hex(&h, out);
}
