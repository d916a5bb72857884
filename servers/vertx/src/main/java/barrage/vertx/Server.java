package barrage.vertx;

import barrage.lib.ContractRules;
import io.netty.handler.codec.DateFormatter;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One verticle: an HTTP server on the shared port with the Router of every
 * endpoint. One instance runs per event loop; the Date header is remade
 * once a second by a timer on that loop (as TechEmpower's Vert.x entries do).
 */
final class Server extends VerticleBase {
    static final CharSequence SERVER = HttpHeaders.createOptimized("vert.x");
    static final CharSequence TEXT_PLAIN = HttpHeaders.createOptimized("text/plain");
    static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    static final CharSequence IDENTITY = HttpHeaders.createOptimized("identity");
    static final CharSequence GZIP = HttpHeaders.createOptimized("gzip");
    static final CharSequence BR = HttpHeaders.createOptimized("br");
    static final CharSequence CLOSE = HttpHeaders.createOptimized("close");
    static final Buffer HELLO = Buffer.buffer("Hello World\n");
    static final Buffer PLAINTEXT = Buffer.buffer("Hello, World!");
    static final Buffer NOT_FOUND = Buffer.buffer("not found\n");
    /** Largest upload taken (crates/contract MAX_UPLOAD); larger ones get 413. */
    static final long MAX_UPLOAD = 32L << 20;
    /** Largest POST /baseline body read; a number with whitespace is far shorter. */
    static final int MAX_BASELINE_BODY = 4096;
    static final int DATASET_MAX = 50;
    static final long MAX_MULTIPLIER = 1_000_000;

    private final Main.Data data;
    private final Database db;
    private final HttpServerOptions options;
    private CharSequence date = formatDate();

    Server(Main.Data data, Database db, HttpServerOptions options) {
        this.data = data;
        this.db = db;
        this.options = options;
    }

    @Override
    public Future<?> start() {
        vertx.setPeriodic(1000, id -> date = formatDate());
        Router router = Router.router(vertx);
        getOrHead(router, "/hello").handler(ctx -> text(ctx, 200, HELLO));
        getOrHead(router, "/plaintext").handler(ctx -> text(ctx, 200, PLAINTEXT));
        getOrHead(router, "/json").handler(this::json);
        getOrHead(router, "/json/:count").handler(this::jsonProcessing);
        getOrHead(router, "/baseline").handler(this::baselineGet);
        router.post("/baseline").handler(this::baselinePost);
        router.post("/upload").handler(this::upload);
        getOrHead(router, "/static/:name").handler(this::staticFile);
        getOrHead(router, "/db").handler(ctx -> db.db(this, ctx));
        getOrHead(router, "/queries").handler(ctx -> db.queries(this, ctx));
        getOrHead(router, "/fortunes").handler(ctx -> db.fortunes(this, ctx));
        getOrHead(router, "/updates").handler(ctx -> db.updates(this, ctx));
        getOrHead(router, "/items").handler(ctx -> db.items(this, ctx));
        return vertx.createHttpServer(options).requestHandler(router).listen();
    }

    static Route getOrHead(Router router, String path) {
        return router.route(path).method(HttpMethod.GET).method(HttpMethod.HEAD);
    }

    static CharSequence formatDate() {
        return HttpHeaders.createOptimized(DateFormatter.format(new Date()));
    }

    /** The response with Server, Date and Content-Type set. */
    HttpServerResponse response(RoutingContext ctx, int status, CharSequence type) {
        HttpServerResponse res = ctx.response();
        res.setStatusCode(status)
                .putHeader(HttpHeaders.SERVER, SERVER)
                .putHeader(HttpHeaders.DATE, date)
                .putHeader(HttpHeaders.CONTENT_TYPE, type);
        return res;
    }

    /**
     * Keeps Vert.x's compressor off a response: it honours and then removes
     * "Content-Encoding: identity" (it only runs when the request has an
     * Accept-Encoding; without one the header would go out as it is).
     */
    static void uncompressed(RoutingContext ctx, HttpServerResponse res) {
        if (ctx.request().headers().contains(HttpHeaders.ACCEPT_ENCODING)) {
            res.putHeader(HttpHeaders.CONTENT_ENCODING, IDENTITY);
        }
    }

    void text(RoutingContext ctx, int status, Buffer body) {
        HttpServerResponse res = response(ctx, status, TEXT_PLAIN);
        uncompressed(ctx, res);
        res.end(body);
    }

    void badRequest(RoutingContext ctx, String why) {
        text(ctx, 400, Buffer.buffer(why + "\n"));
    }

    /** GET /json: the message object, serialized per request by Vert.x's Jackson codec. */
    void json(RoutingContext ctx) {
        HttpServerResponse res = response(ctx, 200, JSON);
        uncompressed(ctx, res);
        res.end(new JsonObject().put("message", "Hello, World!").toBuffer());
    }

    /**
     * GET /json/{count}?m={m}: the first count items with total = price ×
     * quantity × m, and count. The only response Vert.x compresses (gzip or
     * br by Accept-Encoding).
     */
    void jsonProcessing(RoutingContext ctx) {
        long count = ContractRules.digits(ctx.pathParam("count"));
        if (count < 0) {
            badRequest(ctx, "count in /json/{count} must be a non-negative integer");
            return;
        }
        String mParam = Rules.queryParam(ctx.request().query(), "m");
        long m = mParam == null ? 1 : ContractRules.digits(mParam);
        if (m < 0) {
            badRequest(ctx, "query parameter m must be a non-negative integer");
            return;
        }
        m = Math.min(m, MAX_MULTIPLIER);
        int n = (int) Math.min(count, Math.min(DATASET_MAX, data.items.size()));
        List<Object> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonObject src = data.items.get(i);
            JsonObject item = new JsonObject(new LinkedHashMap<>(src.getMap()));
            item.put("total", src.getLong("price") * src.getLong("quantity") * m);
            items.add(item);
        }
        JsonObject body = new JsonObject().put("items", new JsonArray(items)).put("count", n);
        response(ctx, 200, JSON).end(body.toBuffer());
    }

    /** The a and b of /baseline's query, or null after answering 400. */
    long[] baselineQuery(RoutingContext ctx) {
        String query = ctx.request().query();
        String a = Rules.queryParam(query, "a");
        String b = Rules.queryParam(query, "b");
        if (a == null || b == null) {
            badRequest(ctx, "missing query parameter " + (a == null ? "a" : "b"));
            return null;
        }
        Long av = ContractRules.integer(a);
        Long bv = ContractRules.integer(b);
        if (av == null || bv == null) {
            badRequest(ctx, "query parameter " + (av == null ? "a" : "b") + " must be an integer");
            return null;
        }
        return new long[] {av, bv};
    }

    void sum(RoutingContext ctx, long value) {
        text(ctx, 200, Buffer.buffer(Long.toString(value)));
    }

    void baselineGet(RoutingContext ctx) {
        long[] ab = baselineQuery(ctx);
        if (ab != null) {
            sum(ctx, ab[0] + ab[1]);
        }
    }

    /** POST /baseline: the body's number added, read as it arrives (Content-Length or chunked). */
    void baselinePost(RoutingContext ctx) {
        long[] ab = baselineQuery(ctx);
        if (ab == null) {
            return;
        }
        HttpServerRequest req = ctx.request();
        Buffer body = Buffer.buffer(32);
        boolean[] tooLong = {false};
        req.exceptionHandler(e -> { });
        req.handler(chunk -> {
            if (body.length() + chunk.length() > MAX_BASELINE_BODY) {
                tooLong[0] = true;
            } else {
                body.appendBuffer(chunk);
            }
        });
        req.endHandler(v -> {
            Long c = tooLong[0] ? null : ContractRules.bodyInteger(body.getBytes());
            if (c == null) {
                badRequest(ctx, "the body of POST /baseline must be an integer");
            } else {
                sum(ctx, ab[0] + ab[1] + c);
            }
        });
    }

    /**
     * POST /upload: the number of body bytes received, counted chunk by chunk
     * as they arrive (never taken from Content-Length; chunked bodies too).
     * A body over MAX_UPLOAD gets 413 and the connection is closed.
     */
    void upload(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        long[] received = {0};
        req.exceptionHandler(e -> { });
        req.handler(chunk -> {
            received[0] += chunk.length();
            if (received[0] > MAX_UPLOAD && !ctx.response().ended()) {
                HttpServerResponse res = response(ctx, 413, TEXT_PLAIN).putHeader(HttpHeaders.CONNECTION, CLOSE);
                res.end(Buffer.buffer("upload larger than " + MAX_UPLOAD + " bytes\n"))
                        .onComplete(r -> req.connection().close());
            }
        });
        req.endHandler(v -> {
            if (!ctx.response().ended()) {
                text(ctx, 200, Buffer.buffer(Long.toString(received[0])));
            }
        });
    }

    /**
     * GET /static/{name}: a file of the set with its Content-Type; for the
     * text files the precompressed .br or .gz variant when Accept-Encoding
     * takes it (the compressor passes a response that has Content-Encoding).
     */
    void staticFile(RoutingContext ctx) {
        Main.StaticFile file = data.files.get(ctx.pathParam("name"));
        if (file == null) {
            text(ctx, 404, NOT_FOUND);
            return;
        }
        HttpServerResponse res = response(ctx, 200, file.contentType);
        Buffer body = file.body;
        if (file.gzip != null) {
            res.putHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
            int coding = ContractRules.preferredEncoding(ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING), true);
            if (coding == ContractRules.BR) {
                res.putHeader(HttpHeaders.CONTENT_ENCODING, BR);
                body = file.brotli;
            } else if (coding == ContractRules.GZIP) {
                res.putHeader(HttpHeaders.CONTENT_ENCODING, GZIP);
                body = file.gzip;
            }
        }
        if (body == file.body) {
            uncompressed(ctx, res);
        }
        res.end(body);
    }
}
