// Thieves' Table: a table of phones (issue 40).  Phones on one local network linked by a WebRTC data
// channel: host candidates only, no STUN or TURN, no server.  The handshake is two codes copied by
// hand (a QR code or pasted text): the host's offer, then the joining phone's answer.  This module
// only moves strings: Python (frontend) decides tokens, seats and what the messages say.
//
// One RTCPeerConnection per link (a string Python picks).  ui.js loads this module on first use and
// gives it its tell (init); what happens goes to Python as:
//   phone-offer {link, sdp}     the host's code (host)         phone-answer {link, sdp}  the reply (join)
//   phone-open {link}           the channel is open (again, after phone-away)
//   phone-message {link, text}  a message (text only, at most MAX_MESSAGE characters)
//   phone-away {link}           the connection is interrupted (it may come back: phone-open)
//   phone-closed {link}         the link is over (once; never for Python's own close)
//   phone-error {link, message} what went wrong, in words a person can read

export const MAX_MESSAGE = 262144;
const GATHERING_WAIT = 5000;          // ms: ICE gathering that takes longer gives what it has

let tell = () => {};
export function init(teller) { tell = teller; }

const links = new Map();              // link -> {pc, channel, role, away, over}

// ---- the codes ------------------------------------------------------------------------------------
// A code is the few facts of an offer or answer a data-channel-only session needs, in URL-safe
// characters, fields joined by ".":
//   T1<kind> . <ice-ufrag> . <ice-pwd> . <sha-256 fingerprint, 32 bytes> . <candidate> ...
// kind: o (an offer, setup actpass), a (an answer, setup active), p (an answer, setup passive).
// The ufrag and password are ICE characters (letters, digits, + /) with + / written - _ (base64url's
// own swap); the fingerprint is base64url.  A candidate (udp, host) is a letter and base64url bytes:
//   4 <IPv4 4 bytes, port 2>   6 <IPv6 16 bytes, port 2>   m <an mDNS name's uuid 16 bytes, port 2>
//   n <port 2 bytes (3 chars)><any other mDNS name, less ".local">
// and last a check (3 characters: 18 bits of the FNV-1a hash of all before it), so that a code cut
// short, even between candidates, or mistyped is refused whole, never half read.
// Everything else (the session's lines, the mid "0", the SCTP port, priorities) is the same in every
// session and written back by unpack.
const MAGIC = "T1";
const KINDS = { o: ["offer", "actpass"], a: ["answer", "active"], p: ["answer", "passive"] };
const NOT_A_CODE = "This is not a Thieves' Table code: copy it again, whole.";
// An error whose message is for the person (the browser's own are not: they are told in our words).
class Plain extends Error {}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [B64[(n >> 18) & 63], B64[(n >> 12) & 63], B64[(n >> 6) & 63], B64[n & 63]];
    text += chars.slice(0, Math.min(4, bytes.length - i + 1)).join("");
  }
  return text;
}
function fromBase64url(text, length) {
  if (text.length !== Math.ceil(length * 4 / 3) || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Plain(NOT_A_CODE);
  const bytes = new Uint8Array(length);
  let bits = 0, value = 0, at = 0;
  for (const char of text) {
    value = (value << 6) | B64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (at < length) bytes[at++] = (value >> bits) & 255;
      value &= (1 << bits) - 1;
    }
  }
  if (value !== 0) throw new Plain(NOT_A_CODE);        // stray bits: not what toBase64url writes
  return bytes;
}
function check(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return B64[(hash >>> 12) & 63] + B64[(hash >>> 6) & 63] + B64[hash & 63];
}
const withPort = (bytes, port) => Uint8Array.from([...bytes, port >> 8, port & 255]);
const portOf = (bytes) => (bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1];

