/*
 * ngx_http_barrage_hello_module: the contract's /hello as an nginx content
 * handler, the "Nginx module" of seed 000 (a hello world module instead of
 * a file or a `return`).
 *
 *     location = /hello {
 *         barrage_hello;
 *     }
 *
 * GET and HEAD: 200, Content-Type text/plain, Content-Length 12, body
 * "Hello World\n" from a static buffer (HEAD: nginx's header filter drops
 * the body). Any other method: 405 text/plain "method not allowed\n" with
 * "Allow: GET, HEAD". nginx adds Server and Date, and keeps the connection
 * alive or closes it as the request asked.
 *
 * Built as a dynamic module against Debian's nginx sources (nginx-dev), see
 * build.sh.
 */

#include <ngx_config.h>
#include <ngx_core.h>
#include <ngx_http.h>


static char *ngx_http_barrage_hello(ngx_conf_t *cf, ngx_command_t *cmd,
    void *conf);
static ngx_int_t ngx_http_barrage_hello_handler(ngx_http_request_t *r);
static ngx_int_t ngx_http_barrage_hello_send(ngx_http_request_t *r,
    ngx_uint_t status, u_char *body, size_t len);


/* The bodies live in the module's read-only data: every response points
 * a fresh ngx_buf_t at them (b->memory: nginx never writes into them). */
static u_char  ngx_http_barrage_hello_body[] = "Hello World\n";
static u_char  ngx_http_barrage_hello_not_allowed[] = "method not allowed\n";


static ngx_command_t  ngx_http_barrage_hello_commands[] = {

    { ngx_string("barrage_hello"),
      NGX_HTTP_LOC_CONF|NGX_CONF_NOARGS,
      ngx_http_barrage_hello,
      0,
      0,
      NULL },

      ngx_null_command
};


static ngx_http_module_t  ngx_http_barrage_hello_module_ctx = {
    NULL,                                  /* preconfiguration */
    NULL,                                  /* postconfiguration */

    NULL,                                  /* create main configuration */
    NULL,                                  /* init main configuration */

    NULL,                                  /* create server configuration */
    NULL,                                  /* merge server configuration */

    NULL,                                  /* create location configuration */
    NULL                                   /* merge location configuration */
};


ngx_module_t  ngx_http_barrage_hello_module = {
    NGX_MODULE_V1,
    &ngx_http_barrage_hello_module_ctx,    /* module context */
    ngx_http_barrage_hello_commands,       /* module directives */
    NGX_HTTP_MODULE,                       /* module type */
    NULL,                                  /* init master */
    NULL,                                  /* init module */
    NULL,                                  /* init process */
    NULL,                                  /* init thread */
    NULL,                                  /* exit thread */
    NULL,                                  /* exit process */
    NULL,                                  /* exit master */
    NGX_MODULE_V1_PADDING
};


/* `barrage_hello;`: this location's content handler is ours. */
static char *
ngx_http_barrage_hello(ngx_conf_t *cf, ngx_command_t *cmd, void *conf)
{
    ngx_http_core_loc_conf_t  *clcf;

    clcf = ngx_http_conf_get_module_loc_conf(cf, ngx_http_core_module);
    clcf->handler = ngx_http_barrage_hello_handler;

    return NGX_CONF_OK;
}


static ngx_int_t
ngx_http_barrage_hello_handler(ngx_http_request_t *r)
{
    ngx_int_t         rc;
    ngx_table_elt_t  *allow;

    /* A request body (allowed even on GET) is read and dropped, so that
     * the connection can stay alive. */
    rc = ngx_http_discard_request_body(r);
    if (rc != NGX_OK) {
        return rc;
    }

    if (r->method & (NGX_HTTP_GET|NGX_HTTP_HEAD)) {
        return ngx_http_barrage_hello_send(r, NGX_HTTP_OK,
                   ngx_http_barrage_hello_body,
                   sizeof(ngx_http_barrage_hello_body) - 1);
    }

    allow = ngx_list_push(&r->headers_out.headers);
    if (allow == NULL) {
        return NGX_HTTP_INTERNAL_SERVER_ERROR;
    }

    allow->hash = 1;
    ngx_str_set(&allow->key, "Allow");
    ngx_str_set(&allow->value, "GET, HEAD");
    allow->lowcase_key = NULL;

    return ngx_http_barrage_hello_send(r, NGX_HTTP_NOT_ALLOWED,
               ngx_http_barrage_hello_not_allowed,
               sizeof(ngx_http_barrage_hello_not_allowed) - 1);
}


/* status, text/plain, Content-Length len, and the body (unless HEAD). */
static ngx_int_t
ngx_http_barrage_hello_send(ngx_http_request_t *r, ngx_uint_t status,
    u_char *body, size_t len)
{
    ngx_int_t    rc;
    ngx_buf_t   *b;
    ngx_chain_t  out;

    r->headers_out.status = status;
    r->headers_out.content_length_n = len;
    ngx_str_set(&r->headers_out.content_type, "text/plain");
    r->headers_out.content_type_len = r->headers_out.content_type.len;
    r->headers_out.content_type_lowcase = NULL;

    rc = ngx_http_send_header(r);

    /* The header filter sets header_only for HEAD. */
    if (rc == NGX_ERROR || rc > NGX_OK || r->header_only) {
        return rc;
    }

    b = ngx_calloc_buf(r->pool);
    if (b == NULL) {
        return NGX_ERROR;
    }

    b->pos = body;
    b->last = body + len;
    b->memory = 1;
    b->last_buf = (r == r->main) ? 1 : 0;
    b->last_in_chain = 1;

    out.buf = b;
    out.next = NULL;

    return ngx_http_output_filter(r, &out);
}
