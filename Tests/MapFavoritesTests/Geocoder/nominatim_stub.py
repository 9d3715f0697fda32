#!/usr/bin/env python3
"""A stand-in for a Nominatim search endpoint, for maprender's forward-geocoding tests.

Serves GET /search on 127.0.0.1 with canned jsonv2 answers, the shape of
https://nominatim.org/release-docs/latest/api/Search/ (lat/lon as strings, display_name,
address parts with addressdetails=1). Listens on port 0 (the kernel picks a free one) and
prints "PORT <n>" on standard output once ready. It exits when standard input closes, so
it never outlives the test that started it, even if that test crashes.

Queries (the q parameter):
    anything with "Colorado Blvd"  the Denver Museum of Nature & Science
    nowhere                        [] (no match)
    server error                   HTTP 500
    bad json                       200 with a body that is not JSON
    slow                           answers after 3 seconds (for timeouts)
    echo:TEXT                      one match whose display_name is TEXT as received
A request without format=jsonv2 gets 400; one whose User-Agent lacks "maprender" gets 403,
as nominatim.openstreetmap.org blocks anonymous clients.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

DENVER = [{
    "place_id": 1, "lat": "39.7475", "lon": "-104.9428", "category": "tourism", "type": "museum",
    "display_name": "Denver Museum of Nature & Science, 2001, Colorado Boulevard, Denver, Colorado, 80205, "
                    "United States",
    "address": {"tourism": "Denver Museum of Nature & Science", "house_number": "2001",
                "road": "Colorado Boulevard", "city": "Denver", "state": "Colorado", "postcode": "80205",
                "country": "United States", "country_code": "us"},
}]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # keep the test output clean

    def answer(self, status, body, content_type="application/json"):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        q = query.get("q", [""])[0]
        if url.path.rstrip("/") != "/search":
            return self.answer(404, "[]")
        if query.get("format") != ["jsonv2"]:
            return self.answer(400, '{"error": "format must be jsonv2 in this stub"}')
        if "maprender" not in self.headers.get("User-Agent", ""):
            return self.answer(403, "<html>Access blocked</html>", "text/html")
        if "Colorado Blvd" in q:
            return self.answer(200, json.dumps(DENVER))
        if q == "nowhere":
            return self.answer(200, "[]")
        if q == "server error":
            return self.answer(500, "<html>Internal Server Error</html>", "text/html")
        if q == "bad json":
            return self.answer(200, "<html>not json</html>")
        if q == "slow":
            time.sleep(3)
            return self.answer(200, "[]")
        if q.startswith("echo:"):
            return self.answer(200, json.dumps([{"lat": "1.5", "lon": "2.5", "display_name": q[5:]}]))
        return self.answer(200, "[]")


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    sys.stdin.read()  # returns when the test closes our standard input
    server.shutdown()


if __name__ == "__main__":
    main()
