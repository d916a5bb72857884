// go-http: the barrage endpoint contract (crates/contract/src/lib.rs)
// served by Go's standard library, over HTTP (net/http) and FastCGI
// (net/http/fcgi, on TCP and on a Unix socket), all through one handler.
// Seed 001 compared exactly these set-ups: Go alone, and nginx in front of
// Go by HTTP proxy, FastCGI over TCP and FastCGI over a Unix socket.
//
// Endpoints: /hello, /xml?value=V, /static/6b, /static/4k (bodies read once
// at start from -docroot). Other paths: 404; other methods than GET and
// HEAD on an endpoint: 405. GOMAXPROCS comes from the environment.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/fcgi"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"
)

const (
	serverName = "go"
	allow      = "GET, HEAD"
	xmlOpen    = "<http_test><value>"
	xmlClose   = "</value></http_test>"
	xmlNoValue = "<http_test><error>no value specified</error></http_test>"
)

var (
	helloBody       = []byte("Hello World\n")
	notFoundBody    = []byte("not found\n")
	notAllowedBody  = []byte("method not allowed\n")
	plainType       = []string{"text/plain"}
	xmlType         = []string{"text/xml"}
	octetStreamType = []string{"application/octet-stream"}
	serverValue     = []string{serverName}
	allowValue      = []string{allow}
)

// handler serves the contract. The same value answers HTTP and FastCGI
// requests; it sets every header itself (Content-Length included: the
// FastCGI responder does not compute it, and nginx would chunk otherwise).
type handler struct {
	static6b []byte
	static4k []byte
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body []byte
	var ctype []string
	switch r.URL.Path {
	case "/hello":
		body, ctype = helloBody, plainType
	case "/xml":
		body, ctype = xmlBody(r.URL.RawQuery), xmlType
	case "/static/6b":
		body, ctype = h.static6b, octetStreamType
	case "/static/4k":
		body, ctype = h.static4k, octetStreamType
	default:
		reply(w, r, http.StatusNotFound, plainType, notFoundBody)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header()["Allow"] = allowValue
		reply(w, r, http.StatusMethodNotAllowed, plainType, notAllowedBody)
		return
	}
	reply(w, r, http.StatusOK, ctype, body)
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

// xmlBody is the /xml body for a raw query: the first `value` parameter,
// form-decoded and XML-escaped, or the error document when it is missing
// or empty.
func xmlBody(rawQuery string) []byte {
	value, ok := queryParam(rawQuery, "value")
	if !ok || value == "" {
		return []byte(xmlNoValue)
	}
	var b strings.Builder
	b.Grow(len(xmlOpen) + len(value) + len(xmlClose) + 8)
	b.WriteString(xmlOpen)
	xmlEscape(&b, value)
	b.WriteString(xmlClose)
	return []byte(b.String())
}

// queryParam finds the first parameter called name, decoding names and
// values as HTML forms do and as the contract's reference does: `+` is a
// space, `%XX` a byte, a `%` not followed by two hex digits stays as is,
// and bytes that are not UTF-8 become U+FFFD. (url.ParseQuery would reject
// `100%` instead.)
func queryParam(rawQuery, name string) (string, bool) {
	for rawQuery != "" {
		var pair string
		if i := strings.IndexByte(rawQuery, '&'); i >= 0 {
			pair, rawQuery = rawQuery[:i], rawQuery[i+1:]
		} else {
			pair, rawQuery = rawQuery, ""
		}
		if pair == "" {
			continue
		}
		key, value := pair, ""
		if i := strings.IndexByte(pair, '='); i >= 0 {
			key, value = pair[:i], pair[i+1:]
		}
		if formDecode(key) == name {
			return formDecode(value), true
		}
	}
	return "", false
}

func formDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 && strings.IndexByte(s, '+') < 0 && utf8.ValidString(s) {
		return s
	}
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			buf = append(buf, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			buf = append(buf, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			buf = append(buf, c)
		}
	}
	return lossyUTF8(buf)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	default:
		return c - 'a' + 10
	}
}

// lossyUTF8 replaces each maximal invalid subsequence with one U+FFFD, as
// Rust's String::from_utf8_lossy does (the reference's decoding).
func lossyUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var out strings.Builder
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r != utf8.RuneError || size > 1 {
			out.Write(b[:size])
			b = b[size:]
			continue
		}
		b = b[invalidPrefix(b):]
		out.WriteRune(utf8.RuneError)
	}
	return out.String()
}

// invalidPrefix is the length of the maximal invalid subsequence at the
// start of b (b does not start with a valid character): a lead byte and
// the continuation bytes that could still have completed it.
func invalidPrefix(b []byte) int {
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch c := b[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

func xmlEscape(b *strings.Builder, s string) {
	for {
		i := strings.IndexAny(s, "&<>\"'")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		switch s[i] {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteString("&apos;")
		}
		s = s[i+1:]
	}
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("go-http: ")
	listen := flag.String("listen", "", "serve HTTP/1.1 on this address (host:port)")
	fcgiTCP := flag.String("fcgi-tcp", "", "serve FastCGI on this TCP address (host:port)")
	fcgiUnix := flag.String("fcgi-unix", "", "serve FastCGI on a Unix socket at this path")
	docroot := flag.String("docroot", "", "directory holding static/6b and static/4k")
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
	h := &handler{
		static6b: readStatic(*docroot, "6b"),
		static4k: readStatic(*docroot, "4k"),
	}

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

func readStatic(docroot, name string) []byte {
	path := filepath.Join(docroot, "static", name)
	body, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			log.Fatalf("%s does not exist: -docroot must be servers/nginx/docroot", path)
		}
		log.Fatal(err)
	}
	return body
}
