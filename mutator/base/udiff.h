/* Unified diffs between two texts: what 'show' and 'survivors --diff' print (the same hunks
 * 'diff -u' gives, 3 lines of context). */
#ifndef MUTORTURE_UDIFF_H
#define MUTORTURE_UDIFF_H

#include <stddef.h>

#include "util.h"

/* Appends '--- a/PATH', '+++ b/PATH' and the hunks turning a into b; nothing if equal. */
void diff_unified(struct strbuf *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen);

#endif
