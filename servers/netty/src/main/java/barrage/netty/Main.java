package barrage.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.netty.util.Version;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Date;

/**
 * barrage's Netty 4 server under test: HttpServerCodec parses every request;
 * one handler (Handler) answers the contract's /hello, /xml, /static/6b and
 * /static/4k, and the workloads of docs/workloads.md (404 for other paths,
 * 405 for other methods on those paths); Handler turns a GET /ws into a
 * WebSocket echo (WsEcho, Netty's own WebSocket codec).
 *
 * Usage: Main HOST PORT DOCROOT DATA, or Main --version. The static bodies
 * are read once from DOCROOT/static/{6b,4k}, the workloads' dataset and
 * static set from DATA (data/workloads/). THREADS (environment, default 1)
 * is the number of event-loop threads; one group both accepts and serves,
 * as one nginx worker does. Epoll when Netty's native transport loads, NIO
 * otherwise.
 */
public final class Main {
    static final AsciiString SERVER = AsciiString.cached("netty");
    static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain");
    static final AsciiString TEXT_XML = AsciiString.cached("text/xml");
    static final AsciiString OCTET_STREAM = AsciiString.cached("application/octet-stream");
    static final AsciiString ALLOW_VALUE = AsciiString.cached("GET, HEAD");

    static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");
    static final AsciiString GZIP = AsciiString.cached("gzip");
    static final AsciiString BR = AsciiString.cached("br");
    static final ByteBuf HELLO = constant("Hello World\n".getBytes(StandardCharsets.US_ASCII));
    static final ByteBuf PLAINTEXT = constant("Hello, World!".getBytes(StandardCharsets.US_ASCII));
    static final ByteBuf NOT_FOUND = constant("not found\n".getBytes(StandardCharsets.US_ASCII));
    static final ByteBuf METHOD_NOT_ALLOWED =
            constant("method not allowed\n".getBytes(StandardCharsets.US_ASCII));
    static final ByteBuf BAD_REQUEST = constant("bad request\n".getBytes(StandardCharsets.US_ASCII));
    static final byte[] XML_OPEN = "<http_test><value>".getBytes(StandardCharsets.US_ASCII);
    static final byte[] XML_CLOSE = "</value></http_test>".getBytes(StandardCharsets.US_ASCII);
    static final ByteBuf XML_NO_VALUE = constant(
            "<http_test><error>no value specified</error></http_test>".getBytes(StandardCharsets.US_ASCII));

    /** The Date header value, remade when the second changes. */
    private static volatile long dateSecond = -1;
    private static volatile AsciiString dateValue;

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--version")) {
            Version v = Version.identify().get("netty-codec-http");
            System.out.println("netty " + (v == null ? "unknown" : v.artifactVersion())
                    + ", java " + System.getProperty("java.vm.version")
                    + (Epoll.isAvailable() ? ", epoll" : ", nio"));
            return;
        }
        if (args.length != 4) {
            System.err.println("netty: usage: Main HOST PORT DOCROOT DATA");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        Path docroot = Path.of(args[2]);
        Workloads workloads;
        try {
            workloads = Workloads.load(Path.of(args[3]), docroot);
        } catch (IOException | RuntimeException e) {
            System.err.println("netty: cannot read the workload data: " + e);
            System.exit(1);
            return;
        }
        final Workloads shared = workloads;
        int threads = Integer.parseInt(System.getenv().getOrDefault("THREADS", "1"));

        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = epoll ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
        Class<? extends ServerChannel> channel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        try {
            ServerBootstrap b = new ServerBootstrap()
                    .group(group)
                    .channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 8192)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            // Body chunks up to 64 KiB (default 8 KiB): uploads
                            // arrive in fewer pieces. "Expect: 100-continue" (curl
                            // sends it for bodies over 1 MB) answered at once.
                            ch.pipeline().addLast(new HttpServerCodec(4096, 8192, 65536),
                                    new HttpServerExpectContinueHandler(), new Handler(shared));
                        }
                    });
            b.bind(new InetSocketAddress(host, port)).sync();
            System.out.println("netty: listening on " + host + ":" + port + " ("
                    + (epoll ? "epoll" : "nio") + ", " + threads + " event-loop threads, compression gzip"
                    + (Workloads.BROTLI ? "+br)" : ")"));
            group.terminationFuture().sync();
        } finally {
            group.shutdownGracefully();
        }
    }

    /** A read-only body shared by all responses (the encoder's release is a no-op). */
    static ByteBuf constant(byte[] bytes) {
        return Unpooled.unreleasableBuffer(
                Unpooled.directBuffer(bytes.length).writeBytes(bytes).asReadOnly());
    }

    static AsciiString date() {
        long now = System.currentTimeMillis();
        long second = now / 1000;
        AsciiString value = dateValue;
        if (second != dateSecond || value == null) {
            value = new AsciiString(DateFormatter.format(new Date(second * 1000)));
            dateValue = value;
            dateSecond = second;
        }
        return value;
    }

    /** A response with the contract's headers; for HEAD, Content-Length without the body. */
    static FullHttpResponse response(HttpVersion version, HttpResponseStatus status, AsciiString type,
                                     ByteBuf body, boolean head) {
        int length = body.readableBytes();
        if (head) {
            body.release();
            body = Unpooled.EMPTY_BUFFER;
        }
        FullHttpResponse res = new DefaultFullHttpResponse(version, status, body, false);
        HttpHeaders h = res.headers();
        h.set(HttpHeaderNames.SERVER, SERVER);
        h.set(HttpHeaderNames.DATE, date());
        h.set(HttpHeaderNames.CONTENT_TYPE, type);
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, length);
        return res;
    }

    /** The /xml body for the query string (without '?'), or the no-value body. */
    static ByteBuf xmlBody(String query) {
        String value = query == null ? null : queryParam(query, "value");
        if (value == null || value.isEmpty()) {
            return XML_NO_VALUE.duplicate();
        }
        StringBuilder sb = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&': sb.append("&amp;"); break;
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&apos;"); break;
                default: sb.append(c);
            }
        }
        byte[] escaped = sb.toString().getBytes(StandardCharsets.UTF_8);
        ByteBuf buf = Unpooled.buffer(XML_OPEN.length + escaped.length + XML_CLOSE.length);
        return buf.writeBytes(XML_OPEN).writeBytes(escaped).writeBytes(XML_CLOSE);
    }

    /**
     * The form-decoded value of the first NAME parameter, or null. Written
     * out rather than QueryStringDecoder because the contract decodes as
     * application/x-www-form-urlencoded does: only '&' separates pairs, and
     * a malformed escape ("100%") stays as written where QueryStringDecoder
     * throws; invalid UTF-8 becomes U+FFFD.
     */
    static String queryParam(String query, String name) {
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
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '+') {
                out.write(' ');
            } else if (c == '%' && i + 2 < to && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else if (c <= 0xFF) {
                // The codec reads the request line as ISO-8859-1: one char per byte.
                out.write(c);
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
}
