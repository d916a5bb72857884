// go-fasthttp: barrage's endpoint contract (/hello, /xml, /static/6b,
// /static/4k) and the eight workloads of docs/workloads.md on valyala's
// fasthttp, written as fasthttp servers usually are: one RequestHandler
// switching on the path, the request context as the response writer,
// fasthttp's own Date and Server headers, its pooled gzip and brotli
// writers, request bodies streamed (StreamRequestBody) so that uploads are
// counted as they arrive. The data and the rules shared with go-http are
// in servers/go-http/contract. GOMAXPROCS comes from the environment.
//
// Usage: server -listen ADDR -data DIR -docroot DIR
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"log"
	"strconv"
	"sync"

	"github.com/valyala/fasthttp"

	"barrage/servers/go-http/contract"
)

const (
	textPlain = "text/plain"
	appJSON   = "application/json"
	// streamAbove: bodies larger than this reach the handler as a stream
	// (fasthttp would otherwise hold a whole 20 MB upload in memory).
	streamAbove = 64 << 10
)

var (
	helloBody     = []byte("Hello World\n")
	plaintextBody = []byte(contract.PlaintextBody)
	notFoundBody  = []byte("not found\n")
	bufPool       = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

type server struct {
	data *contract.Data
}

func (s *server) handle(ctx *fasthttp.RequestCtx) {
	path := ctx.Path()
	switch string(path) {
	case "/baseline":
		s.baseline(ctx)
		return
	case "/upload":
		upload(ctx)
		return
	}
	if !ctx.IsGet() && !ctx.IsHead() {
		methodNotAllowed(ctx, "GET, HEAD")
		return
	}
	switch {
	case string(path) == "/plaintext":
		reply(ctx, fasthttp.StatusOK, textPlain, plaintextBody)
	case string(path) == "/json":
		body, _ := json.Marshal(message{Message: contract.JSONMessage})
		reply(ctx, fasthttp.StatusOK, appJSON, body)
	case bytes.HasPrefix(path, []byte("/json/")):
		s.jsonProcessing(ctx, string(path[6:]))
	case bytes.HasPrefix(path, []byte("/static/")):
		s.static(ctx, path[8:])
	case string(path) == "/hello":
		reply(ctx, fasthttp.StatusOK, textPlain, helloBody)
	case string(path) == "/xml":
		reply(ctx, fasthttp.StatusOK, "text/xml", contract.XMLBody(string(ctx.URI().QueryString())))
	default:
		reply(ctx, fasthttp.StatusNotFound, textPlain, notFoundBody)
	}
}

func reply(ctx *fasthttp.RequestCtx, status int, ctype string, body []byte) {
	ctx.SetStatusCode(status)
	ctx.SetContentType(ctype)
	ctx.SetBody(body)
}

func badRequest(ctx *fasthttp.RequestCtx, why string) {
	reply(ctx, fasthttp.StatusBadRequest, textPlain, []byte(why))
}

func methodNotAllowed(ctx *fasthttp.RequestCtx, allow string) {
	ctx.Response.Header.Set("Allow", allow)
	reply(ctx, fasthttp.StatusMethodNotAllowed, textPlain, []byte("method not allowed\n"))
}

type message struct {
	Message string `json:"message"`
}

// baseline: GET /baseline?a=A&b=B is A+B; POST with a number C (by
// Content-Length or chunked) is A+B+C.
func (s *server) baseline(ctx *fasthttp.RequestCtx) {
	post := ctx.IsPost()
	if !post && !ctx.IsGet() && !ctx.IsHead() {
		methodNotAllowed(ctx, "GET, HEAD, POST")
		return
	}
	sum, why := contract.BaselineQuery(string(ctx.URI().QueryString()))
	if why != "" {
		badRequest(ctx, why)
		return
	}
	if post {
		body, err := io.ReadAll(io.LimitReader(ctx.RequestBodyStream(), contract.MaxBaselineBody+1))
		if err != nil {
			ctx.SetConnectionClose()
			badRequest(ctx, "the body could not be read\n")
			return
		}
		if len(body) > contract.MaxBaselineBody {
			ctx.SetConnectionClose()
			reply(ctx, fasthttp.StatusRequestEntityTooLarge, textPlain, []byte("the body is too large\n"))
			return
		}
		c, ok := contract.BaselineBody(body)
		if !ok {
			badRequest(ctx, "the body must be an integer\n")
			return
		}
		sum += c
	}
	reply(ctx, fasthttp.StatusOK, textPlain, strconv.AppendInt(nil, sum, 10))
}

// upload counts the body bytes as they arrive from the stream (never
// Content-Length); more than 32 MiB is 413 and a close.
func upload(ctx *fasthttp.RequestCtx) {
	if !ctx.IsPost() {
		methodNotAllowed(ctx, "POST")
		return
	}
	var n int64
	var err error
	if stream := ctx.RequestBodyStream(); stream != nil {
		n, err = io.Copy(io.Discard, io.LimitReader(stream, contract.MaxUpload+1))
	} else {
		// No body to stream (none was sent, or fasthttp read it whole).
		n = int64(len(ctx.Request.Body()))
	}
	switch {
	case err != nil:
		ctx.SetConnectionClose()
		badRequest(ctx, "the body could not be read\n")
	case n > contract.MaxUpload:
		ctx.SetConnectionClose()
		reply(ctx, fasthttp.StatusRequestEntityTooLarge, textPlain, []byte("the body is over 32 MiB\n"))
	default:
		reply(ctx, fasthttp.StatusOK, textPlain, strconv.AppendInt(nil, n, 10))
	}
}

// jsonProcessing is /json/{count}?m={m}, compressed with fasthttp's
// pooled writers when the request accepts gzip or br.
func (s *server) jsonProcessing(ctx *fasthttp.RequestCtx, segment string) {
	count, ok := contract.Count(segment)
	if !ok {
		badRequest(ctx, "count in /json/{count} must be a non-negative integer\n")
		return
	}
	m, ok := contract.Multiplier(string(ctx.URI().QueryString()))
	if !ok {
		badRequest(ctx, "m must be a non-negative integer\n")
		return
	}
	ctx.SetContentType(appJSON)
	ctx.Response.Header.Set("Vary", "Accept-Encoding")
	enc := contract.Identity
	if accept := ctx.Request.Header.Peek("Accept-Encoding"); len(accept) > 0 {
		enc = contract.Negotiate(string(accept))
	}
	if enc == contract.Identity {
		if err := s.data.WriteProcessed(ctx, count, m); err != nil {
			ctx.Error(err.Error(), fasthttp.StatusInternalServerError)
		}
		return
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := s.data.WriteProcessed(buf, count, m); err != nil {
		ctx.Error(err.Error(), fasthttp.StatusInternalServerError)
		return
	}
	ctx.Response.Header.Set("Content-Encoding", enc.Name())
	if enc == contract.Brotli {
		fasthttp.WriteBrotliLevel(ctx, buf.Bytes(), contract.BrotliQuality)
	} else {
		fasthttp.WriteGzipLevel(ctx, buf.Bytes(), contract.GzipLevel)
	}
}

// static serves /static/{name}: the text files' .br or .gz when accepted.
func (s *server) static(ctx *fasthttp.RequestCtx, name []byte) {
	f := s.data.Files[string(name)]
	if f == nil {
		reply(ctx, fasthttp.StatusNotFound, textPlain, notFoundBody)
		return
	}
	body, encoding := f.Variant(string(ctx.Request.Header.Peek("Accept-Encoding")))
	if f.Gzip != nil || f.Brotli != nil {
		ctx.Response.Header.Set("Vary", "Accept-Encoding")
	}
	if encoding != "" {
		ctx.Response.Header.Set("Content-Encoding", encoding)
	}
	ctx.SetContentType(f.ContentType)
	// The file outlives every response: no copy.
	ctx.Response.SetBodyRaw(body)
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("go-fasthttp: ")
	listen := flag.String("listen", "", "serve HTTP/1.1 on this address (host:port)")
	dataDir := flag.String("data", "", "the repository's data/workloads")
	docroot := flag.String("docroot", "", "servers/nginx/docroot (static/6b and static/4k)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("unexpected argument %q", flag.Arg(0))
	}
	if *listen == "" || *dataDir == "" || *docroot == "" {
		log.Fatal("-listen, -data and -docroot are required")
	}
	data, err := contract.Load(*dataDir, *docroot)
	if err != nil {
		log.Fatal(err)
	}
	s := &server{data: data}
	srv := &fasthttp.Server{
		Handler:                      s.handle,
		Name:                         "fasthttp",
		StreamRequestBody:            true,
		MaxRequestBodySize:           streamAbove,
		DisablePreParseMultipartForm: true,
		// The noisy workload sends malformed requests on purpose: fasthttp
		// answers them (400, or a close) and would log each one.
		Logger: log.New(io.Discard, "", 0),
	}
	if err := srv.ListenAndServe(*listen); err != nil {
		log.Fatal(err)
	}
}