function ipv4Bytes(address) {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && +part < 256)) return null;
  return parts.map(Number);
}
function ipv6Bytes(address) {
  if (!/^[0-9a-fA-F:.]+$/.test(address)) return null;         // (a scoped fe80::1%wlan0 is no use here)
  let groups;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (half) => (half ? half.split(":") : []);
  let head = split(halves[0]), tail = halves.length === 2 ? split(halves[1]) : [];
  const last = (tail.length ? tail : head);
  if (last.length && last[last.length - 1].includes(".")) {          // ::ffff:192.0.2.1
    const v4 = ipv4Bytes(last.pop());
    if (!v4) return null;
    last.push(((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  }
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...Array(missing).fill("0"), ...tail];
  } else groups = head;
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return null;
  return groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
}
function ipv6Text(bytes) {                  // as RFC 5952 writes it: the longest run of zeros as ::
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  let best = [-1, 1];
  for (let at = 0; at < 8; at++) {
    let end = at;
    while (end < 8 && groups[end] === "0") end++;
    if (end - at > best[1]) best = [at, end - at];
  }
  if (best[0] < 0) return groups.join(":");
  return `${groups.slice(0, best[0]).join(":")}::${groups.slice(best[0] + best[1]).join(":")}`;
}
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const uuidBytes = (name) => name.match(UUID).slice(1).join("").match(/../g).map((pair) => parseInt(pair, 16));
function uuidText(bytes) {
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

function packCandidate(address, port) {
  const v4 = ipv4Bytes(address);
  if (v4) return "4" + toBase64url(withPort(v4, port));
  if (UUID.test(address)) return "m" + toBase64url(withPort(uuidBytes(address), port));
  const name = address.match(/^([A-Za-z0-9-]{1,63})\.local$/);
  if (name) return "n" + toBase64url([port >> 8, port & 255]) + name[1];
  const v6 = ipv6Bytes(address);
  if (v6) return "6" + toBase64url(withPort(v6, port));
  return null;                                              // nothing a phone on the network could use
}
function unpackCandidate(text) {
  const kind = text[0], rest = text.slice(1);
  if (kind === "4") { const b = fromBase64url(rest, 6); return [[...b.slice(0, 4)].join("."), portOf(b)]; }
  if (kind === "6") { const b = fromBase64url(rest, 18); return [ipv6Text(b), portOf(b)]; }
  if (kind === "m") { const b = fromBase64url(rest, 18); return [uuidText(b.slice(0, 16)), portOf(b)]; }
  if (kind === "n" && /^[A-Za-z0-9_-]{3}[A-Za-z0-9-]{1,63}$/.test(rest)) {
    return [`${rest.slice(3)}.local`, portOf(fromBase64url(rest.slice(0, 3), 2))];
  }
  throw new Plain(NOT_A_CODE);
}

// An offer's or answer's SDP (Chromium's, Firefox's, Safari's) as a short code.  type: "offer" or
// "answer".  Throws an Error when the SDP is no data-channel session this module could write back.
export function pack(sdpText, type) {
  const lines = String(sdpText).split(/\r?\n/);
  const value = (name) => lines.find((line) => line.startsWith(`a=${name}:`))?.slice(name.length + 3).trim();
  const ufrag = value("ice-ufrag"), pwd = value("ice-pwd"), setup = value("setup");
  const fingerprint = lines.map((line) => line.match(/^a=fingerprint:sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})\s*$/))
    .find(Boolean)?.[1];
  const mids = lines.filter((line) => line.startsWith("a=mid:"));
  if (!/^m=application \d+ UDP\/DTLS\/SCTP webrtc-datachannel/m.test(sdpText) || mids.length !== 1 || mids[0].trim() !== "a=mid:0")
    throw new Error("This session is not one data channel alone.");
  if (!ufrag || !/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !pwd || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd) || !fingerprint)
    throw new Error("This session has no ICE credentials or sha-256 fingerprint.");
  const kind = type === "offer" ? "o" : type === "answer" && setup === "active" ? "a" : type === "answer" && setup === "passive" ? "p" : null;
  if (!kind || (type === "offer" && setup !== "actpass")) throw new Error(`A ${type} with setup ${setup} cannot be packed.`);
  const ice = (text) => text.replace(/\+/g, "-").replace(/\//g, "_");
  const fields = [MAGIC + kind, ice(ufrag), ice(pwd), toBase64url(fingerprint.split(":").map((hex) => parseInt(hex, 16)))];
  // Host candidates over udp, the best first (they are written back in this order, best first).
  const seen = new Set();
  const candidates = lines.map((line) => line.match(/^a=candidate:\S+ 1 udp (\d+) (\S+) (\d+) typ host\b/i)).filter(Boolean)
    .sort((a, b) => b[1] - a[1]);
  for (const [, , address, port] of candidates) {
    const packed = +port > 0 && +port < 65536 ? packCandidate(address, +port) : null;
    if (packed && !seen.has(packed)) { seen.add(packed); fields.push(packed); }
  }
  const text = fields.join(".");
  return `${text}.${check(text)}`;
}

