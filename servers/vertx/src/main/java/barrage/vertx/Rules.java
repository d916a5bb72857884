package barrage.vertx;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The form decoding of the query (crates/contract/src/data.rs), as Vert.x
 * hands it over (a String already decoded from UTF-8). The other parsing
 * rules (integers, counts, the choice by Accept-Encoding) are
 * servers/lib/java's barrage.lib.ContractRules, shared with servers/netty
 * (pom.xml adds that directory to the sources).
 */
final class Rules {
    private Rules() {}

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
}
