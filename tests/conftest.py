"""Shared fixtures: the built site served on a free local port, and
Playwright launched on Debian's Chromium (Playwright downloads no browser)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PLATEAU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))  # shared test helpers (leaks.py)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """A fresh build of the site (the same build the README publishes)."""
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    return out


@pytest.fixture(scope="session")
def second_site(tmp_path_factory) -> Path:
    """A second build of the same sources with another label: another
    bundle and cache name, as a new upload of the site is (built once a run)."""
    out = tmp_path_factory.mktemp("second") / "site"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out), "--label", "second build"],
                   check=True, stdout=subprocess.DEVNULL)
    return out


@pytest.fixture(scope="session")
def base_url(site_dir) -> str:
    from serve import make_server

    srv = make_server(site_dir, "127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/"
    srv.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: scripts/test.sh installs Debian's chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


#: the browser's language in tests: the club's, French (a first visit follows the browser's
#: language; a test that needs another gives its context a ``locale``)
LOCALE = "fr-FR"


@pytest.fixture(scope="session", autouse=True)
def french_browsers():
    """Every browser context a test opens speaks French unless it says otherwise."""
    try:
        from playwright.sync_api import Browser
    except ImportError:  # engine tests run without Playwright
        yield
        return
    orig = Browser.new_context

    def new_context(self, *a, **kw):
        kw.setdefault("locale", LOCALE)
        return orig(self, *a, **kw)

    Browser.new_context = new_context
    yield
    Browser.new_context = orig


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1200, "height": 900}, "service_workers": "block",
            "locale": LOCALE}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
        # a module may send some cases of a parametrized test to the long run by name
        if item.name in getattr(getattr(item, "module", None), "SLOW_CASES", ()):
            item.add_marker(pytest.mark.slow)
