package barrage.netty;

import barrage.lib.ContractRules;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;

/**
 * One connection's handler: answers each request as HttpServerCodec parses
 * it. GET endpoints answer on the request head (the codec drops any body);
 * POST /baseline and POST /upload answer on the body's last piece, the
 * upload counting bytes as they arrive (Content-Length or chunked alike).
 * Responses are flushed in channelReadComplete, so pipelined requests share
 * a write. GET /ws is handed to WsEcho, which turns the connection into a
 * WebSocket echo.
 */
final class Handler extends SimpleChannelInboundHandler<HttpObject> {
    private static final int BODY_NONE = 0;
    private static final int BODY_BASELINE = 1;
    private static final int BODY_UPLOAD = 2;

    private final Workloads workloads;
    /** Set when a response closes the connection: later pipelined requests are dropped. */
    private boolean closing;
    /** The request whose body is being read, and what it is for. */
    private int bodyKind = BODY_NONE;
    private HttpVersion version;
    private boolean keepAlive;
    private long queryAb;
    private long received;
    private ByteBuf baselineBody;

    Handler(Workloads workloads) {
        this.workloads = workloads;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
        if (closing) {
            return;
        }
        if (msg.decoderResult().isFailure()) {
            closing = true;
            FullHttpResponse res = Main.response(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST,
                    Main.TEXT_PLAIN, Main.BAD_REQUEST.duplicate(), false);
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (msg instanceof HttpRequest) {
            onRequest(ctx, (HttpRequest) msg);
        }
        if (msg instanceof HttpContent && bodyKind != BODY_NONE) {
            onBody(ctx, (HttpContent) msg);
        }
    }

    private void onRequest(ChannelHandlerContext ctx, HttpRequest req) {
        version = req.protocolVersion();
        keepAlive = HttpUtil.isKeepAlive(req);
        String uri = req.uri();
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        String query = q < 0 ? null : uri.substring(q + 1);
        HttpMethod method = req.method();
        boolean head = method.equals(HttpMethod.HEAD);
        boolean get = head || method.equals(HttpMethod.GET);
        boolean post = method.equals(HttpMethod.POST);

        if (path.equals("/baseline") && (get || post)) {
            baseline(ctx, query, post, head);
        } else if (path.equals("/upload") && post) {
            bodyKind = BODY_UPLOAD;
            received = 0;
        } else if (path.equals("/upload")) {
            methodNotAllowed(ctx, "POST");
        } else if (path.equals("/baseline")) {
            methodNotAllowed(ctx, "GET, HEAD, POST");
        } else if (path.equals("/ws") && method.equals(HttpMethod.GET)) {
            WsEcho.upgrade(ctx, req);
        } else {
            getEndpoint(ctx, req, path, query, get, head);
        }
    }

    /** The GET-only endpoints: the contract's, plaintext, json, json-processing and static. */
    private void getEndpoint(ChannelHandlerContext ctx, HttpRequest req, String path, String query,
                             boolean get, boolean head) {
        Workloads.StaticFile file = null;
        boolean known = true;
        switch (path) {
            case "/hello":
            case "/plaintext":
            case "/xml":
            case "/json":
                break;
            default:
                if (path.startsWith("/static/")) {
                    file = workloads.files.get(path.substring("/static/".length()));
                    known = file != null;
                } else {
                    known = path.startsWith("/json/");
                }
        }
        if (!known) {
            send(ctx, HttpResponseStatus.NOT_FOUND, Main.TEXT_PLAIN, Main.NOT_FOUND.duplicate(), false);
        } else if (!get) {
            methodNotAllowed(ctx, "GET, HEAD");
        } else if (file != null) {
            staticFile(ctx, req, file, head);
        } else if (path.startsWith("/json/")) {
            jsonProcessing(ctx, req, path.substring("/json/".length()), query, head);
        } else {
            simple(ctx, path, query, head);
        }
    }

    private void simple(ChannelHandlerContext ctx, String path, String query, boolean head) {
        switch (path) {
            case "/hello":
                send(ctx, HttpResponseStatus.OK, Main.TEXT_PLAIN, Main.HELLO.duplicate(), head);
                break;
            case "/plaintext":
                send(ctx, HttpResponseStatus.OK, Main.TEXT_PLAIN, Main.PLAINTEXT.duplicate(), head);
                break;
            case "/xml":
                send(ctx, HttpResponseStatus.OK, Main.TEXT_XML, Main.xmlBody(query), head);
                break;
            default: // "/json"
                send(ctx, HttpResponseStatus.OK, Main.APPLICATION_JSON,
                        Unpooled.wrappedBuffer(Workloads.message()), head);
        }
    }

    /** GET /json/{count}?m={m}, gzip or br when Accept-Encoding takes it. */
    private void jsonProcessing(ChannelHandlerContext ctx, HttpRequest req, String countText, String query,
                                boolean head) {
        long count = ContractRules.digits(countText);
        String mText = query == null ? null : Main.queryParam(query, "m");
        long m = mText == null ? 1 : ContractRules.digits(mText);
        if (count < 0 || m < 0) {
            badRequest(ctx, count < 0 ? "count in /json/{count} must be a non-negative integer"
                    : "query parameter m must be a non-negative integer");
            return;
        }
        int n = (int) Math.min(count, Math.min(Workloads.DATASET_MAX, workloads.items.size()));
        byte[] body = workloads.processed(n, Math.min(m, Workloads.MAX_MULTIPLIER));
        int coding = ContractRules.preferredEncoding(req.headers().get(HttpHeaderNames.ACCEPT_ENCODING),
                Workloads.BROTLI);
        AsciiString encoding = null;
        if (coding == ContractRules.BR) {
            body = Workloads.brotli(body);
            encoding = Main.BR;
        } else if (coding == ContractRules.GZIP) {
            body = Workloads.gzip(body);
            encoding = Main.GZIP;
        }
        FullHttpResponse res = Main.response(version, HttpResponseStatus.OK, Main.APPLICATION_JSON,
                Unpooled.wrappedBuffer(body), head);
        res.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        if (encoding != null) {
            res.headers().set(HttpHeaderNames.CONTENT_ENCODING, encoding);
        }
        write(ctx, res);
    }

    /** GET /static/{name}: the .br or .gz variant when Accept-Encoding takes it. */
    private void staticFile(ChannelHandlerContext ctx, HttpRequest req, Workloads.StaticFile file, boolean head) {
        ByteBuf body = file.body;
        AsciiString encoding = null;
        if (file.gzip != null) {
            int coding = ContractRules.preferredEncoding(req.headers().get(HttpHeaderNames.ACCEPT_ENCODING), true);
            if (coding == ContractRules.BR) {
                body = file.brotli;
                encoding = Main.BR;
            } else if (coding == ContractRules.GZIP) {
                body = file.gzip;
                encoding = Main.GZIP;
            }
        }
        FullHttpResponse res = Main.response(version, HttpResponseStatus.OK, file.contentType,
                body.duplicate(), head);
        if (file.gzip != null) {
            res.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        }
        if (encoding != null) {
            res.headers().set(HttpHeaderNames.CONTENT_ENCODING, encoding);
        }
        write(ctx, res);
    }

    /** /baseline: GET answers now; POST keeps a + b and answers when its body has come. */
    private void baseline(ChannelHandlerContext ctx, String query, boolean post, boolean head) {
        String a = query == null ? null : Main.queryParam(query, "a");
        String b = query == null ? null : Main.queryParam(query, "b");
        Long av = ContractRules.integer(a);
        Long bv = ContractRules.integer(b);
        if (av == null || bv == null) {
            badRequest(ctx, (a == null || b == null) ? "missing query parameter " + (a == null ? "a" : "b")
                    : "query parameters a and b must be integers");
            return;
        }
        if (!post) {
            sum(ctx, av + bv, head);
            return;
        }
        bodyKind = BODY_BASELINE;
        queryAb = av + bv;
        baselineBody = ctx.alloc().heapBuffer(32);
    }

    private void onBody(ChannelHandlerContext ctx, HttpContent chunk) {
        ByteBuf data = chunk.content();
        if (bodyKind == BODY_UPLOAD) {
            received += data.readableBytes();
            if (received > Workloads.MAX_UPLOAD) {
                bodyKind = BODY_NONE;
                keepAlive = false;
                send(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, Main.TEXT_PLAIN,
                        text("upload larger than " + Workloads.MAX_UPLOAD + " bytes\n"), false);
                return;
            }
        } else if (baselineBody.readableBytes() + data.readableBytes() <= Workloads.MAX_BASELINE_BODY) {
            baselineBody.writeBytes(data);
        } else {
            baselineBody.writerIndex(0).writeByte('x'); // too long: a bad number
        }
        if (!(chunk instanceof LastHttpContent)) {
            return;
        }
        int kind = bodyKind;
        bodyKind = BODY_NONE;
        if (kind == BODY_UPLOAD) {
            send(ctx, HttpResponseStatus.OK, Main.TEXT_PLAIN, text(Long.toString(received)), false);
            return;
        }
        Long c = ContractRules.bodyInteger(ByteBufUtil.getBytes(baselineBody));
        baselineBody.release();
        baselineBody = null;
        if (c == null) {
            badRequest(ctx, "the body of POST /baseline must be an integer");
        } else {
            sum(ctx, queryAb + c, false);
        }
    }

    private void sum(ChannelHandlerContext ctx, long value, boolean head) {
        send(ctx, HttpResponseStatus.OK, Main.TEXT_PLAIN, text(Long.toString(value)), head);
    }

    private void badRequest(ChannelHandlerContext ctx, String why) {
        send(ctx, HttpResponseStatus.BAD_REQUEST, Main.TEXT_PLAIN, text(why + "\n"), false);
    }

    private void methodNotAllowed(ChannelHandlerContext ctx, String allow) {
        FullHttpResponse res = Main.response(version, HttpResponseStatus.METHOD_NOT_ALLOWED, Main.TEXT_PLAIN,
                Main.METHOD_NOT_ALLOWED.duplicate(), false);
        res.headers().set(HttpHeaderNames.ALLOW, allow);
        write(ctx, res);
    }

    private static ByteBuf text(String s) {
        return Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.US_ASCII));
    }

    private void send(ChannelHandlerContext ctx, HttpResponseStatus status, AsciiString type, ByteBuf body,
                      boolean head) {
        write(ctx, Main.response(version, status, type, body, head));
    }

    /** Writes the response; closes after it when the request asked to (or a 413 did). */
    private void write(ChannelHandlerContext ctx, FullHttpResponse res) {
        if (!keepAlive) {
            closing = true;
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (version.equals(HttpVersion.HTTP_1_0)) {
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        ctx.write(res, ctx.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (baselineBody != null) {
            baselineBody.release();
            baselineBody = null;
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Connection resets and the like: nothing to report per request.
        ctx.close();
    }
}
