package barrage.vertx;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The database workloads of docs/workloads.md ("Database workloads"): /db,
 * /queries, /fortunes, /updates and /items on PostgreSQL through Vert.x's
 * reactive PostgreSQL client and its pool, one pool for every event loop
 * (a connection lives on the loop of the request that opened it).
 * Statements are prepared once per connection (the client's statement
 * cache); every World read is its own statement (the reads of one request
 * are pipelined on one connection); the updates are written by one batch
 * statement with the ids sorted.
 *
 * DATABASE_URL (environment; without it the endpoints answer 503) and
 * DATABASE_POOL (default DEFAULT_POOL, the manifest's [database] pool).
 */
final class Database {
    /** Connections in the pool when DATABASE_POOL is unset: the manifest's [database] pool. */
    static final int DEFAULT_POOL = 16;
    static final int WORLD_ROWS = 10_000;
    static final long MAX_QUERIES = 500;
    static final long MAX_ITEMS = 50;
    static final long ITEMS_MIN = 10;
    static final long ITEMS_MAX = 50;

    static final String WORLD_SQL = "SELECT id, randomnumber FROM world WHERE id = $1";
    static final String FORTUNE_SQL = "SELECT id, message FROM fortune";
    /** A request's rows in one statement: ids (sorted) and new numbers as two arrays unnested side by side. */
    static final String UPDATE_SQL = "UPDATE world SET randomnumber = v.r "
            + "FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v WHERE world.id = v.id";
    /** The contract's ITEMS_SQL. */
    static final String ITEMS_SQL = "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count "
            + "FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    static final String ADDED_FORTUNE = "Additional fortune added at request time.";
    static final Buffer NO_DATABASE = Buffer.buffer("DATABASE_URL is unset: no database for this endpoint\n");
    static final CharSequence HTML = HttpHeaders.createOptimized("text/html; charset=utf-8");

    /** The pool, or null without DATABASE_URL. */
    final Pool pool;
    final int size;

    private Database(Pool pool, int size) {
        this.pool = pool;
        this.size = size;
    }

    /**
     * The pool DATABASE_URL and DATABASE_POOL describe (no connection is made
     * before the first request).
     *
     * @throws IllegalArgumentException for a bad value, with its reason
     */
    static Database fromEnv(Vertx vertx) {
        Map<String, String> env = System.getenv();
        String url = env.get("DATABASE_URL");
        if (url == null) {
            return new Database(null, 0);
        }
        int size = DEFAULT_POOL;
        String pool = env.get("DATABASE_POOL");
        if (pool != null) {
            try {
                size = Integer.parseInt(pool.trim());
            } catch (NumberFormatException e) {
                size = 0;
            }
            if (size <= 0) {
                throw new IllegalArgumentException("DATABASE_POOL=" + pool + ": expected a positive integer");
            }
        }
        PgConnectOptions connect;
        try {
            connect = PgConnectOptions.fromUri(url);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("DATABASE_URL: " + e.getMessage());
        }
        connect.setCachePreparedStatements(true);
        Pool p = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(size))
                .connectingTo(connect)
                .using(vertx)
                .build();
        return new Database(p, size);
    }

    String describe() {
        return pool == null ? "no DATABASE_URL: database endpoints answer 503" : "database pool of " + size;
    }

    /** True after answering 503 when there is no database. */
    boolean missing(Server server, RoutingContext ctx) {
        if (pool != null) {
            return false;
        }
        server.text(ctx, 503, NO_DATABASE);
        return true;
    }

    /** A database error as a 500 of one line. */
    static void failed(Server server, RoutingContext ctx, Throwable e) {
        if (!ctx.response().ended()) {
            String line = String.valueOf(e.getMessage()).replace('\n', ' ');
            server.text(ctx, 500, Buffer.buffer("database: " + line + "\n"));
        }
    }

    static int randomRow() {
        return ThreadLocalRandom.current().nextInt(1, WORLD_ROWS + 1);
    }

    /** The query's queries, clamped to 1..500: missing, empty, not a number or below 1 gives 1. */
    static int queries(RoutingContext ctx) {
        String value = Rules.queryParam(ctx.request().query(), "queries");
        if (value == null) {
            return 1;
        }
        try {
            return (int) Math.max(1, Math.min(MAX_QUERIES, Long.parseLong(value.trim())));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    static JsonObject world(Row row) {
        return new JsonObject().put("id", row.getInteger(0)).put("randomNumber", row.getInteger(1));
    }

    /** Reads the rows ids, one statement each, pipelined on conn. */
    static Future<List<JsonObject>> readWorlds(SqlConnection conn, int[] ids) {
        List<Future<RowSet<Row>>> reads = new ArrayList<>(ids.length);
        for (int id : ids) {
            reads.add(conn.preparedQuery(WORLD_SQL).execute(Tuple.of(id)));
        }
        return Future.all(reads).map(all -> {
            List<JsonObject> rows = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                RowSet<Row> set = all.resultAt(i);
                var it = set.iterator();
                if (!it.hasNext()) {
                    throw new IllegalStateException("no world row " + ids[i]);
                }
                rows.add(world(it.next()));
            }
            return rows;
        });
    }

    void json(Server server, RoutingContext ctx, Buffer body) {
        HttpServerResponse res = server.response(ctx, 200, Server.JSON);
        Server.uncompressed(ctx, res);
        res.end(body);
    }

    /** GET /db: one random World row. */
    void db(Server server, RoutingContext ctx) {
        if (missing(server, ctx)) {
            return;
        }
        pool.preparedQuery(WORLD_SQL).execute(Tuple.of(randomRow())).onComplete(ar -> {
            if (ar.failed()) {
                failed(server, ctx, ar.cause());
                return;
            }
            var it = ar.result().iterator();
            if (!it.hasNext()) {
                failed(server, ctx, new IllegalStateException("no world row"));
                return;
            }
            json(server, ctx, world(it.next()).toBuffer());
        });
    }

    /** GET /queries?queries=N: N random World rows, one query each. */
    void queries(Server server, RoutingContext ctx) {
        if (missing(server, ctx)) {
            return;
        }
        int[] ids = new int[queries(ctx)];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = randomRow();
        }
        pool.withConnection(conn -> readWorlds(conn, ids)).onComplete(ar -> {
            if (ar.failed()) {
                failed(server, ctx, ar.cause());
            } else {
                json(server, ctx, new JsonArray(new ArrayList<>(ar.result())).toBuffer());
            }
        });
    }

    /** n distinct ids, sorted: a row appears once in a request's batch. */
    static int[] distinctRows(int n) {
        int[] ids = new int[n];
        int have = 0;
        while (have < n) {
            for (int i = have; i < n; i++) {
                ids[i] = randomRow();
            }
            Arrays.sort(ids);
            have = 1;
            for (int i = 1; i < n; i++) {
                if (ids[i] != ids[have - 1]) {
                    ids[have++] = ids[i];
                }
            }
        }
        return ids;
    }

    /** GET /updates?queries=N: N distinct rows read (one query each), renumbered, written by one batch. */
    void updates(Server server, RoutingContext ctx) {
        if (missing(server, ctx)) {
            return;
        }
        int[] ids = distinctRows(queries(ctx));
        pool.withConnection(conn -> readWorlds(conn, ids).compose(rows -> {
            Integer[] boxedIds = new Integer[ids.length];
            Integer[] numbers = new Integer[ids.length];
            for (int i = 0; i < ids.length; i++) {
                int n = randomRow();
                rows.get(i).put("randomNumber", n);
                boxedIds[i] = ids[i];
                numbers[i] = n;
            }
            return conn.preparedQuery(UPDATE_SQL)
                    .execute(Tuple.tuple().addArrayOfInteger(boxedIds).addArrayOfInteger(numbers)).map(done -> rows);
        })).onComplete(ar -> {
            if (ar.failed()) {
                failed(server, ctx, ar.cause());
            } else {
                json(server, ctx, new JsonArray(new ArrayList<>(ar.result())).toBuffer());
            }
        });
    }

    /** text escaped for HTML: &amp;, &lt;, &gt;, &quot; and &#39; (the contract's html_escape). */
    static void escape(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '"': out.append("&quot;"); break;
                case '\'': out.append("&#39;"); break;
                default: out.append(c);
            }
        }
    }

    /** A fortune row of the page. */
    record Fortune(int id, String message) {}

    /**
     * GET /fortunes: the table's rows and one added, sorted by message, as
     * an escaped HTML table. String.compareTo compares UTF-16 units, which
     * is code-point order for these messages (no character outside the
     * Basic Multilingual Plane).
     */
    void fortunes(Server server, RoutingContext ctx) {
        if (missing(server, ctx)) {
            return;
        }
        pool.preparedQuery(FORTUNE_SQL).execute().onComplete(ar -> {
            if (ar.failed()) {
                failed(server, ctx, ar.cause());
                return;
            }
            List<Fortune> rows = new ArrayList<>(16);
            for (Row row : ar.result()) {
                rows.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            rows.add(new Fortune(0, ADDED_FORTUNE));
            rows.sort((a, b) -> a.message.compareTo(b.message));
            StringBuilder html = new StringBuilder(2048);
            html.append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
                    + "<tr><th>id</th><th>message</th></tr>");
            for (Fortune f : rows) {
                html.append("<tr><td>").append(f.id).append("</td><td>");
                escape(f.message, html);
                html.append("</td></tr>");
            }
            html.append("</table></body></html>");
            HttpServerResponse res = server.response(ctx, 200, HTML);
            Server.uncompressed(ctx, res);
            res.end(Buffer.buffer(html.toString()));
        });
    }

    /** An integer parameter of the query, or fallback when missing or not an integer. */
    static long integerParam(RoutingContext ctx, String name, long fallback) {
        String value = Rules.queryParam(ctx.request().query(), name);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    static int clamp32(long v) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    /** GET /items?min=&max=&limit=: up to limit (1..50, else 50) items priced in [min, max] (else 10, 50). */
    void items(Server server, RoutingContext ctx) {
        if (missing(server, ctx)) {
            return;
        }
        int min = clamp32(integerParam(ctx, "min", ITEMS_MIN));
        int max = clamp32(integerParam(ctx, "max", ITEMS_MAX));
        long limit = Math.max(1, Math.min(MAX_ITEMS, integerParam(ctx, "limit", MAX_ITEMS)));
        pool.preparedQuery(ITEMS_SQL).execute(Tuple.of(min, max, limit)).onComplete(ar -> {
            if (ar.failed()) {
                failed(server, ctx, ar.cause());
                return;
            }
            List<Object> items = new ArrayList<>(ar.result().size());
            for (Row r : ar.result()) {
                items.add(new JsonObject()
                        .put("id", r.getInteger(0))
                        .put("name", r.getString(1))
                        .put("category", r.getString(2))
                        .put("price", r.getInteger(3))
                        .put("quantity", r.getInteger(4))
                        .put("active", r.getBoolean(5))
                        .put("tags", r.getValue(6))
                        .put("rating", new JsonObject()
                                .put("score", r.getDouble(7))
                                .put("count", r.getInteger(8))));
            }
            JsonObject body = new JsonObject().put("items", new JsonArray(items)).put("count", items.size());
            json(server, ctx, body.toBuffer());
        });
    }
}
