#!/bin/sh
# Builds the KMZ fixtures from doc.kml, a PNG icon and a JPEG header, with two programs:
# Python's zipfile (deflate) and Info-ZIP's zip (stored and deflate); and earth-gc.kmz from
# the GPSBabel Google Earth fixture ../gpsbabel-earth-gc.kml; three-documents.kmz. Run in
# this folder.
set -eu
python3 - <<'PY'
import struct, zlib, zipfile
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + b"\xff\x00\x00\xff" * 16 for _ in range(16))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open("icon.png", "wb").write(png)
# The first bytes of a JFIF file: enough to be told from a PNG.
open("photo.jpg", "wb").write(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9")
with zipfile.ZipFile("python-deflate.kmz", "w", zipfile.ZIP_DEFLATED) as kmz:
    kmz.write("doc.kml", "doc.kml")
    kmz.write("icon.png", "files/icon.png")
    kmz.write("photo.jpg", "files/photo.jpg")
with zipfile.ZipFile("earth-gc.kmz", "w", zipfile.ZIP_DEFLATED) as kmz:
    kmz.write("../gpsbabel-earth-gc.kml", "doc.kml")
# Three documents: the root is the first .kml at the archive's root, root.kml, though a
# .kml in a folder comes first and doc.kml after it.
def document(name):
    return ('<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>%s</name>'
            '<Point><coordinates>1,2</coordinates></Point></Placemark></kml>' % name)
with zipfile.ZipFile("three-documents.kmz", "w", zipfile.ZIP_DEFLATED) as kmz:
    kmz.writestr("folder/inner.kml", document("inner"))
    kmz.writestr("root.kml", document("root"))
    kmz.writestr("doc.kml", document("doc"))
PY
rm -rf files python-deflate.kmz.tmp zip-stored.kmz zip-deflate.kmz
mkdir files && cp icon.png photo.jpg files/
zip -q -X -0 zip-stored.kmz doc.kml files/icon.png files/photo.jpg
zip -q -X -9 zip-deflate.kmz doc.kml files/icon.png files/photo.jpg
rm -rf files
