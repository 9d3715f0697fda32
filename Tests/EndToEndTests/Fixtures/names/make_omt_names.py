#!/usr/bin/env python3
"""Writes omt-names.mbtiles: one OpenMapTiles-schema vector tile (z14, over central Helsinki)
whose streets carry names in several languages, for the --language tests of the
OpenMapTiles look (the Helsinki example archive has no name:xx at all).

Three streets across the tile, each in `transportation` (class primary) and in
`transportation_name` with `name`, `name:latin` and:
  - "Pohjoisesplanadi": name:sv "Norra esplanaden", name_de "Nördliche Esplanade"
  - "Eteläesplanadi": name:sv "Södra esplanaden"
  - "Mannerheimintie": no other name

The Mapbox Vector Tile 2.1 encoding is written by hand (protobuf wire format), so the script
needs only Python's standard library; the output is deterministic.

usage: python3 make_omt_names.py   (rewrites omt-names.mbtiles next to this script)
"""
import gzip
import json
import os
import sqlite3

Z, X, Y = 14, 9326, 4742  # central Helsinki: 24.917–24.939 E, 60.163–60.174 N
EXTENT = 4096


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field(number, wire, payload):
    key = varint((number << 3) | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def zigzag(n):
    return (n << 1) ^ (n >> 31)


def line(points):
    """MoveTo the first point, LineTo the rest (MVT §4.3)."""
    commands = [1 | (1 << 3)]
    x0, y0 = 0, 0
    x, y = points[0]
    commands += [zigzag(x - x0), zigzag(y - y0)]
    commands.append(2 | ((len(points) - 1) << 3))
    for nx, ny in points[1:]:
        commands += [zigzag(nx - x), zigzag(ny - y)]
        x, y = nx, ny
    return b"".join(varint(c) for c in commands)


def layer(name, features):
    """features: [(properties dict, points)] as LineStrings."""
    keys, values = [], []
    body = field(15, 0, 2) + field(1, 2, name.encode())
    for index, (properties, points) in enumerate(features):
        tags = []
        for key, value in properties.items():
            if key not in keys:
                keys.append(key)
            if value not in values:
                values.append(value)
            tags += [keys.index(key), values.index(value)]
        feature = field(1, 0, index + 1)
        feature += field(2, 2, b"".join(varint(t) for t in tags))
        feature += field(3, 0, 2)  # LINESTRING
        feature += field(4, 2, line(points))
        body += field(2, 2, feature)
    for key in keys:
        body += field(3, 2, key.encode())
    for value in values:
        body += field(4, 2, field(1, 2, value.encode()))
    body += field(5, 0, EXTENT)
    return field(3, 2, body)


STREETS = [
    ({"name": "Pohjoisesplanadi", "name:latin": "Pohjoisesplanadi", "name:sv": "Norra esplanaden",
      "name_de": "Nördliche Esplanade"}, 1200),
    ({"name": "Eteläesplanadi", "name:latin": "Eteläesplanadi", "name:sv": "Södra esplanaden"}, 2000),
    ({"name": "Mannerheimintie", "name:latin": "Mannerheimintie"}, 2800),
]


def tile():
    roads = [({"class": "primary"}, [(-64, y), (EXTENT + 64, y)]) for _, y in STREETS]
    names = [(dict(props, **{"class": "primary"}), [(-64, y), (EXTENT + 64, y)]) for props, y in STREETS]
    return layer("transportation", roads) + layer("transportation_name", names)


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "omt-names.mbtiles")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    layers = [{"id": "transportation", "fields": {"class": "String"}},
              {"id": "transportation_name", "fields": {"class": "String", "name": "String", "name:latin": "String"}},
              {"id": "water", "fields": {}}]
    metadata = {"name": "omt-names", "format": "pbf", "minzoom": "14", "maxzoom": "14",
                "bounds": "24.916992,60.163376,24.938965,60.174306", "attribution": "© OpenStreetMap contributors",
                "json": json.dumps({"vector_layers": layers}, separators=(",", ":"))}
    db.executemany("INSERT INTO metadata VALUES (?, ?)", sorted(metadata.items()))
    data = gzip.compress(tile(), mtime=0)
    db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (Z, X, (1 << Z) - 1 - Y, data))
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
