"""Club mode paired with the camera only (issue 29 §1: "Another joins by
scanning a QR code the host shows, then the host scans the QR code the joiner
shows"; "joining takes two scans"). Each of two separate Chromium browsers has
a camera faked from a file; the file each camera films is the picture of the
QR code the other device shows on its screen, taken from that screen. This
Chromium has no ``BarcodeDetector``: the codes are read by the site's vendored
jsQR. No text is copied from one device to the other. A scan can be stopped."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from harness import open_app
from plateau.web.session import Session
from test_club_browser import ARGS, host_record, play, start_club

Image = pytest.importorskip("PIL.Image")

SIDE = 640  # the camera's picture: SIDE × SIDE


def film(path: Path, picture=None) -> None:
    """Make ``path`` a one-frame YUV4MPEG2 film of ``picture`` (a PIL image,
    scaled to fit, on white), or of a white wall; the fake camera loops it."""
    frame = Image.new("L", (SIDE, SIDE), 255)
    if picture is not None:
        pic = picture.convert("L")
        k = (SIDE - 40) / max(pic.size)
        pic = pic.resize((int(pic.width * k), int(pic.height * k)), Image.NEAREST)
        frame.paste(pic, ((SIDE - pic.width) // 2, (SIDE - pic.height) // 2))
    chroma = bytes([128]) * (SIDE // 2) * (SIDE // 2)
    tmp = path.with_suffix(".part")
    tmp.write_bytes(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n"
                    + frame.tobytes() + chroma + chroma)
    tmp.replace(path)


def shown(locator):
    """The QR code a device shows, as its screen shows it."""
    locator.wait_for(timeout=60_000)
    return Image.open(io.BytesIO(locator.screenshot()))


def click(page, selector: str) -> None:
    """A press of the mouse inside the button, off its middle."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.7)


@pytest.fixture
def filmed(playwright, tmp_path):
    """Two browsers, each with a camera filming its own file: (host, guest, host's film, guest's film)."""
    films, browsers = [], []
    for who in ("host", "guest"):
        f = tmp_path / f"{who}.y4m"
        film(f)  # the camera exists from the start; what it films is set before each scan
        films.append(f)
        browsers.append(playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS + [
            "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={f}"]))
    pages = [b.new_page(viewport={"width": 1280, "height": 900}) for b in browsers]
    yield (*pages, *films)
    for b in browsers:
        b.close()


def test_two_scans_pair_two_devices(filmed, base_url):
    h, g, h_film, g_film = filmed
    assert not h.evaluate("'BarcodeDetector' in window")  # the vendored reader is the one at work
    open_app(g, base_url, "#join")  # a guest with no link: the join screen, and its Scan button
    g.wait_for_selector('#club-join [data-action="club-scan"]')
    # a scan the player stops (the camera films a wall): the camera let go, nothing read, Scan again
    click(g, '#club-join [data-action="club-scan"]')
    g.wait_for_selector(".club-video")
    assert g.locator('#club-join [data-action="club-scan"]').is_disabled()  # one scan at a time
    click(g, '[data-action="club-scan-stop"]')
    g.wait_for_selector(".club-video", state="detached")
    assert g.input_value("[data-join]") == "" and g.locator('#club-join [data-action="club-scan"]').is_enabled()

    start_club(h, base_url, "thud", 4)
    click(h, '[data-device="a"] [data-action="club-code"]')
    film(g_film, shown(h.locator('[data-code-for="a"] .club-qr svg')))  # the guest's camera faces the host's screen
    click(g, '#club-join [data-action="club-scan"]')
    g.wait_for_selector("[data-answer-code]", timeout=60_000)  # the host's code read: the guest's answer
    assert "Thud" in g.inner_text("#club-join-for")  # what the code is for, before anything connects
    answer = g.locator("#club-join .club-qr svg")
    film(h_film, shown(answer))  # the host's camera faces the guest's screen
    click(h, '[data-code-for="a"] [data-action="club-scan"]')
    h.wait_for_function("document.querySelector('[data-answer=\"a\"]').value.length > 0", timeout=60_000)
    assert h.input_value('[data-answer="a"]') == g.input_value("[data-answer-code]")
    assert not h.locator(".club-video").count()  # the camera is let go once the code is read
    click(h, '[data-code-for="a"] [data-action="club-read"]')
    h.wait_for_selector('[data-device="a"][data-state="connected"]', timeout=30_000)
    g.wait_for_selector('#club[data-connected="yes"]', timeout=30_000)

    rnd = random.Random(3)  # and the game goes on between them
    for _ in range(2):
        s = Session(host_record(h))
        me = h if s.state.to_play == 0 else g
        play(me, rnd.choice(s.legal()), [h if me is g else g])
    assert len(host_record(h).moves) == 2
