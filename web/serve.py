"""Serve the built page on this machine: python -m web.serve [--port 8000]
(make web-serve). Binds to 127.0.0.1 only; the page is static, so any web
server (or GitHub Pages) serves build/web/ just as well."""
import argparse
import functools
import http.server
import os
import sys
import threading

from web.build import DEFAULT_OUT, ROOT


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
    extensions_map.update({".mjs": "text/javascript", ".js": "text/javascript",
                           ".wasm": "application/wasm", ".json": "application/json"})

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if self.server.verbose:
            super().log_message(format, *args)


def start(folder=DEFAULT_OUT, port=0, verbose=False):
    """A server for folder on 127.0.0.1 in a daemon thread; returns
    (server, url). port 0 picks a free port."""
    handler = functools.partial(Handler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.verbose = verbose
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m web.serve", description=__doc__)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--dir", default=DEFAULT_OUT, help="the built page (make web)")
    args = ap.parse_args(argv)
    if not os.path.exists(os.path.join(args.dir, "index.html")):
        print("no page in %s: run `make web` first" % os.path.relpath(args.dir, ROOT), file=sys.stderr)
        return 1
    try:
        server, url = start(args.dir, args.port, verbose=True)
    except OSError as e:
        print("cannot serve on 127.0.0.1:%d (%s): pick another port, e.g. make web-serve PORT=8080"
              % (args.port, e.strerror), file=sys.stderr)
        return 1
    print("Usher in the browser: %s  (Ctrl-C to stop)" % url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
