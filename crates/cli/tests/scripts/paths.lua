-- A list of paths, one per request in turn; "/missing" answers 404, so
-- done() sees status errors.
local paths = { "/a", "/b?x=1", "/c/d", "/missing" }
local i = 0

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
