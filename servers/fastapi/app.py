"""barrage contract server on FastAPI: the ASGI application uvicorn runs.

The endpoints of the contract (/hello, /xml, /static/6b, /static/4k) and
the workloads of docs/workloads.md: /baseline, /plaintext, /json,
/json/{count} (with gzip or brotli when Accept-Encoding allows), /upload and
/static/{name}; the database workloads (/db, /queries, /fortunes, /updates,
/items) are database.py's, on DATABASE_URL through an asyncpg pool.
Everything is read once at import from two directories named by the
environment (server.py sets them, so that every uvicorn worker process
sees them):

  BARRAGE_DATA     data/workloads (dataset.json, static/, static/index.tsv)
  BARRAGE_DOCROOT  servers/nginx/docroot (static/6b and static/4k)
"""

import gzip
import json
import os
import re
import sys
from urllib.parse import parse_qsl

import brotli
import orjson
from fastapi import FastAPI, Request, Response
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel
from starlette.requests import ClientDisconnect

import database

# The Accept-Encoding choice and the static set's loading are shared with
# servers/tornado: servers/lib/python/barrage_workloads.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "python"))
import barrage_workloads  # noqa: E402
from barrage_workloads import accepted  # noqa: E402

HELLO = b"Hello World\n"
PLAINTEXT = b"Hello, World!"
XML_NO_VALUE = b"<http_test><error>no value specified</error></http_test>"
XML_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}
)
DATASET_LEN = 50
MAX_MULTIPLIER = 1_000_000
MAX_UPLOAD = 32 << 20
# A POST /baseline carries one number: anything longer is refused.
MAX_BASELINE_BODY = 1024
# Brotli's default quality (11) is meant for files compressed once; 4 is
# the usual choice for responses compressed per request.
BROTLI_QUALITY = 4
GZIP_LEVEL = 6
INTEGER = re.compile(r"-?[0-9]{1,18}")
DIGITS = re.compile(r"[0-9]+")
ASCII_SPACE = b" \t\n\r\x0c"
TEXT = "text/plain"


def load_dataset(data):
    with open(os.path.join(data, "dataset.json"), "rb") as f:
        items = json.load(f)
    if len(items) != DATASET_LEN:
        raise SystemExit("fastapi: %s/dataset.json has %d items, not %d" % (data, len(items), DATASET_LEN))
    return items


def load_static(data, docroot):
    """name -> (content type, body, gzip variant or None, brotli variant or None):
    the static set (barrage_workloads) and the docroot's 6b and 4k."""
    files = barrage_workloads.load_static(data)
    for name in ("6b", "4k"):
        with open(os.path.join(docroot, "static", name), "rb") as f:
            files[name] = ("application/octet-stream", f.read(), None, None)
    return files


DATASET = load_dataset(os.environ["BARRAGE_DATA"])
STATIC = load_static(os.environ["BARRAGE_DATA"], os.environ["BARRAGE_DOCROOT"])

# No docs, no OpenAPI schema; paths match exactly (no redirect for a trailing slash).
app = FastAPI(
    openapi_url=None,
    docs_url=None,
    redoc_url=None,
    redirect_slashes=False,
    lifespan=database.lifespan,
)
app.include_router(database.router)


def text(status, body):
    return Response(body, status_code=status, media_type=TEXT)


def first(query, name):
    """The first value of `name` in a query string, form-decoded, or None."""
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key == name:
            return value
    return None


@app.api_route("/hello", methods=["GET", "HEAD"])
def hello():
    return Response(HELLO, media_type=TEXT)


@app.api_route("/xml", methods=["GET", "HEAD"])
def xml(request: Request):
    value = first(request.scope["query_string"].decode("latin-1"), "value")
    if value:
        body = "<http_test><value>" + value.translate(XML_ESCAPES) + "</value></http_test>"
    else:
        body = XML_NO_VALUE
    return Response(body, media_type="text/xml")


@app.api_route("/plaintext", methods=["GET", "HEAD"], response_class=PlainTextResponse)
def plaintext():
    return PLAINTEXT


class Message(BaseModel):
    message: str


@app.api_route("/json", methods=["GET", "HEAD"])
def json_message() -> Message:
    # FastAPI serializes the returned model per request (through Pydantic).
    return Message(message="Hello, World!")


@app.api_route("/json/{count}", methods=["GET", "HEAD"])
def json_processing(count: str, request: Request):
    if not DIGITS.fullmatch(count):
        return text(400, b"count in /json/{count} must be a non-negative integer\n")
    m = first(request.scope["query_string"].decode("latin-1"), "m")
    if m is None:
        m = 1
    elif DIGITS.fullmatch(m):
        m = min(int(m), MAX_MULTIPLIER)
    else:
        return text(400, b"query parameter m must be a non-negative integer\n")
    items = [
        {**item, "total": item["price"] * item["quantity"] * m}
        for item in DATASET[: min(int(count), DATASET_LEN)]
    ]
    body = orjson.dumps({"items": items, "count": len(items)})
    coding = accepted(request.headers.get("accept-encoding"))
    headers = {"Vary": "Accept-Encoding"}
    if coding == "br":
        body = brotli.compress(body, quality=BROTLI_QUALITY)
        headers["Content-Encoding"] = "br"
    elif coding == "gzip":
        body = gzip.compress(body, GZIP_LEVEL)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


def baseline_query(request):
    query = request.scope["query_string"].decode("latin-1")
    a, b = first(query, "a"), first(query, "b")
    if a is None or b is None or not INTEGER.fullmatch(a) or not INTEGER.fullmatch(b):
        return None
    return int(a) + int(b)


@app.api_route("/baseline", methods=["GET", "HEAD", "POST"])
async def baseline(request: Request):
    total = baseline_query(request)
    if total is None:
        return text(400, b"baseline needs integer query parameters a and b\n")
    if request.method == "POST":
        body = bytearray()
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BASELINE_BODY:
                    return text(413, b"the body of POST /baseline is one integer\n")
        except ClientDisconnect:
            return text(400, b"body cut short\n")
        c = bytes(body).strip(ASCII_SPACE).decode("latin-1")
        if not INTEGER.fullmatch(c):
            return text(400, b"the body of POST /baseline must be an integer\n")
        total += int(c)
    return text(200, str(total))


@app.post("/upload")
async def upload(request: Request):
    # Counted as it arrives, whatever Content-Length says (chunked too).
    received = 0
    try:
        async for chunk in request.stream():
            received += len(chunk)
            if received > MAX_UPLOAD:
                return text(413, b"upload larger than 32 MiB\n")
    except ClientDisconnect:
        return text(400, b"body cut short\n")
    return text(200, str(received))


@app.api_route("/static/{name}", methods=["GET", "HEAD"])
def static(name: str, request: Request):
    entry = STATIC.get(name)
    if entry is None:
        return text(404, b"not found\n")
    content_type, body, gz, br = entry
    headers = None
    if gz is not None:
        headers = {"Vary": "Accept-Encoding"}
        coding = accepted(request.headers.get("accept-encoding"))
        if coding == "br":
            body = br
            headers["Content-Encoding"] = "br"
        elif coding == "gzip":
            body = gz
            headers["Content-Encoding"] = "gzip"
    return Response(body, media_type=content_type, headers=headers)
