package barrage.vertx;

import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.BrotliMode;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * barrage's Eclipse Vert.x server under test: a vertx-web Router answers the
 * contract's /hello, /static/6b and /static/4k and every workload of
 * docs/workloads.md (baseline, plaintext, json, json-processing,
 * compression, upload, static, noisy), and its database workloads (db,
 * queries, fortunes, updates, items: Database, on DATABASE_URL with a pool
 * of DATABASE_POOL connections).
 *
 * Usage: Main HOST PORT DATA DOCROOT. DATA is data/workloads/ (dataset.json,
 * static/ with index.tsv), DOCROOT servers/nginx/docroot (static/6b, 4k);
 * both are read once at start. THREADS (environment, default 1; 0 means one
 * per core) is the number of event loops, and as many verticle instances
 * share the listening port, one per event loop, as TechEmpower's Vert.x
 * entries deploy them.
 */
public final class Main {
    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("vertx: usage: Main HOST PORT DATA DOCROOT");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        Data data;
        try {
            data = Data.load(Path.of(args[2]), Path.of(args[3]));
        } catch (IOException | RuntimeException e) {
            System.err.println("vertx: cannot read the workload data: " + e);
            System.exit(1);
            return;
        }
        int threads = Integer.parseInt(System.getenv().getOrDefault("THREADS", "1"));
        if (threads <= 0) {
            threads = Runtime.getRuntime().availableProcessors();
        }

        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(threads)
                .setPreferNativeTransport(true));
        HttpServerOptions options = new HttpServerOptions()
                .setHost(host)
                .setPort(port)
                .setAcceptBacklog(8192)
                .setTcpNoDelay(true)
                // "Expect: 100-continue" (curl sends it for bodies over 1 MB)
                // answered at once rather than after the client's timeout.
                .setHandle100ContinueAutomatically(true)
                // Every request and response is handled on its event loop
                // (TechEmpower's Vert.x entries set it too).
                .setStrictThreadMode(true)
                .setCompressionSupported(true)
                .addCompressor(StandardCompressionOptions.gzip());
        boolean brotli = Brotli.isAvailable();
        if (brotli) {
            // Netty's default quality (4) and text mode; a 256 KiB window
            // (lgwin 18) rather than 4 MiB, as every compressed body here is
            // under 10 KB: the encoder made per response allocates its window.
            options.addCompressor(StandardCompressionOptions.brotli(4, 18, BrotliMode.TEXT));
        }
        Database db;
        try {
            db = Database.fromEnv(vertx);
        } catch (IllegalArgumentException e) {
            System.err.println("vertx: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println("vertx: " + db.describe());
        final Data shared = data;
        final int instances = threads;
        vertx.deployVerticle(() -> new Server(shared, db, options),
                        new DeploymentOptions().setInstances(instances))
                .onSuccess(id -> System.out.println("vertx: listening on " + host + ":" + port + " ("
                        + (vertx.isNativeTransportEnabled() ? "epoll" : "nio") + ", " + instances
                        + " event loops, compression gzip" + (brotli ? "+br" : "") + ")"))
                .onFailure(e -> {
                    System.err.println("vertx: cannot listen on " + host + ":" + port + ": " + e);
                    System.exit(1);
                });
    }

    /** The workload data, read once and shared read-only by every event loop. */
    static final class Data {
        /** The dataset's items, in order. */
        final List<JsonObject> items;
        /** The static set and the contract's two files, by name under /static/. */
        final Map<String, StaticFile> files;

        Data(List<JsonObject> items, Map<String, StaticFile> files) {
            this.items = items;
            this.files = files;
        }

        static Data load(Path data, Path docroot) throws IOException {
            JsonArray array = new JsonArray(Buffer.buffer(Files.readAllBytes(data.resolve("dataset.json"))));
            List<JsonObject> items = new ArrayList<>(array.size());
            for (int i = 0; i < array.size(); i++) {
                items.add(array.getJsonObject(i));
            }
            Map<String, StaticFile> files = new HashMap<>();
            Path dir = data.resolve("static");
            for (String line : Files.readAllLines(dir.resolve("index.tsv"))) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length < 5) {
                    throw new IOException("index.tsv: bad line: " + line);
                }
                String name = f[0];
                boolean pre = f[4].equals("1");
                files.put(name, new StaticFile(f[1], read(dir.resolve(name)),
                        pre ? read(dir.resolve(name + ".gz")) : null,
                        pre ? read(dir.resolve(name + ".br")) : null));
            }
            for (String name : new String[] {"6b", "4k"}) {
                files.put(name, new StaticFile("application/octet-stream",
                        read(docroot.resolve("static").resolve(name)), null, null));
            }
            return new Data(items, files);
        }

        static Buffer read(Path p) throws IOException {
            return Buffer.buffer(Files.readAllBytes(p));
        }
    }

    /** One file of /static/: its type, its bytes and its precompressed variants (or null). */
    static final class StaticFile {
        final CharSequence contentType;
        final Buffer body;
        final Buffer gzip;
        final Buffer brotli;

        StaticFile(String contentType, Buffer body, Buffer gzip, Buffer brotli) {
            this.contentType = io.vertx.core.http.HttpHeaders.createOptimized(contentType);
            this.body = body;
            this.gzip = gzip;
            this.brotli = brotli;
        }
    }
}
