"""Fixtures of the browser suite: the built `scrim`, pages it writes, and headless Chromium.

Chromium and its driver are Debian's (`chromium`, `chromium-driver`), found on PATH; Selenium is
told where the driver is, so it never looks for one on the network. The driver listens on the
loopback interface only (ChromeDriver's default when no --allowed-ips is given).
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPOSITORY = Path(__file__).resolve().parents[2]
PLUGINS = REPOSITORY / "Plugins"
VIEWPORT = (1280, 1000)


@pytest.fixture(scope="session")
def scrim():
    binary = os.environ.get("SCRIM_BINARY")
    if not binary or not Path(binary).is_file():
        pytest.fail("SCRIM_BINARY must name the built scrim executable (scripts/test-browser sets it)")

    def run(*arguments, cwd=None, check=True):
        result = subprocess.run(
            [binary, *map(str, arguments)], cwd=cwd, capture_output=True, text=True, timeout=120
        )
        if check and result.returncode != 0:
            pytest.fail(f"scrim {' '.join(map(str, arguments))} exited {result.returncode}: {result.stderr}")
        return result

    return run


@pytest.fixture(scope="session")
def driver():
    chromium = shutil.which("chromium")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.fail("chromium and chromedriver must be installed (scripts/test-browser installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    options.add_argument("--headless=new")
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    options.add_argument("--disable-gpu")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=1280,1060")
    options.add_argument("--hide-scrollbars")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    # The viewport itself, whatever the window's decorations take: the screenshot's size.
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": False}
    )
    yield browser
    browser.quit()


def frames_of_run(scrim, *arguments):
    """`scrim run --json`'s frames: a list of (time, {id: view}), each the changed views only."""
    result = scrim("run", *arguments, "--json")
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
