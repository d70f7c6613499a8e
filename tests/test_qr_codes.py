"""QR codes for a table of phones (issue 40) in real Chromium: the host's phone draws a code
(web/qr.mjs's fillCodes, after each of ui.js's draws), a joining phone reads it with its camera (ui.js's
scanCode operation: qr.mjs's scan), and what it read reaches Python as ui.js's tell events
("scanned", "scan-cancelled", "scan-failed").

A drawn code is read back from the screen's own pixels (a screenshot, read by jsQR in the page).
The camera is Chromium's fake one: showing a code, from a .y4m file the test writes (the host's code,
made by the site's own uqr with qr.mjs's options, in Node); showing Chromium's own test pattern (no
code) for Cancel; refused (no grant); and missing (no navigator.mediaDevices)."""
import base64
import json
import random
import string
import subprocess

import pytest

from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE
from conftest import PYTHON_WHERE
from driver import boot, relaunch, resources
from test_app_shell import precache_urls, wait_until_controlled

pytestmark = pytest.mark.browser

# A code as long as a table's invitation may be: letters, digits and the URL-safe marks.
CODE = "TT1." + "".join(random.Random(40).choices(string.ascii_letters + string.digits + "-_.~", k=246))
CODE_FILES = ["qr.mjs", "vendor/uqr/index.mjs", "vendor/jsqr/jsQR.js"]
CAMERA = ["--use-fake-device-for-media-stream"]

# What the page tells Python of a scan, recorded on its way (to Python's worker, or to Python on the
# page's own thread with ?main): ui.js's thievesTableUI is wrapped as ui.js sets it.
RECORD_TELLS = """
window.toldOfScans = [];
(() => {
  const record = (kind, detail) => { if (String(kind).startsWith("scan")) window.toldOfScans.push([kind, detail]); };
  let ui;
  Object.defineProperty(window, "thievesTableUI", { configurable: true, get: () => ui, set(value) {
    const { connect, useWorker } = value;
    value.connect = (receive) => connect((kind, detail) => { record(kind, detail); return receive(kind, detail); });
    value.useWorker = (worker, controlled) => {
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message, ...rest) => { if (Array.isArray(message)) record(...message); return post(message, ...rest); };
      return useWorker(worker, controlled);
    };
    ui = value;
  } });
  // Every camera stream the page was given, to see that a scan's end turns the camera off.
  const media = navigator.mediaDevices, getUserMedia = media?.getUserMedia?.bind(media);
  window.cameraStreams = [];
  if (getUserMedia) media.getUserMedia = async (...args) => {
    const stream = await getUserMedia(...args);
    window.cameraStreams.push(stream);
    return stream;
  };
})();
"""
CAMERA_OFF = "window.cameraStreams.every((stream) => stream.getTracks().every((track) => track.readyState === 'ended'))"
# ui.js's draw into a place of the test's own, outside what Python draws.
DRAW_CODE = """(html) => {
    if (!document.getElementById('qr-test')) document.body.insertAdjacentHTML('beforeend', '<div id="qr-test"></div>');
    window.thievesTableUI.run('draw', ['qr-test', html]);
    return !!document.querySelector('#qr-test [data-qr] > svg');
}"""
# The page's picture (a PNG, base64) read by jsQR as the scanner reads a camera's frame.
READ_PICTURE = """async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const picture = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const qr = await import('./qr.mjs');
    return qr.frameReader(await qr.loadJsQR())(picture);
}"""


def code_html(text):
    return f'<div class="qr" data-qr="{text}"></div>'


def read_back(page) -> str | None:
    """What the drawn code says, read off the screen's pixels (a screenshot of it) by jsQR."""
    picture = base64.b64encode(page.locator("#qr-test .qr").screenshot(type="png")).decode()
    return page.evaluate(READ_PICTURE, picture)


def fetched(page, name):
    return any(url.split("?")[0].endswith("/" + name) for url in resources(page))


