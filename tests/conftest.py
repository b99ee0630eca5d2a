"""Shared fixtures: the built site served on a free local port, and
Playwright launched on Debian's Chromium (Playwright downloads no browser)."""

from __future__ import annotations

import os
import shutil
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


def _build(out: Path, *args: str) -> None:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out), *args], check=True,
                   stdout=subprocess.DEVNULL)


def _once_a_run(tmp_path_factory, name: str, make) -> Path:
    """The directory ``make(path)`` fills, made once a test run: with
    pytest-xdist's workers (``-n``) the first worker to ask makes it in the
    run's common temporary directory, under one lock for all such (two builds
    never run at once), and the others wait and use it; a make that failed is
    tried again by the next one to ask."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    import fcntl

    common = tmp_path_factory.getbasetemp().parent  # the run's, shared by its workers
    out, done = common / name, common / f"{name}.done"
    with open(common / "once-a-run.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            make(out)
            done.touch()
    return out


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """A fresh build of the site (the same build the README publishes), made
    once a run. ``PLATEAU_SITE`` names a build made just before from the same
    sources (scripts/test.sh: the one scripts/setup.sh made), copied instead of
    built again (tests write pages of their own beside the site's)."""
    made = os.environ.get("PLATEAU_SITE")

    def make(out: Path) -> None:
        if made:
            if not (Path(made) / "index.html").is_file():
                pytest.fail(f"PLATEAU_SITE={made} holds no built site")
            shutil.copytree(made, out, symlinks=True, dirs_exist_ok=True)
        else:
            _build(out)

    return _once_a_run(tmp_path_factory, "site", make)


@pytest.fixture(scope="session")
def second_site(tmp_path_factory) -> Path:
    """A second build of the same sources with another label: another
    bundle and cache name, as a new upload of the site is (built once a run)."""
    return _once_a_run(tmp_path_factory, "second", lambda out: _build(out / "site", "--label", "second build")) / "site"


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
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # on several processes (scripts/test.sh: --dist loadfile --no-loadscope-reorder), the
        # browser test files first, the longest of them at the head: the many short engine test
        # files last fill in around them, so that the processes finish close together
        def rank(item):
            path = str(item.fspath).replace(os.sep, "/")
            name = path.rsplit("/", 1)[-1]
            return (0 if name in LONGEST else 1 if "tests/browser" in path else 2,
                    LONGEST.index(name) if name in LONGEST else 0)

        items.sort(key=rank)  # stable: a file's tests keep their order


#: the test files that take longest (measured on CI), longest first; the offline tests' first
#: file starts the second build (``second_site``) early, and the second file that waits for it
#: comes once both processes have work of their own
LONGEST = ["test_offline.py", "test_app.py", "test_webflow_browser.py", "test_hidden_browser.py",
           "test_offline_saved.py", "test_hardening_browser.py", "test_layout_browser.py",
           "test_club_browser.py", "test_legible_browser.py", "test_startup.py"]
