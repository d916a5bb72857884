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

import brotli
import tornado.web

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


def accepted(header):
    """The coding to answer with for an Accept-Encoding value: "br", "gzip" or None.

    The highest q wins, br before gzip at equal q; q=0 refuses; `*` stands
    for a coding not named.
    """
    if not header:
        return None
    q = {}
    for part in header.split(","):
        coding, _, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        q[coding.strip().lower()] = weight
    star = q.get("*", 0.0)
    br = q.get("br", star)
    gz = q.get("gzip", q.get("x-gzip", star))
    if br <= 0 and gz <= 0:
        return None
    return "br" if br >= gz else "gzip"


def load_static(data):
    """name -> (content type, body, gzip variant or None, brotli variant or None)."""
    static = os.path.join(data, "static")

    def read(name):
        with open(os.path.join(static, name), "rb") as f:
            return f.read()

    files = {}
    with open(os.path.join(static, "index.tsv"), encoding="utf-8") as index:
        for line in index:
            if line.startswith("#") or not line.strip():
                continue
            name, content_type, _size, _sha, precompressed = line.rstrip("\n").split("\t")
            pre = precompressed == "1"
            files[name] = (
                content_type,
                read(name),
                read(name + ".gz") if pre else None,
                read(name + ".br") if pre else None,
            )
    return files


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
