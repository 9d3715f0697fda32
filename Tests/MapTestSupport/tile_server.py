#!/usr/bin/env python3
"""A tile server for maprender's HTTP tile tests, listening on 127.0.0.1 only.

Usage: tile_server.py [SLOW_SECONDS [FILES]]. Binds port 0 and prints the chosen port on the first
line of standard output, then serves until terminated or until its standard input closes
(so it never outlives the test that started it, even one that crashed).

Paths (Z/X/Y are integers; an "@2x" before ".png" asks for a 512-pixel tile):
  /tiles/Z/X/Y.png      a PNG tile, Cache-Control: max-age=3600
  /500/Z/X/Y.png        always HTTP 500
  /flaky/Z/X/Y.png      HTTP 500 on the first request for a path, then the tile
  /404/Z/X/Y.png        HTTP 404
  /slow/Z/X/Y.png       sleeps SLOW_SECONDS (default 3) before answering
  /delay/Z/X/Y.png      sleeps 0.1 s before answering (to see requests overlap)
  /garbage/Z/X/Y.png    200 with bytes that are no image
  /truncated/Z/X/Y.png  200 with the first half of a PNG
  /nostore/Z/X/Y.png    the tile with Cache-Control: no-store
  /etag/Z/X/Y.png       the tile with Cache-Control: max-age=0 and an ETag; a request
                        with a matching If-None-Match gets 304 Not Modified
  /expires/Z/X/Y.png    the tile with an Expires date in the past
  /archive/NAME         the file NAME of Tests/MapTilesTests/Fixtures/pmtiles with byte-range
                        support (RFC 9110 §14: "Range: bytes=A-B" gets 206 and Content-Range)
                        and a strong ETag; /archive-norange/NAME ignores Range (200 with the
                        whole file); /archive-changing/NAME changes its ETag on every request;
                        /archive-replaced/NAME has the ETag of the archive's generation, which
                        /replace moves on (the file replaced on the server between two maps)
  /range/MODE/NAME     the file NAME of the folder FILES with byte ranges as /archive/ serves
                        them, counting requests and body bytes in the stats; MODE ok serves
                        them well, norange ignores Range (200 with the whole file), changing
                        changes the ETag after the first request, truncated sends half the
                        body of every request after the first and closes the connection, slow
                        sleeps 0.05 s before each answer
  /mvt/NAME/Z/X/Y.pbf   the vector tile of the MBTiles file NAME.mbtiles of the fixtures, as
                        stored (gzip), Cache-Control: max-age=3600; 404 where it has none;
                        /mvt-garbage/NAME/Z/X/Y.pbf answers 200 with bytes that are no tile
  /tilejson/NAME.json   a TileJSON document for /mvt/NAME (a relative tiles template, z0-14,
                        an HTML attribution, the file's vector_layers)
  /to/HOST/REST         302 to http://HOST:PORT/REST on this server's port (a redirect to
                        another name or address of the machine, for the host policy's tests)
  /stats                JSON: requests per path, conditional requests, 304s, user agents,
                        the most connections open and the most tile requests in progress at
                        once (both sampled when a tile request arrives; /stats closes its
                        own connection so it never counts)
"""
import gzip
import json
import os
import sqlite3
import re
import signal
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SLOW_SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
FILES = sys.argv[2] if len(sys.argv) > 2 else None
TILE_PATH = re.compile(r"^/(\w+)/(\d+)/(\d+)/(\d+)(@2x)?\.png$")

lock = threading.Lock()
generation = [0]
stats = {"requests": {}, "total": 0, "conditional": 0, "not_modified": 0,
         "user_agents": [], "open_connections": 0, "max_connections": 0,
         "active_requests": 0, "max_active_requests": 0, "range_requests": 0, "range_bytes": 0}


