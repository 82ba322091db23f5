"""`scrim preview --serve` in headless Chromium: the served page loads with its token and opens the
WebSocket; a request without the token gets 403, and so does another site's page opening the
WebSocket; an interrupted preview tells its page why. The server listens on 127.0.0.1 only."""

import os
import shutil
import time
import signal
import subprocess
import urllib.error
import urllib.request
from urllib.parse import urlsplit, urlunsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PLUGINS, REPOSITORY


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
    assert driver.find_element("id", "live").text.startswith("live · generation ")
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


# Each change of body[data-generation] or of the diagnostic box, with its wall-clock time in ms.
WATCH_DOM = """
window.domChanges = [];
const note = () => window.domChanges.push({
  t: performance.timeOrigin + performance.now(),
  generation: document.body.dataset.generation,
  broken: document.body.classList.contains('broken'),
});
new MutationObserver(note).observe(document.body, { attributes: true, attributeFilter: ['data-generation', 'class'] });
"""


def wait_for_change(driver, since, predicate, timeout=10):
    """The first DOM change after index `since` that satisfies `predicate`; its time in ms."""
    def found(d):
        changes = d.execute_script("return window.domChanges")[since:]
        return next((c for c in changes if predicate(c)), None)
    return WebDriverWait(driver, timeout, poll_frequency=0.005).until(found)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def serve_a_copy(live_server, driver, tmp_path, name, needle):
    """Serves a copy of the shipped plugin `name` (whose text must hold `needle`) with --dismiss,
    opens its page and watches its DOM; returns (the copy, its text, the generation shown)."""
    plugin = tmp_path / name
    good = (PLUGINS / name).read_text()
    assert needle in good
    plugin.write_text(good)
    _, url = live_server(plugin, "--dismiss")
    driver.get(url)
    driver.get_log("browser")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive && window.scrimLive.state") == "open")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.body.dataset.generation") is not None)
    driver.execute_script(WATCH_DOM)
    return plugin, good, int(driver.execute_script("return document.body.dataset.generation"))


def test_saves_re_render_the_page_and_a_broken_save_shows_its_diagnostic(live_server, driver, tmp_path):
    plugin, good, generation = serve_a_copy(live_server, driver, tmp_path, "pop.lua", "duration = 0.8,")
    first_duration = driver.execute_script("return window.scrimPreview.duration")
    driver.execute_script("window.scrimPreview.play()")

    latencies = []
    for save in range(1, 21):
        since = len(driver.execute_script("return window.domChanges"))
        written = time.time() * 1000
        plugin.write_text(good.replace("duration = 0.8,", f"duration = {0.5 + save / 100:.2f},"))
        change = wait_for_change(driver, since, lambda c, g=generation + save: c["generation"] == str(g))
        latencies.append(change["t"] - written)
    # The new recording is playing: its duration is the last save's (0.7 s instead of 0.8 s each way).
    assert driver.execute_script("return window.scrimPreview.duration") < first_duration - 0.1
    assert driver.execute_script("return window.scrimPreview.playing()")
    assert driver.find_element("id", "live").text == f"live · generation {generation + 20}"

    # A broken save: the diagnostic over the last good animation, greyed.
    since = len(driver.execute_script("return window.domChanges"))
    lines = good.replace("duration = 0.8,", "duration = = 0.8,").split("\n")
    broken_line = next(i for i, line in enumerate(lines) if "duration = = 0.8," in line) + 1
    plugin.write_text("\n".join(lines))
    wait_for_change(driver, since, lambda c: c["broken"])
    box = driver.find_element("id", "diagnostic")
    assert box.is_displayed()
    where = box.find_element("class name", "where").text
    assert where.startswith(f"{plugin}:{broken_line}:"), where
    assert box.find_element("class name", "message").text
    assert "duration = = 0.8," in box.find_element("tag name", "pre").text
    assert driver.execute_script("return getComputedStyle(document.querySelector('main')).filter") == "grayscale(1)"
    assert driver.execute_script("return document.body.dataset.generation") == str(generation + 20)
    assert driver.execute_script("return window.scrimPreview.playing()")

    # Fixed: the diagnostic goes, the new generation plays.
    since = len(driver.execute_script("return window.domChanges"))
    plugin.write_text(good)
    wait_for_change(driver, since, lambda c: c["generation"] == str(generation + 21) and not c["broken"])
    assert not box.is_displayed()
    assert driver.execute_script("return window.scrimPreview.duration") == first_duration
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors

    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    print(f"\npreview.editToPixels: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(latencies):.1f} ms over {len(latencies)} saves")
    (REPOSITORY / ".build" / "browser").mkdir(parents=True, exist_ok=True)
    (REPOSITORY / ".build" / "browser" / "editToPixels.txt").write_text(
        " ".join(f"{value:.1f}" for value in latencies) + "\n")
    # Generous for a loaded machine; Docs/Benchmarks.md records the measured p95 (target < 100 ms).
    assert p95 < 1000, latencies


