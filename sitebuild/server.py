"""The local static server of `python build.py serve`: a static host as docs/hosting.md asks for."""
from __future__ import annotations

import email.utils
import functools
import http.server
import os
from pathlib import Path

from sitebuild import DIST
from sitebuild.compression import ENCODINGS

# The pages' Content-Security-Policy, as their <meta> tags give it (tests/test_hosting.py checks
# they agree); sent as a header too, since only a header can say who may frame a page.
POLICY = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; "
          "style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self'; worker-src 'self'; "
          "object-src 'none'; base-uri 'none'; form-action 'none'")
# Who may frame each page: the app that holds every saved game only itself (a framing page could
# tap "Delete" through it); the embed any rules page, on any site.
FRAME_ANCESTORS = {"index.html": "'self'", "embed.html": "*"}
# Sent with every response, pages or not (docs/hosting.md).
EVERY_RESPONSE = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"}


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (a q of 0 refuses one)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        if name and not (params and quality.replace(".", "", 1).isdigit() and float(quality) == 0):
            accepted.add(name.strip().lower())
    return accepted


def site_handler():
    """The request handler of serve: a static host as docs/hosting.md asks for. It sends the
    precompressed copy the browser accepts (with Content-Encoding, Vary and the file's own
    Content-Type), an ETag per copy, and Cache-Control: no-cache so that a browser revalidates
    (the service worker's precache gets 304s for what the page has just downloaded); and the
    headers docs/hosting.md asks a host for: the pages' policy with who may frame them, and
    nosniff and a referrer policy on everything."""
    class SiteHandler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                          ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

        def end_headers(self):
            for name, value in EVERY_RESPONSE.items():
                self.send_header(name, value)
            super().end_headers()

        def send_page_policy(self, path: Path):
            """A page of the app (not a file under it, such as an example rules page, which sets
            its own): its policy and who may frame it."""
            at_root = os.path.abspath(path.parent) == os.path.abspath(self.directory)
            ancestors = FRAME_ANCESTORS.get(path.name) if at_root else None
            if ancestors is None:
                return
            self.send_header("Content-Security-Policy", f"{POLICY}; frame-ancestors {ancestors}")
            if ancestors == "'self'":
                self.send_header("X-Frame-Options", "SAMEORIGIN")     # for browsers without frame-ancestors

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not self.path.split("?")[0].split("#")[0].endswith("/"):
                    return super().send_head()          # the redirect to the folder's own URL
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404, "File not found")
                return None
            accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
            copies = {encoding: path.with_name(path.name + suffix) for encoding, suffix in ENCODINGS.items()}
            # A copy older than its file is stale (a file edited after the build): never sent.
            fresh = {encoding: copy for encoding, copy in copies.items()
                     if copy.is_file() and copy.stat().st_mtime_ns >= path.stat().st_mtime_ns}
            encoding = next((encoding for encoding in fresh if encoding in accepted), None)
            sent = fresh[encoding] if encoding else path
            stat = sent.stat()
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
            if self.not_modified(etag, stat.st_mtime):
                self.send_response(304)
                self.send_page_policy(path)
                self.send_common_headers(etag, bool(fresh))
                self.end_headers()
                return None
            body = open(sent, "rb")
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Length", str(stat.st_size))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.send_page_policy(path)
            self.send_common_headers(etag, bool(fresh))
            self.end_headers()
            return body

        def not_modified(self, etag: str, modified: float) -> bool:
            """The browser's copy is this one: its ETag, or (Chromium revalidates by date) no
            older than the file."""
            if "If-None-Match" in self.headers:
                return etag in [tag.strip() for tag in self.headers["If-None-Match"].split(",")]
            try:
                since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", ""))
            except (TypeError, ValueError):
                return False
            return int(modified) <= since.timestamp()

        def send_common_headers(self, etag: str, varies: bool):
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            if varies:
                self.send_header("Vary", "Accept-Encoding")

    return SiteHandler


class SiteServer(http.server.ThreadingHTTPServer):
    # A first visit's service worker asks for the whole precache at once, beside the page's own
    # requests: a backlog of 5 (socketserver's default) leaves connections waiting on a busy machine.
    request_queue_size = 128


def serve(port: int, site: Path = DIST):
    """Serve site on http://localhost:port until Ctrl+C."""
    handler = functools.partial(site_handler(), directory=str(site))
    with SiteServer(("127.0.0.1", port), handler) as server:
        print(f"Thieves' Table at http://localhost:{port}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
