"""The workloads of docs/workloads.md on Tornado: /baseline, /plaintext,
/json, /json/{count} (gzip or brotli by Accept-Encoding), /upload (a
streamed body, counted as it comes) and /static/{name}.

`routes(base, data)` reads the dataset and the static set from `data`
(data/workloads) once and returns the handlers' routes; `base` is the
server's common RequestHandler (Server header, plain-text errors, no ETag).
"""

import gzip
import json
import os
import re
import sys

import brotli
import tornado.web

# The Accept-Encoding choice and the static set's loading are shared with
# servers/fastapi: servers/lib/python/barrage_workloads.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "python"))
from barrage_workloads import accepted, load_static  # noqa: E402

PLAINTEXT = b"Hello, World!"
DATASET_LEN = 50
MAX_MULTIPLIER = 1_000_000
MAX_UPLOAD = 32 << 20
# A POST /baseline carries one number: anything longer is refused.
MAX_BASELINE_BODY = 1024
# Brotli's default quality (11) is meant for files compressed once; 4 is
# the usual choice for responses compressed per request.
BROTLI_QUALITY = 4
GZIP_LEVEL = 6
INTEGER = re.compile(rb"-?[0-9]{1,18}")
DIGITS = re.compile(r"[0-9]+")
ASCII_SPACE = b" \t\n\r\x0c"
TEXT = "text/plain; charset=utf-8"


def routes(base, data):
    with open(os.path.join(data, "dataset.json"), "rb") as f:
        dataset = json.load(f)
    if len(dataset) != DATASET_LEN:
        raise SystemExit("tornado: %s/dataset.json has %d items, not %d" % (data, len(dataset), DATASET_LEN))

    class Text(base):
        def text(self, status, body):
            self.set_status(status)
            self.set_header("Content-Type", TEXT)
            self.finish(body)

        def first(self, name):
            """The first value of query parameter `name` (bytes), or None."""
            values = self.request.query_arguments.get(name)
            return values[0] if values else None

    class PlaintextHandler(Text):
        def get(self):
            self.text(200, PLAINTEXT)

    class JsonHandler(Text):
        def get(self):
            # Tornado's json_encode per request; Content-Type application/json.
            self.finish({"message": "Hello, World!"})

    class JsonProcessingHandler(Text):
        def get(self, count):
            if not DIGITS.fullmatch(count):
                return self.text(400, b"count in /json/{count} must be a non-negative integer\n")
            m = self.first("m")
            if m is None:
                m = 1
            elif DIGITS.fullmatch(m.decode("latin-1")):
                m = min(int(m), MAX_MULTIPLIER)
            else:
                return self.text(400, b"query parameter m must be a non-negative integer\n")
            items = [
                {**item, "total": item["price"] * item["quantity"] * m}
                for item in dataset[: min(int(count), DATASET_LEN)]
            ]
            body = json.dumps({"items": items, "count": len(items)}, separators=(",", ":")).encode()
            self.set_header("Content-Type", "application/json")
            self.set_header("Vary", "Accept-Encoding")
            coding = accepted(self.request.headers.get("Accept-Encoding"))
            if coding == "br":
                body = brotli.compress(body, quality=BROTLI_QUALITY)
                self.set_header("Content-Encoding", "br")
            elif coding == "gzip":
                body = gzip.compress(body, GZIP_LEVEL)
                self.set_header("Content-Encoding", "gzip")
            self.finish(body)

    class BaselineHandler(Text):
        SUPPORTED_METHODS = ("GET", "HEAD", "POST")

        def get(self):
            a, b = self.first("a"), self.first("b")
            if a is None or b is None or not INTEGER.fullmatch(a) or not INTEGER.fullmatch(b):
                return self.text(400, b"baseline needs integer query parameters a and b\n")
            total = int(a) + int(b)
            if self.request.method == "POST":
                body = self.request.body
                c = body.strip(ASCII_SPACE)
                if len(body) > MAX_BASELINE_BODY or not INTEGER.fullmatch(c):
                    return self.text(400, b"the body of POST /baseline must be an integer\n")
                total += int(c)
            self.text(200, str(total))

        post = get

    @tornado.web.stream_request_body
    class UploadHandler(Text):
        SUPPORTED_METHODS = ("POST",)

        def prepare(self):
            self.received = 0

        def data_received(self, chunk):
            # Counted as it arrives, whatever Content-Length says (chunked
            # too); the server refuses bodies past MAX_UPLOAD.
            self.received += len(chunk)

        def post(self):
            self.text(200, str(self.received))

    class StaticSetHandler(Text):
        def initialize(self, files):
            self.files = files

        def get(self, name):
            entry = self.files.get(name)
            if entry is None:
                raise tornado.web.HTTPError(404)
            content_type, body, gz, br = entry
            self.set_header("Content-Type", content_type)
            if gz is not None:
                self.set_header("Vary", "Accept-Encoding")
                coding = accepted(self.request.headers.get("Accept-Encoding"))
                if coding == "br":
                    body = br
                    self.set_header("Content-Encoding", "br")
                elif coding == "gzip":
                    body = gz
                    self.set_header("Content-Encoding", "gzip")
            self.finish(body)

    return [
        (r"/plaintext", PlaintextHandler),
        (r"/json", JsonHandler),
        (r"/json/([^/]*)", JsonProcessingHandler),
        (r"/baseline", BaselineHandler),
        (r"/upload", UploadHandler),
        (r"/static/([^/]+)", StaticSetHandler, {"files": load_static(data)}),
    ]
