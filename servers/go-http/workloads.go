package main

// The workloads of docs/workloads.md as net/http handlers: baseline,
// plaintext, json, json processing with gzip and brotli (compress/gzip and
// andybalholm/brotli, pooled writers), upload counted from the body
// stream, the static set with its precompressed variants. Noise is
// net/http's own: 400 and a close for what does not parse.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/andybalholm/brotli"

	"barrage/servers/go-http/contract"
)

var (
	plaintextBody = []byte(contract.PlaintextBody)
	jsonType      = []string{"application/json"}
	varyValue     = []string{"Accept-Encoding"}
	gzipValue     = []string{"gzip"}
	brValue       = []string{"br"}
	baselineAllow = []string{"GET, HEAD, POST"}
	postAllow     = []string{"POST"}
	bufPool       = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	gzipPool      = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, contract.GzipLevel)
		return w
	}}
	brotliPool = sync.Pool{New: func() any {
		return brotli.NewWriterLevel(io.Discard, contract.BrotliQuality)
	}}
)

func badRequest(w http.ResponseWriter, r *http.Request, why string) {
	reply(w, r, http.StatusBadRequest, plainType, []byte(why))
}

// baseline: GET /baseline?a=A&b=B is A+B; POST with a number C (by
// Content-Length or chunked) is A+B+C.
func (h *handler) baseline(w http.ResponseWriter, r *http.Request) {
	var body []byte
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost:
		var err error
		body, err = io.ReadAll(io.LimitReader(r.Body, contract.MaxBaselineBody+1))
		if err != nil {
			badRequest(w, r, "the body could not be read\n")
			return
		}
		if len(body) > contract.MaxBaselineBody {
			reply(w, r, http.StatusRequestEntityTooLarge, plainType, []byte("the body is too large\n"))
			return
		}
	default:
		notAllowed(w, r, baselineAllow)
		return
	}
	sum, why := contract.BaselineQuery(r.URL.RawQuery)
	if why != "" {
		badRequest(w, r, why)
		return
	}
	if body != nil || r.Method == http.MethodPost {
		c, ok := contract.BaselineBody(body)
		if !ok {
			badRequest(w, r, "the body must be an integer\n")
			return
		}
		sum += c
	}
	reply(w, r, http.StatusOK, plainType, strconv.AppendInt(nil, sum, 10))
}

// upload counts the body bytes as they arrive (never Content-Length).
func upload(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		notAllowed(w, r, postAllow)
		return
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r.Body, contract.MaxUpload+1))
	switch {
	case err != nil:
		badRequest(w, r, "the body could not be read\n")
	case n > contract.MaxUpload:
		reply(w, r, http.StatusRequestEntityTooLarge, plainType, []byte("the body is over 32 MiB\n"))
	default:
		reply(w, r, http.StatusOK, plainType, strconv.AppendInt(nil, n, 10))
	}
}

type message struct {
	Message string `json:"message"`
}

// jsonHello serializes {"message":"Hello, World!"} per request.
func jsonHello(w http.ResponseWriter, r *http.Request) {
	body, _ := json.Marshal(message{Message: contract.JSONMessage})
	reply(w, r, http.StatusOK, jsonType, body)
}

// jsonProcessing is /json/{count}?m={m}, compressed when the request
// accepts gzip or br.
func (h *handler) jsonProcessing(w http.ResponseWriter, r *http.Request, segment string) {
	count, ok := contract.Count(segment)
	if !ok {
		badRequest(w, r, "count in /json/{count} must be a non-negative integer\n")
		return
	}
	m, ok := contract.Multiplier(r.URL.RawQuery)
	if !ok {
		badRequest(w, r, "m must be a non-negative integer\n")
		return
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := h.data.WriteProcessed(buf, count, m); err != nil {
		reply(w, r, http.StatusInternalServerError, plainType, []byte(err.Error()))
		return
	}
	hdr := w.Header()
	hdr["Vary"] = varyValue
	accept := r.Header.Get("Accept-Encoding")
	enc := contract.Identity
	if accept != "" {
		enc = contract.Negotiate(accept)
	}
	if enc == contract.Identity {
		reply(w, r, http.StatusOK, jsonType, buf.Bytes())
		return
	}
	out := bufPool.Get().(*bytes.Buffer)
	out.Reset()
	defer bufPool.Put(out)
	compress(out, enc, buf.Bytes())
	if enc == contract.Brotli {
		hdr["Content-Encoding"] = brValue
	} else {
		hdr["Content-Encoding"] = gzipValue
	}
	reply(w, r, http.StatusOK, jsonType, out.Bytes())
}

// compress writes src into dst in the coding, with a pooled writer.
func compress(dst *bytes.Buffer, enc contract.Encoding, src []byte) {
	if enc == contract.Brotli {
		bw := brotliPool.Get().(*brotli.Writer)
		bw.Reset(dst)
		bw.Write(src)
		bw.Close()
		brotliPool.Put(bw)
		return
	}
	gw := gzipPool.Get().(*gzip.Writer)
	gw.Reset(dst)
	gw.Write(src)
	gw.Close()
	gzipPool.Put(gw)
}

// static serves /static/{name}: the text files' .br or .gz when accepted.
func (h *handler) static(w http.ResponseWriter, r *http.Request, name string) {
	f := h.data.Files[name]
	if f == nil {
		reply(w, r, http.StatusNotFound, plainType, notFoundBody)
		return
	}
	body, encoding := f.Variant(r.Header.Get("Accept-Encoding"))
	hdr := w.Header()
	if f.Gzip != nil || f.Brotli != nil {
		hdr["Vary"] = varyValue
	}
	if encoding != "" {
		hdr["Content-Encoding"] = []string{encoding}
	}
	reply(w, r, http.StatusOK, []string{f.ContentType}, body)
}
