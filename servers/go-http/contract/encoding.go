package contract

// Accept-Encoding negotiation between br, gzip and identity.

import (
	"strconv"
	"strings"
)

// Encoding is a content coding the servers send.
type Encoding int

const (
	Identity Encoding = iota
	Gzip
	Brotli
)

// Negotiate picks the coding for an Accept-Encoding value: the one of br
// and gzip with the higher quality (br on a tie), identity when neither is
// acceptable (q=0, or not named; `*` stands for the ones not named).
func Negotiate(accept string) Encoding {
	br, gz, star := -1.0, -1.0, -1.0
	for accept != "" {
		var item string
		if i := strings.IndexByte(accept, ','); i >= 0 {
			item, accept = accept[:i], accept[i+1:]
		} else {
			item, accept = accept, ""
		}
		name, params, _ := strings.Cut(item, ";")
		name = strings.TrimSpace(name)
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if p = strings.TrimSpace(p); strings.HasPrefix(p, "q=") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(p[2:]), 64); err == nil {
					q = f
				} else {
					q = 0
				}
			}
		}
		switch {
		case strings.EqualFold(name, "br"):
			br = q
		case strings.EqualFold(name, "gzip"), strings.EqualFold(name, "x-gzip"):
			gz = q
		case name == "*":
			star = q
		}
	}
	if br < 0 {
		br = star
	}
	if gz < 0 {
		gz = star
	}
	switch {
	case br > 0 && br >= gz:
		return Brotli
	case gz > 0:
		return Gzip
	default:
		return Identity
	}
}

// Name is the Content-Encoding value of the coding ("" for identity).
func (e Encoding) Name() string {
	switch e {
	case Gzip:
		return "gzip"
	case Brotli:
		return "br"
	default:
		return ""
	}
}

// Variant is the file's body for the coding the request accepts, with
// the Content-Encoding to send ("" for the file itself).
func (f *StaticFile) Variant(accept string) ([]byte, string) {
	if f.Gzip == nil && f.Brotli == nil {
		return f.Body, ""
	}
	switch Negotiate(accept) {
	case Brotli:
		return f.Brotli, "br"
	case Gzip:
		return f.Gzip, "gzip"
	default:
		return f.Body, ""
	}
}
