// go-http: the barrage endpoint contract (crates/contract/src/lib.rs)
// and the workloads of docs/workloads.md, served by Go's standard library
// over HTTP (net/http) and FastCGI (net/http/fcgi, on TCP and on a Unix
// socket), all through one handler. Seed 001 compared exactly these
// set-ups: Go alone, and nginx in front of Go by HTTP proxy, FastCGI over
// TCP and FastCGI over a Unix socket.
//
// Endpoints: /hello, /xml?value=V, /static/6b, /static/4k (bodies read once
// at start from -docroot) and, with -data, the workloads (workloads.go);
// the database workloads with DATABASE_URL (database.go); /ws, the
// WebSocket echo (ws.go, gorilla/websocket).
// Other paths: 404; other methods than an endpoint's: 405. GOMAXPROCS
// comes from the environment.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/fcgi"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"barrage/servers/go-http/contract"
)

const serverName = "go"

var (
	helloBody      = []byte("Hello World\n")
	notFoundBody   = []byte("not found\n")
	notAllowedBody = []byte("method not allowed\n")
	plainType      = []string{"text/plain"}
	xmlType        = []string{"text/xml"}
	serverValue    = []string{serverName}
	getValue       = []string{"GET, HEAD"}
)

// handler serves the contract. The same value answers HTTP and FastCGI
// requests; it sets every header itself (Content-Length included: the
// FastCGI responder does not compute it, and nginx would chunk otherwise).
type handler struct {
	data *contract.Data
	pool *dbPool // nil without DATABASE_URL (database.go)
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch path {
	case "/baseline":
		h.baseline(w, r)
		return
	case "/upload":
		upload(w, r)
		return
	case "/ws":
		websocketEcho(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if h.known(path) {
			notAllowed(w, r, getValue)
		} else {
			reply(w, r, http.StatusNotFound, plainType, notFoundBody)
		}
		return
	}
	switch {
	case path == "/hello":
		reply(w, r, http.StatusOK, plainType, helloBody)
	case path == "/xml":
		reply(w, r, http.StatusOK, xmlType, contract.XMLBody(r.URL.RawQuery))
	case path == "/plaintext":
		reply(w, r, http.StatusOK, plainType, plaintextBody)
	case path == "/json":
		jsonHello(w, r)
	case len(path) > 6 && path[:6] == "/json/" && h.data.Items != nil:
		h.jsonProcessing(w, r, path[6:])
	case len(path) > 8 && path[:8] == "/static/":
		h.static(w, r, path[8:])
	case h.database(w, r, path):
	default:
		reply(w, r, http.StatusNotFound, plainType, notFoundBody)
	}
}

// known says whether a GET endpoint is served at path (for 405 against 404).
func (h *handler) known(path string) bool {
	switch path {
	case "/hello", "/xml", "/plaintext", "/json", "/db", "/queries", "/fortunes", "/updates", "/items":
		return true
	}
	if len(path) > 8 && path[:8] == "/static/" {
		return h.data.Files[path[8:]] != nil
	}
	return len(path) > 6 && path[:6] == "/json/" && h.data.Items != nil
}

func notAllowed(w http.ResponseWriter, r *http.Request, allow []string) {
	w.Header()["Allow"] = allow
	reply(w, r, http.StatusMethodNotAllowed, plainType, notAllowedBody)
}

// reply writes a whole response; a HEAD response gets the headers only
// (net/http would drop the body by itself, the FastCGI responder would not).
func reply(w http.ResponseWriter, r *http.Request, status int, ctype []string, body []byte) {
	hdr := w.Header()
	hdr["Server"] = serverValue
	hdr["Content-Type"] = ctype
	hdr["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// keepAliveHeader wraps the handler for the plain HTTP listener only: it
// says `Connection: keep-alive` on HTTP/1.1 responses whose connection
// stays open, as nginx does (net/http leaves it out there), so that Go
// alone and nginx in front of Go send heads of about the same size, as
// seed 001 arranged. HTTP/1.0 keep-alive gets the header from net/http.
func keepAliveHeader(next http.Handler) http.Handler {
	value := []string{"keep-alive"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoAtLeast(1, 1) && !r.Close {
			w.Header()["Connection"] = value
		}
		next.ServeHTTP(w, r)
	})
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("go-http: ")
	listen := flag.String("listen", "", "serve HTTP/1.1 on this address (host:port)")
	fcgiTCP := flag.String("fcgi-tcp", "", "serve FastCGI on this TCP address (host:port)")
	fcgiUnix := flag.String("fcgi-unix", "", "serve FastCGI on a Unix socket at this path")
	docroot := flag.String("docroot", "", "directory holding static/6b and static/4k")
	dataDir := flag.String("data", "", "the repository's data/workloads: serve the workloads of docs/workloads.md")
	readyFile := flag.String("ready-file", "", "once every listener accepts connections, create this file (for a start script)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("unexpected argument %q", flag.Arg(0))
	}
	if *listen == "" && *fcgiTCP == "" && *fcgiUnix == "" {
		log.Fatal("nothing to serve: give -listen, -fcgi-tcp and/or -fcgi-unix")
	}
	if *docroot == "" {
		log.Fatal("-docroot is required (the directory with static/6b and static/4k)")
	}
	data, err := contract.Load(*dataDir, *docroot)
	if err != nil {
		log.Fatal(err)
	}
	pool, err := openDatabase()
	if err != nil {
		log.Fatal(err)
	}
	h := &handler{data: data, pool: pool}

	// Signals first, so that a SIGTERM during start-up still removes the socket.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	failed := make(chan error, 3)
	var listeners []net.Listener
	var socket string
	cleanup := func() {
		for _, l := range listeners {
			l.Close()
		}
		if socket != "" {
			os.Remove(socket)
		}
	}
	fatal := func(err error) {
		cleanup()
		log.Fatal(err)
	}

	if *listen != "" {
		l, err := net.Listen("tcp", *listen)
		if err != nil {
			fatal(err)
		}
		listeners = append(listeners, l)
		srv := &http.Server{Handler: keepAliveHeader(h)}
		go func() { failed <- fmt.Errorf("http on %s: %w", *listen, srv.Serve(l)) }()
	}
	if *fcgiTCP != "" {
		l, err := net.Listen("tcp", *fcgiTCP)
		if err != nil {
			fatal(err)
		}
		listeners = append(listeners, l)
		go func() { failed <- fmt.Errorf("fastcgi on %s: %w", *fcgiTCP, fcgi.Serve(l, h)) }()
	}
	if *fcgiUnix != "" {
		// A socket left by a killed run would make Listen fail: remove it,
		// but nothing else of that name.
		if fi, err := os.Lstat(*fcgiUnix); err == nil && fi.Mode()&os.ModeSocket != 0 {
			os.Remove(*fcgiUnix)
		}
		l, err := net.Listen("unix", *fcgiUnix)
		if err != nil {
			fatal(err)
		}
		socket = *fcgiUnix
		listeners = append(listeners, l)
		// Anyone may connect (as php-fpm's listen.mode = 0666): nginx's
		// workers run as another user (nobody) when nginx starts as root,
		// and connecting needs write permission on the socket.
		if err := os.Chmod(socket, 0o666); err != nil {
			fatal(err)
		}
		go func() { failed <- fmt.Errorf("fastcgi on %s: %w", *fcgiUnix, fcgi.Serve(l, h)) }()
	}

	if *readyFile != "" {
		if err := os.WriteFile(*readyFile, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
			fatal(err)
		}
	}

	select {
	case <-signals:
		cleanup()
		os.Exit(0)
	case err := <-failed:
		fatal(err)
	}
}
