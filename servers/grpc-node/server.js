// barrage's gRPC catalogue server in Node: @grpc/grpc-js serving
// proto/bench.proto's barrage.bench.v1.Bench (Echo, Stream, Sum, Chat), the
// .proto loaded at start by @grpc/proto-loader (no generated code). One
// process, one event loop thread: h2c on --host:--port, and TLS (ALPN h2)
// on --tls-port with --cert and --key when given, both on the same
// grpc.Server.
//
// Usage: node server.js --host 127.0.0.1 --port 50051 --proto ../../proto/bench.proto
//          [--tls-port 50052 --cert CERT.pem --key KEY.pem]
'use strict';

const fs = require('fs');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

// The caps `barrage serve --grpc` applies to Stream.
const MAX_STREAM_COUNT = 1000000;
const MAX_STREAM_SIZE = 4 << 20;

function fail(message) {
  process.stderr.write(`grpc-node: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { host: '127.0.0.1', port: 50051, proto: null, tlsPort: null, cert: null, key: null };
  const keys = { '--host': 'host', '--port': 'port', '--proto': 'proto', '--tls-port': 'tlsPort', '--cert': 'cert', '--key': 'key' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = keys[argv[i]];
    if (key === undefined) fail(`unknown argument ${argv[i]}; expected ${Object.keys(keys).join(', ')}`);
    if (argv[i + 1] === undefined) fail(`missing value after ${argv[i]}`);
    opts[key] = argv[i + 1];
  }
  if (opts.proto === null) fail('--proto is required (proto/bench.proto)');
  for (const key of ['port', 'tlsPort']) {
    if (opts[key] === null) continue;
    opts[key] = Number(opts[key]);
    if (!Number.isInteger(opts[key]) || opts[key] < 0 || opts[key] > 65535) fail(`--${key === 'port' ? 'port' : 'tls-port'} must be a port number`);
  }
  if (opts.tlsPort !== null && (opts.cert === null || opts.key === null)) fail('--tls-port needs --cert and --key');
  return opts;
}

// uint64 and int64 fields come and go as decimal strings (longs: String),
// so that seq is echoed exactly and Sum adds BigInts.
const bench = {
  echo(call, callback) {
    callback(null, { payload: call.request.payload, seq: call.request.seq });
  },
  stream(call) {
    const { count, size } = call.request;
    if (count > MAX_STREAM_COUNT || size > MAX_STREAM_SIZE) {
      const what = count > MAX_STREAM_COUNT ? `count ${count} is over ${MAX_STREAM_COUNT}` : `size ${size} is over ${MAX_STREAM_SIZE} bytes`;
      call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: what });
      return;
    }
    const payload = Buffer.alloc(size);
    let seq = 0;
    // Writes while the stream takes them, then waits for 'drain'.
    const pump = () => {
      while (seq < count) {
        if (call.cancelled) return;
        const more = call.write({ payload, seq: String(seq) });
        seq += 1;
        if (!more && seq < count) {
          call.once('drain', pump);
          return;
        }
      }
      call.end();
    };
    pump();
  },
  sum(call, callback) {
    let sum = 0n;
    let count = 0n;
    call.on('data', (req) => {
      sum = BigInt.asIntN(64, sum + BigInt(req.value));
      count += 1n;
    });
    call.on('end', () => callback(null, { sum: sum.toString(), count: count.toString() }));
    call.on('error', () => {});
  },
  chat(call) {
    call.on('data', (req) => call.write({ payload: req.payload, seq: req.seq }));
    call.on('end', () => call.end());
    call.on('error', () => {});
  },
};

function bind(server, address, credentials, what) {
  return new Promise((resolve) => {
    server.bindAsync(address, credentials, (err, port) => {
      if (err) fail(`cannot listen on ${address} (${what}): ${err.message}`);
      console.log(`grpc-node: serving barrage.bench.v1.Bench (${what}) on ${address.replace(/:\d+$/, '')}:${port}`);
      resolve();
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const definition = protoLoader.loadSync(opts.proto, { longs: String, enums: String, defaults: true });
  const pkg = grpc.loadPackageDefinition(definition);
  const server = new grpc.Server();
  server.addService(pkg.barrage.bench.v1.Bench.service, bench);
  // A bracketed IPv6 host stays as it is; grpc-js takes host:port.
  const host = opts.host.includes(':') && !opts.host.startsWith('[') ? `[${opts.host}]` : opts.host;
  // TLS first: the lab takes the server as ready when the h2c port accepts
  // a connection, so that one opens last.
  if (opts.tlsPort !== null) {
    const creds = grpc.ServerCredentials.createSsl(null, [
      { cert_chain: fs.readFileSync(opts.cert), private_key: fs.readFileSync(opts.key) },
    ], false);
    await bind(server, `${host}:${opts.tlsPort}`, creds, 'TLS');
  }
  await bind(server, `${host}:${opts.port}`, grpc.ServerCredentials.createInsecure(), 'h2c');
  const stop = () => server.tryShutdown(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
