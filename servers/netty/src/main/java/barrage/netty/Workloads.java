package barrage.netty;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.util.AsciiString;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The workloads' data and rules for the Netty server: the dataset of
 * /json/{count} and the static set (read once from data/workloads/), JSON
 * made with Jackson per request, gzip and brotli for the compression
 * workload. The contract's parsing rules (integers, counts, the choice by
 * Accept-Encoding) are servers/lib/java's barrage.lib.ContractRules, shared
 * with servers/vertx (pom.xml adds that directory to the sources).
 */
final class Workloads {
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final int DATASET_MAX = 50;
    static final long MAX_MULTIPLIER = 1_000_000;
    /** Largest upload taken (crates/contract MAX_UPLOAD); larger ones get 413. */
    static final long MAX_UPLOAD = 32L << 20;
    /** Largest POST /baseline body kept; a number with whitespace is far shorter. */
    static final int MAX_BASELINE_BODY = 4096;
    /** Whether brotli4j's native library loaded (else /json/{count} offers gzip only). */
    static final boolean BROTLI = brotliAvailable();
    private static final Encoder.Parameters BROTLI_PARAMS = new Encoder.Parameters().setQuality(4);

    /** The dataset's items as Jackson read them (key order kept). */
    final List<Map<String, Object>> items;
    /** The static set and the contract's two files, by name under /static/. */
    final Map<String, StaticFile> files;

    private Workloads(List<Map<String, Object>> items, Map<String, StaticFile> files) {
        this.items = items;
        this.files = files;
    }

    /** One file of /static/: its type, its bytes and its precompressed variants (or null). */
    static final class StaticFile {
        final AsciiString contentType;
        final ByteBuf body;
        final ByteBuf gzip;
        final ByteBuf brotli;

        StaticFile(String contentType, ByteBuf body, ByteBuf gzip, ByteBuf brotli) {
            this.contentType = AsciiString.cached(contentType);
            this.body = body;
            this.gzip = gzip;
            this.brotli = brotli;
        }
    }

    /** The object of GET /json, serialized per request as TechEmpower's rule asks. */
    static final class Message {
        public final String message;

        Message(String message) {
            this.message = message;
        }
    }

    static Workloads load(Path data, Path docroot) throws IOException {
        List<Map<String, Object>> items = MAPPER.readValue(data.resolve("dataset.json").toFile(),
                new TypeReference<List<Map<String, Object>>>() { });
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
        return new Workloads(items, files);
    }

    private static ByteBuf read(Path p) throws IOException {
        return Main.constant(Files.readAllBytes(p));
    }

    static byte[] message() {
        try {
            return MAPPER.writeValueAsBytes(new Message("Hello, World!"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The body of /json/{count}?m={m}: the first n items with their totals, and count. */
    byte[] processed(int n, long m) {
        List<Map<String, Object>> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, Object> src = items.get(i);
            Map<String, Object> item = new LinkedHashMap<>(src);
            item.put("total", ((Number) src.get("price")).longValue()
                    * ((Number) src.get("quantity")).longValue() * m);
            out.add(item);
        }
        Map<String, Object> body = new LinkedHashMap<>(4);
        body.put("items", out);
        body.put("count", n);
        try {
            return MAPPER.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] gzip(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 8192)) {
            gz.write(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    static byte[] brotli(byte[] body) {
        try {
            return Encoder.compress(body, BROTLI_PARAMS);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean brotliAvailable() {
        try {
            Brotli4jLoader.ensureAvailability();
            return true;
        } catch (Throwable e) {
            return false;
        }
    }
}
