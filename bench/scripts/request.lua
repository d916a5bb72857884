-- bench/run.sh's "script" scenario: request() runs for every send and
-- walks four prepared requests, as wrk's documentation advises (build in
-- init(), look up in request()).
local requests = {}
local i = 0

function init(args)
  for n = 1, 4 do
    requests[n] = wrk.format(nil, "/hello?n=" .. n)
  end
end

function request()
  i = i % #requests + 1
  return requests[i]
end
