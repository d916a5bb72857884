// /ws: the WebSocket echo (RFC 6455) with the `ws` package, the library
// most Node servers use, on the http server's 'upgrade' event (HTTP/1.1
// Upgrade). Every text and binary message is sent back as the same kind
// (ws hands the payload over as a Buffer, which is sent as it came);
// pings get ws's automatic pong, a Close its Close reply. Text messages
// are UTF-8-checked by ws (a bad one closes with 1007). No extension
// (permessage-deflate is turned off) and no subprotocol.
'use strict';

const { WebSocketServer } = require('ws');

const PATH = '/ws';
// The largest message accepted (ws closes with 1009 beyond it).
const MAX_PAYLOAD = 64 * 1024 * 1024;

// Answers upgrade requests on `server`: `/ws` becomes an echo session,
// any other path a 404 (the connection then closes).
function attach(server, serverName) {
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_PAYLOAD,
    clientTracking: false,
  });
  wss.on('headers', (headers) => headers.push(`Server: ${serverName}`));
  server.on('upgrade', (req, socket, head) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    if (pathname !== PATH) {
      socket.end(`HTTP/1.1 404 Not Found\r\nServer: ${serverName}\r\nContent-Type: text/plain\r\n` +
        'Content-Length: 10\r\nConnection: close\r\n\r\nnot found\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, echo);
  });
}

function echo(ws) {
  // A protocol error closes the connection (ws sends the Close itself);
  // without a listener the event would throw.
  ws.on('error', () => {});
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
}

module.exports = { attach, PATH };
