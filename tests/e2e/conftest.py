"""Browser-test fixtures: the real ASGI application served by uvicorn in a thread of the
test process (so it uses the test database and the Redis channel layer), and Playwright
driving Debian's Chromium headless (never a downloaded browser).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _ServerThread(threading.Thread):
    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        import uvicorn

        from config.asgi import application

        config = uvicorn.Config(
            application, host="127.0.0.1", port=port, log_level="warning", lifespan="off"
        )
        self.server = uvicorn.Server(config)

    def run(self) -> None:
        asyncio.run(self.server.serve())


@pytest.fixture
def asgi_server(transactional_db):
    """Serve the project's ASGI application on a free port; yields its base URL."""
    port = _free_port()
    thread = _ServerThread(port)
    thread.start()
    deadline = time.monotonic() + 20
    while not thread.server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    thread.server.should_exit = True
    thread.join(timeout=10)
    # The server's worker threads may keep database connections; close them so the test
    # database can be dropped.
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail("Debian's chromium is not installed: run bin/setup --browser")
    return path


@pytest.fixture
def browser(monkeypatch):
    """Chromium through Playwright's sync API.

    The sync API keeps an event loop running in the test's thread, so Django's guard
    against ORM calls from async code would trip on the test's own (synchronous) setup
    and assertions; Playwright's Django guidance is to lift the guard in such tests.
    """
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()
