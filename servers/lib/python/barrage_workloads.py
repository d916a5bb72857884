"""What the Python servers of the catalogue share for the workloads of
docs/workloads.md: the choice of a coding by Accept-Encoding and the
static set read from data/workloads/static/. Standard library only.

servers/fastapi (app.py) and servers/tornado (workloads.py) import it;
each puts this directory (servers/lib/python) on sys.path first.
"""

import os


def accepted(header):
    """The coding to answer with for an Accept-Encoding value: "br", "gzip" or None.

    The highest q wins, br before gzip at equal q; q=0 refuses; `*` stands
    for a coding not named.
    """
    if not header:
        return None
    q = {}
    for part in header.split(","):
        coding, _, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        q[coding.strip().lower()] = weight
    star = q.get("*", 0.0)
    br = q.get("br", star)
    gz = q.get("gzip", q.get("x-gzip", star))
    if br <= 0 and gz <= 0:
        return None
    return "br" if br >= gz else "gzip"


def load_static(data):
    """The static set of `data` (data/workloads), as static/index.tsv lists it:
    name -> (content type, body, gzip variant or None, brotli variant or None)."""
    static = os.path.join(data, "static")

    def read(name):
        with open(os.path.join(static, name), "rb") as f:
            return f.read()

    files = {}
    with open(os.path.join(static, "index.tsv"), encoding="utf-8") as index:
        for line in index:
            if line.startswith("#") or not line.strip():
                continue
            name, content_type, _size, _sha, precompressed = line.rstrip("\n").split("\t")
            pre = precompressed == "1"
            files[name] = (
                content_type,
                read(name),
                read(name + ".gz") if pre else None,
                read(name + ".br") if pre else None,
            )
    return files
