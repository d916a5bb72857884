// barrage contract server on Fastify: one route per endpoint, JSON through
// Fastify's schema-compiled serializer (fast-json-stringify). One process,
// one event loop, as servers/node-http.
//
// The contract's endpoints (/hello, /xml, /static/6b, /static/4k) and the
// workloads of docs/workloads.md: /baseline, /plaintext, /json,
// /json/:count (gzip or brotli when Accept-Encoding allows), /upload and
// /static/:name. The dataset and the static files are read once at start.
// The database workloads (/db, /queries, /fortunes, /updates, /items) are
// database.js's, on DATABASE_URL through pg.Pool.
//
// Usage: node server.js --host H --port P --data DIR --docroot DIR
//   --data     data/workloads (dataset.json, static/, static/index.tsv)
//   --docroot  servers/nginx/docroot (static/6b and static/4k)
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { promisify } = require('util');
const Fastify = require('fastify');
const { registerDatabase } = require('./database');
// The Accept-Encoding choice and the static set's loading, shared with
// servers/node-http: servers/lib/node/barrage-workloads.js.
const { accepted, loadStatic: loadStaticSet } = require('../lib/node/barrage-workloads');

const SERVER = 'fastify';
const HELLO = Buffer.from('Hello World\n');
const PLAINTEXT = Buffer.from('Hello, World!');
const XML_NO_VALUE = Buffer.from('<http_test><error>no value specified</error></http_test>');
const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const XML_SPECIAL = /[&<>"']/g;
const DATASET_LEN = 50;
const MAX_MULTIPLIER = 1000000;
const MAX_UPLOAD = 32 * 1024 * 1024;
// A POST /baseline carries one number: anything longer is refused.
const MAX_BASELINE_BODY = 1024;
const INTEGER = /^-?[0-9]{1,18}$/;
const DIGITS = /^[0-9]+$/;
const TEXT = 'text/plain; charset=utf-8';
// Brotli's default quality (11) is meant for files compressed once; 4 is
// the usual choice for responses compressed per request (@fastify/compress's too).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function fail(message) {
  process.stderr.write(`fastify: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { host: '127.0.0.1', port: 8080, data: null, docroot: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) fail(`missing value after ${key}`);
    if (key === '--host') opts.host = value;
    else if (key === '--port') opts.port = Number(value);
    else if (key === '--data') opts.data = value;
    else if (key === '--docroot') opts.docroot = value;
    else fail(`unknown argument ${key}; expected --host, --port, --data or --docroot`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) fail('--port must be a port number');
  if (opts.data === null || opts.docroot === null) fail('--data and --docroot are required');
  return opts;
}

// name -> { type, body, gzip, br }: the static set of index.tsv
// (barrage-workloads) and the docroot's 6b and 4k.
function loadStatic(data, docroot) {
  const files = loadStaticSet(path.join(data, 'static'));
  for (const name of ['6b', '4k']) {
    const body = fs.readFileSync(path.join(docroot, 'static', name));
    files.set(name, { type: 'application/octet-stream', body, gzip: null, br: null });
  }
  return files;
}

function loadDataset(data) {
  const items = JSON.parse(fs.readFileSync(path.join(data, 'dataset.json'), 'utf8'));
  if (items.length !== DATASET_LEN) fail(`${data}/dataset.json has ${items.length} items, not ${DATASET_LEN}`);
  return items;
}

const first = (v) => (Array.isArray(v) ? v[0] : v);

// a + b (+ c): Numbers while exact (15 digits at most), BigInt beyond.
function sum(values) {
  if (values.every((v) => v.length <= 15)) return String(values.reduce((s, v) => s + Number(v), 0));
  return String(values.reduce((s, v) => s + BigInt(v), 0n));
}

const opts = parseArgs(process.argv.slice(2));
const DATASET = loadDataset(opts.data);
const STATIC = loadStatic(opts.data, opts.docroot);

const rating = { type: 'object', properties: { score: { type: 'integer' }, count: { type: 'integer' } } };
const item = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category: { type: 'string' },
    price: { type: 'integer' },
    quantity: { type: 'integer' },
    active: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    rating,
    total: { type: 'integer' },
  },
};
const processedSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: item }, count: { type: 'integer' } },
};
const messageSchema = { type: 'object', properties: { message: { type: 'string' } } };

const app = Fastify({
  logger: false,
  // Benchmark connections stay open for the whole run.
  keepAliveTimeout: 120 * 1000,
  connectionTimeout: 0,
  requestTimeout: 0,
  maxRequestsPerSocket: 0,
  bodyLimit: MAX_UPLOAD,
});

function text(reply, status, body) {
  return reply.code(status).header('server', SERVER).header('content-type', TEXT).send(body);
}

// Unknown paths and errors (a body over its limit, a client gone) answer
// in plain text with the Server header, as every route does.
app.setNotFoundHandler((request, reply) => text(reply, 404, 'not found\n'));
app.setErrorHandler((err, request, reply) => {
  const status = err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  text(reply, status, `${err.message}\n`);
});

app.get('/hello', (request, reply) => text(reply, 200, HELLO));

app.get('/xml', (request, reply) => {
  // URLSearchParams, not Fastify's query parser: the contract wants bad
  // UTF-8 as U+FFFD, which fast-querystring leaves percent-encoded.
  const url = request.raw.url;
  const q = url.indexOf('?');
  const value = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get('value');
  const body = value ? '<http_test><value>' + value.replace(XML_SPECIAL, (c) => XML_ENTITIES[c]) + '</value></http_test>' : XML_NO_VALUE;
  reply.header('server', SERVER).header('content-type', 'text/xml').send(body);
});

app.get('/plaintext', (request, reply) => text(reply, 200, PLAINTEXT));

app.get('/json', { schema: { response: { 200: messageSchema } } }, (request, reply) => {
  reply.header('server', SERVER).send({ message: 'Hello, World!' });
});

app.get('/json/:count', { schema: { response: { 200: processedSchema } } }, async (request, reply) => {
  const count = request.params.count;
  if (!DIGITS.test(count)) return text(reply, 400, 'count in /json/{count} must be a non-negative integer\n');
  let m = first(request.query.m);
  if (m === undefined) m = 1;
  else if (DIGITS.test(m)) m = Math.min(Number(m), MAX_MULTIPLIER);
  else return text(reply, 400, 'query parameter m must be a non-negative integer\n');
  const items = DATASET.slice(0, Math.min(Number(count), DATASET_LEN)).map((it) => ({ ...it, total: it.price * it.quantity * m }));
  const processed = { items, count: items.length };
  reply.header('server', SERVER).header('vary', 'Accept-Encoding');
  const coding = accepted(request.headers['accept-encoding']);
  if (coding === null) return reply.send(processed);
  // The route's serializer, then zlib's async API (libuv's thread pool).
  const json = reply.serialize(processed);
  const body = coding === 'br' ? await brotliCompress(json, BROTLI) : await gzip(json, GZIP);
  return reply.header('content-encoding', coding).header('content-type', 'application/json').send(body);
});

app.get('/static/:name', (request, reply) => {
  const file = STATIC.get(request.params.name);
  if (file === undefined) return text(reply, 404, 'not found\n');
  reply.header('server', SERVER).header('content-type', file.type);
  let body = file.body;
  if (file.gzip !== null) {
    reply.header('vary', 'Accept-Encoding');
    const coding = accepted(request.headers['accept-encoding']);
    if (coding !== null) {
      reply.header('content-encoding', coding);
      body = coding === 'br' ? file.br : file.gzip;
    }
  }
  return reply.send(body);
});

// Reads a request body as a stream, whatever its Content-Type (or none),
// into `{ bytes, received }`: up to `keep` bytes kept, all of them counted.
function bodyParser(keep, limit) {
  return (request, payload, done) => {
    const kept = [];
    let received = 0;
    let over = false;
    payload.on('data', (chunk) => {
      received += chunk.length;
      if (received <= keep) kept.push(chunk);
      if (received > limit && !over) {
        over = true;
        const err = new Error(`body larger than ${limit} bytes`);
        err.statusCode = 413;
        done(err);
      }
    });
    payload.on('end', () => {
      if (!over) done(null, { bytes: Buffer.concat(kept), received });
    });
    payload.on('error', (err) => {
      if (!over) done(err);
    });
  };
}

// /baseline and /upload take any body: their own parsers, encapsulated.
app.register(async (scope) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', bodyParser(MAX_BASELINE_BODY, MAX_BASELINE_BODY));
  scope.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/baseline',
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const a = first(request.query.a);
      const b = first(request.query.b);
      if (a === undefined || b === undefined || !INTEGER.test(a) || !INTEGER.test(b)) {
        return text(reply, 400, 'baseline needs integer query parameters a and b\n');
      }
      if (request.method !== 'POST') return text(reply, 200, sum([a, b]));
      const c = request.body ? request.body.bytes.toString('latin1').replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '') : '';
      if (!INTEGER.test(c)) return text(reply, 400, 'the body of POST /baseline must be an integer\n');
      return text(reply, 200, sum([a, b, c]));
    },
  });
});

app.register(async (scope) => {
  scope.removeAllContentTypeParsers();
  // Counted as it arrives, whatever Content-Length says (chunked too).
  scope.addContentTypeParser('*', bodyParser(0, MAX_UPLOAD));
  scope.post('/upload', (request, reply) => text(reply, 200, String(request.body ? request.body.received : 0)));
});

registerDatabase(app, SERVER, text, fail);

app.listen({ host: opts.host, port: opts.port, backlog: 4096 }, (err, address) => {
  if (err) fail(err.message);
  process.stdout.write(`fastify: listening on ${address} (fastify ${app.version}, node ${process.version})\n`);
});

function stop() {
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
