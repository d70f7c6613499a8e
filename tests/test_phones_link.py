"""A table of phones (issue 40): two browser contexts (two phones) linked by a WebRTC data channel,
host candidates only, no server, through the codes a person copies (web/phones.mjs).

The pages are the built site's own, with no Python in them: ui.js (or phones.mjs alone) is imported
into a page of the site's origin and its tell collects what Python would be told, so each step of the
handshake and each event is seen as Python would see it.  The codes' measured sizes are printed
(pytest -s) and written down in README.md ("Table of phones: the handshake")."""
import time

import pytest

from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE
from conftest import watched

pytestmark = pytest.mark.browser

# A page of the site's origin with ui.js on it and nothing else: ui.js's tell collects into `told`,
# and the page asks ui.js's operations by name (thievesTableUI.run), as Python does.
WITH_UI = """async () => {
    window.told = [];
    await import('/ui.js');
    thievesTableUI.connect((kind, detail) => told.push([kind, detail]));
}"""
# The same with phones.mjs alone (its codec, and events without ui.js).
WITH_PHONES = """async () => {
    window.told = [];
    window.phones = await import('/phones.mjs');
    phones.init((kind, detail) => told.push([kind, detail]));
}"""
# A real offer and the answer of a second connection on the same page, their SDPs as Chromium made them.
REAL_SDPS = """async () => {
    const gathered = (pc) => new Promise((resolve) => {
        const check = () => { if (pc.iceGatheringState === 'complete') resolve(); };
        pc.onicegatheringstatechange = check; check(); setTimeout(resolve, 5000);
    });
    const a = new RTCPeerConnection({iceServers: []}), b = new RTCPeerConnection({iceServers: []});
    a.createDataChannel('t');
    await a.setLocalDescription(await a.createOffer()); await gathered(a);
    await b.setRemoteDescription(a.localDescription);
    await b.setLocalDescription(await b.createAnswer()); await gathered(b);
    const sdps = [a.localDescription.sdp, b.localDescription.sdp];
    a.close(); b.close();
    return sdps;
}"""
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
GARBAGE = ["", "hello", "T1o", "not a code at all, with spaces!", "T9o.abcd.abcdefghijklmnopqrstuvwxyz.x",
           "T1o.abcd.abcdefghijklmnopqrstuvwxyz.aGVsbG8.4wAACAree.uMv", "%%%%%", "T1o" + "." * 40]


# How Chromium names a phone's own addresses in its candidates: by default an mDNS name
# (<uuid>.local), the addresses themselves once the page may use the camera (a QR code scanned) or
# with this switch.  (It replaces Playwright's own --disable-features list: the last one counts.)
ADDRESSES_SHOWN = CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"]


@pytest.fixture
def addresses_browser(playwright):
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ADDRESSES_SHOWN)
    yield launched
    launched.close()


@pytest.fixture
def phones(request, server):
    """Two phones: a page each in a context of its own, on the site's origin (no Python booted);
    by default in the session's Chromium (mDNS names), or as the test's parameter "addresses" asks."""
    shown = getattr(request, "param", "mdns") == "addresses"
    browser = request.getfixturevalue("addresses_browser" if shown else "browser")
    contexts = [browser.new_context(viewport=PHONE, has_touch=True) for _ in range(2)]
    pages = []
    for context in contexts:
        page = watched(context.new_page())
        page.goto(server.url + "manifest.webmanifest")        # any page of the origin: a secure context
        pages.append(page)
    yield pages
    for page in pages:
        assert not page.problems, page.problems
    for context in contexts:
        context.close()


def told(page, kind, link, nth=1, timeout=15_000):
    """The detail of the nth `kind` told for `link` (waiting for it)."""
    found = """([kind, link, nth]) => told.filter(([k, d]) => k === kind && d.link === link)[nth - 1]?.[1]"""
    page.wait_for_function(found, arg=[kind, link, nth], timeout=timeout)
    return page.evaluate(found, [kind, link, nth])


def kinds(page, link):
    return page.evaluate("(link) => told.filter(([k, d]) => d.link === link).map(([k]) => k)", link)


def run(page, name, *args):
    page.evaluate("([name, args]) => thievesTableUI.run(name, args)", [name, list(args)])


