-- bench/run.sh's "script" scenario: settings only, the same request as no
-- script at all. barrage builds it once from them, and no Lua runs during
-- the load.
wrk.method = "GET"
wrk.path = "/hello"
