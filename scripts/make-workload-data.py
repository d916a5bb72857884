#!/usr/bin/env python3
"""Generate the data of barrage's workloads from a fixed seed.

Writes, under data/workloads/ of the repository:
  dataset.json        the 50 items of the json-processing workload
  static/NAME         the 20 files of the static-set workload
  static/NAME.gz      gzip (level 9, no name, mtime 0) of each text file
  static/NAME.br      brotli (quality 11) of each text file
  static/index.tsv    name, content type, size, SHA-256, precompressed (0/1)

The output is checked in; run this only to change the data (it needs
`pip install brotli`). The same seed gives the same bytes: the generator
uses its own PRNG (xorshift64*), not Python's `random`, so that a Python
upgrade cannot change the data. The text files are made of realistic
markup (tags, rules, functions, objects) so that they compress as real ones
do (3-6x); the WebP and WOFF2 files have their real container headers and
incompressible payloads, as real images and fonts have.
"""

import gzip
import hashlib
import json
import os
import struct
import sys

try:
    import brotli
except ImportError:
    sys.exit("make-workload-data.py: the brotli module is missing; run `pip install brotli` and try again")

SEED = 0x6261727261676521  # "barrage!"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "workloads")


class Rng:
    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFFFFFFFFFF or 1

    def next(self):
        x = self.s
        x ^= (x >> 12)
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= (x >> 27)
        self.s = x
        return (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        return self.next() % n

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def bytes(self, n):
        out = bytearray()
        while len(out) < n:
            out += struct.pack("<Q", self.next())
        return bytes(out[:n])


WORDS = (
    "alpha beta gamma delta server request latency throughput socket buffer "
    "kernel thread worker queue stream frame header body cache proxy route "
    "handler session cookie token layout column grid panel button input form "
    "render update state event listener promise module export import value "
    "record index table chart metric sample window border margin padding "
    "color shadow radius width height flex inline block hidden visible"
).split()

CATEGORIES = ["electronics", "books", "garden", "kitchen", "toys", "sports", "music", "tools"]
TAGS = ["new", "sale", "popular", "eco", "limited", "gift", "bundle", "refurbished"]


def words(rng, n):
    return " ".join(rng.pick(WORDS) for _ in range(n))


def ident(rng):
    return rng.pick(WORDS) + rng.pick(WORDS).capitalize() + str(rng.below(100))


def fill(rng, target, piece):
    """Concatenate pieces until `target` bytes, then cut at the size."""
    parts, size = [], 0
    while size < target:
        p = piece(rng)
        parts.append(p)
        size += len(p)
    return "".join(parts).encode()[:target]


def html(rng, size):
    head = "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>barrage static set</title>\n" \
           "<link rel=\"stylesheet\" href=\"/static/style.css\"></head>\n<body>\n"
    tail = "\n</body>\n</html>\n"
    body = fill(rng, size - len(head) - len(tail), lambda r: (
        f"<section class=\"{r.pick(WORDS)}\"><h2>{words(r, 3)}</h2>"
        f"<p>{words(r, 12 + r.below(20))}</p><a href=\"/{r.pick(WORDS)}/{r.below(1000)}\">{words(r, 2)}</a></section>\n"))
    return (head.encode() + body + tail.encode())


def css(rng, size):
    return fill(rng, size, lambda r: (
        f".{r.pick(WORDS)}-{r.pick(WORDS)} {{ {r.pick(['margin', 'padding', 'border-width'])}: {r.below(40)}px; "
        f"color: #{r.below(0xFFFFFF):06x}; display: {r.pick(['flex', 'block', 'grid', 'inline'])}; }}\n"))


def js(rng, size):
    return fill(rng, size, lambda r: (
        f"export function {ident(r)}({r.pick(WORDS)}, {r.pick(WORDS)}) {{\n"
        f"  const {r.pick(WORDS)} = {r.pick(WORDS)}.{r.pick(WORDS)}({r.below(1000)});\n"
        f"  if ({r.pick(WORDS)} > {r.below(100)}) {{ return \"{words(r, 4)}\"; }}\n"
        f"  return {r.pick(WORDS)} + {r.below(10000)};\n}}\n"))


def svg(rng, size):
    head = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1024 1024\">\n"
    tail = "</svg>\n"
    body = fill(rng, size - len(head) - len(tail), lambda r: (
        f"<path d=\"M{r.below(1024)} {r.below(1024)} L{r.below(1024)} {r.below(1024)} "
        f"Q{r.below(1024)} {r.below(1024)} {r.below(1024)} {r.below(1024)} Z\" fill=\"#{r.below(0xFFFFFF):06x}\"/>\n"))
    return head.encode() + body + tail.encode()


def json_file(rng, size):
    # A JSON array of objects, cut back to whole objects and closed.
    out, total = [], 2
    while True:
        obj = json.dumps({"id": rng.below(100000), "name": words(rng, 2), "tags": [rng.pick(TAGS)],
                          "score": rng.below(1000), "text": words(rng, 8)}, separators=(",", ":"))
        if total + len(obj) + 1 > size:
            break
        out.append(obj)
        total += len(obj) + 1
    text = "[" + ",".join(out) + "]"
    return (text + " " * (size - len(text) - 1) + "\n").encode()


def webp(rng, size):
    # RIFF container, WEBP form, one VP8L chunk: the header real decoders
    # read first; the payload is noise, as compressed image data is.
    payload = size - 20
    return b"RIFF" + struct.pack("<I", size - 8) + b"WEBP" + b"VP8L" + struct.pack("<I", payload) + rng.bytes(payload)


def woff2(rng, size):
    # WOFF2 header (48 bytes: signature, flavor, length, numTables, ...),
    # then noise, as Brotli-compressed font tables are.
    header = b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", size) + struct.pack(">HH", 12, 0)
    header += struct.pack(">IIHHIIIII", size * 2, size - 48, 1, 0, 0, 0, 0, 0, 0)
    return header + rng.bytes(size - len(header))


# name, content type, generator, size in bytes
FILES = [
    ("index.html", "text/html; charset=utf-8", html, 12_288),
    ("about.html", "text/html; charset=utf-8", html, 30_720),
    ("docs.html", "text/html; charset=utf-8", html, 122_880),
    ("style.css", "text/css; charset=utf-8", css, 8_192),
    ("theme.css", "text/css; charset=utf-8", css, 46_080),
    ("runtime.js", "text/javascript; charset=utf-8", js, 3_072),
    ("app.js", "text/javascript; charset=utf-8", js, 153_600),
    ("chart.js", "text/javascript; charset=utf-8", js, 61_440),
    ("vendor.js", "text/javascript; charset=utf-8", js, 307_200),
    ("logo.svg", "image/svg+xml", svg, 5_120),
    ("icons.svg", "image/svg+xml", svg, 25_600),
    ("manifest.json", "application/json", json_file, 3_072),
    ("i18n.json", "application/json", json_file, 20_480),
    ("data.json", "application/json", json_file, 81_920),
    ("thumb-1.webp", "image/webp", webp, 15_360),
    ("thumb-2.webp", "image/webp", webp, 40_960),
    ("photo.webp", "image/webp", webp, 122_880),
    ("hero.webp", "image/webp", webp, 204_800),
    ("font-regular.woff2", "font/woff2", woff2, 71_680),
    ("font-bold.woff2", "font/woff2", woff2, 76_800),
]


def dataset(rng):
    items = []
    for i in range(1, 51):
        items.append({
            "id": i,
            "name": f"{rng.pick(WORDS).capitalize()} {rng.pick(WORDS)} {i}",
            "category": rng.pick(CATEGORIES),
            "price": 100 + rng.below(99_900),   # in cents: 1.00 to 999.99
            "quantity": 1 + rng.below(100),
            "active": rng.below(4) != 0,
            "tags": sorted({rng.pick(TAGS) for _ in range(1 + rng.below(3))}),
            "rating": {"score": 10 + rng.below(41), "count": rng.below(5000)},  # score in tenths: 1.0 to 5.0
        })
    return items


def main():
    rng = Rng(SEED)
    os.makedirs(os.path.join(ROOT, "static"), exist_ok=True)
    with open(os.path.join(ROOT, "dataset.json"), "w") as f:
        json.dump(dataset(rng), f, indent=1)
        f.write("\n")
    rows = []
    for name, ctype, gen, size in FILES:
        data = gen(rng, size)
        assert len(data) == size, (name, len(data), size)
        path = os.path.join(ROOT, "static", name)
        with open(path, "wb") as f:
            f.write(data)
        text = not ctype.startswith(("image/webp", "font/"))
        if text:
            with open(path + ".gz", "wb") as f:
                f.write(gzip.compress(data, compresslevel=9, mtime=0))
            with open(path + ".br", "wb") as f:
                f.write(brotli.compress(data, quality=11))
        rows.append(f"{name}\t{ctype}\t{size}\t{hashlib.sha256(data).hexdigest()}\t{int(text)}")
    with open(os.path.join(ROOT, "static", "index.tsv"), "w") as f:
        f.write("# name\tcontent-type\tsize\tsha256\tprecompressed\n")
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