@pytest.mark.parametrize("phones", ["mdns", "addresses"], indirect=True)
def test_a_real_offer_and_answer_pack_short_and_unpack_to_what_chromium_takes(phones):
    host, _ = phones
    host.evaluate(WITH_PHONES)
    offer, answer = host.evaluate(REAL_SDPS)
    for sdp, kind in ((offer, "offer"), (answer, "answer")):
        code = host.evaluate("([sdp, kind]) => phones.pack(sdp, kind)", [sdp, kind])
        print(f"\n{kind}: {len(sdp)} characters of SDP, a code of {len(code)}: {code}")
        assert len(code) < 250 and set(code) <= URL_SAFE
        unpacked = host.evaluate("(code) => phones.unpack(code)", code)
        assert unpacked["type"] == kind
        assert host.evaluate("([sdp, kind]) => phones.pack(sdp, kind)", [unpacked["sdp"], kind]) == code
        # What the code keeps: the credentials, the fingerprint, the role and every udp host candidate.
        for line in sdp.splitlines():
            if line.startswith(("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:sha-256", "a=setup:")):
                assert line in unpacked["sdp"].splitlines(), line
            if line.startswith("a=candidate:") and " udp " in line and " typ host" in line:
                address, port = line.split()[4:6]
                assert f" {address} {port} typ host" in unpacked["sdp"], line
        # A code whose middle changed or that was cut short, even between candidates, is refused whole.
        fields = code.split(".")
        for broken in (code[:-1], ".".join(fields[:4] + fields[-1:]), code.replace(fields[2], fields[2][::-1]),
                       code + "A", code.replace(".", "..", 1)):
            message = host.evaluate("(code) => { try { phones.unpack(code); return null; } catch (e) { return e.message; } }",
                                    broken)
            assert message and "Thieves' Table" in message, broken
    # Unpacked, the offer is taken as a remote description and answered; the answer completes the offer.
    completed = host.evaluate("""async ([offerCode]) => {
        const a = new RTCPeerConnection({iceServers: []}), b = new RTCPeerConnection({iceServers: []});
        a.createDataChannel('t');
        await a.setLocalDescription(await a.createOffer());
        await b.setRemoteDescription(phones.unpack(offerCode));
        await b.setLocalDescription(await b.createAnswer());
        await a.setRemoteDescription(phones.unpack(phones.pack(b.localDescription.sdp, 'answer')));
        const states = [a.signalingState, b.signalingState];
        a.close(); b.close();
        return states;
    }""", [host.evaluate("([sdp]) => phones.pack(sdp, 'offer')", [offer])])
    assert completed == ["stable", "stable"]


