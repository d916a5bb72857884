-- Settings only: every request asks for /static/4k, whatever the URL's
-- path. A test can tell from the bytes read that the script ran.
wrk.path = "/static/4k"
