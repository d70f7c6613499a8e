"""Compressed transfer: build.py writes a Brotli and a gzip copy beside every file that shrinks (the
same bytes every build), serve sends the best one the browser accepts, and the service worker's
precache holds the files themselves, decoded."""
import gzip
import http.client
import json
import os

import pytest

import build
from conftest import Server
from driver import resources
from sitebuild import compression
from test_app_shell import precache_urls, wait_until_controlled
from test_startup import STATUS_LOG

# What must travel compressed: the runtime, the standard library, the scripts, our wheel and zips.
COMPRESSIBLE = (".wasm", ".zip", ".whl", ".js", ".mjs", ".css", ".html", ".json", ".py", ".webmanifest")
BROTLI_DECODES = """
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { createHash } from "node:crypto";
const digest = (data) => createHash("sha256").update(data).digest("hex");
const copies = JSON.parse(readFileSync("%(copies)s", "utf8"));
console.log(JSON.stringify(copies.filter((path) =>
  digest(brotliDecompressSync(readFileSync(path))) !== digest(readFileSync(path.slice(0, -3))))));
"""


def originals(site):
    return [path for path in sorted(site.rglob("*")) if path.is_file() and not build.is_compressed_copy(path)]


def test_every_file_that_shrinks_has_a_brotli_and_a_gzip_copy_of_itself(site, tmp_path):
    brotli_copies = []
    for path in originals(site):
        for encoding, suffix in build.ENCODINGS.items():
            copy = path.with_name(path.name + suffix)
            if path.suffix in COMPRESSIBLE and path.stat().st_size > 1024:
                assert copy.exists(), f"{path.relative_to(site)} has no {encoding} copy"
            if copy.exists():
                assert copy.stat().st_size < path.stat().st_size, f"{copy.name} does not shrink"
                if encoding == "gzip":
                    assert gzip.decompress(copy.read_bytes()) == path.read_bytes(), f"{copy.name} is not {path.name}"
                else:
                    brotli_copies.append(copy.resolve().as_posix())
    assert any(copy.endswith("pyodide.asm.wasm.br") for copy in brotli_copies)
    (tmp_path / "copies.json").write_text(json.dumps(brotli_copies))
    assert json.loads(build.run_node(BROTLI_DECODES, tmp_path, copies=tmp_path / "copies.json")) == []


def test_the_copies_are_the_same_bytes_every_build(site, tmp_path, monkeypatch):
    sources = [site / "styles.css", site / "runtime" / "pyodide" / "pyodide.mjs"]
    made = []
    for run in ("first", "second"):
        monkeypatch.setattr(compression, "COMPRESSED_CACHE", tmp_path / run / "cache")   # nothing reused
        copies = tmp_path / run / "site"
        copies.mkdir(parents=True)
        for source in sources:
            (copies / source.name).write_bytes(source.read_bytes())
        build.compress(sorted(copies.iterdir()))
        made.append({path.name: path.read_bytes() for path in sorted(copies.iterdir())})
    assert len(made[0]) == 3 * len(sources) and made[0] == made[1]
    # And what the test site was built with is what compressing gives.
    assert made[0]["styles.css.br"] == (site / "styles.css.br").read_bytes()


