//go:build nodb

package main

// A build without the database workloads, for a Go older than pgx 5.12
// needs (1.25; Debian 12's golang-go is 1.19): build.sh builds it with
// `-tags nodb -modfile=go.nodb.mod`, which leaves pgx out, so that the
// rest of go-http (seed 001's Go server and the nginx-go-* set-ups) still
// builds there. The five endpoints answer 503 saying why.

import (
	"log"
	"net/http"
	"os"
	"runtime"
)

// dbPool stands for pgx's pool, which this build does not have.
type dbPool struct{}

var builtWithout = []byte("this go-http was built with " + runtime.Version() +
	", without pgx (which needs Go 1.25): no database workloads\n")

// openDatabase has no pool to open: a DATABASE_URL is said to be ignored.
func openDatabase() (*dbPool, error) {
	if os.Getenv("DATABASE_URL") != "" {
		log.Printf("%s", builtWithout)
	}
	return nil, nil
}

// database answers the five endpoints 503; false when path is none of them.
func (h *handler) database(w http.ResponseWriter, r *http.Request, path string) bool {
	switch path {
	case "/db", "/queries", "/updates", "/fortunes", "/items":
		reply(w, r, http.StatusServiceUnavailable, plainType, builtWithout)
		return true
	}
	return false
}
