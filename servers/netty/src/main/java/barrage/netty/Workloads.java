package barrage.netty;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.util.AsciiString;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * workload, and the contract's parsing rules (crates/contract/src/data.rs)
 * written out.
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

    /** A decimal integer, optionally negative, at most 18 digits; null otherwise. */
    static Long integer(String s) {
        if (s == null) {
            return null;
        }
        int start = s.startsWith("-") ? 1 : 0;
        int n = s.length() - start;
        if (n < 1 || n > 18) {
            return null;
        }
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        return Long.parseLong(s);
    }

    /** A non-negative decimal integer (Long.MAX_VALUE when it overflows); -1 when not one. */
    static long digits(String s) {
        if (s == null || s.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
        }
        return s.length() > 18 ? Long.MAX_VALUE : Long.parseLong(s);
    }

    /** The body of POST /baseline: an integer with surrounding ASCII whitespace; null otherwise. */
    static Long bodyInteger(ByteBuf body) {
        int from = body.readerIndex();
        int to = body.writerIndex();
        while (from < to && isSpace(body.getByte(from))) {
            from++;
        }
        while (to > from && isSpace(body.getByte(to - 1))) {
            to--;
        }
        return integer(body.toString(from, to - from, StandardCharsets.ISO_8859_1));
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f';
    }

    static final int IDENTITY = 0;
    static final int GZIP = 1;
    static final int BR = 2;

    /**
     * The coding to send among identity, gzip and br (br only when OFFER_BR)
     * for an Accept-Encoding value (null: none): the accepted one (q > 0) of
     * highest q, br on a tie; "*" stands for a coding not named.
     */
    static int preferredEncoding(String accept, boolean offerBr) {
        if (accept == null) {
            return IDENTITY;
        }
        double gzip = -1;
        double br = -1;
        double any = -1;
        for (String part : accept.split(",")) {
            String[] params = part.split(";");
            String coding = params[0].trim().toLowerCase();
            double q = 1;
            for (int i = 1; i < params.length; i++) {
                String p = params[i].trim();
                if (p.startsWith("q=") || p.startsWith("Q=")) {
                    try {
                        q = Double.parseDouble(p.substring(2).trim());
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            switch (coding) {
                case "gzip": case "x-gzip": gzip = Math.max(gzip, q); break;
                case "br": br = Math.max(br, q); break;
                case "*": any = Math.max(any, q); break;
                default: break;
            }
        }
        if (gzip < 0) gzip = any;
        if (br < 0) br = any;
        if (offerBr && br > 0 && br >= gzip) {
            return BR;
        }
        return gzip > 0 ? GZIP : IDENTITY;
    }
}
