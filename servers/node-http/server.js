// barrage contract server on Node's built-in `http` module (and the `ws`
// package for /ws only). One process: Node runs JavaScript on one event
// loop thread (zlib's async compression of /json/{count} runs on libuv's
// thread pool).
//
// The contract's endpoints (/hello, /xml, /static/6b, /static/4k), the
// workloads of docs/workloads.md (workloads.js): /baseline, /plaintext,
// /json, /json/{count}, /upload, /static/{name}; and /ws, the WebSocket
// echo (ws.js): a GET /ws without an upgrade gets 426.
//
// Usage: node server.js --host 127.0.0.1 --port 8080 --docroot DIR --data DIR
//   --docroot  servers/nginx/docroot (static/6b and static/4k)
//   --data     data/workloads (dataset.json, static/, static/index.tsv)
// Everything is read once at start.
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const workloads = require('./workloads');
const websocket = require('./ws');

function parseArgs(argv) {
  const opts = { host: '127.0.0.1', port: 8080, docroot: null, data: null };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (value === undefined) fail(`missing value after ${key}`);
    if (key === '--host') opts.host = value;
    else if (key === '--port') opts.port = Number(value);
    else if (key === '--docroot') opts.docroot = value;
    else if (key === '--data') opts.data = value;
    else fail(`unknown argument ${key}; expected --host, --port, --docroot or --data`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) fail('--port must be a port number');
  if (opts.docroot === null || opts.data === null) fail('--docroot and --data are required');
  return opts;
}

function fail(message) {
  process.stderr.write(`node-http: ${message}\n`);
  process.exit(2);
}

const opts = parseArgs(process.argv.slice(2));

const SERVER = 'node';
const HELLO = Buffer.from('Hello World\n');
const NOT_FOUND = Buffer.from('not found\n');
const METHOD_NOT_ALLOWED = Buffer.from('method not allowed\n');
const WS_ONLY = Buffer.from('/ws needs Upgrade: websocket (an RFC 6455 handshake)\n');
const XML_NO_VALUE = Buffer.from('<http_test><error>no value specified</error></http_test>');
const STATIC_6B = fs.readFileSync(path.join(opts.docroot, 'static', '6b'));
const STATIC_4K = fs.readFileSync(path.join(opts.docroot, 'static', '4k'));
const handleWorkload = workloads.workloads(opts.data, SERVER);

const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const XML_SPECIAL = /[&<>"']/g;

function xmlEscape(s) {
  return s.replace(XML_SPECIAL, (c) => XML_ENTITIES[c]);
}

// The /xml body: the first `value` of the query, form-decoded by
// URLSearchParams (`+` is a space, bad UTF-8 becomes U+FFFD), XML-escaped.
function xmlBody(query) {
  const value = new URLSearchParams(query).get('value');
  if (!value) return XML_NO_VALUE;
  return Buffer.from('<http_test><value>' + xmlEscape(value) + '</value></http_test>');
}

// Content-Length is always set, so Node never falls back to chunked; for
// HEAD Node sends the headers and drops the body.
function send(res, status, type, body, extra) {
  const headers = {
    'Server': SERVER,
    'Content-Type': type,
    'Content-Length': body.length,
  };
  if (extra) Object.assign(headers, extra);
  res.writeHead(status, headers);
  res.end(body);
}

function handle(req, res) {
  const url = req.url;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);

  let type;
  let body;
  switch (pathname) {
    case '/hello':
      type = 'text/plain';
      body = HELLO;
      break;
    case '/xml':
      type = 'text/xml';
      body = null; // computed after the method check
      break;
    case '/static/6b':
      type = 'application/octet-stream';
      body = STATIC_6B;
      break;
    case '/static/4k':
      type = 'application/octet-stream';
      body = STATIC_4K;
      break;
    case websocket.PATH:
      send(res, 426, 'text/plain', WS_ONLY, { 'Upgrade': 'websocket', 'Sec-WebSocket-Version': '13' });
      return;
    default:
      if (!handleWorkload(req, res, pathname, query)) send(res, 404, 'text/plain', NOT_FOUND);
      return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'text/plain', METHOD_NOT_ALLOWED, { 'Allow': 'GET, HEAD' });
    return;
  }
  if (body === null) body = xmlBody(query);
  send(res, 200, type, body);
}

const server = http.createServer(handle);
websocket.attach(server, SERVER);
// Benchmark connections stay open for the whole run: no per-socket request
// cap, no overall request deadline, a generous idle keep-alive timeout.
server.maxRequestsPerSocket = 0;
server.keepAliveTimeout = 120 * 1000;
server.headersTimeout = 60 * 1000;
server.requestTimeout = 0;
server.timeout = 0;

server.on('error', (err) => fail(`${err.message}`));
server.listen({ host: opts.host, port: opts.port, backlog: 4096 }, () => {
  const addr = server.address();
  process.stdout.write(`node-http: listening on ${addr.address}:${addr.port} (node ${process.version})\n`);
});

function stop() {
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
