package contract

// The database workloads' rules (docs/workloads.md, "Database workloads";
// crates/contract/src/database.rs): how /queries, /updates and /items read
// their parameters, and the fortunes page. No driver here: the servers
// bring their own.

import (
	"sort"
	"strconv"
	"strings"
)

const (
	// WorldRows is the number of rows of world, ids 1..WorldRows.
	WorldRows = 10_000
	// MaxQueries is the most rows one /queries or /updates request asks for.
	MaxQueries = 500
	// MaxItems is the most items one /items request returns.
	MaxItems = 50
	// AddedFortune is the row every /fortunes request adds (id 0).
	AddedFortune = "Additional fortune added at request time."
	// FortunesType is the Content-Type of the fortunes page.
	FortunesType = "text/html; charset=utf-8"
	// ItemsSQL is the contract's statement for /items.
	ItemsSQL = "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3"
)

// dbInt is a parameter read as the contract reads it: surrounding spaces
// trimmed, then a 64-bit integer (a sign allowed), else not ok.
func dbInt(rawQuery, name string) (int64, bool) {
	value, ok := QueryParam(rawQuery, name)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
	return n, err == nil
}

func clamp(n, lo, hi int64) int64 {
	if n < lo {
		return lo
	}
	if n > hi {
		return hi
	}
	return n
}

// Queries is the `queries` parameter of /queries and /updates: missing,
// empty, not a number or below 1 gives 1; above 500 gives 500.
func Queries(rawQuery string) int {
	n, ok := dbInt(rawQuery, "queries")
	if !ok {
		return 1
	}
	return int(clamp(n, 1, MaxQueries))
}

// ItemSearch is /items' range (both ends included) and limit (1..50):
// min and max missing or not integers give 10 and 50, limit 50.
func ItemSearch(rawQuery string) (lo, hi int32, limit int) {
	lo, hi, limit = 10, 50, MaxItems
	if n, ok := dbInt(rawQuery, "min"); ok {
		lo = int32(clamp(n, -1<<31, 1<<31-1))
	}
	if n, ok := dbInt(rawQuery, "max"); ok {
		hi = int32(clamp(n, -1<<31, 1<<31-1))
	}
	if n, ok := dbInt(rawQuery, "limit"); ok {
		limit = int(clamp(n, 1, MaxItems))
	}
	return lo, hi, limit
}

// Fortune is one row of the fortune table.
type Fortune struct {
	ID      int32
	Message string
}

const (
	fortunesHead = "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>"
	fortunesTail = "</table></body></html>"
)

// FortunesPage adds the request-time row to the table's rows, sorts them
// by message (Go compares strings byte by byte: UTF-8's code-point order)
// and writes TechEmpower's table, the messages HTML-escaped.
func FortunesPage(rows []Fortune) []byte {
	rows = append(rows, Fortune{0, AddedFortune})
	sort.Slice(rows, func(i, j int) bool { return rows[i].Message < rows[j].Message })
	var b strings.Builder
	b.Grow(len(fortunesHead) + len(fortunesTail) + 64*len(rows))
	b.WriteString(fortunesHead)
	for _, f := range rows {
		b.WriteString("<tr><td>")
		b.WriteString(strconv.Itoa(int(f.ID)))
		b.WriteString("</td><td>")
		htmlEscape(&b, f.Message)
		b.WriteString("</td></tr>")
	}
	b.WriteString(fortunesTail)
	return []byte(b.String())
}

// htmlEscape writes s with &, <, >, " and ' as entities.
func htmlEscape(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var entity string
		switch s[i] {
		case '&':
			entity = "&amp;"
		case '<':
			entity = "&lt;"
		case '>':
			entity = "&gt;"
		case '"':
			entity = "&quot;"
		case '\'':
			entity = "&#39;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(entity)
		last = i + 1
	}
	b.WriteString(s[last:])
}