def test_a_drawn_code_is_square_on_white_and_reads_back_exactly(server, fresh_page):
    page = fresh_page
    boot(page, server.url + "?fast#/")
    assert not any(fetched(page, name) for name in CODE_FILES), "the QR code's files load on the start path"
    page.evaluate(DRAW_CODE, code_html(CODE))
    page.wait_for_selector("#qr-test .qr > svg")
    svg = page.locator("#qr-test .qr > svg")
    assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label") == "QR code"
    box, code_box = page.locator("#qr-test .qr").bounding_box(), svg.bounding_box()
    side = min(0.7 * PHONE["width"], 300)
    assert abs(box["width"] - side) < 1 and abs(box["height"] - side) < 1, box
    assert code_box == box, "the code does not fill its element"
    assert page.evaluate("getComputedStyle(document.querySelector('#qr-test .qr')).backgroundColor") == "rgb(255, 255, 255)"
    # Drawing loaded the drawer, not the reader.
    assert fetched(page, "qr.mjs") and fetched(page, "vendor/uqr/index.mjs") and not fetched(page, "vendor/jsqr/jsQR.js")
    # A redraw of the same HTML replaces the drawn element (it differs from the HTML) and draws it
    # again at once, in the draw's own task; another text gets its own code.
    assert page.evaluate(DRAW_CODE, code_html(CODE)), "a redraw left the code undrawn"
    assert read_back(page) == CODE
    other = CODE[::-1]
    assert page.evaluate(DRAW_CODE, code_html(other))
    assert read_back(page) == other
    assert page.problems == []


def test_the_codes_files_are_precached_and_draw_offline(server, fresh_page, site):
    page = fresh_page
    boot(page, server.url + "?fast#/")
    wait_until_controlled(page)
    listed = [url for url, _revision in precache_urls(site)["files"]]
    assert set(CODE_FILES) <= set(listed)
    cached = page.evaluate("caches.keys().then(async names => { const c = await caches.open(names.find(n => n.startsWith('thieves-table-'))); return (await c.keys()).map(r => r.url); })")
    for name in CODE_FILES:
        assert server.url + name in cached, f"{name} is not precached"
    server.kill()
    relaunch(page, server.url + "?fast#/")
    page.evaluate(DRAW_CODE, code_html(CODE))
    page.wait_for_selector("#qr-test .qr > svg")
    assert read_back(page) == CODE
    assert page.evaluate("import('./qr.mjs').then((qr) => qr.loadJsQR()).then((jsQR) => typeof jsQR)") == "function"
    assert page.problems == []


