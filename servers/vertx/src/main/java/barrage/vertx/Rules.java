package barrage.vertx;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The contract's parsing rules (crates/contract/src/data.rs) written out:
 * integers of /baseline, counts and multipliers of /json/{count}, form
 * decoding of the query, and the choice among precompressed variants by
 * Accept-Encoding.
 */
final class Rules {
    private Rules() {}

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
    static Long bodyInteger(byte[] body) {
        int from = 0;
        int to = body.length;
        while (from < to && isSpace(body[from])) {
            from++;
        }
        while (to > from && isSpace(body[to - 1])) {
            to--;
        }
        return integer(new String(body, from, to - from, StandardCharsets.ISO_8859_1));
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f';
    }

    /**
     * The form-decoded value of the first NAME parameter of QUERY (without
     * '?'), or null; a parameter without '=' has the value "".
     */
    static String queryParam(String query, String name) {
        if (query == null) {
            return null;
        }
        int start = 0;
        while (start <= query.length()) {
            int end = query.indexOf('&', start);
            if (end < 0) {
                end = query.length();
            }
            if (end > start) {
                int eq = query.indexOf('=', start);
                if (eq < 0 || eq > end) {
                    eq = end;
                }
                if (formDecode(query, start, eq).equals(name)) {
                    return eq == end ? "" : formDecode(query, eq + 1, end);
                }
            }
            start = end + 1;
        }
        return null;
    }

    static String formDecode(String s, int from, int to) {
        boolean plain = true;
        for (int i = from; i < to && plain; i++) {
            char c = s.charAt(i);
            plain = c != '+' && c != '%';
        }
        if (plain) {
            return s.substring(from, to);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '+') {
                out.write(' ');
            } else if (c == '%' && i + 2 < to && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    static final int IDENTITY = 0;
    static final int GZIP = 1;
    static final int BROTLI = 2;

    /**
     * The coding to send among identity, gzip and br for an Accept-Encoding
     * value (null: none): the accepted one (q > 0) of highest q, br on a tie;
     * "*" stands for a coding not named.
     */
    static int preferredEncoding(String accept) {
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
        if (br > 0 && br >= gzip) {
            return BROTLI;
        }
        return gzip > 0 ? GZIP : IDENTITY;
    }
}
