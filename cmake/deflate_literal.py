#!/usr/bin/env python3
"""Prints data files as one raw-DEFLATE C++ string literal, for generated sources that compile data
into the module (the page's files must stay small; core/share/inflate.h reads it back).

usage: deflate_literal.py [--strip-indent] FILE...
The files' texts are joined with a NUL byte between them (JSON text holds no raw NUL). With
--strip-indent a newline and the blanks after it are dropped: JSON strings hold no raw newline, so
they are whitespace between tokens and the document is the same.
Output: "<joined size> <compressed size>" on the first line, then the literal as adjacent strings.
"""
import re
import sys
import zlib


def main(argv):
    strip = argv and argv[0] == '--strip-indent'
    paths = argv[1:] if strip else argv
    if not paths:
        sys.exit('deflate_literal.py: no files')
    texts = []
    for path in paths:
        with open(path, 'rb') as f:
            data = f.read()
        if b'\0' in data:
            sys.exit(f'deflate_literal.py: {path} holds a NUL byte')
        texts.append(re.sub(rb'\n[ \t]*', b'', data) if strip else data)
    joined = b'\0'.join(texts)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw DEFLATE: no zlib header or checksum
    packed = packer.compress(joined) + packer.flush()
    print(len(joined), len(packed))
    # Three-digit octal escapes: never ambiguous with the byte after them, unlike \x.
    for i in range(0, len(packed), 40):
        print('"' + ''.join('\\%03o' % b for b in packed[i:i + 40]) + '"')


if __name__ == '__main__':
    main(sys.argv[1:])
