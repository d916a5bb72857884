# shellcheck shell=bash
# The open-loop scenarios of bench/run.sh against their bars (issue 30):
# openloop-wrk2 (barrage -R against wrk2 -R at each of RATES) and
# openloop-max (one client core: the closed-loop rate, then the open loop
# at 0.8× of it).
# Sourced by bench/run.sh, whose variables and helpers they use (and which
# reads the table settings they set: REF_*, SHOW_FLOOR, SUMMARY_*).
# shellcheck disable=SC2034

# The rate of the openloop-wrk2 round being run, and its group label.
OW_RATE=
ow_group() { echo "$OW_RATE/s"; }

ow_wrk2() {
  peer wrk2 wrk2 "$WRK2" "$(ow_group) · wrk2 #$1" -t1 -c"$CONNS" -d"${DURATION}s" -R"$OW_RATE" --latency "$URL"
}
ow_barrage() {
  barrage_client "$(ow_group) · barrage #$1" -t1 -c"$CONNS" -R "$OW_RATE" -d"${DURATION}s"
}
# barrage at wrk2's precision: requests due within a millisecond go together.
ow_barrage_1ms() {
  barrage_client "$(ow_group) · barrage 1ms #$1" -t1 -c"$CONNS" -R "$OW_RATE" --send-window 1ms -d"${DURATION}s"
}

scenario_openloop_wrk2() {
  server_use nginx_hello
  begin
  SUMMARY_HEADING=rate
  SUMMARY_PAIRS=("barrage/wrk2" "barrage 1ms/wrk2")
  SUMMARY_EXTRA=1
  for OW_RATE in $RATES; do
    rounds ow_barrage ow_wrk2 ow_barrage_1ms
  done
  {
    echo "Bars: barrage's client CPU per response ≤ 1.0× wrk2's (the ratio rows, µs/response column), and its own send delay p99 ≤ 50 µs at every rate where its CPU share is below 0.8. \"barrage\" keeps the default send window (20 µs); \"barrage 1ms\" runs with --send-window 1ms, wrk2's resolution: requests due within a millisecond go together."
    echo "Latency: barrage's from each request's intended send (.latency_us.p99 of its JSON); wrk2's the 99% line of its corrected HdrHistogram (--latency), which covers the whole run when it is shorter than wrk2's calibration (10 s + 5 ms per connection) and the time after it otherwise. Send delay (.open_loop.send_delay_us): how late barrage sent against its schedule; the column is its own send delay (.open_loop.client_delay_us: the requests that found a connection free); wrk2 does not report it."
    echo "Client CPU share: client CPU s ÷ the client's elapsed s (1.00 = one core)."
  } >>"$TMP/notes"
  finish openloop-wrk2 "open loop, barrage -R against wrk2 -R, $CONNS connections, $DURATION s per client, $ROUNDS rounds per rate"
}

# openloop-max: in each round, barrage's closed-loop rate on one core, then
# its open loop at 0.8× that rate (so the two run back to back).
om_round() {
  local closed target
  barrage_client "barrage closed loop #$1" -t1 -c"$CONNS" -d"${DURATION}s"
  closed=$(awk -F '\t' 'END { if ($4 == "" && $7 > 0) printf "%.0f", $7 * 0.8 }' "$TMP/rows")
  if [ -z "$closed" ]; then
    not_run "barrage open loop at 0.8× #$1" barrage "barrage load -R …" "the closed-loop run gave no rate"
    return 0
  fi
  target=$closed
  echo "Round $1: open loop at $target/s (0.8× the closed loop's rate)." >>"$TMP/notes"
  barrage_client "barrage open loop at 0.8× #$1" -t1 -c"$CONNS" -R "$target" -d"${DURATION}s"
}

scenario_openloop_max() {
  server_use nginx_hello
  begin
  SUMMARY_HEADING="one client core"
  SUMMARY_PAIRS=("barrage open loop at 0.8×/barrage closed loop")
  SUMMARY_EXTRA=1
  local r
  for r in $(seq "$ROUNDS"); do om_round "$r"; done
  {
    echo "Bar: one client core in open loop sustains ≥ 0.8× the rate it reaches in closed loop (the ratio row's responses/s: 0.80× when it holds the schedule), with its own send delay p99 ≤ 100 µs (the column; waits for a free connection are the server's)."
    echo "Client CPU share: client CPU s ÷ the client's elapsed s (1.00 = one core)."
  } >>"$TMP/notes"
  finish openloop-max "barrage alone, $CONNS connections: closed loop, then open loop at 0.8× its rate, $DURATION s each, $ROUNDS rounds"
}
