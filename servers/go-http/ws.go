// /ws: the WebSocket echo (RFC 6455) with gorilla/websocket, the library
// most Go servers use. The HTTP/1.1 upgrade is gorilla's Upgrader over
// net/http's hijacked connection; then every text and binary message is
// echoed as the same kind, streamed from the reader to a writer of the
// same type (no per-message buffer of our own; gorilla writes a message
// longer than its 4 KiB write buffer as continued frames). Pings get
// gorilla's default pong, a Close its default Close reply. No extension
// (permessage-deflate) or subprotocol is negotiated. Over FastCGI there is
// no connection to hijack: the upgrade fails there (only the plain HTTP
// listener declares /ws).
package main

import (
	"io"
	"net/http"

	"github.com/gorilla/websocket"
)

var upgrader = websocket.Upgrader{
	// Load generators send no Origin; a benchmark server accepts any.
	CheckOrigin: func(*http.Request) bool { return true },
}

var upgradeHeader = http.Header{"Server": serverValue}

// websocketEcho upgrades the request (gorilla answers a bad handshake with
// its 4xx) and echoes until the client closes or the connection fails.
func websocketEcho(w http.ResponseWriter, r *http.Request) {
	conn, err := upgrader.Upgrade(w, r, upgradeHeader)
	if err != nil {
		return
	}
	defer conn.Close()
	for {
		kind, in, err := conn.NextReader()
		if err != nil {
			return // a Close (answered by gorilla), or the connection ended
		}
		out, err := conn.NextWriter(kind)
		if err != nil {
			return
		}
		if _, err := io.Copy(out, in); err != nil {
			return
		}
		if err := out.Close(); err != nil {
			return
		}
	}
}
