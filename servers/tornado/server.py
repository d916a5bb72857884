"""barrage contract server on Tornado: one RequestHandler per endpoint.

One process, one IOLoop (seed 004 ran every server on a single CPU).
The contract's endpoints (/hello, /xml, /static/6b, /static/4k) and the
/ws WebSocket echo (tornado.websocket) here, the workloads of
docs/workloads.md in workloads.py.

Usage: python server.py --host 127.0.0.1 --port 8080 --docroot DIR --data DIR
  --docroot  servers/nginx/docroot (static/6b and static/4k)
  --data     data/workloads (dataset.json, static/, static/index.tsv)
Everything is read once at start.
"""

import argparse
import asyncio
import os
import signal

import tornado
import tornado.httpserver
import tornado.web
import tornado.websocket

import workloads

SERVER = "tornado"
HELLO = b"Hello World\n"
NOT_FOUND = b"not found\n"
METHOD_NOT_ALLOWED = b"method not allowed\n"
XML_NO_VALUE = b"<http_test><error>no value specified</error></http_test>"
WS_MAX_MESSAGE = 1 << 20
XML_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}
)


class ContractHandler(tornado.web.RequestHandler):
    """Common behaviour: GET and HEAD only, plain-text errors, no ETag."""

    SUPPORTED_METHODS = ("GET", "HEAD")

    def set_default_headers(self):
        # Tornado's default is "TornadoServer/<version>"; the lab records
        # the version separately, so the header names the server only.
        self.set_header("Server", SERVER)

    def compute_etag(self):
        # Not part of the contract: skip hashing every body.
        return None

    def write_error(self, status_code, **kwargs):
        self.set_header("Content-Type", "text/plain")
        if status_code == 404:
            self.finish(NOT_FOUND)
        elif status_code == 405:
            self.set_header("Allow", "GET, HEAD")
            self.finish(METHOD_NOT_ALLOWED)
        else:
            self.finish(("%d %s\n" % (status_code, self._reason)).encode())

    def head(self, *args):
        # Tornado sends the headers of the GET, Content-Length included,
        # and drops the body.
        return self.get(*args)


class HelloHandler(ContractHandler):
    def get(self):
        self.set_header("Content-Type", "text/plain")
        self.finish(HELLO)


class XmlHandler(ContractHandler):
    def get(self):
        # self.get_argument("value", "") would strip whitespace, take the
        # *last* occurrence and answer 400 to bad UTF-8; the contract wants
        # the first occurrence, as decoded, with U+FFFD for bad bytes.
        # query_arguments is Tornado's form-decoded query (`+` is a space).
        values = self.request.query_arguments.get("value")
        value = values[0].decode("utf-8", "replace") if values else ""
        self.set_header("Content-Type", "text/xml")
        if value:
            self.finish(
                "<http_test><value>"
                + value.translate(XML_ESCAPES)
                + "</value></http_test>"
            )
        else:
            self.finish(XML_NO_VALUE)


class StaticHandler(ContractHandler):
    def initialize(self, body):
        self.body = body

    def get(self):
        self.set_header("Content-Type", "application/octet-stream")
        self.finish(self.body)


class EchoWebSocket(tornado.websocket.WebSocketHandler):
    """/ws: echoes each message, text as text and binary as binary.

    Tornado's WebSocket protocol answers pings with pongs and a Close with
    a Close; fragmented messages arrive here whole.
    """

    def check_origin(self, origin):
        # Load generators send no Origin (Tornado lets those through
        # anyway); any other origin is accepted too: nothing here is private.
        return True

    def on_message(self, message):
        try:
            self.write_message(message, binary=isinstance(message, bytes))
        except tornado.websocket.WebSocketClosedError:
            pass


class _AnyMethod:
    def __contains__(self, method):
        return True


class NotFoundHandler(ContractHandler):
    # Any method on an unknown path is a 404 (not a 405).
    SUPPORTED_METHODS = _AnyMethod()

    def prepare(self):
        raise tornado.web.HTTPError(404)


def make_app(docroot, data):
    def read(name):
        with open(os.path.join(docroot, "static", name), "rb") as f:
            return f.read()

    return tornado.web.Application(
        [
            (r"/hello", HelloHandler),
            (r"/xml", XmlHandler),
            (r"/static/6b", StaticHandler, {"body": read("6b")}),
            (r"/static/4k", StaticHandler, {"body": read("4k")}),
            (r"/ws", EchoWebSocket),
        ]
        + workloads.routes(ContractHandler, data),
        default_handler_class=NotFoundHandler,
        # No access log, not even for 404s.
        log_function=lambda handler: None,
        # WebSocket messages up to 1 MiB (Tornado's default is 10 MiB): as
        # the Netty echo takes.
        websocket_max_message_size=WS_MAX_MESSAGE,
    )


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--docroot", required=True)
    parser.add_argument("--data", required=True)
    args = parser.parse_args()

    app = make_app(args.docroot, args.data)
    # Bodies up to the upload workload's 32 MiB (Tornado's default is 100 MB).
    server = tornado.httpserver.HTTPServer(app, max_body_size=workloads.MAX_UPLOAD)
    server.listen(args.port, address=args.host, backlog=4096)
    print(
        "tornado: listening on %s:%d (tornado %s)"
        % (args.host, args.port, tornado.version),
        flush=True,
    )

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()


if __name__ == "__main__":
    asyncio.run(main())
