-- barrage's wrk table: the same fields and functions as wrk's own wrk.lua
-- (scheme, host, port, method, path, headers, body, thread; resolve, setup,
-- init, format), written for barrage. The host (Rust) fills in scheme, host,
-- port, path, headers, lookup and connect before the script runs.
--
-- The chunk returns the wrk table and a table of helpers only the host uses.

local wrk = {
   scheme  = "http",
   host    = "localhost",
   port    = nil,
   method  = "GET",
   path    = "/",
   headers = {},
   body    = nil,
   thread  = nil,
}

-- What wrk puts in the Host header when the script set none: the URL's
-- host, an IPv6 literal in brackets, and its port when the URL had one.
local function default_host()
   local host = wrk.host
   if string.find(host, ":", 1, true) then
      host = "[" .. host .. "]"
   end
   if wrk.port then
      host = host .. ":" .. wrk.port
   end
   return host
end

-- Keeps, in order, the addresses of host:service that accept a connection.
function wrk.resolve(host, service)
   local usable = {}
   for _, addr in ipairs(wrk.lookup(host, service)) do
      if wrk.connect(addr) then
         usable[#usable + 1] = addr
      end
   end
   wrk.addrs = usable
end

-- Called once per thread in the main state, before the run.
function wrk.setup(thread)
   thread.addr = wrk.addrs[1]
   if type(setup) == "function" then
      setup(thread)
   end
end

-- Called once in each thread's own state, before the run.
function wrk.init(args)
   if not wrk.headers["Host"] then
      wrk.headers["Host"] = default_host()
   end
   if type(init) == "function" then
      init(args)
   end
   -- The request of a script without request(): formatted once.
   local fixed = wrk.format()
   wrk.request = function()
      return fixed
   end
end

-- An HTTP/1.1 request from the arguments, each defaulting to the wrk
-- table's. As in wrk, the headers table given is changed: Host is filled in
-- from wrk.headers when absent and Content-Length set to the body's length
-- (removed when there is no body).
function wrk.format(method, path, headers, body)
   method  = method  or wrk.method
   path    = path    or wrk.path
   headers = headers or wrk.headers
   body    = body    or wrk.body

   if not headers["Host"] then
      headers["Host"] = wrk.headers["Host"]
   end
   if body then
      headers["Content-Length"] = string.len(body)
   else
      headers["Content-Length"] = nil
   end

   local lines = { string.format("%s %s HTTP/1.1", method, path) }
   for name, value in pairs(headers) do
      lines[#lines + 1] = string.format("%s: %s", name, value)
   end
   lines[#lines + 1] = ""
   lines[#lines + 1] = body or ""
   return table.concat(lines, "\r\n")
end

local host = {}

-- The request every thread of a settings-only script sends: wrk.format()
-- as it is after wrk.init's Host default, computed on a copy of the
-- headers so that the main state's wrk table stays as the script left it.
function host.settings_request()
   local headers = {}
   for name, value in pairs(wrk.headers) do
      headers[name] = value
   end
   if not headers["Host"] then
      headers["Host"] = default_host()
   end
   return wrk.format(nil, nil, headers)
end

return wrk, host
