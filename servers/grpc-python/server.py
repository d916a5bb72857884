"""barrage's gRPC catalogue server in Python: grpcio's asyncio server
(grpc.aio) serving proto/bench.proto's barrage.bench.v1.Bench (Echo,
Stream, Sum, Chat) on the code grpcio-tools generated at build time into
build/gen/. One process, one asyncio event loop (grpcio's C core polls the
sockets on its own thread): h2c on --host:--port, and TLS (ALPN h2) on
--tls-port with --cert and --key when given, both on the same server.

Usage: server.py --host 127.0.0.1 --port 50051 [--tls-port 50052 --cert CERT --key KEY]
"""

import argparse
import asyncio
import os
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build", "gen"))

import grpc  # noqa: E402
import bench_pb2  # noqa: E402
import bench_pb2_grpc  # noqa: E402

# The caps `barrage serve --grpc` applies to Stream.
MAX_STREAM_COUNT = 1_000_000
MAX_STREAM_SIZE = 4 << 20


class Bench(bench_pb2_grpc.BenchServicer):
    async def Echo(self, request, context):
        return bench_pb2.EchoReply(payload=request.payload, seq=request.seq)

    async def Stream(self, request, context):
        if request.count > MAX_STREAM_COUNT:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"count {request.count} is over {MAX_STREAM_COUNT}")
        if request.size > MAX_STREAM_SIZE:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"size {request.size} is over {MAX_STREAM_SIZE} bytes")
        payload = bytes(request.size)
        for seq in range(request.count):
            # write() waits while the transport pushes back.
            await context.write(bench_pb2.EchoReply(payload=payload, seq=seq))

    async def Sum(self, request_iterator, context):
        total = 0
        count = 0
        async for request in request_iterator:
            total += request.value
            count += 1
        # int64 wraps as the other servers' adds do.
        total = (total + (1 << 63)) % (1 << 64) - (1 << 63)
        return bench_pb2.SumReply(sum=total, count=count)

    async def Chat(self, request_iterator, context):
        async for request in request_iterator:
            await context.write(bench_pb2.EchoReply(payload=request.payload, seq=request.seq))


def parse_args():
    parser = argparse.ArgumentParser(description="grpcio (asyncio) Bench server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=50051)
    parser.add_argument("--tls-port", type=int)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    args = parser.parse_args()
    if args.tls_port is not None and (args.cert is None or args.key is None):
        parser.error("--tls-port needs --cert and --key")
    return args


def address(host, port):
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


async def main():
    args = parse_args()
    server = grpc.aio.server()
    bench_pb2_grpc.add_BenchServicer_to_server(Bench(), server)
    listening = [("h2c", server.add_insecure_port(address(args.host, args.port)))]
    if args.tls_port is not None:
        with open(args.cert, "rb") as cert, open(args.key, "rb") as key:
            creds = grpc.ssl_server_credentials([(key.read(), cert.read())])
        listening.append(("TLS", server.add_secure_port(address(args.host, args.tls_port), creds)))
    await server.start()
    for what, port in listening:
        print(f"grpc-python: serving barrage.bench.v1.Bench ({what}) on {args.host}:{port} "
              f"(grpcio {grpc.__version__})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop(None)


if __name__ == "__main__":
    asyncio.run(main())
