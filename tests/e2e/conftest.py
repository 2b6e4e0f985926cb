"""Browser-test fixtures: the real ASGI application served by uvicorn in a thread of the
test process (so it uses the test database and the Redis channel layer), and Playwright
driving Debian's Chromium headless (never a downloaded browser).

A test's database setup goes in its module's ``live_match`` fixture, which ``browser``
depends on, so it runs before Playwright starts: the sync API keeps an event loop running in
the test's thread, where the services' after-commit broadcasts (``async_to_sync``) would fail.
What the tests share is in ``helpers.py``.
"""

from __future__ import annotations

import asyncio
import logging
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
            application,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="off",
            # Connections still open at teardown get this long, then their tasks are cancelled.
            timeout_graceful_shutdown=5,
        )
        self.server = uvicorn.Server(config)

    def run(self) -> None:
        asyncio.run(self.server.serve())


@pytest.fixture
def asgi_server(transactional_db):
    """Serve the project's ASGI application on a free port; yields its base URL."""
    from channels.layers import channel_layers

    # A channel layer receives on one event loop only (channels_redis), and each server has
    # its own loop: give each server a fresh layer, as each process has in production, so
    # that nothing a previous server left behind can break this one.
    channel_layers.backends.clear()
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
    thread.join(timeout=30)
    channel_layers.backends.clear()
    # The server's worker threads may keep database connections; close them so the test
    # database can be dropped.
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
    assert not thread.is_alive(), "uvicorn did not stop"


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail("Debian's chromium is not installed: run bin/setup --browser")
    return path


@pytest.fixture
def live_match():
    """The test's match, made in the database before Playwright starts; a module that needs
    one overrides this fixture (usually with ``helpers.start_first_round``)."""
    return None


@pytest.fixture
def browser(live_match, monkeypatch):
    """Chromium through Playwright's sync API, started after ``live_match``.

    The sync API keeps an event loop running in the test's thread, so Django's guard
    against ORM calls from async code would trip on the test's own (synchronous) reads and
    assertions; Playwright's Django guidance is to lift the guard in such tests. Services
    that broadcast after commit must not be called then (their ``async_to_sync`` fails):
    set the database up in ``live_match``.
    """
    from django.db import connections
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()
        # With the loop running, Django keeps this thread's connections apart (asgiref's
        # context-local storage) and they outlive the test; close them now, or the next
        # test would reuse one that ``asgi_server`` has terminated.
        connections.close_all()


@pytest.fixture(autouse=True)
def no_failed_broadcasts(caplog):
    """Fail a test whose setup or run logged a failed channel-layer broadcast."""
    yield
    failed = [
        record.getMessage()
        for when in ("setup", "call")
        for record in caplog.get_records(when)
        if record.name == "games.live" and record.levelno >= logging.ERROR
    ]
    assert not failed, failed


@pytest.fixture
def english(browser):
    """A table drawn without a server in English (tests/e2e/table_harness.py)."""
    from tests.e2e.table_harness import TableHarness

    harness = TableHarness(browser, "en")
    yield harness
    harness.close()


@pytest.fixture
def italian(browser):
    """A table drawn without a server in Italian (tests/e2e/table_harness.py)."""
    from tests.e2e.table_harness import TableHarness

    harness = TableHarness(browser, "it")
    yield harness
    harness.close()
