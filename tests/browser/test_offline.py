"""Offline from the first visit, and one whole build at a time (issue 8,
items 3 and 7): "the first visit makes everything the app needs available
offline (install-time precache of the whole app shell, content-named); a
rebuild with a new bundle gives a returning visitor the new version whole,
never a mix of old and new files, and never a broken page while the new
version installs"; "version every cached path"."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from harness import READY, new_visitor

ROOT = Path(__file__).resolve().parents[2]
CONTROLLED = "navigator.serviceWorker.controller !== null"


def shell_of(site: Path) -> tuple[str, set[str]]:
    """The cache name and the file list that a build's sw.js precaches."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    cache = re.search(r'const CACHE = "([^"]+)"', sw).group(1)
    shell = json.loads(re.search(r"const SHELL = (\{.*?\});", sw, re.S).group(1))
    return cache, set(shell)


def requested(page, base: str) -> set[str]:
    """What the page asked of the site (paths relative to it, with query)."""
    urls = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    out = set()
    for u in urls:
        p = urlparse(u)
        if u.startswith(base):
            out.add(p.path[len(urlparse(base).path):] + (f"?{p.query}" if p.query else ""))
    return out


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def poll(page, promise_js: str, timeout: float = 120.0) -> None:
    """Wait until the promise ``promise_js`` evaluated in the page gives true."""
    end = time.monotonic() + timeout
    while not page.evaluate(promise_js):
        assert time.monotonic() < end, f"still false after {timeout} s: {promise_js} (caches: {cache_names(page)})"
        time.sleep(0.25)


def wait_controlled(page) -> None:
    page.wait_for_function(CONTROLLED, timeout=60_000)


def installed(browser, url: str, cache: str):
    """A new visitor's context on ``url``, once its worker has installed the
    build whose cache is ``cache``: ``(context, page, page errors)``."""
    ctx, page, errors = new_visitor(browser, "allow")
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    wait_controlled(page)  # installed: the whole shell is in its cache
    poll(page, f"caches.keys().then(k => k.length === 1 && k[0] === {json.dumps(cache)})", 30)
    return ctx, page, errors


def test_every_file_of_the_page_is_content_named_and_precached(site_dir):
    cache, shell = shell_of(site_dir)
    page = (site_dir / "index.html").read_text(encoding="utf-8")
    refs = set(re.findall(r'(?:src|href|config)="([^"#]+)"', page))
    assert refs and refs <= shell, refs - shell
    for url in shell - {"index.html"}:  # a new content gives a new name
        # (a library vendored from npm lives in a folder named by its pinned version, which never changes)
        assert re.search(r"[-=][0-9a-f]{12}|-1\.4\.3-|^static/vendor/[a-z-]+-\d+\.\d+\.\d+/", url), url
        assert (site_dir / url.split("?")[0]).is_file()
    config = next(u for u in shell if re.fullmatch(r"pyscript-[0-9a-f]{12}\.json", u))
    for path in re.findall(r'"\./([^"*]+)"', (site_dir / config).read_text(encoding="utf-8")):
        assert path in shell, path


