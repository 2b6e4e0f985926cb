"""The API's interactive page, /api/docs (django-ninja's Swagger UI), renders in the
browser under the site's Content-Security-Policy: its script and style come from this
site's /static/ (the files django-ninja ships), nothing from a CDN, and the browser reports
no CSP violation (docs/api.md)."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_page_shows_the_operations_under_the_csp(asgi_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console, requests = [], []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("request", lambda request: requests.append(request.url))
    response = page.goto(f"{asgi_server}/api/docs")
    assert response is not None and response.status == 200
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "cdn" not in policy
    page.wait_for_selector(".opblock-summary-path", timeout=20_000)
    paths = page.locator(".opblock-summary-path").all_text_contents()
    assert "/api/tournaments" in paths and "/api/games" in paths
    assert page.locator(".opblock-summary-method").first.text_content() == "GET"
    page.wait_for_load_state("networkidle")
    assert [url for url in requests if urlparse(url).netloc != urlparse(asgi_server).netloc] == []
    violations = [line for line in console if "Content Security Policy" in line]
    assert violations == [], violations
    context.close()
