-- Pipelining: init() builds N requests (the script's first argument, 16
-- when not given) and request() sends them in one write, as TechEmpower's
-- plaintext test does.
function init(args)
  local depth = tonumber(args[1]) or 16
  local batch = {}
  for i = 1, depth do
    batch[i] = wrk.format(nil, "/plaintext")
  end
  req = table.concat(batch)
end

function request()
  return req
end
