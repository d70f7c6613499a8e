"""What `python build.py serve` sends besides the files (issue 37), as docs/hosting.md asks every host
to: the Content-Security-Policy with frame-ancestors (the app's pages refuse other origins, the embed
allows any), X-Content-Type-Options and Referrer-Policy.  A meta policy cannot say frame-ancestors."""
import re
from pathlib import Path

import pytest

from sitebuild import server as serving
from test_app_compression import fetch

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "docs" / "hosting.md").read_text()


def meta_policy(page: str) -> str:
    return re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', (ROOT / "web" / page).read_text()).group(1)


@pytest.mark.parametrize("path,ancestors", [("/", "'self'"), ("/index.html", "'self'"), ("/?fast", "'self'"),
                                            ("/embed.html?game=thievery", "*")])
def test_the_pages_are_sent_with_their_policy_and_who_may_frame_them(server, path, ancestors):
    for method in ("HEAD", "GET"):
        response, _ = fetch(server, path, method)
        assert response.status == 200
        policy = response.getheader("Content-Security-Policy")
        assert policy == f"{serving.POLICY}; frame-ancestors {ancestors}", policy
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("Referrer-Policy") == "strict-origin-when-cross-origin"
        assert response.getheader("X-Frame-Options") == ("SAMEORIGIN" if ancestors == "'self'" else None)


def test_every_file_is_sent_unsniffed_and_only_the_pages_carry_a_policy(server):
    for path in ("/shell.js", "/styles.css", "/runtime/pyodide/pyodide.asm.wasm", "/examples/thievery-lesson.html",
                 "/sw.js", "/no-such-file"):
        response, _ = fetch(server, path, "HEAD")
        assert response.getheader("X-Content-Type-Options") == "nosniff", path
        assert response.getheader("Referrer-Policy") == "strict-origin-when-cross-origin", path
        assert response.getheader("Content-Security-Policy") is None, path   # a rules page sets its own
    revalidated, _ = fetch(server, "/index.html", "GET", If_None_Match=fetch(server, "/index.html")[0].getheader("ETag"))
    assert revalidated.status == 304 and revalidated.getheader("Content-Security-Policy")


def test_the_pages_policy_is_the_one_their_meta_tag_and_the_hosting_notes_give():
    assert meta_policy("index.html") == meta_policy("embed.html") == serving.POLICY
    for page, ancestors in (("index.html", "'self'"), ("embed.html", "*")):
        assert f"Content-Security-Policy: {serving.POLICY}; frame-ancestors {ancestors}" in DOCS, page
    for header in ("X-Content-Type-Options: nosniff", "Referrer-Policy: strict-origin-when-cross-origin",
                   "X-Frame-Options: SAMEORIGIN"):
        assert header in DOCS
    assert "shared origin" in DOCS and "github.io" in DOCS, "the warning against a path of a shared origin"
