// Package contract holds what the Go servers of the catalogue (go-http,
// the nginx-go-* backends, go-fasthttp) share of barrage's endpoint
// contract: the query rules (this file), the workloads' data and rules
// (data.go) and Accept-Encoding negotiation (encoding.go). The HTTP
// handling itself stays in each server, written in its framework's idiom.
package contract

import (
	"strings"
	"unicode/utf8"
)

const (
	xmlOpen    = "<http_test><value>"
	xmlClose   = "</value></http_test>"
	xmlNoValue = "<http_test><error>no value specified</error></http_test>"
)

// XMLBody is the /xml body for a raw query: the first `value` parameter,
// form-decoded and XML-escaped, or the error document when it is missing
// or empty.
func XMLBody(rawQuery string) []byte {
	value, ok := QueryParam(rawQuery, "value")
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

// QueryParam finds the first parameter called name, decoding names and
// values as HTML forms do and as the contract's reference does: `+` is a
// space, `%XX` a byte, a `%` not followed by two hex digits stays as is,
// and bytes that are not UTF-8 become U+FFFD. (url.ParseQuery would reject
// `100%` instead.)
func QueryParam(rawQuery, name string) (string, bool) {
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