def test_one_visit_then_offline_reload(browser, base_url, site_dir):
    ctx, page, _ = installed(browser, base_url, shell_of(site_dir)[0])
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    # the content-named files come from the cache by the worker's static routes, without
    # its fetch handler (a browser with the routing API: Chromium reports the route taken);
    # all but the runtime's WebAssembly, which the network's route could not give offline
    # (below)
    routed = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => /\\/static\\/(vendor|build)\\//.test(e.name) && !e.name.endsWith('/pyodide.asm.wasm'))
        .map((e) => [e.name, e.workerMatchedSourceType])""")
    assert len(routed) >= 5, routed
    assert all(src == "cache" for _, src in routed), routed
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    page.goto(base_url + "index.html?embed&game=thud")  # the page under another name, offline
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_selector("#board svg")
    ctx.close()


def test_offline_without_the_runtime_in_the_http_cache(browser, base_url, site_dir):
    """The worker sends the runtime's WebAssembly to the network (for the
    browser's compiled-code cache): offline, with the browser's HTTP cache
    emptied, the page takes it from the worker's cache and starts."""
    ctx, page, errors = installed(browser, base_url, shell_of(site_dir)[0])
    page.reload()  # online, controlled: the WebAssembly by the network's route
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    wasm = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('/pyodide.asm.wasm')).map((e) => e.workerMatchedSourceType)""")
    assert wasm == ["network"], wasm
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.clearBrowserCache")
    ctx.set_offline(True)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert any(u.endswith("/pyodide.asm.wasm") for u in failed), failed  # the network could not give it
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    assert not errors, errors
    ctx.close()


# the page's idle moments never come: the games it fetches in the background once
# ready (static/pyodide-boot.mjs, gamesLater) are never fetched
NO_IDLE = "window.requestIdleCallback = () => 0;"


def test_offline_a_game_not_yet_in_place_is_fetched_from_the_cache_when_opened(browser, base_url, site_dir):
    """A synchronous request does not go through the offline cache's worker:
    offline, a game opened before the page has put it in place is fetched in
    the background and the action done once it is there."""
    ctx, page, errors = installed(browser, base_url, shell_of(site_dir)[0])
    ctx.set_offline(True)
    page.add_init_script(NO_IDLE)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.click('[data-game="armadora"] [data-action="rules"]')
    page.wait_for_selector("article.rules", timeout=30_000)
    assert page.get_attribute("html", "data-games") == "later"  # not stored in the background: fetched on demand
    page.go_back()
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    assert not page.query_selector(".msg.error"), page.inner_text("#messages")
    assert not errors, errors
    ctx.close()


def test_offline_without_the_offline_cache_a_game_not_in_place_says_why(browser, base_url):
    """No service worker (a browser that refuses it): offline, a game the page
    never fetched cannot be had; the player is told so and stays where they were."""
    ctx, page, errors = new_visitor(browser)
    page.add_init_script(NO_IDLE)
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    ctx.set_offline(True)
    page.click('[data-game="thud"] [data-action="new"]')
    page.wait_for_selector(".msg.error", timeout=30_000)
    said = page.inner_text(".msg.error")
    assert "Thud" in said and ("offline" in said or "hors ligne" in said), said
    assert page.query_selector('[data-game="thud"] [data-action="new"]')  # still the home screen
    assert not errors, errors
    ctx.set_offline(False)  # back online: the same button works
    page.click('[data-game="thud"] [data-action="new"]')
    page.wait_for_selector('#new-game button[type="submit"]')
    ctx.close()


@pytest.fixture()
def two_builds(site_dir, second_site, tmp_path):
    """The site as first published (``site_dir``) and a rebuild with a new
    bundle, served from one address whose contents can be switched."""
    second = second_site
    slot = tmp_path / "slot"
    os.symlink(site_dir, slot)

    def publish(site: Path) -> None:
        tmp = tmp_path / "slot.new"
        os.symlink(site, tmp)
        os.replace(tmp, slot)

    from serve import make_server

    srv = make_server(slot, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/", site_dir, second, publish
    srv.shutdown()
    srv.server_close()


def test_a_returning_visitor_gets_the_new_build_whole(browser, two_builds):
    base, first, second, publish = two_builds
    cache1, shell1 = shell_of(first)
    cache2, shell2 = shell_of(second)
    assert cache1 != cache2 and any(u.startswith("static/build/plateau-") for u in shell2 - shell1)
    ctx, page, errors = installed(browser, base, cache1)

    publish(second)  # the club uploads a new build
    page.reload()  # served whole by the first build while the second installs
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    got = requested(page, base)
    assert got <= shell1, got - shell1
    # the second build installs whole, then takes over
    poll(page, f"caches.open({json.dumps(cache2)}).then(c => c.match('plateau-complete')).then(r => !!r)")
    poll(page, "navigator.serviceWorker.getRegistration().then(r => !!r && !r.installing && !r.waiting"
               " && !!r.active && r.active.state === 'activated')")

    page.reload()  # the new build, whole
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    got = requested(page, base)
    assert got <= shell2, got - shell2
    assert page.get_attribute("script[type=py]", "config") in shell2
    ctx.set_offline(True)  # and it is all in the new cache
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    assert not errors, errors
    ctx.close()
