// The database workloads of docs/workloads.md (db, queries, fortunes,
// updates, items) on PostgreSQL through `pg` and its pg.Pool. DATABASE_URL
// names the database, DATABASE_POOL the pool's size (the lab sets both;
// without DATABASE_POOL, DEFAULT_POOL, the manifest's value). Without
// DATABASE_URL the routes answer 503 and the rest of the server is served.
//
// Every statement is a named one, so pg prepares it once per connection.
// Every World read is a query of its own: /queries and /updates send their
// N reads at once through the pool (Promise.all); /updates writes its rows
// in one UPDATE over unnest'ed arrays, ids distinct and sorted.
'use strict';

const { Pool } = require('pg');

// The manifest's [database] pool, for a start without DATABASE_POOL.
const DEFAULT_POOL = 16;
const WORLD_ROWS = 10000;
const MAX_QUERIES = 500;
const MAX_ITEMS = 50;
const ADDED_FORTUNE = 'Additional fortune added at request time.';
const HTML = 'text/html; charset=utf-8';
const WORLD = { name: 'world', text: 'SELECT id, randomnumber FROM world WHERE id = $1' };
const FORTUNE = { name: 'fortune', text: 'SELECT id, message FROM fortune' };
const UPDATE = {
  name: 'update',
  text: 'UPDATE world SET randomnumber = v.r FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v WHERE world.id = v.id',
};
// The contract's ITEMS_SQL (crates/contract/src/database.rs).
const ITEMS = {
  name: 'items',
  text: 'SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3',
};
const HTML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/g;
const SIGNED = /^[+-]?[0-9]+$/;
const NO_DATABASE = 'DATABASE_URL is unset: this server has no database\n';

const worldSchema = { type: 'object', properties: { id: { type: 'integer' }, randomNumber: { type: 'integer' } } };
const itemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category: { type: 'string' },
    price: { type: 'integer' },
    quantity: { type: 'integer' },
    active: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    rating: { type: 'object', properties: { score: { type: 'number' }, count: { type: 'integer' } } },
  },
};
const itemsSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: itemSchema }, count: { type: 'integer' } },
};

// The pool from the environment, or null without DATABASE_URL.
function openPool(fail) {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  let size = DEFAULT_POOL;
  const wanted = process.env.DATABASE_POOL;
  if (wanted !== undefined && wanted !== '') {
    size = Number(wanted);
    if (!Number.isInteger(size) || size < 1) fail(`DATABASE_POOL must be a positive integer, not ${JSON.stringify(wanted)}`);
  }
  const pool = new Pool({ connectionString: url, max: size });
  // An idle connection that fails (the server restarted) is dropped by the pool.
  pool.on('error', () => {});
  return pool;
}

// A parameter as the contract reads it: trimmed, a 64-bit integer (a sign
// allowed), else null.
function integer(query, name) {
  let value = query[name];
  if (Array.isArray(value)) value = value[0];
  if (typeof value !== 'string') return null;
  value = value.trim();
  if (!SIGNED.test(value)) return null;
  if (value.replace(/^[+-]/, '').length <= 18) return Number(value);
  // Past 18 digits: the contract reads a 64-bit integer, so beyond that
  // range it is not a number; within it the clamps make the value's rest moot.
  const big = BigInt(value);
  return big < -(2n ** 63n) || big >= 2n ** 63n ? null : Number(big);
}

const clamp = (n, lo, hi) => Math.min(Math.max(n, lo), hi);

// `queries` of /queries and /updates: missing, empty, not a number or below
// 1 gives 1; above 500 gives 500.
function queriesOf(query) {
  const n = integer(query, 'queries');
  return n === null ? 1 : clamp(n, 1, MAX_QUERIES);
}

const randomId = () => 1 + Math.floor(Math.random() * WORLD_ROWS);

// UTF-8 byte order, which is code-point order (JS's < compares UTF-16 units).
const byMessage = (a, b) => Buffer.compare(a.key, b.key);

function fortunesPage(rows) {
  rows.push({ id: 0, message: ADDED_FORTUNE });
  const sorted = rows.map((r) => ({ id: r.id, message: r.message, key: Buffer.from(r.message) })).sort(byMessage);
  let html = '<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>';
  for (const r of sorted) {
    html += `<tr><td>${r.id}</td><td>${r.message.replace(HTML_SPECIAL, (c) => HTML_ENTITIES[c])}</td></tr>`;
  }
  return html + '</table></body></html>';
}

// Registers the five routes on app; `text(reply, status, body)` answers in plain text.
function registerDatabase(app, server, text, fail) {
  const pool = openPool(fail);
  const readWorld = async (id) => {
    const row = (await pool.query({ ...WORLD, values: [id] })).rows[0];
    return { id: row.id, randomNumber: row.randomnumber };
  };
  const route = (url, schema, handler) => {
    const options = schema ? { schema: { response: { 200: schema } } } : {};
    app.get(url, options, async (request, reply) => {
      if (pool === null) return text(reply, 503, NO_DATABASE);
      reply.header('server', server);
      return handler(request, reply);
    });
  };

  route('/db', worldSchema, () => readWorld(randomId()));

  route('/queries', { type: 'array', items: worldSchema }, (request) => {
    const ids = Array.from({ length: queriesOf(request.query) }, randomId);
    return Promise.all(ids.map(readWorld));
  });

  route('/updates', { type: 'array', items: worldSchema }, async (request) => {
    // Distinct ids: a repeated one would be written once, fewer rows than owed.
    const n = queriesOf(request.query);
    const ids = new Set();
    while (ids.size < n) ids.add(randomId());
    const rows = await Promise.all(Array.from(ids, readWorld));
    for (const row of rows) row.randomNumber = randomId();
    const sorted = rows.slice().sort((a, b) => a.id - b.id);
    await pool.query({ ...UPDATE, values: [sorted.map((r) => r.id), sorted.map((r) => r.randomNumber)] });
    return rows;
  });

  route('/fortunes', null, async (request, reply) => {
    const { rows } = await pool.query(FORTUNE);
    return reply.header('content-type', HTML).send(fortunesPage(rows));
  });

  route('/items', itemsSchema, async (request) => {
    const min = integer(request.query, 'min');
    const max = integer(request.query, 'max');
    const limit = integer(request.query, 'limit');
    const bound = (n, otherwise) => (n === null ? otherwise : clamp(n, -(2 ** 31), 2 ** 31 - 1));
    const values = [bound(min, 10), bound(max, 50), limit === null ? MAX_ITEMS : clamp(limit, 1, MAX_ITEMS)];
    const { rows } = await pool.query({ ...ITEMS, values });
    const items = rows.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      price: r.price,
      quantity: r.quantity,
      active: r.active,
      tags: r.tags,
      rating: { score: r.rating_score, count: r.rating_count },
    }));
    return { items, count: items.length };
  });
}

module.exports = { registerDatabase };