def test_a_plugin_that_does_not_load_yet_is_served_under_its_diagnostic_until_a_good_save(live_server, driver, tmp_path):
    plugin = tmp_path / "fade.lua"
    plugin.write_text("local Fade = {}\nfunction Fade:animateTransition(ctx)\nreturn Fade\n")
    _, url = live_server(plugin)
    driver.get(url)
    driver.get_log("browser")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive && window.scrimLive.state") == "open")
    # The diagnostic over an empty window: one frame, nothing animated.
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.body.classList.contains('broken')"))
    box = driver.find_element("id", "diagnostic")
    assert box.find_element("class name", "where").text.startswith(f"{plugin}:4:")
    assert "'end' expected" in box.find_element("class name", "message").text
    assert driver.execute_script("return window.scrimPreview.duration") == 0
    driver.execute_script(WATCH_DOM)

    # A save that loads: the transition plays, the diagnostic goes.
    plugin.write_text((PLUGINS / "crossfade.lua").read_text())
    wait_for_change(driver, 0, lambda c: not c["broken"])
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimPreview.duration") > 0)
    assert not box.is_displayed()
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def open_live(driver, url):
    driver.get(url)
    driver.get_log("browser")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive && window.scrimLive.state") == "open")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.plugins.length") > 0)


def test_the_picker_lists_the_plugins_with_their_roles_and_plays_the_one_chosen(live_server, driver):
    _, url = live_server(PLUGINS / "pop.lua", "--dismiss")
    open_live(driver, url)
    plugins = {p["name"]: p for p in driver.execute_script("return window.scrimLive.plugins")}
    assert driver.execute_script("return window.scrimLive.current") == "pop"
    assert plugins["pop"]["roles"] == ["animator"] and plugins["pop"]["file"] == "pop.lua"
    assert "interaction" in plugins["swipe"]["roles"]
    options = {o.get_attribute("value"): o.text for o in Select(driver.find_element("id", "picker")).options}
    assert set(options) == set(plugins)
    assert options["pop"] == "pop — animator"
    assert Select(driver.find_element("id", "picker")).first_selected_option.get_attribute("value") == "pop"
    pop_duration = driver.execute_script("return window.scrimPreview.duration")

    Select(driver.find_element("id", "picker")).select_by_value("slide")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.current") == "slide")
    WebDriverWait(driver, 10).until(lambda d: d.find_element("tag name", "h1").text.startswith("slide.lua"))
    assert driver.execute_script("return window.scrimPreview.duration") != pop_duration
    assert driver.title.startswith("slide.lua")
    # A new tab gets the current plugin.
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive && window.scrimLive.current") == "slide")
    assert driver.find_element("tag name", "h1").text.startswith("slide.lua")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_bad_messages_get_an_error_back_and_the_connection_stays_open(live_server, driver):
    process, url = live_server(PLUGINS / "pop.lua")
    open_live(driver, url)
    for message, expected in [
        ("this is not JSON", "not JSON"),
        ("[1, 2]", 'a message must be an object with a "type" string'),
        ('{"type": "jump"}', "unknown message type 'jump'"),
        ('{"type": "select"}', 'select: "plugin" must be a plugin\'s name'),
        ('{"type": "select", "plugin": "nosuch"}', "select: unknown plugin 'nosuch'; the plugins: "),
    ]:
        count = driver.execute_script("return window.scrimLive.errors.length")
        driver.execute_script("window.scrimLive.send(arguments[0])", message)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.errors.length") > count)
        error = driver.execute_script("return window.scrimLive.errors[arguments[0]]", count)
        assert error.startswith(expected), (message, error)
        assert driver.execute_script("return window.scrimLive.state") == "open"
    assert driver.find_element("id", "live-error").text.startswith("select: unknown plugin 'nosuch'")
    # Still served, still answering: a good message works on the same connection.
    driver.execute_script("window.scrimLive.send(JSON.stringify({type: 'select', plugin: 'crossfade'}))")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.current") == "crossfade")
    assert process.poll() is None


