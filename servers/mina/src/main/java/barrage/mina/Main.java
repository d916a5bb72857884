package barrage.mina;

import org.apache.mina.core.buffer.IoBuffer;
import org.apache.mina.core.service.IoHandlerAdapter;
import org.apache.mina.core.session.AttributeKey;
import org.apache.mina.core.session.IoSession;
import org.apache.mina.transport.socket.nio.NioSocketAcceptor;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * barrage's MINA 2 server under test, as seed 000 first ran it: MINA 2, NO
 * HTTP PARSING. It never reads request lines, methods, paths or headers; it
 * writes one fixed /hello response per request, whatever was asked. So it
 * can only claim /hello, and only for GET (HEAD would get the body too).
 *
 * What it looks at, byte by byte (the minimum that keeps keep-alive and
 * seed 000's ApacheBench cases - HTTP/1.0 with and without keep-alive -
 * right):
 *
 * 1. The end of each request head, the blank line CR LF CR LF: one response
 *    per head. Request bodies are not expected (GET) and not skipped.
 * 2. The last byte of the request line (the byte before its first CR): '0'
 *    means "HTTP/1.0". That is one comparison per request.
 * 3. Only in an HTTP/1.0 head: whether "keep-alive" (any case) appears
 *    anywhere after the request line.
 *
 * The rule: an HTTP/1.0 head without "keep-alive" gets `Connection: close`
 * and the connection is closed once the response is written; an HTTP/1.0
 * head with it gets `Connection: keep-alive` and the connection stays open;
 * anything else is taken as HTTP/1.1 and kept open with no Connection header.
 * An HTTP/1.1 `Connection: close` is not looked for: such a client reads the
 * Content-Length bytes and closes the connection itself.
 *
 * Usage: Main HOST PORT. THREADS (environment, default 1) is the number of
 * NioSocketAcceptor I/O processors; the handler runs on them (no executor).
 */
public final class Main {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: Main HOST PORT");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(System.getenv().getOrDefault("THREADS", "1"));