def png(size, rgb):
    """A solid-colour RGB PNG, size x size pixels."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


def tile(z, x, y, retina):
    return png(512 if retina else 256, ((z * 40) % 256, (x * 60) % 256, (y * 80) % 256))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with lock:
            stats["open_connections"] += 1

    def finish(self):
        try:
            super().finish()
        finally:
            with lock:
                stats["open_connections"] -= 1

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/stats":
            with lock:
                body = json.dumps(stats).encode()
            self.close_connection = True
            self.send(200, body, [("Content-Type", "application/json"), ("Connection", "close")])
            return
        with lock:
            count = stats["requests"].get(self.path, 0) + 1
            stats["requests"][self.path] = count
            stats["total"] += 1
            stats["user_agents"].append(self.headers.get("User-Agent", ""))
            conditional = self.headers.get("If-None-Match")
            if conditional:
                stats["conditional"] += 1
            stats["max_connections"] = max(stats["max_connections"], stats["open_connections"])
            stats["active_requests"] += 1
            stats["max_active_requests"] = max(stats["max_active_requests"], stats["active_requests"])
        try:
            self.answer(count, conditional)
        finally:
            with lock:
                stats["active_requests"] -= 1

    def archive(self, count):
        kind, _, name = self.path[1:].partition("/")
        folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MapTilesTests", "Fixtures", "pmtiles")
        path = os.path.join(folder, os.path.basename(name))
        if not os.path.isfile(path):
            self.send(404, b"no such archive")
            return
        with open(path, "rb") as f:
            data = f.read()
        version = count if kind == "archive-changing" else generation[0] if kind == "archive-replaced" else 0
        etag = '"%s-%d"' % (os.path.basename(name), version)
        headers = [("Content-Type", "application/octet-stream"), ("ETag", etag), ("Accept-Ranges", "bytes")]
        wanted = re.match(r"^bytes=(\d+)-(\d+)$", self.headers.get("Range", ""))
        if not wanted or kind == "archive-norange":
            self.send(200, data, headers)
            return
        start, end = int(wanted.group(1)), min(int(wanted.group(2)), len(data) - 1)
        if start >= len(data):
            self.send(416, b"", [("Content-Range", "bytes */%d" % len(data))])
            return
        headers.append(("Content-Range", "bytes %d-%d/%d" % (start, end, len(data))))
        self.send(206, data[start:end + 1], headers)

    def ranges(self):
        """/range/MODE/NAME: a file of FILES with byte ranges, and the fault modes."""
        parts = self.path.split("/")
        mode, name = parts[2], parts[3] if len(parts) > 3 else ""
        path = os.path.join(FILES or "/nonexistent", os.path.basename(name))
        if not os.path.isfile(path):
            self.send(404, b"no such file")
            return
        with lock:
            stats["range_requests"] += 1
            count = stats["range_requests"]
        if mode == "slow":
            time.sleep(0.05)
        with open(path, "rb") as f:
            data = f.read()
        etag = '"%s-%d"' % (os.path.basename(name), count if mode == "changing" and count > 1 else 0)
        headers = [("Content-Type", "application/octet-stream"), ("ETag", etag), ("Accept-Ranges", "bytes")]
        wanted = re.match(r"^bytes=(\d+)-(\d+)$", self.headers.get("Range", ""))
        if not wanted or mode == "norange":
            body, status = data, 200
        else:
            start, end = int(wanted.group(1)), min(int(wanted.group(2)), len(data) - 1)
            if start >= len(data):
                self.send(416, b"", [("Content-Range", "bytes */%d" % len(data))])
                return
            headers.append(("Content-Range", "bytes %d-%d/%d" % (start, end, len(data))))
            body, status = data[start:end + 1], 206
        if mode == "truncated" and count > 1:
            self.send_response(status)
            for header, value in headers:
                self.send_header(header, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            with lock:
                stats["range_bytes"] += len(body) // 2
            return
        with lock:
            stats["range_bytes"] += len(body)
        try:
            self.send(status, body, headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (it saw a bad answer, or was killed)

    def fixture(self, name):
        folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MapTilesTests", "Fixtures", "pmtiles")
        return os.path.join(folder, os.path.basename(name))

    def vector(self):
        match = re.match(r"^/(mvt|mvt-garbage)/(\w+)/(\d+)/(\d+)/(\d+)\.pbf$", self.path)
        tilejson = re.match(r"^/tilejson/(\w+)\.json$", self.path)
        name = (match or tilejson).group(2 if match else 1)
        path = self.fixture(name + ".mbtiles")
        if not os.path.isfile(path):
            self.send(404, b"no such tile set")
            return
        database = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            if tilejson:
                layers = json.loads(dict(database.execute("SELECT name, value FROM metadata")).get("json", "{}"))
                document = {"tilejson": "3.0.0", "tiles": ["../mvt/%s/{z}/{x}/{y}.pbf" % name], "minzoom": 0,
                            "maxzoom": 14, "attribution": "<a href=\"https://example.org\">&copy; Test tiles</a>",
                            "vector_layers": layers.get("vector_layers", [])}
                self.send(200, json.dumps(document).encode(), [("Content-Type", "application/json")])
                return
            if match.group(1) == "mvt-garbage":
                self.send(200, gzip.compress(b"\xff\xff\xff not a vector tile"), [("Content-Type", "application/x-protobuf")])
                return
            z, x, y = (int(match.group(i)) for i in (3, 4, 5))
            row = database.execute("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                                   (z, x, (1 << z) - 1 - y)).fetchone()
        finally:
            database.close()
        if row is None:
            self.send(404, b"no tile")
            return
        self.send(200, bytes(row[0]), [("Content-Type", "application/x-protobuf"), ("Cache-Control", "max-age=3600")])

    def answer(self, count, conditional):
        if self.path.startswith("/to/"):
            host, _, rest = self.path[len("/to/"):].partition("/")
            self.send(302, b"", [("Location", f"http://{host}:{self.server.server_address[1]}/{rest}")])
            return
        if self.path.startswith("/archive"):
            self.archive(count)
            return
        if self.path.startswith("/range/"):
            self.ranges()
            return
        if self.path == "/replace":
            with lock:
                generation[0] += 1
            self.send(200, b"replaced")
            return
        if self.path.startswith("/mvt") or self.path.startswith("/tilejson/"):
            self.vector()
            return
        match = TILE_PATH.match(self.path)
        if not match:
            self.send(404, b"no such path")
            return
        kind = match.group(1)
        z, x, y = (int(match.group(i)) for i in (2, 3, 4))
        body = tile(z, x, y, match.group(5) is not None)
        png_headers = [("Content-Type", "image/png")]
        try:
            if kind == "tiles":
                self.send(200, body, png_headers + [("Cache-Control", "max-age=3600")])
            elif kind == "500" or (kind == "flaky" and count == 1):
                self.send(500, b"internal error")
            elif kind == "flaky":
                self.send(200, body, png_headers)
            elif kind == "404":
                self.send(404, b"not found")
            elif kind == "slow":
                time.sleep(SLOW_SECONDS)
                self.send(200, body, png_headers)
            elif kind == "delay":
                time.sleep(0.1)
                self.send(200, body, png_headers)
            elif kind == "garbage":
                self.send(200, b"this is not an image at all" * 10, png_headers)
            elif kind == "truncated":
                self.send(200, body[: len(body) // 2], png_headers)
            elif kind == "nostore":
                self.send(200, body, png_headers + [("Cache-Control", "no-store")])
            elif kind == "etag":
                if conditional == '"v1"':
                    with lock:
                        stats["not_modified"] += 1
                    self.send(304, b"", [("ETag", '"v1"'), ("Cache-Control", "max-age=0")])
                else:
                    self.send(200, body, png_headers + [("ETag", '"v1"'), ("Cache-Control", "max-age=0")])
            elif kind == "moved":
                self.send(302, b"", [("Location", f"/tiles/{z}/{x}/{y}.png")])
            elif kind == "tofile":
                self.send(302, b"", [("Location", "file:///etc/hostname")])
            elif kind == "huge":
                self.send(200, b"\x89PNG" + bytes(40 << 20), png_headers)
            elif kind == "expires":
                self.send(200, body, png_headers + [("Expires", "Thu, 01 Jan 1970 00:00:00 GMT")])
            else:
                self.send(404, b"unknown kind")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A client that gives up (a test's timeout, a killed maprender, a reader that saw a
        # bad answer) resets its connection: expected, not worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def main():
    # The test process may start us with SIGTERM blocked (a blocked mask is inherited).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
