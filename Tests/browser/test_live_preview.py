"""`scrim preview --serve` in headless Chromium: the served page loads with its token and opens the
WebSocket; a request without the token gets 403. The server listens on 127.0.0.1 only."""

import os
import signal
import subprocess
import urllib.error
import urllib.request
from urllib.parse import urlsplit, urlunsplit

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PLUGINS


@pytest.fixture
def live_server(tmp_path):
    """Starts `scrim preview --serve` on any free port; yields (process, url); stops it with SIGINT."""
    servers = []

    def start(*arguments):
        process = subprocess.Popen(
            [os.environ["SCRIM_BINARY"], "preview", "--serve", *map(str, arguments)],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        servers.append(process)
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), f"no URL printed: {url!r}, {process.stderr.read() if process.poll() is not None else ''}"
        return process, url

    yield start
    for process in servers:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                pytest.fail("scrim preview --serve did not stop on SIGINT within 10 s")
            assert process.returncode == 0, process.stderr.read()


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_served_page_loads_and_opens_its_websocket(live_server, driver):
    _, url = live_server(PLUGINS / "pop.lua", "--dismiss")
    driver.get(url)
    driver.get_log("browser")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.scrimPreview && !!window.scrimLive"))
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.state") == "open")
    assert driver.execute_script("return document.body.dataset.live") == "open"
    assert driver.find_element("id", "live").text == "live"
    # The player works as on the static page.
    duration = driver.execute_script("return window.scrimPreview.duration")
    assert duration > 0
    driver.execute_script("window.scrimPreview.seek(arguments[0])", duration / 2)
    assert driver.execute_script("return window.scrimPreview.frame()") > 0
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_requests_without_the_token_get_403(live_server):
    _, url = live_server()
    parts = urlsplit(url)
    token = parts.query.removeprefix("token=")
    assert len(token) == 32
    assert status_of(url) == 200
    for path, query in [("/", ""), ("/", "token=" + token[::-1]), ("/socket", ""), ("/anything", "")]:
        assert status_of(urlunsplit((parts.scheme, parts.netloc, path, query, ""))) == 403, (path, query)


def test_a_port_in_use_is_exit_1_with_a_clear_message(live_server, scrim):
    _, url = live_server()
    port = urlsplit(url).port
    result = scrim("preview", "--serve", "--port", port, check=False)
    assert result.returncode == 1
    assert f"127.0.0.1:{port}: Address already in use" in result.stderr
