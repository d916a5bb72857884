// What the Node.js servers of the catalogue share for the workloads of
// docs/workloads.md: the choice of a coding by Accept-Encoding and the
// static set read from data/workloads/static/. Node's standard library only.
// servers/fastify (server.js) and servers/node-http (workloads.js) require
// it by its relative path ('../lib/node/barrage-workloads').
'use strict';

const fs = require('fs');
const path = require('path');

// The coding to answer with for an Accept-Encoding value: 'br', 'gzip' or
// null. The highest q wins, br before gzip at equal q; q=0 refuses; `*`
// stands for a coding not named.
function accepted(header) {
  if (!header) return null;
  const q = new Map();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';');
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key.trim().toLowerCase() === 'q') weight = Number(value) || 0;
    }
    q.set(coding.trim().toLowerCase(), weight);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? star;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

// The static set of `dir` (data/workloads/static), as its index.tsv lists
// it: name -> { type, body, gzip, br } (gzip and br null when the file has
// no precompressed variants).
function loadStatic(dir) {
  const files = new Map();
  for (const line of fs.readFileSync(path.join(dir, 'index.tsv'), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [name, type, , , precompressed] = line.split('\t');
    const read = (ext) => fs.readFileSync(path.join(dir, name + ext));
    const pre = precompressed === '1';
    files.set(name, { type, body: read(''), gzip: pre ? read('.gz') : null, br: pre ? read('.br') : null });
  }
  return files;
}

module.exports = { accepted, loadStatic };
