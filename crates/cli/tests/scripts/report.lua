-- done(): a report of its own from the run's summary and statistics.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("requests %d\n", summary.requests))
  io.write(string.format("duration_us %d\n", summary.duration))
  io.write(string.format("bytes %d\n", summary.bytes))
  io.write(string.format("errors connect %d read %d write %d status %d timeout %d\n",
    e.connect, e.read, e.write, e.status, e.timeout))
  for _, p in ipairs({ 50, 90, 99, 99.999 }) do
    io.write(string.format("latency p%g %d\n", p, latency:percentile(p)))
  end
  io.write(string.format("latency min %d max %d mean %.2f stdev %.2f\n",
    latency.min, latency.max, latency.mean, latency.stdev))
  local value, count = latency(1)
  io.write(string.format("latency first %d count %d of %d\n", value, count, #latency))
  io.write(string.format("req/s mean %.2f max %.2f\n", requests.mean, requests.max))
end
