#!/bin/sh
# Writes the ZIP fixtures with two programs, Python's zipfile and Info-ZIP's zip
# (apt-get install -y zip). Run in this folder. The tests damage copies in memory.
set -eu
printf 'Hello, ZIP.\n' > hello.txt
python3 -c 'print("line of a track\n" * 2000, end="")' > lines.txt
python3 - <<'PY'
import io, zipfile
# Stored and deflated, with an archive comment.
for name, method in (("python-stored.zip", zipfile.ZIP_STORED), ("python-deflate.zip", zipfile.ZIP_DEFLATED)):
    with zipfile.ZipFile(name, "w", method) as archive:
        archive.comment = b"written by Python's zipfile"
        archive.write("hello.txt")
        archive.write("lines.txt", "folder/lines.txt")
        archive.writestr("empty.txt", b"")
        archive.writestr("caf\u00e9.txt", b"UTF-8 name\n")  # flag bit 11
# Written to a stream that cannot seek: every entry has a data descriptor (flag bit 3).
class Unseekable(io.RawIOBase):
    def __init__(self): self.data = bytearray()
    def writable(self): return True
    def write(self, b): self.data += b; return len(b)
out = Unseekable()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("hello.txt", open("hello.txt", "rb").read())
    archive.writestr("lines.txt", open("lines.txt", "rb").read())
open("python-descriptor.zip", "wb").write(out.data)
# 10 MiB of zeros: over 1000:1, past the 4 MiB under which any ratio is accepted.
with zipfile.ZipFile("python-zeros.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    archive.writestr("zeros.bin", bytes(10 << 20))
# A CP437 name (no flag bit 11): "caf\x82.txt" is "café.txt" in code page 437. zipfile
# would write UTF-8, so the name is patched in both headers.
with zipfile.ZipFile("python-cp437.zip", "w") as archive:
    archive.writestr("cafX.txt", b"CP437 name\n")
data = open("python-cp437.zip", "rb").read().replace(b"cafX.txt", b"caf\x82.txt")
open("python-cp437.zip", "wb").write(data)
PY
rm -f zip-*.zip
zip -q -X -0 -z zip-stored.zip hello.txt lines.txt <<'Z'
written by Info-ZIP
Z
zip -q -X -9 zip-deflate.zip hello.txt lines.txt
# From standard input to standard output, which cannot seek: zip writes a data descriptor
# for the entry "-".
zip -q -X -9 - - < lines.txt | cat > zip-stdin.zip
zip -q -X -P secret zip-encrypted.zip hello.txt
rm hello.txt lines.txt
