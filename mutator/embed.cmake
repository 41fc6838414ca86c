# Turns a text file into a C source defining `const char NAME[]` (NUL-terminated), so the
# program carries its schema and assets without looking for files at run time.
# Usage: cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "/* Generated from ${IN} by embed.cmake; do not edit. */\nconst char ${NAME}[] = {\n${bytes}0x00};\n")