# An offer as another browser might write it: its candidates of every kind the code keeps, and
# some it leaves out (tcp, relayed, a scoped address, the same one twice).
OTHER_OFFER = "\r\n".join([
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 2f7163da-54e5-4232-bf75-18dab83f5c82.local 40457 typ host",
    "a=candidate:1 1 UDP 2122187007 10.0.0.7 50000 typ host",
    "a=candidate:2 1 UDP 2122121471 2001:db8::7 50001 typ host",
    "a=candidate:3 1 UDP 2122056000 phone-7.local 1 typ host",
    "a=candidate:4 1 UDP 2122055999 10.0.0.7 50000 typ host",
    "a=candidate:5 1 TCP 2105524479 10.0.0.7 9 typ host tcptype active",
    "a=candidate:6 1 UDP 8265727 203.0.113.9 3478 typ relay raddr 0.0.0.0 rport 0",
    "a=candidate:7 1 UDP 2122000000 fe80::1%wlan0 50002 typ host",
    "a=sendrecv", "a=ice-pwd:0123456789abcdef0123456789ab/+cd", "a=ice-ufrag:abc+/def",
    "a=fingerprint:sha-256 " + ":".join(f"{i * 7 % 256:02X}" for i in range(32)),
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:1073741823", ""])


def test_an_offer_of_another_make_keeps_its_host_candidates_over_udp(phones):
    host, _ = phones
    host.evaluate(WITH_PHONES)
    code = host.evaluate("(sdp) => phones.pack(sdp, 'offer')", OTHER_OFFER)
    unpacked = host.evaluate("(code) => phones.unpack(code)", code)["sdp"].split("\r\n")
    assert [line.split(" ", 4)[4] for line in unpacked if line.startswith("a=candidate:")] == [
        "2f7163da-54e5-4232-bf75-18dab83f5c82.local 40457 typ host", "10.0.0.7 50000 typ host",
        "2001:db8::7 50001 typ host", "phone-7.local 1 typ host"]
    assert "a=ice-ufrag:abc+/def" in unpacked and "a=ice-pwd:0123456789abcdef0123456789ab/+cd" in unpacked
    assert "a=fingerprint:sha-256 " + ":".join(f"{i * 7 % 256:02X}" for i in range(32)) in unpacked
    assert len(code) == 81 + 12 + 26 + 10 + 26 + (1 + 1 + 3 + 7), code     # (".n", the port, the name)
    # Something that is no data-channel offer is not packed.
    for sdp, kind in ((OTHER_OFFER.replace("a=setup:actpass", "a=setup:active"), "offer"),
                      (OTHER_OFFER.replace("webrtc-datachannel", "120"), "offer"), (OTHER_OFFER, "pranswer"),
                      (OTHER_OFFER.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1"), "offer")):
        assert host.evaluate("""([sdp, kind]) => { try { phones.pack(sdp, kind); return false; }
                                                   catch (e) { return e instanceof Error; } }""", [sdp, kind])


@pytest.mark.parametrize("phones", ["mdns", "addresses"], indirect=True)
def test_two_phones_link_by_their_codes_and_talk_both_ways(phones):
    host, guest = phones
    for page in phones:
        page.evaluate(WITH_UI)
        assert not page.evaluate("[...document.scripts].length"), "no page of the app is on it"
    # The host's code, the joining phone's reply, the host takes it: the channel opens on both.
    started = time.monotonic()
    run(host, "phoneHost", "table-1")
    offer = told(host, "phone-offer", "table-1")["sdp"]
    offered = time.monotonic()
    run(guest, "phoneJoin", "to-host", offer)
    answer = told(guest, "phone-answer", "to-host")["sdp"]
    answered = time.monotonic()
    assert len(offer) < 250 and len(answer) < 250 and set(offer + answer) <= URL_SAFE
    assert offer.startswith("T1o.") and answer.startswith("T1a.")
    run(host, "phoneAccept", "table-1", answer)
    told(host, "phone-open", "table-1")
    told(guest, "phone-open", "to-host")
    print(f"\nthe table's code ({len(offer)} characters, {offered - started:.2f} s, ui.js loading phones.mjs): {offer}"
          f"\nthe reply ({len(answer)} characters, {answered - offered:.2f} s): {answer}"
          f"\nthe reply taken to both channels open: {time.monotonic() - answered:.2f} s")
    # Messages cross both ways, in order, whole (one the size of the limit too).
    run(host, "phoneSend", "table-1", "hello from the table")
    run(guest, "phoneSend", "to-host", '{"seat": 2, "name": "Ænid ♠"}')
    run(guest, "phoneSend", "to-host", "second")
    assert told(guest, "phone-message", "to-host")["text"] == "hello from the table"
    told(host, "phone-message", "table-1")
    host.wait_for_function("told.filter(([k]) => k === 'phone-message').length === 2")
    assert host.evaluate("told.filter(([k]) => k === 'phone-message').map(([k, d]) => d.text)") == \
        ['{"seat": 2, "name": "Ænid ♠"}', "second"]
    big = "x" * 262144
    guest.evaluate("(big) => thievesTableUI.run('phoneSend', ['to-host', big])", big)
    host.wait_for_function("told.filter(([k]) => k === 'phone-message').length === 3")
    assert host.evaluate("told.filter(([k]) => k === 'phone-message')[2][1].text.length") == 262144
    run(host, "phoneSend", "nobody", "lost")                   # a link never made: nothing
    # The joining phone leaves: the host is told the link closed, once.
    run(guest, "phoneClose", "to-host")
    told(host, "phone-closed", "table-1")
    host.wait_for_timeout(500)
    assert kinds(host, "table-1").count("phone-closed") == 1
    assert "phone-closed" not in kinds(guest, "to-host"), "a phone's own close is not told to it"
    assert not [kind for kind, _ in host.evaluate("told") if kind == "phone-error"]
    # Sending after the close does nothing.
    run(host, "phoneSend", "table-1", "anyone there?")
    run(guest, "phoneSend", "to-host", "anyone there?")


def test_what_is_not_text_or_over_the_limit_is_refused_not_told(phones):
    host, guest = phones
    for page in phones:
        page.evaluate(WITH_PHONES)
    # The sender refuses a message over the limit itself: the remote's max-message-size is the limit.
    host.evaluate("phones.host('a')")
    offer = told(host, "phone-offer", "a")["sdp"]
    guest.evaluate("(code) => phones.join('b', code)", offer)
    host.evaluate("(code) => phones.accept('a', code)", told(guest, "phone-answer", "b")["sdp"])
    told(host, "phone-open", "a")
    told(guest, "phone-open", "b")
    guest.evaluate("phones.send('b', 'y'.repeat(262145))")
    assert "too long" in told(guest, "phone-error", "b")["message"]
    guest.evaluate("phones.send('b', 'after')")
    assert told(host, "phone-message", "a")["text"] == "after"
    # Closing the host's side tells the joining phone.
    host.evaluate("phones.close('a')")
    told(guest, "phone-closed", "b")
    # A phone of another make, or another program, may send bytes: here a plain RTCPeerConnection.
    # (One over the limit cannot be sent from Chromium: it caps what it sends at its own limit too,
    # whatever the other side's code says, so phones.mjs's own check on arrival is not seen here.)
    host.evaluate("phones.host('c')")
    offer = told(host, "phone-offer", "c")["sdp"]
    answer = guest.evaluate("""async (code) => {
        const offer = phones.unpack(code);
        const pc = window.raw = new RTCPeerConnection({iceServers: []});
        pc.ondatachannel = ({channel}) => { window.rawChannel = channel; };
        await pc.setRemoteDescription(offer);
        await pc.setLocalDescription(await pc.createAnswer());
        await new Promise((resolve) => { pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve(); });
        return phones.pack(pc.localDescription.sdp, 'answer');
    }""", offer)
    host.evaluate("(code) => phones.accept('c', code)", answer)
    told(host, "phone-open", "c")
    guest.wait_for_function("window.rawChannel?.readyState === 'open'")
    guest.evaluate("rawChannel.send(new Uint8Array([1, 2, 3]))")
    assert "not text" in told(host, "phone-error", "c")["message"]
    guest.evaluate("rawChannel.send('fits')")
    assert told(host, "phone-message", "c")["text"] == "fits"
    assert host.evaluate("told.filter(([k, d]) => d.link === 'c').map(([k]) => k)") == \
        ["phone-offer", "phone-open", "phone-error", "phone-message"]
    guest.evaluate("raw.close()")
    told(host, "phone-closed", "c")


@pytest.mark.parametrize("code", GARBAGE + ["T1o.I6pK.6iiqeqGddIVUd6W63-urpIc8.1S4ctYGv7wPFY77CfVUewqPYWBs3z5klh5VSZ9VSMGk.uMv"])
def test_garbage_codes_are_refused_in_plain_words(phones, code):
    host, guest = phones
    for page in phones:
        page.evaluate(WITH_UI)
    run(guest, "phoneJoin", "j", code)
    message = told(guest, "phone-error", "j")["message"]
    assert "Thieves' Table" in message and "Error" not in message, message
    run(host, "phoneHost", "h")
    told(host, "phone-offer", "h")
    run(host, "phoneAccept", "h", code)
    message = told(host, "phone-error", "h")["message"]
    assert "Thieves' Table" in message and ("reply" in message or "another version" in message), message
    assert kinds(guest, "j") == ["phone-error"]


def test_the_wrong_code_in_the_wrong_place_says_so(phones):
    host, guest = phones
    for page in phones:
        page.evaluate(WITH_UI)
    run(host, "phoneHost", "h")
    offer = told(host, "phone-offer", "h")["sdp"]
    run(host, "phoneAccept", "h", offer)                        # the table's own code as its reply
    assert "not a reply" in told(host, "phone-error", "h")["message"]
    run(guest, "phoneJoin", "j", offer)
    answer = told(guest, "phone-answer", "j")["sdp"]
    run(guest, "phoneJoin", "j2", answer)                       # a reply where a table's code goes
    assert "reply code" in told(guest, "phone-error", "j2")["message"]
    run(host, "phoneAccept", "other", answer)                   # a link that made no code
    assert "closed" in told(host, "phone-error", "other")["message"]
    run(host, "phoneAccept", "h", answer)                       # right at last: the link opens
    told(host, "phone-open", "h")
    run(host, "phoneAccept", "h", answer)                       # a second reply for the same code
    assert "already" in told(host, "phone-error", "h", nth=2)["message"]
    told(guest, "phone-open", "j")


def test_phones_module_is_in_the_site_and_precached(site):
    assert (site / "phones.mjs").is_file()
    assert '"phones.mjs"' in (site / "sw.js").read_text()
