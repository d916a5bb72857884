package barrage.grpcjava;

import io.grpc.Server;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * grpc-java on Netty (grpc-netty-shaded) serving the Bench service:
 * h2c (prior knowledge) on HOST:PORT, and TLS (ALPN h2) on HOST:TLS_PORT
 * with CERT and KEY (PEM, PKCS#8 key) when given. Both servers share one
 * Netty event-loop group of THREADS threads (environment, default 1),
 * epoll where it loads, and run the service on those threads
 * (directExecutor: no thread pool beside them).
 *
 * <p>Usage: Main HOST PORT [TLS_PORT CERT KEY]
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2 && args.length != 5) {
            System.err.println("grpc-java: usage: Main HOST PORT [TLS_PORT CERT KEY]");
            System.exit(2);
        }
        try {
            serve(args);
        } catch (IOException | IllegalArgumentException e) {
            // A port taken or a bad certificate: exit, rather than leave the
            // event-loop threads running with nothing to serve.
            Throwable cause = e.getCause();
            System.err.println("grpc-java: " + e.getMessage() + (cause == null ? "" : ": " + cause.getMessage()));
            System.exit(1);
        }
    }

    private static void serve(String[] args) throws IOException, InterruptedException {
        String host = args[0];
        int threads = Integer.parseInt(System.getenv().getOrDefault("THREADS", "1"));
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = epoll ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        // TLS first: the lab takes the server as ready when the h2c port
        // accepts a connection, so that one opens last.
        List<Server> servers = new ArrayList<>();
        if (args.length == 5) {
            InetSocketAddress tls = new InetSocketAddress(host, Integer.parseInt(args[2]));
            servers.add(start(NettyServerBuilder.forAddress(tls,
                    TlsServerCredentials.create(new File(args[3]), new File(args[4]))), group, channel));
        }
        Server plain = start(NettyServerBuilder.forAddress(new InetSocketAddress(host, Integer.parseInt(args[1]))),
                group, channel);
        servers.add(plain);
        for (Server server : servers) {
            System.out.println("grpc-java: serving barrage.bench.v1.Bench on " + server.getListenSockets()
                    + " (" + threads + " event-loop thread(s), " + (epoll ? "epoll" : "nio") + ")");
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> servers.forEach(Server::shutdownNow)));
        plain.awaitTermination();
    }

    private static Server start(NettyServerBuilder builder, EventLoopGroup group,
            Class<? extends ServerChannel> channel) throws IOException {
        return builder
                .bossEventLoopGroup(group)
                .workerEventLoopGroup(group)
                .channelType(channel)
                // As Go's, Node's and the JDK's listeners: a port whose last
                // connections linger in TIME_WAIT can be bound again.
                .withOption(ChannelOption.SO_REUSEADDR, true)
                .directExecutor()
                .addService(new BenchService())
                .build()
                .start();
    }
}
