package barrage.grpcjava;

import barrage.bench.v1.BenchGrpc;
import barrage.bench.v1.EchoReply;
import barrage.bench.v1.EchoRequest;
import barrage.bench.v1.StreamRequest;
import barrage.bench.v1.SumReply;
import barrage.bench.v1.SumRequest;
import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * proto/bench.proto's barrage.bench.v1.Bench on the stubs protoc-gen-grpc-java
 * generates: Echo, Stream, Sum and Chat. Every method is non-blocking (the
 * server runs them on its event loop: Main's directExecutor).
 */
final class BenchService extends BenchGrpc.BenchImplBase {
    /** The caps `barrage serve --grpc` applies to Stream. */
    static final long MAX_STREAM_COUNT = 1_000_000;
    static final long MAX_STREAM_SIZE = 4L << 20;

    @Override
    public void echo(EchoRequest request, StreamObserver<EchoReply> reply) {
        reply.onNext(EchoReply.newBuilder().setPayload(request.getPayload()).setSeq(request.getSeq()).build());
        reply.onCompleted();
    }

    @Override
    public void stream(StreamRequest request, StreamObserver<EchoReply> observer) {
        long count = Integer.toUnsignedLong(request.getCount());
        long size = Integer.toUnsignedLong(request.getSize());
        if (count > MAX_STREAM_COUNT || size > MAX_STREAM_SIZE) {
            String what = count > MAX_STREAM_COUNT
                    ? "count " + count + " is over " + MAX_STREAM_COUNT
                    : "size " + size + " is over " + MAX_STREAM_SIZE + " bytes";
            observer.onError(Status.INVALID_ARGUMENT.withDescription(what).asRuntimeException());
            return;
        }
        ServerCallStreamObserver<EchoReply> out = (ServerCallStreamObserver<EchoReply>) observer;
        ByteString payload = ByteString.copyFrom(new byte[(int) size]);
        // Writes while the transport is ready; the rest when it is again.
        long[] next = {0};
        boolean[] done = {false};
        Runnable pump = () -> {
            while (!done[0] && out.isReady() && next[0] < count) {
                out.onNext(EchoReply.newBuilder().setPayload(payload).setSeq(next[0]).build());
                next[0]++;
            }
            if (!done[0] && next[0] >= count) {
                done[0] = true;
                out.onCompleted();
            }
        };
        out.setOnCancelHandler(() -> done[0] = true);
        out.setOnReadyHandler(pump);
        pump.run();
    }

    @Override
    public StreamObserver<SumRequest> sum(StreamObserver<SumReply> reply) {
        return new StreamObserver<>() {
            private long sum;
            private long count;

            @Override
            public void onNext(SumRequest request) {
                sum += request.getValue();
                count++;
            }

            @Override
            public void onError(Throwable t) {
                // The call is gone (cancelled or reset): nothing to answer.
            }

            @Override
            public void onCompleted() {
                reply.onNext(SumReply.newBuilder().setSum(sum).setCount(count).build());
                reply.onCompleted();
            }
        };
    }

    @Override
    public StreamObserver<EchoRequest> chat(StreamObserver<EchoReply> reply) {
        return new StreamObserver<>() {
            @Override
            public void onNext(EchoRequest request) {
                reply.onNext(EchoReply.newBuilder().setPayload(request.getPayload()).setSeq(request.getSeq()).build());
            }

            @Override
            public void onError(Throwable t) {
                // The call is gone (cancelled or reset): nothing to answer.
            }

            @Override
            public void onCompleted() {
                reply.onCompleted();
            }
        };
    }
}
