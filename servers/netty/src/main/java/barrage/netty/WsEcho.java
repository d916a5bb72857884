package barrage.netty;

import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

/**
 * The /ws echo, on Netty's own WebSocket codec (netty-codec-http's
 * websocketx). Handler hands a GET /ws to {@link #upgrade}, which puts three
 * handlers in front of it on that connection only (the other connections'
 * pipelines stay as they were, so HTTP requests pay nothing for WebSocket):
 * WebSocketServerProtocolHandler answers the upgrade (101 with
 * Sec-WebSocket-Accept, or 400/426 to a request that is not one), swaps the
 * HTTP codec for the frame decoder and encoder, answers pings with pongs and
 * a Close with a Close (then closes the connection);
 * WebSocketFrameAggregator joins a fragmented message into one frame; and
 * this handler echoes each message, text as text and binary as binary,
 * flushed once per read as Handler flushes its responses.
 */
final class WsEcho extends SimpleChannelInboundHandler<WebSocketFrame> {
    /** The largest frame, and the largest message once continued frames are joined. */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    private static final WebSocketServerProtocolConfig CONFIG = WebSocketServerProtocolConfig.newBuilder()
            .websocketPath("/ws")
            // "/ws?push=8" upgrades too (the query is ignored: echo only).
            .checkStartsWith(true)
            .maxFramePayloadLength(MAX_MESSAGE_BYTES)
            .build();

    private boolean wrote;

    /**
     * Installs the WebSocket handlers before HANDLER's context and passes them
     * the upgrade request REQ (its body, if any, follows from the codec).
     */
    static void upgrade(ChannelHandlerContext handler, HttpRequest req) {
        ChannelPipeline p = handler.pipeline();
        // An empty handler marks where the new ones start: the request is
        // fired from it into the protocol handler's handshake handler, which
        // that handler inserts before itself when it is added.
        String start = "ws-start";
        p.addBefore(handler.name(), start, new ChannelHandlerAdapter() { });
        p.addBefore(handler.name(), "ws-protocol", new WebSocketServerProtocolHandler(CONFIG));
        p.addBefore(handler.name(), "ws-aggregator", new WebSocketFrameAggregator(MAX_MESSAGE_BYTES));
        p.addBefore(handler.name(), "ws-echo", new WsEcho());
        p.context(start).fireChannelRead(req);
        p.remove(start);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        WebSocketFrame echo;
        if (frame instanceof TextWebSocketFrame) {
            echo = new TextWebSocketFrame(frame.content().retain());
        } else if (frame instanceof BinaryWebSocketFrame) {
            echo = new BinaryWebSocketFrame(frame.content().retain());
        } else {
            // Pings and Close are answered by the protocol handler, pongs
            // dropped there; continuation frames are joined by the aggregator.
            return;
        }
        ctx.write(echo, ctx.voidPromise());
        wrote = true;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (wrote) {
            wrote = false;
            ctx.flush();
        }
        ctx.fireChannelReadComplete();
    }
}