OPEN_SOCKETS = """
const done = arguments[arguments.length - 1];
const url = new URL('socket', location.href);
url.protocol = 'ws:';
url.search = location.search;
const sockets = [];
let ready = 0;
for (let i = 0; i < arguments[0]; i++) {
  const socket = new WebSocket(url);
  socket.onmessage = (event) => {
    if (socket.heard) return;
    socket.heard = JSON.parse(event.data).type;
    if (++ready === arguments[0]) done(sockets.map((s) => s.heard));
  };
  socket.onerror = () => done('error');
  sockets.push(socket);
}
window.extraSockets = sockets;
"""


def test_twenty_clients_at_once_and_clients_that_go_away(live_server, driver):
    process, url = live_server(PLUGINS / "pop.lua")
    open_live(driver, url)
    driver.set_script_timeout(20)
    heard = driver.execute_async_script(OPEN_SOCKETS, 20)
    assert heard == ["generation"] * 20
    # Gone all at once, without a close handshake's wait: the page navigates away.
    driver.get("about:blank")
    assert status_of(url) == 200
    open_live(driver, url)
    driver.execute_script("window.scrimLive.send(JSON.stringify({type: 'select', plugin: 'dimming'}))")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.current") == "dimming")
    assert process.poll() is None


TRANSITIONS = "return JSON.parse(document.getElementById('scrim-data').textContent).transitions"


def drag_stage(driver, fraction, steps=12):
    """Drags from the stage's upper middle down by `fraction` of its height, in `steps` moves."""
    stage = driver.find_element("id", "stage")
    height = stage.size["height"]
    answered = driver.execute_script("return window.scrimLive.panLatencies.length")
    actions = ActionChains(driver, duration=16)
    actions.move_to_element_with_offset(stage, 0, -height * 0.3).click_and_hold()
    for _ in range(steps):
        actions.move_by_offset(0, height * fraction / steps)
    actions.release().perform()
    return answered


def test_a_drag_drives_swipe_to_a_finished_or_a_cancelled_transition(live_server, driver):
    _, url = live_server(PLUGINS / "swipe.lua", "--animator", "diagonal")
    open_live(driver, url)
    assert driver.execute_script("return window.scrimLive.interactive")
    assert driver.execute_script("return document.body.dataset.interactive") == "true"
    # Before a drag: the presentation has begun and waits for a pan.
    transitions = driver.execute_script(TRANSITIONS)
    assert len(transitions) == 1 and transitions[0]["interactive"] and "completed" not in transitions[0]

    latencies = []
    for fraction, completed in [(0.8, True), (0.15, False)]:
        driver.get(url)  # each drag plays the presentation afresh
        open_live(driver, url)
        # After the first drag the page served is that drag's end: wait for the page this drag's
        # end sends, which replaces <main>.
        driver.execute_script("document.querySelector('main').dataset.beforeDrag = 'true'")
        before = drag_stage(driver, fraction)
        WebDriverWait(driver, 20).until(
            lambda d: d.execute_script("return document.querySelector('main').dataset.beforeDrag === undefined")
            and (d.execute_script(TRANSITIONS) or [{}])[0].get("completed") is not None
            and d.execute_script("return window.scrimLive.panLatencies.length") > before)
        transition = driver.execute_script(TRANSITIONS)[0]
        assert transition["completed"] is completed, (fraction, transition)
        assert transition["interactive"]
        markers = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).markers")
        pans = [m["text"] for m in markers if m["kind"] == "input"]
        assert any("began" in text for text in pans) and any("ended" in text for text in pans), pans
        latencies += driver.execute_script("return window.scrimLive.panLatencies")
        assert not driver.execute_script("return window.scrimLive.errors"), driver.execute_script("return window.scrimLive.errors")

    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    print(f"\npreview.interactive: p50 {p50:.1f} ms, p95 {p95:.1f} ms over {len(latencies)} pans")
    (REPOSITORY / ".build" / "browser").mkdir(parents=True, exist_ok=True)
    (REPOSITORY / ".build" / "browser" / "interactive.txt").write_text(" ".join(f"{v:.1f}" for v in latencies) + "\n")


