package barrage.lib;

import java.nio.charset.StandardCharsets;

/**
 * The contract's parsing rules (crates/contract/src/data.rs) written out
 * once for the Java servers that serve the workloads (servers/netty and
 * servers/vertx compile this file into their jar: their pom.xml adds
 * servers/lib/java as a source directory): the integers of /baseline, the
 * counts and multipliers of /json/{count}, and the choice of a coding by
 * Accept-Encoding. Plain Java, no library.
 */
public final class ContractRules {
    private ContractRules() {}

    /** A decimal integer, optionally negative, at most 18 digits; null otherwise. */
    public static Long integer(String s) {
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
    public static long digits(String s) {
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
    public static Long bodyInteger(byte[] body) {
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

    public static final int IDENTITY = 0;
    public static final int GZIP = 1;
    public static final int BR = 2;

    /**
     * The coding to send among identity, gzip and br (br only when offerBr)
     * for an Accept-Encoding value (null: none): the accepted one (q > 0) of
     * highest q, br on a tie; "*" stands for a coding not named.
     */
    public static int preferredEncoding(String accept, boolean offerBr) {
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
