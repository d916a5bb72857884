"""Runs app.py (FastAPI) on uvicorn with uvloop and httptools.

Usage: python server.py --host H --port P --data DIR --docroot DIR [--workers N]
--workers (default: $WORKERS, else 1) uvicorn worker processes sharing the
listening socket; the data directories and the worker count (for the
database pool's share, database.py) reach each worker through the
environment.
"""

import argparse
import os
import sys

import uvicorn


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--data", required=True, help="data/workloads")
    parser.add_argument("--docroot", required=True, help="servers/nginx/docroot")
    parser.add_argument("--workers", default=os.environ.get("WORKERS", "1"))
    args = parser.parse_args()
    try:
        workers = int(args.workers)
        if workers < 1:
            raise ValueError
    except ValueError:
        sys.exit("fastapi: --workers (or WORKERS) must be a positive integer, not %r" % args.workers)
    pool = os.environ.get("DATABASE_POOL", "")
    if pool and not (pool.isdigit() and int(pool) >= 1):
        sys.exit("fastapi: DATABASE_POOL must be a positive integer, not %r" % pool)
    for name, path in (("--data", args.data), ("--docroot", args.docroot)):
        if not os.path.isdir(path):
            sys.exit("fastapi: %s %s is not a directory" % (name, path))
    os.environ["BARRAGE_DATA"] = os.path.abspath(args.data)
    os.environ["BARRAGE_DOCROOT"] = os.path.abspath(args.docroot)
    # database.py divides DATABASE_POOL among the workers.
    os.environ["BARRAGE_WORKERS"] = str(workers)
    print(
        "fastapi: starting uvicorn %s on %s:%d, %d worker(s)"
        % (uvicorn.__version__, args.host, args.port, workers),
        flush=True,
    )
    uvicorn.run(
        "app:app",
        app_dir=os.path.dirname(os.path.abspath(__file__)),
        host=args.host,
        port=args.port,
        workers=workers,
        loop="uvloop",
        http="httptools",
        # database.py opens each worker's pool at start-up.
        lifespan="on",
        access_log=False,
        # "error": uvicorn logs each malformed request as a warning, which
        # the noisy workload would pay for in writes to the log.
        log_level="error",
        backlog=4096,
        # Load connections stay open between phases of a run.
        timeout_keep_alive=120,
    )


if __name__ == "__main__":
    main()
