// The gRPC catalogue server in Go: grpc-go serving proto/bench.proto's
// barrage.bench.v1.Bench (Echo, Stream, Sum, Chat) with the code protoc
// generates at build time (build.sh) into build/benchpb. h2c on -listen;
// TLS (ALPN h2) on -tls-listen with -cert and -key when given. GOMAXPROCS
// comes from the environment (the Go runtime reads it).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	pb "barrage/servers/grpc-go/build/benchpb"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

// The caps `barrage serve --grpc` applies to Stream, so that every server
// refuses the same requests.
const (
	maxStreamCount = 1_000_000
	maxStreamSize  = 4 << 20
)

type bench struct {
	pb.UnimplementedBenchServer
}

func (bench) Echo(_ context.Context, req *pb.EchoRequest) (*pb.EchoReply, error) {
	return &pb.EchoReply{Payload: req.GetPayload(), Seq: req.GetSeq()}, nil
}

func (bench) Stream(req *pb.StreamRequest, stream grpc.ServerStreamingServer[pb.EchoReply]) error {
	if req.GetCount() > maxStreamCount {
		return status.Errorf(codes.InvalidArgument, "count %d is over %d", req.GetCount(), maxStreamCount)
	}
	if req.GetSize() > maxStreamSize {
		return status.Errorf(codes.InvalidArgument, "size %d is over %d bytes", req.GetSize(), maxStreamSize)
	}
	payload := make([]byte, req.GetSize())
	for i := uint32(0); i < req.GetCount(); i++ {
		if err := stream.Send(&pb.EchoReply{Payload: payload, Seq: uint64(i)}); err != nil {
			return err
		}
	}
	return nil
}

func (bench) Sum(stream grpc.ClientStreamingServer[pb.SumRequest, pb.SumReply]) error {
	var sum int64
	var count uint64
	for {
		req, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return stream.SendAndClose(&pb.SumReply{Sum: sum, Count: count})
		}
		if err != nil {
			return err
		}
		sum += req.GetValue()
		count++
	}
}

func (bench) Chat(stream grpc.BidiStreamingServer[pb.EchoRequest, pb.EchoReply]) error {
	for {
		req, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := stream.Send(&pb.EchoReply{Payload: req.GetPayload(), Seq: req.GetSeq()}); err != nil {
			return err
		}
	}
}

func listen(addr, what string) net.Listener {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatalf("grpc-go: listen on %s (%s): %v", addr, what, err)
	}
	return ln
}

func serve(srv *grpc.Server, ln net.Listener, what string) {
	fmt.Printf("grpc-go: serving barrage.bench.v1.Bench (%s) on %s, GOMAXPROCS=%d\n", what, ln.Addr(), runtime.GOMAXPROCS(0))
	if err := srv.Serve(ln); err != nil {
		log.Fatalf("grpc-go: %s: %v", what, err)
	}
}

func main() {
	listenAddr := flag.String("listen", "127.0.0.1:50051", "h2c address (host:port)")
	tlsListen := flag.String("tls-listen", "", "TLS address (host:port); needs -cert and -key")
	cert := flag.String("cert", "", "TLS certificate (PEM)")
	key := flag.String("key", "", "TLS private key (PEM)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("grpc-go: unexpected argument %q", flag.Arg(0))
	}

	plain := grpc.NewServer()
	pb.RegisterBenchServer(plain, bench{})
	servers := []*grpc.Server{plain}
	if *tlsListen != "" {
		if *cert == "" || *key == "" {
			log.Fatal("grpc-go: -tls-listen needs -cert and -key")
		}
		creds, err := credentials.NewServerTLSFromFile(*cert, *key)
		if err != nil {
			log.Fatalf("grpc-go: TLS certificate: %v", err)
		}
		secure := grpc.NewServer(grpc.Creds(creds))
		pb.RegisterBenchServer(secure, bench{})
		servers = append(servers, secure)
		// Listening before the h2c port opens: the lab takes the server
		// as ready when that one accepts a connection.
		go serve(secure, listen(*tlsListen, "TLS"), "TLS")
	}
	go func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
		<-sig
		for _, s := range servers {
			s.Stop()
		}
		os.Exit(0)
	}()
	serve(plain, listen(*listenAddr, "h2c"), "h2c")
}
