"""The live page's device picker (`scrim preview --serve --device NAME`): the page names the
device and draws its window; choosing another device replays the plugin at that size, the choice
stays for a save's replay and for a new tab, "Scene size" goes back to the scene's, and an unknown
name sent is refused with the list."""

import shutil

from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PLUGINS, REPOSITORY
from test_live_preview import live_server, open_live  # noqa: F401 (the fixture)


def window_of(driver):
    """The page's window size: its data's, and its stage's viewBox."""
    return driver.execute_script(
        "return [JSON.parse(document.getElementById('scrim-data').textContent).window,"
        " document.getElementById('stage').getAttribute('viewBox')]")


def wait_for_window(driver, width, height):
    WebDriverWait(driver, 10).until(lambda d: window_of(d) == [[width, height], f"0 0 {width} {height}"])


def test_the_device_picker_replays_the_plugin_at_the_devices_size(live_server, driver, tmp_path):
    plugin = tmp_path / "pop.lua"
    shutil.copy(PLUGINS / "pop.lua", plugin)
    _, url = live_server(plugin, "--device", "iphone-16-pro")
    open_live(driver, url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.devices && window.scrimLive.devices.length") > 0)
    picker = Select(driver.find_element("id", "device-picker"))
    options = [(o.get_attribute("value"), o.text) for o in picker.options]
    assert options[0] == ("", "Scene size")
    assert ("ipad-air-11-landscape", "iPad Air 11\" landscape · 1180 × 820") in options
    assert picker.first_selected_option.get_attribute("value") == "iphone-16-pro"
    wait_for_window(driver, 402, 874)
    assert driver.find_element("id", "summary").text.startswith("iPhone 16 Pro · 402 × 874 · ")

    picker.select_by_value("ipad-air-11-landscape")
    wait_for_window(driver, 1180, 820)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.device") == "ipad-air-11-landscape")
    assert driver.find_element("id", "summary").text.startswith("iPad Air 11\" landscape · 1180 × 820 · ")
    # The presented view ends filling the new window.
    driver.execute_script("window.scrimPreview.pause(); window.scrimPreview.seek(window.scrimPreview.duration)")
    # The stage takes the window's shape, not letterboxed.
    stage = driver.find_element("id", "stage").rect
    assert abs(stage["width"] / stage["height"] - 1180 / 820) < 0.02, stage
    (REPOSITORY / ".build" / "browser").mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(REPOSITORY / ".build" / "browser" / "device-picker.png"))

    # A save replays on the device chosen.
    generation = int(driver.execute_script("return document.body.dataset.generation"))
    plugin.write_text(plugin.read_text().replace("duration = 0.8,", "duration = 0.5,"))
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.body.dataset.generation") == str(generation + 1))
    assert window_of(driver) == [[1180, 820], "0 0 1180 820"]

    # A new tab gets the device chosen.
    open_live(driver, url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.device") == "ipad-air-11-landscape")
    assert Select(driver.find_element("id", "device-picker")).first_selected_option.get_attribute("value") == "ipad-air-11-landscape"
    assert window_of(driver) == [[1180, 820], "0 0 1180 820"]

    # An unknown name is refused with the list; the picker keeps the device played.
    driver.execute_script("""window.scrimLive.send(JSON.stringify({type: "device", device: "ipad-maxi"}))""")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.errors.length") > 0)
    error = driver.execute_script("return window.scrimLive.errors[0]")
    assert error.startswith("device: unknown device 'ipad-maxi'; did you mean 'ipad-mini'? The devices: iphone-se,"), error
    assert driver.find_element("id", "live-error").text == error
    assert Select(driver.find_element("id", "device-picker")).first_selected_option.get_attribute("value") == "ipad-air-11-landscape"

    # "Scene size": the demo's own 390 × 844, and no device in the summary.
    Select(driver.find_element("id", "device-picker")).select_by_value("")
    wait_for_window(driver, 390, 844)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.device") is None)
    assert not driver.find_element("id", "live-error").is_displayed()
    assert driver.find_element("id", "summary").text.split(" ")[1] == "frames"
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
