"""The database workloads of docs/workloads.md (db, queries, fortunes,
updates, items) on PostgreSQL through asyncpg and its pool.

DATABASE_URL names the database and DATABASE_POOL the connections of the
whole server (the lab sets both; without DATABASE_POOL, DEFAULT_POOL, the
manifest's value): each uvicorn worker process opens a pool of
DATABASE_POOL / WORKERS connections (at least 1) when it starts. Without
DATABASE_URL the routes answer 503 and the rest of the server is served.

asyncpg prepares each statement once per connection and caches it. Every
World read is a statement of its own, run one after the other on one
connection of the pool (an asyncpg connection runs one query at a time);
/updates writes its rows in one UPDATE over unnest'ed arrays, ids distinct
and sorted.
"""

import contextlib
import html
import os
import random
import re
import sys
from urllib.parse import parse_qsl

import asyncpg
import orjson
from fastapi import APIRouter, Request, Response

# The manifest's [database] pool, for a start without DATABASE_POOL.
DEFAULT_POOL = 8
WORLD_ROWS = 10_000
MAX_QUERIES = 500
MAX_ITEMS = 50
ADDED_FORTUNE = "Additional fortune added at request time."
WORLD_SQL = "SELECT id, randomnumber FROM world WHERE id = $1"
FORTUNE_SQL = "SELECT id, message FROM fortune"
UPDATE_SQL = (
    "UPDATE world SET randomnumber = v.r"
    " FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v WHERE world.id = v.id"
)
# The contract's ITEMS_SQL (crates/contract/src/database.rs).
ITEMS_SQL = (
    "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count"
    " FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3"
)
FORTUNES_HEAD = (
    "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
    "<tr><th>id</th><th>message</th></tr>"
)
FORTUNES_TAIL = "</table></body></html>"
SIGNED = re.compile(r"[+-]?[0-9]+")
I64 = (-(2**63), 2**63 - 1)
I32 = (-(2**31), 2**31 - 1)
NO_DATABASE = b"DATABASE_URL is unset: this server has no database\n"

router = APIRouter()
pool = None


def pool_size():
    """This worker's share of DATABASE_POOL (server.py checked it): pool / workers, at least 1."""
    total = int(os.environ.get("DATABASE_POOL") or DEFAULT_POOL)
    workers = int(os.environ.get("BARRAGE_WORKERS", "1"))
    return max(1, total // workers)


async def keep_session(conn):
    """The pool's reset on release, beyond the open transaction asyncpg
    always rolls back: nothing. The default would send `SELECT
    pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL` after every
    request, for session state (advisory locks, cursors, LISTEN, SET) that
    these routes never make."""


@contextlib.asynccontextmanager
async def lifespan(app):
    """Opens this worker's pool at start (with DATABASE_URL), closes it at exit."""
    global pool
    url = os.environ.get("DATABASE_URL")
    if url:
        size = pool_size()
        try:
            pool = await asyncpg.create_pool(url, min_size=size, max_size=size, reset=keep_session)
        except (OSError, asyncpg.PostgresError) as e:
            # One line and out, rather than uvicorn's traceback.
            print("fastapi: cannot open a pool of %d to DATABASE_URL: %s" % (size, e), file=sys.stderr, flush=True)
            os._exit(1)
    yield
    if pool is not None:
        await pool.close()


def integer(request, name):
    """A parameter as the contract reads it: trimmed, a 64-bit integer, else None."""
    query = request.scope["query_string"].decode("latin-1")
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key == name:
            value = value.strip()
            if not SIGNED.fullmatch(value):
                return None
            n = int(value)
            return n if I64[0] <= n <= I64[1] else None
    return None


def clamp(n, lo, hi):
    return max(lo, min(n, hi))


def queries_of(request):
    """`queries`: missing, empty, not a number or below 1 gives 1; above 500, 500."""
    n = integer(request, "queries")
    return 1 if n is None else clamp(n, 1, MAX_QUERIES)


def random_id():
    return random.randint(1, WORLD_ROWS)


def json_response(value):
    return Response(orjson.dumps(value), media_type="application/json")


def unavailable():
    return Response(NO_DATABASE, status_code=503, media_type="text/plain")


async def read_worlds(conn, ids):
    """One statement per row, in turn on this connection."""
    rows = []
    for i in ids:
        row = await conn.fetchrow(WORLD_SQL, i)
        rows.append({"id": row[0], "randomNumber": row[1]})
    return rows


@router.get("/db")
async def db():
    if pool is None:
        return unavailable()
    row = await pool.fetchrow(WORLD_SQL, random_id())
    return json_response({"id": row[0], "randomNumber": row[1]})


@router.get("/queries")
async def queries(request: Request):
    if pool is None:
        return unavailable()
    ids = [random_id() for _ in range(queries_of(request))]
    async with pool.acquire() as conn:
        rows = await read_worlds(conn, ids)
    return json_response(rows)


@router.get("/updates")
async def updates(request: Request):
    if pool is None:
        return unavailable()
    # Distinct ids: a repeated one would be written once, fewer rows than owed.
    ids = random.sample(range(1, WORLD_ROWS + 1), queries_of(request))
    async with pool.acquire() as conn:
        rows = await read_worlds(conn, ids)
        for row in rows:
            row["randomNumber"] = random_id()
        ordered = sorted(rows, key=lambda r: r["id"])
        await conn.execute(
            UPDATE_SQL, [r["id"] for r in ordered], [r["randomNumber"] for r in ordered]
        )
    return json_response(rows)


@router.get("/fortunes")
async def fortunes():
    if pool is None:
        return unavailable()
    rows = [(r[0], r[1]) for r in await pool.fetch(FORTUNE_SQL)]
    rows.append((0, ADDED_FORTUNE))
    # Python compares strings by code point, the contract's order.
    rows.sort(key=lambda r: r[1])
    cells = "".join(
        "<tr><td>%d</td><td>%s</td></tr>" % (i, html.escape(m, quote=True)) for i, m in rows
    )
    page = FORTUNES_HEAD + cells + FORTUNES_TAIL
    return Response(page, media_type="text/html; charset=utf-8")


@router.get("/items")
async def items(request: Request):
    if pool is None:
        return unavailable()
    lo, hi, limit = (integer(request, name) for name in ("min", "max", "limit"))
    lo = 10 if lo is None else clamp(lo, *I32)
    hi = 50 if hi is None else clamp(hi, *I32)
    limit = MAX_ITEMS if limit is None else clamp(limit, 1, MAX_ITEMS)
    found = [
        {
            "id": r[0],
            "name": r[1],
            "category": r[2],
            "price": r[3],
            "quantity": r[4],
            "active": r[5],
            # jsonb arrives as its text: put in as it is.
            "tags": orjson.Fragment(r[6]),
            "rating": {"score": r[7], "count": r[8]},
        }
        for r in await pool.fetch(ITEMS_SQL, lo, hi, limit)
    ]
    return json_response({"items": found, "count": len(found)})
