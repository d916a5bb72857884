#!/usr/bin/env python3
"""Drives one `barrage agent` through the protocol (docs/distributed.md):
hello, 16 clock round trips, prepare a closed loop of N requests on URL,
start, read the result, close. Used by bench/agent-instructions.sh.

    drive-agent.py "COMMAND THAT RUNS BARRAGE" N URL
"""
import json, subprocess, sys
n = int(sys.argv[2])
url = sys.argv[3]
path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
spec = {"target": url,
        "requests": [{"method": "GET", "path": path, "headers": [], "body": []}],
        "model": {"Closed": {"connections": 10, "pipeline": 1}}, "reuse": "KeepAlive", "threads": 1,
        "duration": None, "max_requests": n, "warmup": {"secs": 0, "nanos": 0},
        "timeout": {"secs": 10, "nanos": 0}, "protocol": "Http1",
        "h2": {"streams": 1, "window_bits": 30, "connection_window_bits": 30},
        "tls": {"insecure": False, "ca_file": None, "resume": False, "server_name": None},
        "part": {"index": 0, "of": 1}}
p = subprocess.Popen(sys.argv[1].split() + ["agent"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(o): p.stdin.write(json.dumps(o) + "\n"); p.stdin.flush()
send({"op": "hello"}); p.stdout.readline()
for i in range(16):
    send({"op": "clock", "id": i}); p.stdout.readline()
send({"op": "prepare", "spec": spec, "threads": 1}); print(p.stdout.readline().strip()[:80])
send({"op": "start", "at_unix_us": 0})
while True:
    l = p.stdout.readline()
    if not l: break
    ev = json.loads(l)
    if ev["ev"] == "result":
        print("responses", ev["report"]["totals"]["responses"]); break
p.stdin.close(); p.wait()
