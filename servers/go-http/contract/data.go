package contract

// The workloads' data (docs/workloads.md), read once at start: the JSON
// processing dataset and the static set from the repository's
// data/workloads, the first edition's /static/6b and /static/4k from
// servers/nginx/docroot. And the workloads' rules on numbers.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

const (
	// PlaintextBody is the body of /plaintext (TechEmpower's plaintext).
	PlaintextBody = "Hello, World!"
	// JSONMessage is the message of /json (TechEmpower's json).
	JSONMessage = "Hello, World!"
	// MaxUpload is the largest /upload body counted; more is 413.
	MaxUpload = 32 << 20
	// MaxBaselineBody is the largest POST /baseline body: a number and some whitespace.
	MaxBaselineBody = 4096
	// MaxMultiplier caps the m of /json/{count}?m={m}.
	MaxMultiplier = 1_000_000
	// GzipLevel and BrotliQuality: the fast levels actix-web's Compress
	// middleware uses, so that the compression workload compares servers
	// and not levels.
	GzipLevel     = 1
	BrotliQuality = 3
)

// Rating is an item's rating: score in tenths, count of votes.
type Rating struct {
	Score uint64 `json:"score"`
	Count uint64 `json:"count"`
}

// Item is one item of the dataset (money in cents: integers).
type Item struct {
	ID       uint64   `json:"id"`
	Name     string   `json:"name"`
	Category string   `json:"category"`
	Price    uint64   `json:"price"`
	Quantity uint64   `json:"quantity"`
	Active   bool     `json:"active"`
	Tags     []string `json:"tags"`
	Rating   Rating   `json:"rating"`
}

// ProcessedItem is an item as /json/{count} returns it.
type ProcessedItem struct {
	Item
	Total uint64 `json:"total"`
}

// Processed is the body of /json/{count}?m={m}.
type Processed struct {
	Items []ProcessedItem `json:"items"`
	Count int             `json:"count"`
}

// StaticFile is a file of /static/{name} with its precompressed variants
// (nil for the binary files).
type StaticFile struct {
	ContentType string
	Body        []byte
	Gzip        []byte
	Brotli      []byte
}

// Data is everything the handlers read.
type Data struct {
	Items []Item
	Files map[string]*StaticFile
}

// Load reads the dataset and the static set from workloads (the
// repository's data/workloads; "" for none) and static/6b, static/4k
// from docroot.
func Load(workloads, docroot string) (*Data, error) {
	d := &Data{Files: map[string]*StaticFile{}}
	if workloads != "" {
		path := filepath.Join(workloads, "dataset.json")
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(raw, &d.Items); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if err := d.loadStaticSet(filepath.Join(workloads, "static")); err != nil {
			return nil, err
		}
	}
	for _, name := range []string{"6b", "4k"} {
		body, err := os.ReadFile(filepath.Join(docroot, "static", name))
		if err != nil {
			return nil, err
		}
		d.Files[name] = &StaticFile{ContentType: "application/octet-stream", Body: body}
	}
	return d, nil
}

// loadStaticSet reads the files index.tsv lists (name, content type, size,
// sha256, precompressed: 1 when NAME.gz and NAME.br exist).
func (d *Data) loadStaticSet(dir string) error {
	indexPath := filepath.Join(dir, "index.tsv")
	index, err := os.ReadFile(indexPath)
	if err != nil {
		return err
	}
	for n, line := range strings.Split(string(index), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			return fmt.Errorf("%s:%d: expected 5 tab-separated columns", indexPath, n+1)
		}
		f := &StaticFile{ContentType: cols[1]}
		if f.Body, err = os.ReadFile(filepath.Join(dir, cols[0])); err != nil {
			return err
		}
		if cols[4] == "1" {
			if f.Gzip, err = os.ReadFile(filepath.Join(dir, cols[0]+".gz")); err != nil {
				return err
			}
			if f.Brotli, err = os.ReadFile(filepath.Join(dir, cols[0]+".br")); err != nil {
				return err
			}
		}
		d.Files[cols[0]] = f
	}
	return nil
}

// Processed is the answer to /json/{count}?m={m}: the first count items
// (count already clamped) with total = price × quantity × m.
func (d *Data) Processed(count int, m uint64) Processed {
	if count > len(d.Items) {
		count = len(d.Items)
	}
	items := make([]ProcessedItem, count)
	for i := range items {
		it := &d.Items[i]
		items[i] = ProcessedItem{Item: *it, Total: it.Price * it.Quantity * m}
	}
	return Processed{Items: items, Count: count}
}

// WriteProcessed serializes Processed(count, m) to w (encoding/json).
func (d *Data) WriteProcessed(w io.Writer, count int, m uint64) error {
	return json.NewEncoder(w).Encode(d.Processed(count, m))
}

// Integer parses a decimal integer, optionally negative, of at most 18 digits.
func Integer(s string) (int64, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || len(digits) > 18 || !allDigits(digits) {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// Natural parses a non-negative decimal integer; one too large for uint64
// reads as its maximum (the callers clamp).
func Natural(s string) (uint64, bool) {
	if s == "" || !allDigits(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return ^uint64(0), true
	}
	return n, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Count is the count of a /json/{count} segment, clamped to the dataset.
func Count(segment string) (int, bool) {
	n, ok := Natural(segment)
	if !ok {
		return 0, false
	}
	if n > 50 {
		n = 50
	}
	return int(n), true
}

// Multiplier is the m of a /json/{count} query: 1 when absent, clamped to
// MaxMultiplier.
func Multiplier(rawQuery string) (uint64, bool) {
	s, present := QueryParam(rawQuery, "m")
	if !present {
		return 1, true
	}
	m, ok := Natural(s)
	if m > MaxMultiplier {
		m = MaxMultiplier
	}
	return m, ok
}

// BaselineQuery is A+B of /baseline?a=A&b=B, or why the request is bad.
func BaselineQuery(rawQuery string) (int64, string) {
	var sum int64
	for _, name := range []string{"a", "b"} {
		s, ok := QueryParam(rawQuery, name)
		if !ok {
			return 0, "missing query parameter a or b\n"
		}
		n, ok := Integer(s)
		if !ok {
			return 0, "a and b must be integers\n"
		}
		sum += n
	}
	return sum, ""
}

// BaselineBody is the number a POST /baseline carries, surrounding ASCII
// whitespace ignored.
func BaselineBody(body []byte) (int64, bool) {
	return Integer(string(bytes.TrimSpace(body)))
}