def test_an_interaction_waits_for_a_drag_and_the_finger_marker_follows_the_drag(live_server, driver):
    _, url = live_server(PLUGINS / "swipe.lua", "--animator", "diagonal")
    open_live(driver, url)
    # Before a drag: the stage and the plot say the presentation waits for one.
    driver.execute_script("window.scrimPreview.seek(window.scrimPreview.duration)")
    shown = "const e = document.getElementById(arguments[0]); return e.getAttribute('display') !== 'none' && e.getBoundingClientRect().width > 0"
    assert driver.execute_script(shown, "waiting")
    assert driver.find_element("id", "waiting").text == "waiting for a drag"
    assert driver.find_element("css selector", "#plot .band-label").text == "presentation 1 · waiting for a drag"
    assert driver.find_element("id", "clock").text.endswith("presentation, waiting for a drag")
    (REPOSITORY / ".build" / "browser").mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(REPOSITORY / ".build" / "browser" / "live-waiting.png"))
    # A drag held down: the marker goes where the pointer is, in the window's points.
    stage = driver.find_element("id", "stage")
    height = stage.size["height"]
    actions = ActionChains(driver, duration=16)
    actions.move_to_element_with_offset(stage, 0, -height * 0.3).click_and_hold()
    for _ in range(4):
        actions.move_by_offset(0, height * 0.05)
    actions.perform()
    target = driver.execute_script(
        "const s = document.getElementById('stage'), r = s.getBoundingClientRect();"
        "const p = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2 - 0.1 * r.height).matrixTransform(s.getScreenCTM().inverse());"
        "return [p.x, p.y];")
    marker = "const m = document.getElementById('finger-marker'); return m.getAttribute('display') === 'none' ? null : [+m.getAttribute('cx'), +m.getAttribute('cy')]"
    WebDriverWait(driver, 10).until(
        lambda d: (lambda m: m is not None and abs(m[0] - target[0]) < 3 and abs(m[1] - target[1]) < 3)(d.execute_script(marker)))
    assert len(driver.find_elements("css selector", "#trail line")) > 0
    assert not driver.execute_script(shown, "waiting")
    assert driver.find_element("css selector", "#plot .band-label").text == "presentation 1"
    driver.save_screenshot(str(REPOSITORY / ".build" / "browser" / "live-drag.png"))
    ActionChains(driver).release().perform()
    WebDriverWait(driver, 20).until(lambda d: (d.execute_script(TRANSITIONS) or [{}])[0].get("completed") is not None)
    assert not driver.execute_script("return window.scrimLive.errors")


def drag_from(driver, x, y, dx, dy, steps=12):
    """Drags from (x, y) (fractions of the stage's width and height from its top left) by (dx, dy)
    (fractions too), in `steps` moves; returns the number of pans answered before."""
    stage = driver.find_element("id", "stage")
    width, height = stage.size["width"], stage.size["height"]
    answered = driver.execute_script("return window.scrimLive.panLatencies.length")
    actions = ActionChains(driver, duration=16)
    actions.move_to_element_with_offset(stage, width * (x - 0.5), height * (y - 0.5)).click_and_hold()
    for _ in range(steps):
        actions.move_by_offset(width * dx / steps, height * dy / steps)
    actions.release().perform()
    return answered


def wait_for_drag_page(driver, before, transition_count):
    """Waits for the page the drag's end sends (it replaces <main>, marked before the drag) with
    `transition_count` transitions, the last one ended."""
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.querySelector('main').dataset.beforeDrag === undefined")
        and len(d.execute_script(TRANSITIONS)) == transition_count
        and d.execute_script(TRANSITIONS)[-1].get("completed") is not None
        and d.execute_script("return window.scrimLive.panLatencies.length") > before)
    assert not driver.execute_script("return window.scrimLive.errors"), driver.execute_script("return window.scrimLive.errors")
    return driver.execute_script(TRANSITIONS)


