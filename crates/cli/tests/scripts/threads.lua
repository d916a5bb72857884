-- Per-thread state: setup() numbers each thread and keeps it; each thread
-- counts its requests and its responses by status; done() reads them back.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  requests = 0
  ok = 0
  other = 0
end

function request()
  requests = requests + 1
  return wrk.request()
end

function response(status, headers, body)
  if status == 200 and body == "ok\n" and headers["Content-Type"] then
    ok = ok + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  for _, t in ipairs(threads) do
    io.write(string.format("thread %d: %d requests, %d ok, %d other\n",
      t:get("id"), t:get("requests"), t:get("ok"), t:get("other")))
  end
end
