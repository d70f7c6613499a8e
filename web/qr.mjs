// Thieves' Table: QR codes for a table of phones (issue 40): the host's phone draws a code, a
// joining phone reads it with its camera.  Loaded only when first needed (ui.js imports it when a
// drawn screen holds a [data-qr] element, or when Python asks to scan): nothing on the app's start
// path imports it, nor the libraries it uses (copied from node_modules into vendor/ by the build,
// sitebuild/runtime.py, and precached like every other file of the site).
//
//   init(tell)       ui.js's tell(kind, detail): how what happens here reaches Python
//   fillCodes(root)  every [data-qr] element under root gets the code of its data-qr text, an inline
//                    SVG (dark on white, a quiet zone of four modules) scaled to the element's size
//   scan(field)      the rear camera in an overlay until a code is read: tell("scanned", {field,
//                    text}), or tell("scan-cancelled", {field}), or tell("scan-failed", {field, message})
import { renderSVG } from "./vendor/uqr/index.mjs";

let tell = (kind, detail) => console.warn("Thieves' Table: qr.mjs has no tell (init) for", kind, detail);
export function init(tellPython) {
  tell = tellPython;
}

// ---- drawing ------------------------------------------------------------------------------------
// Error correction L (boosted where the same size of code allows more): read off a screen, a code
// meets no stains or tears, and the fewer modules the bigger each one is for the camera.
export const CODE_OPTIONS = { ecc: "L", boostEcc: true, border: 4, pixelSize: 1, whiteColor: "#fff", blackColor: "#000" };
const drawnCodes = new Map();         // text → SVG markup, the last few (a screen is drawn again and again)
const drawnFor = new WeakMap();       // element → the text its SVG shows
function codeMarkup(text, label) {
  let svg = drawnCodes.get(text);
  if (svg === undefined) {
    svg = renderSVG(text, CODE_OPTIONS);
    drawnCodes.set(text, svg);
    if (drawnCodes.size > 8) drawnCodes.delete(drawnCodes.keys().next().value);
  }
  return svg.replace("<svg ", `<svg class="tt-qr-code" role="img" aria-label="${label}" width="100%" height="100%" `
    + 'preserveAspectRatio="xMidYMid meet" shape-rendering="crispEdges" focusable="false" ');
}
const escapeAttribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function fillCodes(root = document) {
  for (const element of root.querySelectorAll("[data-qr]")) {
    const text = element.getAttribute("data-qr");
    if (drawnFor.get(element) === text && element.querySelector(":scope > svg.tt-qr-code")) continue;
    try {
      element.innerHTML = codeMarkup(text, escapeAttribute(element.getAttribute("data-qr-label") || "QR code"));
      drawnFor.set(element, text);
    } catch (error) {        // more than a QR code holds (about 2,900 bytes)
      console.error("Thieves' Table: no QR code for this text:", error);
    }
  }
}

// ---- scanning -----------------------------------------------------------------------------------
export const WORDS = "Point the camera at the code on the host's phone";
export const NO_CAMERA = "This browser has no camera to scan with: paste the code instead.";
export const NOT_ALLOWED = "The camera was not allowed: paste the code instead.";
export const NOT_STARTED = "The camera could not be started: paste the code instead.";
export const NO_READER = "The code reader could not be loaded: paste the code instead.";
const EVERY_MS = 120;                  // between two looks at the camera's picture
const LONGEST_SIDE = 960;              // jsQR reads a frame drawn no bigger than this

let scanning = null;                   // the scan open now: {field, overlay, stream, timer, over, ...}

// Why the camera did not start, in the person's words (getUserMedia's errors).
function failure(error) {
  const name = error?.name;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return NOT_ALLOWED;
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError" || name === "TypeError") return NO_CAMERA;
  return NOT_STARTED;
}

