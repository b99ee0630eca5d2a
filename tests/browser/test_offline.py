"""Once loaded, the site keeps working with no network (its service worker)."""

from harness import READY


def test_app_starts_offline_after_a_first_visit(browser, base_url):
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null || "
                           "navigator.serviceWorker.ready.then(() => true)", timeout=30_000)
    page.reload()  # this load goes through the worker and fills its cache
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.click('[data-game="thud"] [data-action="new"]')
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board svg")
    ctx.close()