def assert_finger_marker_at_a_pan(driver):
    """Seeks the recording to a `changed` pan of the drag and checks the finger marker is drawn at
    its point, with a trail."""
    pans = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).pans")
    changed = [p for p in pans if p["phase"] == "changed"]
    assert changed, pans
    pan = changed[len(changed) // 2]
    driver.execute_script("window.scrimPreview.pause(); window.scrimPreview.seek(arguments[0])", pan["t"])
    marker = driver.execute_script(
        "const m = document.getElementById('finger-marker');"
        "return m.getAttribute('display') === 'none' ? null : [+m.getAttribute('cx'), +m.getAttribute('cy')]")
    assert marker is not None and abs(marker[0] - pan["x"]) < 1 and abs(marker[1] - pan["y"]) < 1, (marker, pan)
    assert len(driver.find_elements("css selector", "#trail line")) > 0


def test_a_delegate_vended_interactive_dismissal_waits_for_a_drag_that_finishes_or_cancels_it(live_server, driver):
    # sheet.lua is a delegate that vends its interaction for the dismissal only: the presentation
    # plays, then the dismissal waits for a drag (no 30 s of waiting recorded).
    _, url = live_server(PLUGINS / "sheet.lua", "--dismiss")
    open_live(driver, url)
    transitions = driver.execute_script(TRANSITIONS)
    assert [(t["kind"], t["interactive"], t.get("completed")) for t in transitions] == [
        ("presentation", False, True), ("dismissal", True, None)]
    assert driver.execute_script("return window.scrimLive.interactive")
    assert driver.execute_script("return document.body.dataset.interactive") == "true"
    duration = driver.execute_script("return window.scrimPreview.duration")
    assert duration < 2, duration
    # Each drag starts over where the dismissal waits (the page shows the last drag's end).
    for fraction, completed in [(0.6, True), (0.05, False)]:
        driver.execute_script("document.querySelector('main').dataset.beforeDrag = 'true'")
        before = drag_from(driver, 0.5, 0.6, 0, fraction)
        transitions = wait_for_drag_page(driver, before, 2)
        assert transitions[1]["kind"] == "dismissal" and transitions[1]["interactive"]
        assert transitions[1]["completed"] is completed, (fraction, transitions)
        assert not driver.execute_script("return window.scrimLive.interactive")
        assert_finger_marker_at_a_pan(driver)


def test_a_parallax_edge_swipe_pops_after_the_push(live_server, driver):
    # The push plays to its end; a drag from the left edge reaches the navigation controller's
    # edge recognizer, and the pop follows it.
    _, url = live_server(PLUGINS / "parallax.lua", "--push")
    open_live(driver, url)
    transitions = driver.execute_script(TRANSITIONS)
    assert [(t["kind"], t.get("completed")) for t in transitions] == [("push", True)]
    driver.execute_script("document.querySelector('main').dataset.beforeDrag = 'true'")
    before = drag_from(driver, 0.01, 0.5, 0.8, 0)
    transitions = wait_for_drag_page(driver, before, 2)
    assert (transitions[1]["kind"], transitions[1]["interactive"], transitions[1]["completed"]) == ("pop", True, True)
    markers = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).markers")
    pans = [m["text"] for m in markers if m["kind"] == "input" and m["text"].startswith("pan ")]
    assert pans[0].startswith("pan began at (") and pans[-1].startswith("pan ended at ("), pans
    assert_finger_marker_at_a_pan(driver)
    (REPOSITORY / ".build" / "browser").mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(REPOSITORY / ".build" / "browser" / "edge-swipe.png"))


def test_a_drag_where_nothing_waits_reaches_no_recognizer(live_server, driver):
    _, url = live_server(PLUGINS / "pop.lua")
    open_live(driver, url)
    assert not driver.execute_script("return window.scrimLive.interactive")
    driver.execute_script("document.querySelector('main').dataset.beforeDrag = 'true'")
    before = drag_from(driver, 0.5, 0.5, 0, 0.2, steps=3)
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.querySelector('main').dataset.beforeDrag === undefined")
        and d.execute_script("return window.scrimLive.panLatencies.length") > before)
    assert not driver.execute_script("return window.scrimLive.errors")
    markers = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).markers")
    warnings = [m["text"] for m in markers if m["text"].startswith("warning: ")]
    assert warnings and all(w.endswith("no gesture recognizer received it") for w in warnings), warnings


def test_sigterm_as_soon_as_the_url_is_printed_stops_it(live_server):
    for number in (signal.SIGTERM, signal.SIGINT):
        process, _ = live_server()
        process.send_signal(number)
        assert process.wait(timeout=10) == 0
        assert "scrim preview: stopped" in process.stderr.read()


CROSSFADE_FAULT = ("  local containerView = ctx.containerView\n", "  local containerView = ctx.containerView\n  local broken = nil + 1\n")


