"""Club mode between devices that are separate hosts of a network (issue 39,
item 6): each Chromium runs in a network namespace of its own, joined to the
others by a bridge, with an address of the documentation range
198.51.100.0/24 and nothing routed out; the site is served from the
bridge's own address. Loopback no longer joins the devices: a pairing must go
through the network, as between the phones of a room.

- two devices pair and play a few moves;
- a bridge that keeps its ports apart (a guest Wi-Fi's "client isolation"):
  the devices still load the site, but cannot reach each other, and the
  host's screen says so within 15 s of reading the guest's code.

The namespaces, the bridge and its links are made for the test and removed
after it. Where they cannot be made (not root, no ``ip``, a container that
forbids it), the tests are skipped and say why."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import threading
import uuid

import pytest

from test_club_browser import offer, pair, play, press, start_club  # noqa: F401 (the pairing steps)
from harness import open_app

from plateau.web.session import Session

NET = "198.51.100"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _ip(*args: str, ns: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    cmd = (["ip", "netns", "exec", ns] if ns else []) + ["ip", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


class Room:
    """A bridge and a namespace per device, each with its address."""

    def __init__(self, devices: int) -> None:
        tag = uuid.uuid4().hex[:5]
        self.bridge = f"plb{tag}"
        self.spaces = [f"plateau-{tag}-{i}" for i in range(devices)]
        self.links = [f"plv{tag}{i}" for i in range(devices)]
        self.host_address = f"{NET}.1"
        _ip("link", "add", self.bridge, "type", "bridge")
        _ip("addr", "add", f"{self.host_address}/24", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        for i, (ns, link) in enumerate(zip(self.spaces, self.links)):
            subprocess.run(["ip", "netns", "add", ns], check=True, capture_output=True)
            _ip("link", "add", link, "type", "veth", "peer", "name", f"{link}p")
            _ip("link", "set", f"{link}p", "netns", ns)
            _ip("link", "set", link, "master", self.bridge)
            _ip("link", "set", link, "up")
            _ip("link", "set", "lo", "up", ns=ns)
            _ip("link", "set", f"{link}p", "name", "eth0", ns=ns)
            _ip("addr", "add", f"{NET}.{10 + i}/24", "dev", "eth0", ns=ns)
            _ip("link", "set", "eth0", "up", ns=ns)
            # a default route on the device's own link and no gateway: the browser gathers its addresses
            # on the interface of the default route (as a phone's Wi-Fi), and nothing leaves the bridge
            _ip("route", "add", "default", "dev", "eth0", ns=ns)

    def keep_apart(self) -> None:
        """Each device's port isolated, as a guest Wi-Fi keeps its clients apart:
        a device reaches the bridge's own address (the site), not another device."""
        for link in self.links:
            subprocess.run(["bridge", "link", "set", "dev", link, "isolated", "on"], check=True,
                           capture_output=True)

    def remove(self) -> None:
        for ns in self.spaces:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        _ip("link", "del", self.bridge, check=False)


def _room_or_skip(devices: int) -> Room:
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    for tool in ("ip", "bridge"):
        if shutil.which(tool) is None:
            pytest.skip(f"no {tool!r} command (iproute2)")
    try:
        return Room(devices)
    except (subprocess.CalledProcessError, OSError) as err:
        out = getattr(err, "stderr", "") or str(err)
        pytest.skip(f"network namespaces cannot be made here: {out.strip()[:200]}")


@pytest.fixture
def room(request, tmp_path, site_dir, playwright):
    """``room(apart=False)``: a host and a guest page, each in its own
    namespace, and the site's address on the bridge."""
    made: list = []

    def make(apart: bool = False):
        r = _room_or_skip(2)
        made.append(r)
        if apart:
            r.keep_apart()
        from serve import make_server

        srv = make_server(site_dir, r.host_address, 0)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        made.append(srv)
        url = f"http://{r.host_address}:{srv.server_address[1]}/"
        pages = []
        for ns in r.spaces:
            wrapper = tmp_path / f"chromium-{ns}"
            wrapper.write_text(f"#!/bin/sh\nexec ip netns exec {ns} /usr/bin/chromium \"$@\"\n")
            wrapper.chmod(0o755)
            # the page is served over http from another address: the browser is told it is a secure
            # origin, as the club's site is (https) on a real host
            b = playwright.chromium.launch(executable_path=str(wrapper), args=ARGS + [
                f"--unsafely-treat-insecure-origin-as-secure={url.rstrip('/')}"])
            made.append(b)
            p = b.new_page(viewport={"width": 1280, "height": 900})
            p.on("dialog", lambda d: d.accept())
            pages.append(p)
        return url, pages

    yield make
    for thing in reversed(made):
        if isinstance(thing, Room):
            thing.remove()
        elif hasattr(thing, "shutdown"):
            thing.shutdown()
            thing.server_close()
        else:
            thing.close()


def _addresses(page) -> list[str]:
    """The host candidates' addresses the page's offer carries (its own, on its network)."""
    from plateau.web import club

    link = page.locator("[data-offer]").first.input_value()
    return [c[0] for c in club.pack_sdp(club.read_code(link, "o")["sdp"])[4]]


def test_two_devices_on_a_network_pair_and_play(room):
    url, (h, g) = room()
    start_club(h, url, "thud", 3)
    link = offer(h)
    open_app(g, url)
    pair(h, g, link)
    rnd = random.Random(5)
    from test_club_browser import host_record

    for _ in range(4):
        s = Session(host_record(h))
        me = h if s.state.to_play == 0 else g
        play(me, rnd.choice(s.legal()), [h if me is g else g])
    assert len(host_record(h).moves) == 4
    assert g.locator("#moves li").count() == 5


def test_a_network_that_keeps_devices_apart_is_said_on_the_hosts_screen(room):
    url, (h, g) = room(apart=True)
    start_club(h, url, "thud", 3)
    link = offer(h)
    open_app(g, url)  # the site itself is reached: only the devices cannot reach each other
    g.goto(link)
    g.wait_for_selector("[data-answer-code]", timeout=30_000)
    h.fill('[data-answer="a"]', g.input_value("[data-answer-code]"))
    press(h, '[data-code-for="a"] [data-action="club-read"]')
    # said within 15 s of the code read (the wait's own limit; the page waits LINK_WAIT_S for a link)
    h.wait_for_selector('[data-device="a"][data-state="apart"]', timeout=15_000)
    said = h.inner_text("#messages")
    assert "Wi-Fi" in said and ("appareil A" in said or "Device A" in said), said
    assert g.locator('#club[data-connected="yes"]').count() == 0