// A function that reads a code off the video's current frame (its text, or null): the browser's own
// BarcodeDetector where it reads QR codes, else jsQR on a canvas.
async function makeReader() {
  if (typeof globalThis.BarcodeDetector === "function") {
    try {
      const formats = await globalThis.BarcodeDetector.getSupportedFormats?.() ?? ["qr_code"];
      if (formats.includes("qr_code")) {
        const detector = new globalThis.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video)).find((code) => code.rawValue)?.rawValue ?? null;
      }
    } catch { /* no working detector: jsQR below */ }
  }
  return frameReader(await loadJsQR());
}
// jsQR is a classic (UMD) script: imported for its effect, it sets self.jsQR.
export async function loadJsQR() {
  if (typeof globalThis.jsQR !== "function") await import("./vendor/jsqr/jsQR.js");
  return globalThis.jsQR;
}
// jsQR on a source's picture (a video, a canvas, an image), drawn on a canvas no bigger than it needs.
export function frameReader(jsQR) {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return (source) => {
    const width = source.videoWidth ?? source.naturalWidth ?? source.width, height = source.videoHeight ?? source.naturalHeight ?? source.height;
    if (!width || !height) return null;
    const scale = Math.min(1, LONGEST_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data || null;
  };
}

function overlay() {
  const shade = document.createElement("div");
  shade.className = "tt-scan";
  shade.dataset.testid = "scan";
  shade.setAttribute("role", "dialog");
  shade.setAttribute("aria-modal", "true");
  shade.setAttribute("aria-labelledby", "tt-scan-words");
  shade.innerHTML = '<video class="tt-scan-video" muted playsinline autoplay aria-hidden="true"></video>'
    + '<div class="tt-scan-foot"><p id="tt-scan-words" class="tt-scan-words"></p>'
    + '<button type="button" class="btn tt-scan-cancel" data-testid="scan-cancel">Cancel</button></div>';
  shade.querySelector("p").textContent = WORDS;
  return shade;
}

// The scan ends: the camera off, the overlay gone, focus back where it was, Python told (unless it
// is not to be: a scan replaced by another of the same field).
function end(scan, kind, detail) {
  if (scan.over) return;
  scan.over = true;
  if (scanning === scan) scanning = null;
  clearTimeout(scan.timer);
  for (const track of scan.stream?.getTracks() ?? []) track.stop();
  scan.overlay.remove();
  removeEventListener("hashchange", scan.onHashChange);
  if (scan.focused?.isConnected) scan.focused.focus({ preventScroll: true });
  if (kind) tell(kind, { field: scan.field, ...detail });
}

export async function scan(field) {
  if (scanning) {
    if (scanning.field === field) return;             // already scanning for it
    end(scanning, "scan-cancelled");
  }
  const scan = { field, overlay: overlay(), stream: null, timer: 0, over: false, focused: document.activeElement };
  scanning = scan;
  const cancel = () => end(scan, "scan-cancelled");
  scan.onHashChange = cancel;                          // the person went elsewhere (back)
  addEventListener("hashchange", cancel);
  scan.overlay.querySelector("button").addEventListener("click", cancel);
  scan.overlay.addEventListener("keydown", (event) => { if (event.key === "Escape") cancel(); });
  document.body.append(scan.overlay);
  scan.overlay.querySelector("button").focus({ preventScroll: true });

  if (!navigator.mediaDevices?.getUserMedia) {         // no camera API (or not a secure context)
    end(scan, "scan-failed", { message: NO_CAMERA });
    return;
  }
  // The camera and the reader start together; the camera's answer first (a refusal says why).
  const reader = makeReader();
  reader.catch(() => { /* said below, once the camera has answered */ });
  try {
    scan.stream = await navigator.mediaDevices.getUserMedia(
      { video: { facingMode: "environment", width: { ideal: 1280 } }, audio: false });
  } catch (error) {
    end(scan, "scan-failed", { message: failure(error) });      // (nothing, if cancelled meanwhile)
    return;
  }
  let read;
  try {
    read = await reader;
  } catch (error) {
    console.error("Thieves' Table: the code reader did not load:", error);
    end(scan, "scan-failed", { message: NO_READER });
  }
  if (scan.over) {                     // cancelled while the camera started: end() ran before it came
    for (const track of scan.stream.getTracks()) track.stop();
    return;
  }
  const video = scan.overlay.querySelector("video");
  video.srcObject = scan.stream;
  video.play().catch(() => { /* autoplay (muted) plays it anyway */ });
  const look = async () => {
    if (scan.over) return;
    let text = null;
    if (video.readyState >= video.HAVE_CURRENT_DATA) {
      try {
        text = await read(video);
      } catch { /* a frame it could not read: the next one */ }
    }
    if (scan.over) return;
    if (text) end(scan, "scanned", { text });
    else scan.timer = setTimeout(look, EVERY_MS);
  };
  scan.timer = setTimeout(look, EVERY_MS);
}