// A code back as {type, sdp}: an SDP Chromium accepts as the remote description.  Throws an Error
// whose message a person can read when the text is no whole code.
export function unpack(compact) {
  const text = String(compact ?? "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9._~-]+$/.test(text)) throw new Plain(NOT_A_CODE);
  const [head, ufrag, pwd, print, ...candidates] = text.split(".");
  if (head?.length !== 3 || !head.startsWith(MAGIC) || !KINDS[head[2]]) {
    throw new Plain(/^T\d[a-z]$/.test(head ?? "") ? "This code is from another version of Thieves' Table: update both phones." : NOT_A_CODE);
  }
  const sum = candidates.pop();
  if (sum !== check(text.slice(0, text.length - 4))) throw new Plain(NOT_A_CODE);
  if (!/^[A-Za-z0-9_-]{4,256}$/.test(ufrag ?? "") || !/^[A-Za-z0-9_-]{22,256}$/.test(pwd ?? "") || candidates.length > 32)
    throw new Plain(NOT_A_CODE);
  const [type, setup] = KINDS[head[2]];
  const fingerprint = [...fromBase64url(print ?? "", 32)].map((byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const ice = (value) => value.replace(/-/g, "+").replace(/_/g, "/");
  const lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
  candidates.forEach((candidate, index) => {
    const [address, port] = unpackCandidate(candidate);
    if (port === 0) throw new Plain(NOT_A_CODE);
    // Host priority (RFC 8445): type preference 126, a local preference falling with the order, component 1.
    const priority = 126 * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
    lines.push(`a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ host`);
  });
  lines.push(`a=ice-ufrag:${ice(ufrag)}`, `a=ice-pwd:${ice(pwd)}`, `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${setup}`, "a=mid:0", "a=sctp-port:5000", `a=max-message-size:${MAX_MESSAGE}`);
  return { type, sdp: lines.join("\r\n") + "\r\n" };
}

// ---- the links --------------------------------------------------------------------------------------
function gathered(pc) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); pc.removeEventListener("icegatheringstatechange", check); resolve(); };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, GATHERING_WAIT);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

const plainWords = (error, fallback) => (error instanceof Plain ? error.message : fallback);

function newLink(link, role) {
  close(link);
  const pc = new RTCPeerConnection({ iceServers: [] });
  const entry = { pc, channel: null, role, away: false, over: false };
  links.set(link, entry);
  pc.onconnectionstatechange = () => {
    if (links.get(link) !== entry) return;
    const state = pc.connectionState;
    if (state === "failed" || state === "closed") ended(link, entry);
    else if (state === "disconnected" && !entry.away) { entry.away = true; tell("phone-away", { link }); }
    else if (state === "connected" && entry.away) {
      entry.away = false;
      if (entry.channel?.readyState === "open") tell("phone-open", { link });
    }
  };
  return entry;
}

function wire(link, entry, channel) {
  entry.channel = channel;
  channel.onopen = () => { if (links.get(link) === entry) tell("phone-open", { link }); };
  channel.onclose = () => ended(link, entry);
  channel.onmessage = ({ data }) => {
    if (links.get(link) !== entry) return;
    if (typeof data !== "string") tell("phone-error", { link, message: "The other phone sent something that is not text." });
    else if (data.length > MAX_MESSAGE) tell("phone-error", { link, message: "The other phone sent a message too long to take." });
    else tell("phone-message", { link, text: data });
  };
}