def fetch(server, path, method="GET", **headers):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, headers={key.replace("_", "-"): value for key, value in headers.items()})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.mark.parametrize("accept,encoding", [
    ("gzip, deflate, br, zstd", "br"),      # what Chromium sends
    ("gzip", "gzip"),
    ("br;q=0, gzip;q=0.5", "gzip"),
    ("", None),
])
def test_serve_sends_the_copy_the_browser_accepts(server, site, accept, encoding):
    wasm = site / "runtime" / "pyodide" / "pyodide.asm.wasm"
    for path, file, content_type in [("/runtime/pyodide/pyodide.asm.wasm", wasm, "application/wasm"),
                                     ("/", site / "index.html", "text/html"),
                                     ("/shell.js", site / "shell.js", "text/javascript")]:
        response, body = fetch(server, path, Accept_Encoding=accept)
        sent = file.with_name(file.name + build.ENCODINGS[encoding]) if encoding else file
        assert response.status == 200
        assert response.getheader("Content-Encoding") == encoding
        assert response.getheader("Content-Type").split(";")[0] == content_type
        assert response.getheader("Vary") == "Accept-Encoding"
        assert body == sent.read_bytes() and int(response.getheader("Content-Length")) == len(body)
    # A revalidation of the copy it has: 304, no body (the service worker's precache on a first visit).
    response, _ = fetch(server, "/shell.js", Accept_Encoding=accept)
    again, body = fetch(server, "/shell.js", Accept_Encoding=accept, If_None_Match=response.getheader("ETag"))
    assert again.status == 304 and body == b""
    by_date, body = fetch(server, "/shell.js", Accept_Encoding=accept, If_Modified_Since=response.getheader("Last-Modified"))
    assert by_date.status == 304 and body == b""         # how Chromium's service worker revalidates
    assert fetch(server, "/shell.js", "HEAD", Accept_Encoding=accept)[1] == b""


def test_serve_never_sends_a_copy_older_than_its_file(tmp_path, monkeypatch):
    monkeypatch.setattr(compression, "COMPRESSED_CACHE", tmp_path / "cache")
    tmp_path = tmp_path / "site"
    tmp_path.mkdir()
    (tmp_path / "notes.txt").write_text("the old words " * 100)
    build.compress([tmp_path / "notes.txt"])
    stamp = (tmp_path / "notes.txt.br").stat().st_mtime_ns
    (tmp_path / "notes.txt").write_text("the new words " * 100)    # edited after the build
    os.utime(tmp_path / "notes.txt", ns=(stamp + 10**9, stamp + 10**9))
    server = Server(tmp_path).start()
    try:
        response, body = fetch(server, "/notes.txt", Accept_Encoding="br, gzip")
    finally:
        server.kill()
    assert response.getheader("Content-Encoding") is None and body.startswith(b"the new words")


@pytest.mark.browser
def test_a_first_visit_arrives_compressed_and_the_precache_holds_whole_files(server, fresh_page, site):
    page = fresh_page
    page.add_init_script(STATUS_LOG)
    page.goto(server.url + "?fast#/")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=90_000)
    arrived = resources(page)
    for path in ["runtime/pyodide/pyodide.asm.wasm", build.STDLIB_COMPILED, "runtime/pyodide/pyodide.asm.mjs",
                 "app/frontend.zip"]:
        encoded, decoded = arrived[server.url + path]
        assert decoded == (site / path).stat().st_size, path
        assert encoded == (site / (path + ".br")).stat().st_size, f"{path} did not arrive as its Brotli copy"
    # The words under the bar counted what crossed the network: the Brotli copies' bytes.
    sizes = json.loads((site / "shell.js").read_text().split("const BUILD = ", 1)[1].split(";\n", 1)[0])["sizes"]
    total = f"{sum(brotli for _, brotli in sizes.values()) / 1e6:.1f} MB"
    counts = [text for text in page.evaluate("window.statusLog") if text.startswith("Downloading Python… ")]
    assert counts and all(text.endswith(f" of {total}") for text in counts), (counts, total)
    assert [float(text.split()[2]) for text in counts] == sorted(float(text.split()[2]) for text in counts)

    wait_until_controlled(page)
    stored = page.evaluate("""async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((name) => name.startsWith('thieves-table-')));
        const files = {};
        for (const request of await cache.keys()) {
            const response = await cache.match(request);
            const body = await response.arrayBuffer();
            const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', body)),
                                      (byte) => byte.toString(16).padStart(2, '0')).join('');
            files[request.url] = [body.byteLength, digest.slice(0, 16), response.headers.get('content-encoding'),
                                  Number(response.headers.get('content-length'))];
        }
        return files;
    }""")
    for url, revision in precache_urls(site)["files"]:
        size, digest, encoding, length = stored[server.url + url]
        assert (size, digest) == ((site / url).stat().st_size, revision), f"{url} is not stored whole"
        assert encoding is None and length == size, f"{url} is stored under the compressed copy's headers"
    assert not page.problems
