/* Paths and the places mutorture lives: lexical normalisation, the running binary, and the
 * home that holds runner/, targets/, reports/ and mutator/rules/. */
#ifndef MUTORTURE_PATH_H
#define MUTORTURE_PATH_H

/* Lexically normalised absolute path of path (relative to base unless absolute): "." and ".."
 * resolved, "//" folded; never touches the disk. malloc'd. */
char *path_normalize(const char *base, const char *path);

/* Where runner/, targets/, reports/ and mutator/rules/ live: $MUTORTURE_HOME, else the
 * installed share/mutorture beside the binary, else the source tree it was built from. */
const char *mutorture_home(void);
/* Absolute path of the running mutorture binary. */
const char *mutorture_binary(void);

#endif
