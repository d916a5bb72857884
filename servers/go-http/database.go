//go:build !nodb

package main

// The database workloads of docs/workloads.md (db, queries, fortunes,
// updates, items) on PostgreSQL through pgx v5 and its pool (pgxpool).
// DATABASE_URL names the database and DATABASE_POOL the pool's size (the
// lab sets both; without DATABASE_POOL, defaultPool, the manifest's value).
// Without DATABASE_URL the endpoints answer 503 and the rest is served.
//
// pgx prepares each statement once per connection and caches it (its
// default exec mode). Every World read is a statement of its own: /queries
// and /updates send their N reads as one pgx batch (pipelined on one
// connection, N statements all the same); /updates writes its rows in one
// UPDATE over unnest'ed arrays, ids distinct and sorted.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"barrage/servers/go-http/contract"
)

// dbPool is the pool the handler keeps (nodb.go: a build without pgx).
type dbPool = pgxpool.Pool

// defaultPool is the manifest's [database] pool, for a start without DATABASE_POOL.
const defaultPool = 16

const (
	worldSQL   = "SELECT id, randomnumber FROM world WHERE id = $1"
	fortuneSQL = "SELECT id, message FROM fortune"
	updateSQL  = "UPDATE world SET randomnumber = v.r FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v WHERE world.id = v.id"
)

var (
	fortunesType = []string{contract.FortunesType}
	noDatabase   = []byte("DATABASE_URL is unset: this server has no database\n")
)

type world struct {
	ID           int32 `json:"id"`
	RandomNumber int32 `json:"randomNumber"`
}

type rating struct {
	Score float64 `json:"score"`
	Count int32   `json:"count"`
}

type item struct {
	ID       int32           `json:"id"`
	Name     string          `json:"name"`
	Category string          `json:"category"`
	Price    int32           `json:"price"`
	Quantity int32           `json:"quantity"`
	Active   bool            `json:"active"`
	Tags     json.RawMessage `json:"tags"`
	Rating   rating          `json:"rating"`
}

type itemsPage struct {
	Items []item `json:"items"`
	Count int    `json:"count"`
}

// openDatabase makes the pool from the environment: nil (and no error)
// without DATABASE_URL. Connections open as requests need them.
func openDatabase() (*pgxpool.Pool, error) {
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		return nil, nil
	}
	size := defaultPool
	if v := os.Getenv("DATABASE_POOL"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("DATABASE_POOL must be a positive integer, not %q", v)
		}
		size = n
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	cfg.MaxConns = int32(size)
	return pgxpool.NewWithConfig(context.Background(), cfg)
}

// database answers one of the five endpoints; false when path is none of them.
func (h *handler) database(w http.ResponseWriter, r *http.Request, path string) bool {
	var serve func(context.Context, *http.Request) ([]string, []byte, error)
	switch path {
	case "/db":
		serve = h.db
	case "/queries":
		serve = h.queries
	case "/updates":
		serve = h.updates
	case "/fortunes":
		serve = h.fortunes
	case "/items":
		serve = h.items
	default:
		return false
	}
	if h.pool == nil {
		reply(w, r, http.StatusServiceUnavailable, plainType, noDatabase)
		return true
	}
	ctype, body, err := serve(r.Context(), r)
	if err != nil {
		reply(w, r, http.StatusInternalServerError, plainType, []byte("database: "+err.Error()+"\n"))
		return true
	}
	reply(w, r, http.StatusOK, ctype, body)
	return true
}

func randomID() int32 { return 1 + rand.Int32N(contract.WorldRows) }

func (h *handler) db(ctx context.Context, r *http.Request) ([]string, []byte, error) {
	var row world
	if err := h.pool.QueryRow(ctx, worldSQL, randomID()).Scan(&row.ID, &row.RandomNumber); err != nil {
		return nil, nil, err
	}
	body, err := json.Marshal(row)
	return jsonType, body, err
}

// readWorlds reads the rows of ids, one statement each, sent as one batch.
func (h *handler) readWorlds(ctx context.Context, ids []int32) ([]world, error) {
	batch := &pgx.Batch{}
	for _, id := range ids {
		batch.Queue(worldSQL, id)
	}
	results := h.pool.SendBatch(ctx, batch)
	defer results.Close()
	rows := make([]world, len(ids))
	for i := range rows {
		if err := results.QueryRow().Scan(&rows[i].ID, &rows[i].RandomNumber); err != nil {
			return nil, err
		}
	}
	return rows, results.Close()
}

func (h *handler) queries(ctx context.Context, r *http.Request) ([]string, []byte, error) {
	ids := make([]int32, contract.Queries(r.URL.RawQuery))
	for i := range ids {
		ids[i] = randomID()
	}
	rows, err := h.readWorlds(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	body, err := json.Marshal(rows)
	return jsonType, body, err
}

// updates reads N distinct rows (a repeated id would be written once,
// fewer rows than the request owes), gives each a new number and writes
// them back in one statement, ids in order.
func (h *handler) updates(ctx context.Context, r *http.Request) ([]string, []byte, error) {
	n := contract.Queries(r.URL.RawQuery)
	seen := make(map[int32]bool, n)
	ids := make([]int32, 0, n)
	for len(ids) < n {
		if id := randomID(); !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	rows, err := h.readWorlds(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	for i := range rows {
		rows[i].RandomNumber = randomID()
	}
	sorted := slices.Clone(rows)
	slices.SortFunc(sorted, func(a, b world) int { return int(a.ID - b.ID) })
	wids := make([]int32, n)
	numbers := make([]int32, n)
	for i, row := range sorted {
		wids[i], numbers[i] = row.ID, row.RandomNumber
	}
	if _, err := h.pool.Exec(ctx, updateSQL, wids, numbers); err != nil {
		return nil, nil, err
	}
	body, err := json.Marshal(rows)
	return jsonType, body, err
}

func (h *handler) fortunes(ctx context.Context, r *http.Request) ([]string, []byte, error) {
	rows, err := h.pool.Query(ctx, fortuneSQL)
	if err != nil {
		return nil, nil, err
	}
	fortunes := make([]contract.Fortune, 0, 16)
	var f contract.Fortune
	_, err = pgx.ForEachRow(rows, []any{&f.ID, &f.Message}, func() error {
		fortunes = append(fortunes, f)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return fortunesType, contract.FortunesPage(fortunes), nil
}

func (h *handler) items(ctx context.Context, r *http.Request) ([]string, []byte, error) {
	lo, hi, limit := contract.ItemSearch(r.URL.RawQuery)
	rows, err := h.pool.Query(ctx, contract.ItemsSQL, lo, hi, limit)
	if err != nil {
		return nil, nil, err
	}
	page := itemsPage{Items: make([]item, 0, limit)}
	var it item
	scan := []any{&it.ID, &it.Name, &it.Category, &it.Price, &it.Quantity, &it.Active,
		&it.Tags, &it.Rating.Score, &it.Rating.Count}
	_, err = pgx.ForEachRow(rows, scan, func() error {
		it.Tags = slices.Clone(it.Tags)
		page.Items = append(page.Items, it)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	page.Count = len(page.Items)
	body, err := json.Marshal(page)
	return jsonType, body, err
}