        NioSocketAcceptor acceptor = new NioSocketAcceptor(threads);
        acceptor.setReuseAddress(true);
        acceptor.setBacklog(8192);
        acceptor.getSessionConfig().setTcpNoDelay(true);
        acceptor.setHandler(new Handler());
        acceptor.bind(new InetSocketAddress(host, port));
        System.out.println("mina: listening on " + host + ":" + port + " (" + threads
                + " I/O processors, no HTTP parsing)");
        Thread.currentThread().join();
    }

    /** The three fixed responses for the current second (their Date differs per second). */
    static final class Responses {
        private static final DateTimeFormatter HTTP_DATE =
                DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
                        .withZone(ZoneOffset.UTC);
        private static volatile Responses current = new Responses(System.currentTimeMillis() / 1000);

        final long second;
        /** HTTP/1.1 request: no Connection header. */
        final byte[] plain;
        /** HTTP/1.0 with keep-alive. */
        final byte[] keepAlive;
        /** HTTP/1.0 without keep-alive: the connection is closed after it. */
        final byte[] close;

        private Responses(long second) {
            this.second = second;
            String date = HTTP_DATE.format(Instant.ofEpochSecond(second));
            String head = "HTTP/1.1 200 OK\r\n"
                    + "Server: mina\r\n"
                    + "Date: " + date + "\r\n"
                    + "Content-Type: text/plain\r\n"
                    + "Content-Length: 12\r\n";
            String body = "\r\nHello World\n";
            plain = (head + body).getBytes(StandardCharsets.US_ASCII);
            keepAlive = (head + "Connection: keep-alive\r\n" + body).getBytes(StandardCharsets.US_ASCII);
            close = (head + "Connection: close\r\n" + body).getBytes(StandardCharsets.US_ASCII);
        }

        /** The responses for now: remade (at most) once per second. */
        static Responses now() {
            long second = System.currentTimeMillis() / 1000;
            Responses r = current;
            if (r.second != second) {
                r = new Responses(second);
                current = r;
            }
            return r;
        }
    }

    /** Where one connection is in the current request head. */
    static final class Scan {
        /** How much of CR LF CR LF was just seen (0 to 3). */
        int blankLine;
        /** Still in the request line (before its first CR). */
        boolean requestLine = true;
        /** The previous byte, while in the request line. */
        byte previous;
        /** The request line ended in '0': HTTP/1.0. */
        boolean http10;
        /** How much of "keep-alive" was just seen; 10 once found. */
        int keepAlive;
        /** A response that closes the connection was written: ignore the rest. */
        boolean closing;

        void reset() {
            blankLine = 0;
            requestLine = true;
            previous = 0;
            http10 = false;
            keepAlive = 0;
        }
    }

    static final class Handler extends IoHandlerAdapter {
        private static final AttributeKey SCAN = new AttributeKey(Handler.class, "scan");
        private static final byte[] KEEP_ALIVE = "keep-alive".getBytes(StandardCharsets.US_ASCII);

        @Override
        public void sessionCreated(IoSession session) {
            session.setAttribute(SCAN, new Scan());
        }

        @Override
        public void messageReceived(IoSession session, Object message) {
            Scan s = (Scan) session.getAttribute(SCAN);
            IoBuffer in = (IoBuffer) message;
            if (s == null || s.closing) {
                in.position(in.limit());
                return;
            }
            Responses responses = null;
            byte[] single = null;  // the one response of this read, usually
            IoBuffer many = null;  // pipelined requests: all responses in one write
            boolean close = false;
            int end = in.limit();
            for (int i = in.position(); i < end; i++) {
                byte b = in.get(i);
                if (s.requestLine) {
                    if (b == '\r') {
                        s.requestLine = false;
                        s.http10 = s.previous == '0';
                    }
                    s.previous = b;
                } else if (s.http10 && s.keepAlive < KEEP_ALIVE.length) {
                    // Case-insensitive: letters compared with the 0x20 bit set;
                    // '-' has it already. "keep-alive" has no prefix that is
                    // also its suffix, so on a mismatch only 'k' restarts it.
                    int lower = b | 0x20;
                    if (lower == KEEP_ALIVE[s.keepAlive]) {
                        s.keepAlive++;
                    } else {
                        s.keepAlive = lower == 'k' ? 1 : 0;
                    }
                }
                switch (s.blankLine) {
                    case 0:
                    case 2:
                        s.blankLine = b == '\r' ? s.blankLine + 1 : 0;
                        continue;
                    case 1:
                        s.blankLine = b == '\n' ? 2 : (b == '\r' ? 1 : 0);
                        continue;
                    default: // 3: CR LF CR seen
                        if (b != '\n') {
                            s.blankLine = b == '\r' ? 1 : 0;
                            continue;
                        }
                }
                // The head is complete: answer it.
                if (responses == null) {
                    responses = Responses.now();
                }
                byte[] response;
                if (!s.http10) {
                    response = responses.plain;
                } else if (s.keepAlive == KEEP_ALIVE.length) {
                    response = responses.keepAlive;
                } else {
                    response = responses.close;
                    close = true;
                }
                s.reset();
                if (single == null && many == null) {
                    single = response;
                } else {
                    if (many == null) {
                        many = IoBuffer.allocate(single.length * 4).setAutoExpand(true);
                        many.put(single);
                    }
                    many.put(response);
                }
                if (close) {
                    break;
                }
            }
            in.position(end);
            if (many != null) {
                session.write(many.flip());
            } else if (single != null) {
                session.write(IoBuffer.wrap(single));
            }
            if (close) {
                s.closing = true;
                session.closeOnFlush();
            }
        }

        @Override
        public void exceptionCaught(IoSession session, Throwable cause) {
            // Connection resets and the like: nothing to report per request.
            session.closeNow();
        }
    }
}