def test_a_save_that_faults_as_it_plays_shows_the_fault_and_a_clean_save_clears_it(live_server, driver, tmp_path):
    plugin, good, generation = serve_a_copy(live_server, driver, tmp_path, "crossfade.lua", CROSSFADE_FAULT[0])
    good_duration = driver.execute_script("return window.scrimPreview.duration")
    faulty = good.replace(*CROSSFADE_FAULT)
    fault_line = faulty.split("\n").index("  local broken = nil + 1") + 1
    box = driver.find_element("id", "diagnostic")

    def check_fault_overlay():
        assert box.is_displayed()
        assert box.get_attribute("data-kind") == "fault"
        assert box.find_element("class name", "where").text == f"{plugin}:{fault_line}:3"
        assert box.find_element("class name", "message").text == "animateTransition: attempt to perform arithmetic on a nil value"
        context = box.find_element("class name", "context").text
        assert "animator 'crossfade', in animateTransition, 0 s into transition 1" in context, context
        assert "local broken = nil + 1" in box.find_element("tag name", "pre").text
        assert box.find_elements("class name", "fault-marker")
        # The last good animation stays below, greyed, at its generation.
        assert driver.execute_script("return window.scrimPreview.duration") == good_duration
        assert driver.execute_script("return document.body.dataset.generation") == str(generation)

    # A save that loads but faults in animateTransition: the overlay, as for a load error.
    latencies = []
    for attempt in range(5):
        since = len(driver.execute_script("return window.domChanges"))
        written = time.time() * 1000
        plugin.write_text(faulty)
        change = wait_for_change(driver, since, lambda c: c["broken"])
        latencies.append(change["t"] - written)
        check_fault_overlay()
        assert driver.execute_script("return window.scrimLive.diagnostic.kind") == "fault"
        assert driver.execute_script("return window.scrimLive.diagnostic.role") == "animator"
        assert driver.execute_script("return window.scrimLive.diagnostic.method") == "animateTransition"
        # A clean save clears it.
        since = len(driver.execute_script("return window.domChanges"))
        plugin.write_text(good)
        wait_for_change(driver, since, lambda c: not c["broken"])
        assert not box.is_displayed()
        generation = int(driver.execute_script("return document.body.dataset.generation"))

    # A syntax error, then a save that parses but faults: the overlay shows the fault, not the
    # syntax error any more.
    since = len(driver.execute_script("return window.domChanges"))
    plugin.write_text(good.replace("local Crossfade = {", "local Crossfade = {{"))
    wait_for_change(driver, since, lambda c: c["broken"])
    assert box.get_attribute("data-kind") == "load"
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.diagnostic && window.scrimLive.diagnostic.kind") == "load")
    plugin.write_text(faulty)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimLive.diagnostic && window.scrimLive.diagnostic.kind") == "fault")
    check_fault_overlay()
    driver.save_screenshot(str(REPOSITORY / ".build" / "browser" / "fault-overlay.png"))
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors

    p95 = percentile(latencies, 95)
    print(f"\npreview.faultToOverlay: p50 {percentile(latencies, 50):.1f} ms, p95 {p95:.1f} ms over {len(latencies)} saves")
    (REPOSITORY / ".build" / "browser" / "faultToOverlay.txt").write_text(" ".join(f"{value:.1f}" for value in latencies) + "\n")
    # Generous for a loaded machine; Docs/Benchmarks.md records the measured p95 (target < 100 ms).
    assert p95 < 1000, latencies


def test_an_interrupted_preview_tells_its_page_why(live_server, driver):
    process, url = live_server(PLUGINS / "pop.lua")
    open_live(driver, url)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.body.dataset.live") == "stopped")
    assert driver.find_element("id", "stopped").text == (
        "This preview was stopped (scrim preview --serve was interrupted: SIGINT); run scrim preview --serve again."
    )
    assert driver.execute_script("return window.scrimLive.stopped") == "scrim preview --serve was interrupted: SIGINT"


# Opens a WebSocket to arguments[0] and reports "open", or "refused" when it fails first.
TRY_SOCKET = """
const done = arguments[arguments.length - 1];
const socket = new WebSocket(arguments[0]);
socket.onopen = () => { socket.close(); done("open"); };
socket.onerror = () => done("refused");
"""


