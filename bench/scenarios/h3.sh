# shellcheck shell=bash
# The HTTP/3 scenarios of bench/run.sh: h3 (barrage against oha) and
# h3-h2load (barrage against h2load built with HTTP/3).
# Sourced by bench/run.sh, whose variables and helpers they use (and which
# reads the table settings they set: REF_*, SHOW_FLOOR, SUMMARY_*).
# shellcheck disable=SC2034

# h3: barrage --h3 against oha --http-version 3 (the reference), and
# barrage --h2 and oha --http-version 2 on the same server and port for the
# cost of QUIC, on barrage serve and Caddy, 6 bytes and 4 KiB. Caddy picks
# its certificate by SNI: its URLs say localhost (127.0.0.1 here).
# h3_medians: the median µs/response of the repeated h3 rows of oha and
# barrage, and their ratio, as a sentence for the notes.
h3_medians() {
  awk -F '\t' '
    function median(a, n,    i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    $4 == "" && $5 > 0 && $1 ~ /^oha --http-version 3 #/ { o[++no] = $8 / $5 * 1e6; orate[no] = $7 }
    $4 == "" && $5 > 0 && $1 ~ /^barrage --h3 #/ { b[++nb] = $8 / $5 * 1e6; brate[nb] = $7 }
    END {
      if (!no || !nb) { print "h3 medians: no complete pair of runs"; exit }
      mo = median(o, no); mb = median(b, nb); ro = median(orate, no); rb = median(brate, nb)
      printf "h3 medians over %d runs of oha and %d of barrage: barrage %.2f µs/response vs oha %.2f: %.2f× (bar ≤ 0.5×); responses/s %.0f vs %.0f: %.2f×.\n", no, nb, mb, mo, mb / mo, rb, ro, rb / ro
    }' "$TMP/rows"
}

# h3_same_rate: the ratio of the same-rate pair, as a sentence for the notes.
h3_same_rate() {
  awk -F '\t' -v rate="$H3_RATE" '
    $4 == "" && $5 > 0 && $1 ~ /^oha --http-version 3 -q / { o = $8 / $5 * 1e6; on = $5 }
    $4 == "" && $5 > 0 && $1 ~ /^barrage --h3 -R / { b = $8 / $5 * 1e6; bn = $5 }
    END {
      if (!o || !b) { print "h3 at one rate: no complete pair"; exit }
      printf "h3 at %d requests/s from both (open loop): barrage %.2f µs/response vs oha %.2f: %.2f× (%d and %d responses).\n", rate, b, o, b / o, bn, on
    }' "$TMP/rows"
}

scenario_h3() {
  local server path url shape="$CONNS connections × $H3_STREAMS streams"
  for server in serve caddy; do
    server_use "${server}_h3"
    for path in /static/6b /static/4k; do
      case "$server$path" in
        serve/static/6b) url="https://127.0.0.1:$PORT/hello" ;;
        serve*) url="https://127.0.0.1:$PORT$path" ;;
        *) url="https://localhost:$PORT$path" ;;
      esac
      begin
      REF_KIND=oha
      REF_LABEL=oha
      SHOW_FLOOR=0
      # The h3 pair runs H3_REPEATS times, alternating: one run of either
      # varies by a third here (how often the client sleeps and wakes while
      # the server's core is full), so the bar is read from the medians.
      # oha gets no response from Caddy (BENCHMARKS.md): one run there.
      local r reps=$H3_REPEATS
      [ "$server" = serve ] || reps=1
      for r in $(seq "$reps"); do
        measure "oha --http-version 3 #$r" oha "$OHA" --no-tui --output-format json --http-version 3 --insecure \
          -c"$CONNS" -p"$H3_STREAMS" -z"${DURATION}s" "$url"
        barrage_at "barrage --h3 #$r" "$url" --h3 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" -d"${DURATION}s"
      done
      h3_medians >>"$TMP/notes"
      # Both clients at one rate below either's closed-loop throughput, so
      # neither is saturated: the cost per response when a client sleeps
      # between sends, as every client below its ceiling does.
      if [ "$server" = serve ]; then
        measure "oha --http-version 3 -q $H3_RATE" oha "$OHA" --no-tui --output-format json --http-version 3 \
          --insecure -c"$CONNS" -p"$H3_STREAMS" -q "$H3_RATE" -z"${DURATION}s" "$url"
        barrage_at "barrage --h3 -R $H3_RATE" "$url" --h3 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" \
          -R"$H3_RATE" -d"${DURATION}s"
        h3_same_rate >>"$TMP/notes"
      fi
      barrage_at "barrage --h2 (TLS)" "$url" --h2 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" -d"${DURATION}s"
      measure "oha --http-version 2" oha "$OHA" --no-tui --output-format json --http-version 2 --insecure \
        -c"$CONNS" -p"$H3_STREAMS" -z"${DURATION}s" "$url"
      echo "No warm-up: the $CONNS QUIC (or TLS) handshakes are in the measured time for every client. oha counts 2xx/3xx responses; requests cut by its deadline are not responses." >>"$TMP/notes"
      finish h3 "$server, $shape, GET $url, $DURATION s per client"
    done
  done
}

# h3-h2load: barrage --h3 against h2load built with HTTP/3 (bench/peers/),
# CONNS connections × H3_STREAMS streams, 6 B and 4 KiB, on barrage serve
# and Caddy, alternating for ROUNDS rounds. Both connect to 127.0.0.1; on
# Caddy both send SNI localhost (its certificate is chosen by SNI).
H3P_URL=
H3P_GROUP=
H3P_SNI=()
h3p_h2load() {
  local sni=()
  [ "${#H3P_SNI[@]}" -eq 0 ] || sni=("--sni=${H3P_SNI[1]}")
  peer h2load-h3 h2load "$H2LOAD_H3" "$H3P_GROUP · h2load-h3 #$1" --alpn-list=h3 "${sni[@]}" \
    -t1 -c"$CONNS" -m"$H3_STREAMS" -D"$DURATION" "$H3P_URL"
}
h3p_barrage() {
  barrage_at "$H3P_GROUP · barrage #$1" "$H3P_URL" --h3 --insecure "${H3P_SNI[@]}" -t1 -c"$CONNS" \
    -m"$H3_STREAMS" -d"${DURATION}s"
}

scenario_h3_h2load() {
  local server path
  for server in serve caddy; do
    server_use "${server}_h3"
    begin
    SUMMARY_HEADING=response
    SUMMARY_PAIRS=("barrage/h2load-h3")
    H3P_SNI=()
    [ "$server" = serve ] || H3P_SNI=(--sni localhost)
    for path in /static/6b /static/4k; do
      H3P_URL="https://127.0.0.1:$PORT$path"
      H3P_GROUP="$path"
      rounds h3p_barrage h3p_h2load
    done
    {
      echo "Bar: barrage's client CPU per response ≤ h2load-h3's (µs/response ratio ≤ 1.00×) at throughput ≥ its (responses/s ratio ≥ 1.00×)."
      echo "h2load-h3: nghttp2's h2load with --enable-http3 (ngtcp2, nghttp3, quictls), --alpn-list=h3, -t1; its 'succeeded' requests over the duration. No warm-up for either: the $CONNS QUIC handshakes are in the measured time."
    } >>"$TMP/notes"
    finish h3-h2load "$server, HTTP/3, $CONNS connections × $H3_STREAMS streams, GET /static/6b (6 B) and /static/4k (4096 B), $DURATION s per client, $ROUNDS rounds"
  done
}
