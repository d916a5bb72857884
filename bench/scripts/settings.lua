-- bench/run.sh's "script" scenario: settings only. barrage builds the
-- request once from them, and no Lua runs during the load.
wrk.method = "GET"
wrk.headers["Accept"] = "*/*"
