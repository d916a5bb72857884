// The module for a build without the database workloads (nodb.go): the
// build on a Go older than 1.25, without pgx. build.sh uses it with
// `-tags nodb -modfile=go.nodb.mod`; go.mod is the full build's.
module barrage/servers/go-http

go 1.19

require (
	github.com/andybalholm/brotli v1.1.1
	github.com/gorilla/websocket v1.5.3
)