def test_another_sites_page_cannot_open_the_websocket_and_localhost_is_served(live_server, driver):
    _, url = live_server(PLUGINS / "pop.lua")
    parts = urlsplit(url)
    socket = urlunsplit(("ws", parts.netloc, "/socket", parts.query, ""))
    driver.set_script_timeout(20)
    # A page of no site of ours (about:blank's origin is opaque: Origin: null) is refused (403).
    driver.get("about:blank")
    assert driver.execute_async_script(TRY_SOCKET, socket) == "refused"
    # The page under its other name, localhost, opens its own.
    local = urlunsplit((parts.scheme, f"localhost:{parts.port}", parts.path, parts.query, ""))
    driver.get(local)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.scrimLive && window.scrimLive.state") == "open")
    # Both names are this server's: its page under one may open the WebSocket under the other.
    assert driver.execute_async_script(TRY_SOCKET, socket) == "open"


def click_download(driver, button_id, timeout):
    """Clicks the live page's download button `button_id`; returns its record once done."""
    count = driver.execute_script("return window.scrimLive.downloads.length")
    driver.find_element("id", button_id).click()
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("const r = window.scrimLive.downloads; return r.length > arguments[0] && r[r.length - 1].done", count))
    return driver.execute_script("const r = window.scrimLive.downloads; return r[r.length - 1]")


def test_export_swift_and_render_gif_download_the_files_of_the_plugin_shown(live_server, driver, tmp_path):
    _, url = live_server(PLUGINS / "pop.lua", "--dismiss")
    open_live(driver, url)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    assert driver.find_element("id", "export-swift").text == "Export Swift"
    assert driver.find_element("id", "render-gif").text == "Render GIF"

    record = click_download(driver, "export-swift", 120)
    assert record["status"] == 200 and record["error"] is None, record
    assert record["name"] == "PopTransition.swift"
    swift = downloads / "PopTransition.swift"
    WebDriverWait(driver, 30).until(lambda d: swift.exists() and swift.stat().st_size == record["bytes"])
    text = swift.read_text()
    generation = driver.execute_script("return window.scrimLive.generation")
    assert f"from pop.lua, generation {generation}." in text
    assert "UIViewControllerAnimatedTransitioning" in text and "CAKeyframeAnimation" in text

    # The button says what it does while the GIF is drawn, and gets its title back.
    driver.find_element("id", "render-gif").click()
    assert driver.find_element("id", "render-gif").text in ("Rendering…", "Render GIF")
    WebDriverWait(driver, 300).until(
        lambda d: d.execute_script("const r = window.scrimLive.downloads; return r.length == 2 && r[1].done"))
    record = driver.execute_script("return window.scrimLive.downloads[1]")
    assert record["status"] == 200 and record["error"] is None, record
    assert record["name"] == "pop.gif"
    assert driver.find_element("id", "render-gif").text == "Render GIF"
    gif = downloads / "pop.gif"
    WebDriverWait(driver, 30).until(lambda d: gif.exists() and gif.stat().st_size == record["bytes"])
    assert gif.read_bytes()[:6] == b"GIF89a"
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
         "stream=nb_read_frames,width,height", "-of", "csv=p=0", str(gif)],
        capture_output=True, text=True, check=True)
    width, height, frames = map(int, probe.stdout.strip().split(","))
    # pop.lua --dismiss: two 0.8 s transitions at the GIF's 50 fps, the 390 × 844 window at 2×.
    assert (width, height) == (780, 1688)
    assert frames > 50
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_a_download_that_fails_shows_why_beside_the_pickers(live_server, driver, tmp_path):
    # A PATH with Chromium but no ffmpeg: the GIF cannot be encoded, and the page says how to get it.
    bin_directory = tmp_path / "bin"
    bin_directory.mkdir()
    (bin_directory / "chromium").symlink_to(shutil.which("chromium"))
    process = subprocess.Popen(
        [os.environ["SCRIM_BINARY"], "preview", "--serve", str(PLUGINS / "pop.lua")],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PATH": str(bin_directory)},
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), process.stderr.read() if process.poll() is not None else url
        open_live(driver, url)
        record = click_download(driver, "render-gif", 120)
        assert record["status"] == 500, record
        assert "apt-get install -y ffmpeg" in record["error"], record
        notice = driver.find_element("id", "live-error")
        assert notice.is_displayed() and notice.text == record["error"]
        assert record["error"] in driver.execute_script("return window.scrimLive.errors")
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