def code_modules(site, text) -> list[list[bool]]:
    """The code the host draws for text (qr.mjs's options, the site's uqr), one row a list, made in Node."""
    script = (f"import {{ CODE_OPTIONS }} from {json.dumps((site / 'qr.mjs').as_uri())};\n"
              f"import {{ encode }} from {json.dumps((site / 'vendor' / 'uqr' / 'index.mjs').as_uri())};\n"
              f"console.log(JSON.stringify(encode({json.dumps(text)}, CODE_OPTIONS).data));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def write_y4m(path, modules, width=640, height=480, module=6):
    """A camera's video of one frame (Chromium loops it): the code, dark on white, in the middle of
    a grey picture; YUV 4:2:0, the colour planes flat grey."""
    side = len(modules) * module
    left, top = (width - side) // 2, (height - side) // 2
    luma = bytearray([180]) * (width * height)
    for y in range(side):
        row = modules[y // module]
        line = bytes(16 if row[x // module] else 235 for x in range(side))
        start = (top + y) * width + left
        luma[start:start + side] = line
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode()
                     + b"FRAME\n" + bytes(luma) + chroma + chroma)


def camera_page(playwright, server, args, grant=True):
    """A first visit in a Chromium of its own (launched with args), the app started, its tells to
    Python recorded; with the camera allowed or not."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + args)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    if grant:
        context.grant_permissions(["camera"], origin=server.url.rstrip("/"))
    context.add_init_script(RECORD_TELLS + PYTHON_WHERE)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    boot(page, server.url + "?fast#/")
    return browser, page


def told(page, kind):
    page.wait_for_function(f"window.toldOfScans.some(([kind]) => kind === {json.dumps(kind)})", timeout=30_000)
    return page.evaluate("window.toldOfScans")


def test_scanning_a_code_with_the_camera_tells_its_text(playwright, server, site, tmp_path):
    video = tmp_path / "host-code.y4m"
    write_y4m(video, code_modules(site, CODE))
    browser, page = camera_page(playwright, server, CAMERA + [f"--use-file-for-fake-video-capture={video}"])
    try:
        page.evaluate("window.thievesTableUI.run('scanCode', ['join'])")
        assert told(page, "scanned") == [["scanned", {"field": "join", "text": CODE}]]
        assert page.locator(".tt-scan").count() == 0
        assert page.evaluate("window.cameraStreams.length") == 1 and page.evaluate(CAMERA_OFF)
        # Where the browser has no BarcodeDetector (this Chromium on Linux) jsQR read it.
        if page.evaluate("typeof BarcodeDetector") == "undefined":
            assert fetched(page, "vendor/jsqr/jsQR.js")
        assert page.problems == []
    finally:
        browser.close()


def luminance(rgb: str) -> float:
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, two: str) -> float:
    light, dark = sorted([luminance(one), luminance(two)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The overlay's words and Cancel: their size, their colours and the colour behind them.
OVERLAY_LOOKS = """() => {
    const behind = (element) => {
        for (let at = element; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return 'rgb(255, 255, 255)';
    };
    const looks = (element) => {
        const box = element.getBoundingClientRect(), style = getComputedStyle(element);
        return { text: element.textContent, width: box.width, height: box.height, fontSize: parseFloat(style.fontSize),
                 colour: style.color, behind: behind(element), inView: box.top >= 0 && box.bottom <= innerHeight };
    };
    return { words: looks(document.querySelector('.tt-scan-words')), cancel: looks(document.querySelector('.tt-scan-cancel')),
             focused: document.activeElement?.className, video: !!document.querySelector('.tt-scan video')?.srcObject };
}"""


def test_the_scan_overlay_cancels_and_fails_plainly(playwright, server):
    # Chromium's own fake camera: a moving test pattern, no code in it.
    browser, page = camera_page(playwright, server, CAMERA)
    try:
        page.evaluate("window.thievesTableUI.run('scanCode', ['join'])")
        page.wait_for_function("document.querySelector('.tt-scan video')?.srcObject")
        looks = page.evaluate(OVERLAY_LOOKS)
        assert looks["words"]["text"] == "Point the camera at the code on the host's phone"
        assert looks["cancel"]["text"] == "Cancel" and "tt-scan-cancel" in looks["focused"]
        for part in ("words", "cancel"):
            seen = looks[part]
            assert seen["fontSize"] >= 12 and seen["inView"], seen
            assert contrast(seen["colour"], seen["behind"]) >= 4.5, seen
        assert looks["cancel"]["width"] >= 44 and looks["cancel"]["height"] >= 44
        page.wait_for_timeout(500)         # some frames looked at, none holding a code
        assert page.evaluate("window.toldOfScans") == []
        page.get_by_role("button", name="Cancel").click()
        assert told(page, "scan-cancelled") == [["scan-cancelled", {"field": "join"}]]
        assert page.locator(".tt-scan").count() == 0 and page.evaluate(CAMERA_OFF)
        assert page.problems == []
    finally:
        browser.close()
    # The camera refused (no grant: Chromium answers NotAllowedError).
    browser, page = camera_page(playwright, server, CAMERA, grant=False)
    try:
        page.evaluate("window.thievesTableUI.run('scanCode', ['join'])")
        assert told(page, "scan-failed") == [["scan-failed", {
            "field": "join", "message": "The camera was not allowed: paste the code instead."}]]
        assert page.locator(".tt-scan").count() == 0
        # No camera at all: no media devices (an old browser, a page that is not a secure context).
        page.evaluate("Object.defineProperty(navigator, 'mediaDevices', { value: undefined })")
        page.evaluate("window.toldOfScans = []; window.thievesTableUI.run('scanCode', ['join'])")
        assert told(page, "scan-failed") == [["scan-failed", {
            "field": "join", "message": "This browser has no camera to scan with: paste the code instead."}]]
        assert page.locator(".tt-scan").count() == 0
        assert page.problems == []
    finally:
        browser.close()
