// The workloads of docs/workloads.md on Node's `http` module: /baseline,
// /plaintext, /json, /json/{count} (gzip or brotli by Accept-Encoding),
// /upload and /static/{name}. `workloads(dataDir, server)` reads the dataset
// and the static set once and returns `handle(req, res, pathname, query)`,
// which answers and returns true, or returns false for a path it does not own.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
// The Accept-Encoding choice and the static set's loading, shared with
// servers/fastify: servers/lib/node/barrage-workloads.js.
const { accepted, loadStatic } = require('../lib/node/barrage-workloads');

const PLAINTEXT = Buffer.from('Hello, World!');
const DATASET_LEN = 50;
const MAX_MULTIPLIER = 1000000;
const MAX_UPLOAD = 32 * 1024 * 1024;
// A POST /baseline carries one number: anything longer is refused.
const MAX_BASELINE_BODY = 1024;
const INTEGER = /^-?[0-9]{1,18}$/;
const DIGITS = /^[0-9]+$/;
const TEXT = 'text/plain; charset=utf-8';
// Brotli's default quality (11) is meant for files compressed once; 4 is
// the usual choice for responses compressed per request.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };

// a + b (+ c): Numbers while exact (15 digits at most), BigInt beyond.
function sum(values) {
  if (values.every((v) => v.length <= 15)) return String(values.reduce((s, v) => s + Number(v), 0));
  return String(values.reduce((s, v) => s + BigInt(v), 0n));
}

function workloads(dataDir, server) {
  const dataset = JSON.parse(fs.readFileSync(path.join(dataDir, 'dataset.json'), 'utf8'));
  if (dataset.length !== DATASET_LEN) throw new Error(`${dataDir}/dataset.json has ${dataset.length} items, not ${DATASET_LEN}`);
  const files = loadStatic(path.join(dataDir, 'static'));

  function send(res, status, type, body, extra) {
    const headers = { 'Server': server, 'Content-Type': type, 'Content-Length': body.length };
    if (extra) Object.assign(headers, extra);
    res.writeHead(status, headers);
    res.end(body);
  }
  const text = (res, status, body) => send(res, status, TEXT, Buffer.from(body));

  // Reads the body as it comes; calls done(bytes kept, bytes received)
  // unless the client goes away or sends more than `limit` (then 413).
  function readBody(req, res, keep, limit, done) {
    const kept = [];
    let received = 0;
    let over = false;
    req.on('data', (chunk) => {
      received += chunk.length;
      if (received <= keep) kept.push(chunk);
      if (received > limit && !over) {
        over = true;
        text(res, 413, `body larger than ${limit} bytes\n`);
      }
    });
    req.on('end', () => {
      if (!over) done(Buffer.concat(kept), received);
    });
    req.on('error', () => {}); // the client went away: nobody to answer
  }

  function baseline(req, res, query) {
    const params = new URLSearchParams(query);
    const a = params.get('a');
    const b = params.get('b');
    if (a === null || b === null || !INTEGER.test(a) || !INTEGER.test(b)) {
      return text(res, 400, 'baseline needs integer query parameters a and b\n');
    }
    if (req.method !== 'POST') return text(res, 200, sum([a, b]));
    readBody(req, res, MAX_BASELINE_BODY, MAX_BASELINE_BODY, (bytes) => {
      const c = bytes.toString('latin1').replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '');
      if (!INTEGER.test(c)) return text(res, 400, 'the body of POST /baseline must be an integer\n');
      text(res, 200, sum([a, b, c]));
    });
  }

  function jsonProcessing(req, res, countText, query) {
    if (!DIGITS.test(countText)) return text(res, 400, 'count in /json/{count} must be a non-negative integer\n');
    let m = new URLSearchParams(query).get('m');
    if (m === null) m = 1;
    else if (DIGITS.test(m)) m = Math.min(Number(m), MAX_MULTIPLIER);
    else return text(res, 400, 'query parameter m must be a non-negative integer\n');
    const items = dataset.slice(0, Math.min(Number(countText), DATASET_LEN)).map((it) => ({ ...it, total: it.price * it.quantity * m }));
    const json = Buffer.from(JSON.stringify({ items, count: items.length }));
    const coding = accepted(req.headers['accept-encoding']);
    const vary = { 'Vary': 'Accept-Encoding' };
    if (coding === null) return send(res, 200, 'application/json', json, vary);
    const compress = coding === 'br' ? (cb) => zlib.brotliCompress(json, BROTLI, cb) : (cb) => zlib.gzip(json, GZIP, cb);
    compress((err, body) => {
      if (err) return text(res, 500, 'compression failed\n');
      send(res, 200, 'application/json', body, { ...vary, 'Content-Encoding': coding });
    });
  }

  function staticFile(req, res, name) {
    const file = files.get(name);
    if (file === undefined) return text(res, 404, 'not found\n');
    if (file.gzip === null) return send(res, 200, file.type, file.body);
    const coding = accepted(req.headers['accept-encoding']);
    const vary = { 'Vary': 'Accept-Encoding' };
    if (coding === null) return send(res, 200, file.type, file.body, vary);
    send(res, 200, file.type, coding === 'br' ? file.br : file.gzip, { ...vary, 'Content-Encoding': coding });
  }

  const getOnly = (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return true;
    send(res, 405, TEXT, Buffer.from('method not allowed\n'), { 'Allow': 'GET, HEAD' });
    return false;
  };

  return function handle(req, res, pathname, query) {
    if (pathname === '/plaintext') {
      if (getOnly(req, res)) send(res, 200, TEXT, PLAINTEXT);
    } else if (pathname === '/json') {
      if (getOnly(req, res)) send(res, 200, 'application/json', Buffer.from(JSON.stringify({ message: 'Hello, World!' })));
    } else if (pathname === '/baseline') {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') baseline(req, res, query);
      else send(res, 405, TEXT, Buffer.from('method not allowed\n'), { 'Allow': 'GET, HEAD, POST' });
    } else if (pathname === '/upload') {
      // Counted as it arrives, whatever Content-Length says (chunked too).
      if (req.method === 'POST') readBody(req, res, 0, MAX_UPLOAD, (_, received) => text(res, 200, String(received)));
      else send(res, 405, TEXT, Buffer.from('method not allowed\n'), { 'Allow': 'POST' });
    } else if (pathname.startsWith('/json/')) {
      if (getOnly(req, res)) jsonProcessing(req, res, pathname.slice(6), query);
    } else if (pathname.startsWith('/static/')) {
      if (getOnly(req, res)) staticFile(req, res, pathname.slice(8));
    } else {
      return false;
    }
    return true;
  };
}

module.exports = { workloads };
