// POST /upload for servers/nginx (njs, Debian's libnginx-mod-http-js):
// answers the number of request body bytes nginx received, counted from
// the body itself (r.requestBuffer), never from Content-Length, so a
// chunked upload is counted too. Other methods get 405.
//
// server.toml keeps the whole body in memory (client_body_buffer_size =
// client_max_body_size = 32m, the contract's MAX_UPLOAD), so requestBuffer
// is set; were the body ever in a temporary file instead, the answer is a
// 500 saying so rather than a wrong count.
function count(r) {
    r.headersOut['Content-Type'] = 'text/plain';
    if (r.method !== 'POST') {
        r.headersOut['Allow'] = 'POST';
        r.return(405, 'method not allowed\n');
        return;
    }
    var body = r.requestBuffer;
    var length = r.headersIn['Content-Length'];
    if (body === undefined && r.headersIn['Transfer-Encoding'] === undefined &&
        (length === undefined || length === '0')) {
        // No body at all: nothing was received.
        r.return(200, '0');
        return;
    }
    if (body === undefined) {
        r.return(500, 'request body not in memory\n');
        return;
    }
    r.return(200, String(body.length));
}

export default { count };
