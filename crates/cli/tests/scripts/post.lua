-- A JSON POST: the method, body and a header set once, at the top level.
-- Nothing else is defined, so the request is built once and no Lua runs
-- while the load runs.
wrk.method = "POST"
wrk.body = '{"tool":"barrage","n":1}'
wrk.headers["Content-Type"] = "application/json"