// The link is over (the other phone left, or the connection failed): told once, then forgotten.
function ended(link, entry) {
  if (entry.over) return;
  entry.over = true;
  if (links.get(link) === entry) links.delete(link);
  forget(entry);
  tell("phone-closed", { link });
}
function forget(entry) {
  entry.over = true;
  const { pc, channel } = entry;
  pc.onconnectionstatechange = null;
  if (channel) channel.onopen = channel.onclose = channel.onmessage = null;
  try { channel?.close(); pc.close(); } catch { /* closed already */ }
}

function localCode(link, entry, type) {
  const code = pack(entry.pc.localDescription.sdp, type);
  if (code.split(".").length < 5) throw new Plain("This phone has no network to link over: join the same Wi-Fi as the other phones.");
  return code;
}

// A link's own code (its offer or answer, made by ``describe``), told as ``told`` once its candidates
// are gathered; if it cannot be made, the link is closed and phone-error says so in ``failed``.
async function tellOwnCode(link, entry, kind, told, failed, describe) {
  try {
    await describe();
    await gathered(entry.pc);
    if (entry.over) return;
    tell(told, { link, sdp: localCode(link, entry, kind) });
  } catch (error) {
    if (entry.over) return;
    close(link);
    tell("phone-error", { link, message: plainWords(error, failed) });
  }
}

// The host: a new link's offer, told as phone-offer once its candidates are gathered.
export async function host(link) {
  const entry = newLink(link, "host");
  await tellOwnCode(link, entry, "offer", "phone-offer", "This phone could not make a table code.", async () => {
    wire(link, entry, entry.pc.createDataChannel("table", { ordered: true }));
    await entry.pc.setLocalDescription(await entry.pc.createOffer());
  });
}

// The host takes the joining phone's reply.
export async function accept(link, compact) {
  const entry = links.get(link);
  try {
    const { type, sdp } = unpack(compact);
    if (type !== "answer") throw new Plain("This is a table's code, not a reply: give it to the phone that joins.");
    if (!entry || entry.role !== "host") throw new Plain("This table code is closed: make a new one.");
    if (entry.pc.signalingState !== "have-local-offer") throw new Plain("This table code has already taken a reply.");
    await entry.pc.setRemoteDescription({ type, sdp });
  } catch (error) {
    const message = error?.message === NOT_A_CODE ? "This is not a Thieves' Table reply code: copy it again, whole." : null;
    tell("phone-error", { link, message: message ?? plainWords(error, "This reply code could not be used: ask for a new one.") });
  }
}

// The joining phone: the host's code in, the reply told as phone-answer.
export async function join(link, compact) {
  let offer;
  try {
    offer = unpack(compact);
    if (offer.type !== "offer") throw new Plain("This is a reply code: give it to the phone that made the table.");
  } catch (error) {
    tell("phone-error", { link, message: plainWords(error, NOT_A_CODE) });
    return;
  }
  const entry = newLink(link, "guest");
  entry.pc.ondatachannel = ({ channel }) => { if (!entry.over && !entry.channel) wire(link, entry, channel); };
  await tellOwnCode(link, entry, "answer", "phone-answer", "This table code could not be used: ask for a new one.", async () => {
    await entry.pc.setRemoteDescription(offer);
    await entry.pc.setLocalDescription(await entry.pc.createAnswer());
  });
}

// A message on the open channel (nothing when it is not open).
export function send(link, text) {
  const channel = links.get(link)?.channel;
  if (channel?.readyState !== "open") return;
  try {
    channel.send(String(text));
  } catch {
    tell("phone-error", { link, message: "This message was too long to send." });
  }
}

// Close and forget the link (Python's own close: no phone-closed for it).
export function close(link) {
  const entry = links.get(link);
  if (!entry) return;
  links.delete(link);
  forget(entry);
}
