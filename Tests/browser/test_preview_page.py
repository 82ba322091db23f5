"""The static page of `scrim preview` in headless Chromium: it loads with no console error and
fetches nothing; scrubbed to a time, every view on its stage is where `scrim run --json` says it
is at that time (read back from its element's style, within 0.5 pt); the controls, keys, hover and plot
work. Also takes the screenshot of Docs/preview.png (saved in .build/browser; copied to Docs with
SCRIM_UPDATE_SCREENSHOT=1)."""

import json
import os
import shutil
import struct

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PLUGINS, REPOSITORY, VIEWPORT, frames_of_run

TOLERANCE = 0.5

# The stage as the DOM has it: for each view in #views, its frame (the bounding box of its box
# through its CSS transform about its transform-origin, at its left and top: in its superview's
# bounds coordinates, as UIKit's frame), its bounds (the box's size; its origin from its `.sub`,
# which is moved back by it), center (where the bounds' middle is drawn), the matrix's linear part,
# alpha, corner radius and whether it is hidden. Read from the element's own style, as the page set it.
READ_STAGE = """
const out = {};
for (const g of document.querySelectorAll('#views .view')) {
  const style = g.style, m = new DOMMatrix(style.transform);
  const left = parseFloat(style.left), top = parseFloat(style.top), w = parseFloat(style.width), h = parseFloat(style.height);
  const [ox, oy] = style.transformOrigin.split(' ').map(parseFloat);
  const place = (x, y) => { const p = m.transformPoint(new DOMPoint(x - ox, y - oy)); return [p.x / p.w + ox + left, p.y / p.w + oy + top]; };
  const corners = [[0, 0], [w, 0], [0, h], [w, h]].map(([x, y]) => place(x, y));
  const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
  const sub = g.querySelector(':scope > .sub').style;
  out[g.dataset.id] = {
    frame: [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)],
    bounds: [-parseFloat(sub.left), -parseFloat(sub.top), w, h],
    center: place(w / 2, h / 2),
    linear: [m.a, m.b, m.c, m.d],
    alpha: Number(style.opacity),
    cornerRadius: parseFloat(style.borderRadius),
    hidden: style.display === 'none',
  };
}
return out;
"""

SCRUB = """
const scrubber = document.getElementById('scrubber');
scrubber.value = arguments[0];
scrubber.dispatchEvent(new Event('input', { bubbles: true }));
return window.scrimPreview.frame();
"""


def write_page(scrim, tmp_path, name, *arguments):
    page = tmp_path / f"{name}.html"
    result = scrim("preview", *arguments, "-o", page, cwd=tmp_path)
    assert page.is_file(), result.stderr
    return page


def open_page(driver, page):
    driver.get(page.as_uri())
    driver.get_log("browser")  # what an earlier page logged
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.scrimPreview"))


def views_at(frames, time):
    """Each view's latest values at `time`: run --json's frames list only the views that changed."""
    state = {}
    for frame in frames:
        if frame["time"] > time + 1e-9:
            break
        for view in frame["views"]:
            state[view["id"]] = view
    return state


def rect(values):
    return [values["x"], values["y"], values["width"], values["height"]]


def assert_close(actual, expected, what):
    assert len(actual) == len(expected), what
    for a, e in zip(actual, expected):
        assert abs(a - e) <= TOLERANCE, f"{what}: {actual} on the page, {expected} from scrim run"


def check_stage_matches_run(driver, frames, times):
    for time in times:
        driver.execute_script(SCRUB, time)
        stage = driver.execute_script(READ_STAGE)
        expected = views_at(frames, time)
        # A view the run reported at this very tick was in the window then: it is on the stage.
        reported_now = [view["id"] for frame in frames if abs(frame["time"] - time) < 1e-9 for view in frame["views"]]
        for view in reported_now:
            assert view in stage, f"{view} is in the window at {time} s but not on the page's stage"
        for view, got in stage.items():
            assert view in expected, f"{view} is on the stage at {time} s but scrim run has not seen it"
            want = expected[view]
            where = f"{view} at {time:.4f} s"
            assert_close(got["frame"], rect(want["frame"]), f"{where}: frame")
            assert_close(got["bounds"], rect(want["bounds"]), f"{where}: bounds")
            assert_close(got["center"], [want["center"]["x"], want["center"]["y"]], f"{where}: center")
            assert_close([100 * v for v in got["linear"]], [100 * v for v in want["transform"][:4]], f"{where}: transform ×100")
            assert abs(got["alpha"] - want["alpha"]) <= 0.001, f"{where}: alpha"
            # A negative radius (a spring's overshoot) draws square corners.
            assert abs(got["cornerRadius"] - max(0, want["cornerRadius"])) <= TOLERANCE, f"{where}: cornerRadius"
            assert got["hidden"] == want["isHidden"], f"{where}: isHidden"


def sample_times(frames, count=16):
    times = [frame["time"] for frame in frames]
    step = max(1, len(times) // count)
    return sorted(set(times[::step] + [times[-1]]))


def test_page_loads_with_no_console_error_and_fetches_nothing(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua", "--dismiss")
    open_page(driver, page)
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert driver.find_element(By.ID, "clock").text.startswith("0.0000 s · frame 1 of ")
    kinds = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).transitions.map((t) => t.kind)")
    assert kinds == ["presentation", "dismissal"]


@pytest.mark.parametrize(
    "name, arguments",
    [
        ("pop", ["pop.lua", "--dismiss"]),
        ("dimming", ["dimming.lua", "--dismiss"]),
        ("slide-push", ["slide.lua", "--push", "--dismiss"]),
    ],
)
def test_scrubbing_shows_each_view_where_scrim_run_has_it(scrim, driver, tmp_path, name, arguments):
    plugin, *options = arguments
    page = write_page(scrim, tmp_path, name, PLUGINS / plugin, *options)
    frames = frames_of_run(scrim, PLUGINS / plugin, *options)
    open_page(driver, page)
    check_stage_matches_run(driver, frames, sample_times(frames))
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


def test_an_interaction_file_plays_as_in_scrim_run(scrim, driver, tmp_path):
    # Docs/Plugins.md's edge swipe: after the push, a pan from the left edge pops interactively.
    edge = tmp_path / "edge.json"
    edge.write_text(
        '[ { "time": 0.6, "pan": "began", "x": 5, "y": 400 },'
        '  { "time": 0.7, "pan": "changed", "x": 100, "y": 400 },'
        '  { "time": 0.8, "pan": "changed", "x": 250, "y": 400 },'
        '  { "time": 0.9, "pan": "ended", "x": 250, "y": 400 } ]'
    )
    arguments = [PLUGINS / "parallax.lua", "--push", "--interaction", edge]
    page = write_page(scrim, tmp_path, "edge", *arguments)
    frames = frames_of_run(scrim, *arguments)
    open_page(driver, page)
    data = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent)")
    assert [t["kind"] for t in data["transitions"]] == ["push", "pop"]
    assert data["transitions"][1]["interactive"] is True
    assert [m["text"] for m in data["markers"] if m["kind"] == "input"][0] == "pan began at (5, 400)"
    check_stage_matches_run(driver, frames, sample_times(frames, count=24))


def test_arrow_keys_step_frame_by_frame_and_home_end_jump(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua")
    open_page(driver, page)
    frames = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).frames.map((f) => f.t)")
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    assert driver.execute_script("return window.scrimPreview.frame()") == 3
    assert driver.find_element(By.ID, "clock").text.startswith(f"{frames[3]:.4f} s · frame 4 of {len(frames)}")
    body.send_keys(Keys.ARROW_LEFT)
    assert driver.execute_script("return window.scrimPreview.frame()") == 2
    assert abs(float(driver.find_element(By.ID, "scrubber").get_attribute("value")) - frames[2]) < 1e-9
    body.send_keys(Keys.END)
    assert driver.execute_script("return window.scrimPreview.frame()") == len(frames) - 1
    body.send_keys(Keys.ARROW_RIGHT)
    assert driver.execute_script("return window.scrimPreview.frame()") == len(frames) - 1
    body.send_keys(Keys.HOME)
    assert driver.execute_script("return window.scrimPreview.frame()") == 0


def test_play_loops_or_stops_at_the_end_and_speed_is_shown(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua")
    open_page(driver, page)
    duration = driver.execute_script("return window.scrimPreview.duration")
    speed = driver.find_element(By.ID, "speed")
    driver.execute_script("arguments[0].value = 2; arguments[0].dispatchEvent(new Event('input'))", speed)
    assert driver.find_element(By.ID, "speed-value").text == "2.0×"
    # Loop on (the default): from near the end, playing wraps round to the beginning.
    driver.execute_script("window.scrimPreview.seek(arguments[0] - 0.02)", duration)
    driver.find_element(By.ID, "play").click()
    assert "playing" in driver.find_element(By.ID, "play").get_attribute("class")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.scrimPreview.time()") < duration / 2)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(" ")
    assert "playing" not in driver.find_element(By.ID, "play").get_attribute("class")
    # Loop off: it stops on the last frame, paused.
    driver.find_element(By.ID, "loop").click()
    driver.execute_script("window.scrimPreview.seek(arguments[0] - 0.05)", duration)
    body.send_keys(" ")
    WebDriverWait(driver, 10).until(lambda d: "playing" not in d.find_element(By.ID, "play").get_attribute("class"))
    assert driver.execute_script("return window.scrimPreview.time()") == duration
    assert driver.execute_script("return window.scrimPreview.frame()") == driver.execute_script(
        "return JSON.parse(document.getElementById('scrim-data').textContent).frames.length") - 1


def test_hovering_a_view_shows_its_id_and_values(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua")
    open_page(driver, page)
    card = driver.find_element(By.CSS_SELECTOR, '#views .view[data-id="card2"]')
    ActionChains(driver).move_to_element(card).perform()
    info = driver.find_element(By.ID, "hover-info")
    assert info.is_displayed()
    text = info.text
    assert "card2" in text
    assert "(20, 340, 350, 200)" in text  # the demo's second card
    assert "home" in text  # under it
    assert "hovered" in card.get_attribute("class")


def test_the_plot_has_a_line_per_animated_property_and_its_cursor_follows_the_scrubber(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua", "--dismiss")
    open_page(driver, page)
    tracks = driver.execute_script(
        "const d = JSON.parse(document.getElementById('scrim-data').textContent);"
        "return d.tracks.map((t) => d.views[t.view][0] + '.' + t.property)")
    assert tracks == ["details.center", "details.transform", "details.cornerRadius"]
    legend = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#legend li")]
    assert legend == tracks
    assert len(driver.find_elements(By.CSS_SELECTOR, "#plot path.track")) == 3
    plot = driver.find_element(By.ID, "plot")
    left, right = float(plot.get_attribute("data-left")), float(plot.get_attribute("data-right"))
    duration = driver.execute_script("return window.scrimPreview.duration")
    for fraction in (0.0, 0.5, 1.0):
        driver.execute_script(SCRUB, duration * fraction)
        x = float(driver.find_element(By.ID, "cursor").get_attribute("x1"))
        assert abs(x - (left + fraction * (right - left))) < 0.01


def test_screenshot_in_the_middle_of_pops_transition(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua", "--dismiss")
    frames = frames_of_run(scrim, PLUGINS / "pop.lua", "--dismiss")
    open_page(driver, page)
    time = 0.1
    driver.execute_script(SCRUB, time)
    stage = driver.execute_script(READ_STAGE)
    # Mid-spring: the details view is between the card it springs from and the full window.
    details = stage["details"]["frame"]
    assert 20 < details[1] and details[3] > 200 and details[3] < 844, details
    assert_close(details, rect(views_at(frames, time)["details"]["frame"]), "details at 0.1 s")
    # The pointer on the details view, below its image: the inspector shows its values.
    x, y = driver.execute_script(
        "const p = new DOMPoint(195, 450).matrixTransform(document.getElementById('stage').getScreenCTM());"
        "return [Math.round(p.x), Math.round(p.y)];")
    pointer = ActionBuilder(driver)
    pointer.pointer_action.move_to_location(x, y)
    pointer.perform()
    assert driver.find_element(By.CSS_SELECTOR, "#hover-info dd").text == "details"
    output = REPOSITORY / ".build" / "browser" / "preview.png"
    output.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(output))
    with open(output, "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    assert (width, height) == VIEWPORT
    if os.environ.get("SCRIM_UPDATE_SCREENSHOT") == "1":
        shutil.copyfile(output, REPOSITORY / "Docs" / "preview.png")


def test_a_fault_is_a_banner_and_a_mark_on_the_timeline_and_the_page_is_written_whole(scrim, driver, tmp_path):
    plugin = tmp_path / "rt.lua"
    plugin.write_text(
        "local Fade = { duration = 0.3 }\n"
        "function Fade:transitionDuration(ctx) return self.duration end\n"
        "function Fade:animateTransition(ctx)\n"
        "  local details = {}\n"
        "  details.alpha = nil + 1\n"
        "  ctx:completeTransition(true)\n"
        "end\n"
        "return Fade\n"
    )
    page = tmp_path / "rt.html"
    result = scrim("preview", "rt.lua", "--dismiss", "-o", page, cwd=tmp_path, check=False)
    assert result.returncode == 1
    assert result.stderr == "rt.lua:5:3: error: animateTransition: attempt to perform arithmetic on a nil value\n"
    assert "1 fault (on the page)" in result.stdout
    open_page(driver, page)
    banner = driver.find_element(By.ID, "faults")
    assert banner.is_displayed()
    assert banner.find_element(By.TAG_NAME, "h2").get_attribute("textContent") == "A fault while it played"
    item = banner.find_element(By.TAG_NAME, "li")
    assert item.find_element(By.CLASS_NAME, "where").text == "rt.lua:5:3"
    assert item.find_element(By.CLASS_NAME, "message").text == "animateTransition: attempt to perform arithmetic on a nil value"
    assert item.find_element(By.CLASS_NAME, "context").text == "animator 'rt', in animateTransition, 0 s into transition 1"
    markers = driver.find_elements(By.CSS_SELECTOR, "#plot .marker-fault")
    assert len(markers) == 1
    # The page is whole: the skipped dismissal is marked too, and the player works.
    kinds = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).markers.map((m) => m.kind)")
    assert kinds == ["fault", "input"], kinds
    assert driver.execute_script("return document.documentElement.outerHTML.trimEnd().endsWith('</html>')")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []


# The finger marker: whether it shows, its centre on screen and where window point (x, y) is on
# screen; the trail's segments as [x1, x2, opacity].
READ_FINGER = """
const marker = document.getElementById('finger-marker'), box = marker.getBoundingClientRect();
const point = new DOMPoint(arguments[0], arguments[1]).matrixTransform(document.getElementById('stage').getScreenCTM());
return {
  shown: marker.getAttribute('display') !== 'none' && box.width > 0,
  center: [box.left + box.width / 2, box.top + box.height / 2],
  expected: [point.x, point.y],
  trail: [...document.querySelectorAll('#trail line')].map((l) => [+l.getAttribute('x1'), +l.getAttribute('x2'), +l.getAttribute('opacity')]),
};
"""

# The boxes on screen of the elements matching a selector: [left, top, right, bottom, text].
BOXES = """
return [...document.querySelectorAll(arguments[0])].map((el) => {
  const r = el.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom, el.textContent];
});
"""


def overlaps(boxes):
    return [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]


def save_screenshot(driver, name):
    output = REPOSITORY / ".build" / "browser" / name
    output.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(output))


def test_replayed_pans_show_a_finger_marker_at_the_pans_point_with_a_fading_trail(scrim, driver, tmp_path):
    edge = tmp_path / "edge.json"
    edge.write_text(
        '[ { "time": 0.6, "pan": "began", "x": 5, "y": 400 },'
        '  { "time": 0.7, "pan": "changed", "x": 100, "y": 400 },'
        '  { "time": 0.8, "pan": "changed", "x": 250, "y": 420 },'
        '  { "time": 0.9, "pan": "ended", "x": 250, "y": 420 } ]'
    )
    page = write_page(scrim, tmp_path, "edge", PLUGINS / "parallax.lua", "--push", "--interaction", edge)
    open_page(driver, page)
    pans = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent).pans")
    assert [(p["phase"], p["x"], p["y"]) for p in pans] == [
        ("began", 5, 400), ("changed", 100, 400), ("changed", 250, 420), ("ended", 250, 420)]
    # Each at the tick it was delivered: at or just after its time.
    assert [round(p["t"] * 60) for p in pans] == [36, 42, 48, 54]

    def finger_at(time, x, y):
        driver.execute_script(SCRUB, time)
        return driver.execute_script(READ_FINGER, x, y)

    # Before the pan: no marker, no trail.
    before = finger_at(pans[0]["t"] - 1 / 60, 5, 400)
    assert not before["shown"] and before["trail"] == []
    # At the third pan: the marker on its point, the trail back to the first, the older segment fainter.
    at = finger_at(pans[2]["t"], 250, 420)
    assert at["shown"]
    assert_close(at["center"], at["expected"], "the finger marker's centre on screen")
    assert [segment[:2] for segment in at["trail"]] == [[5, 100], [100, 250]]
    assert abs(at["trail"][0][2] - 0.75) < 0.01 and at["trail"][1][2] == 1
    save_screenshot(driver, "finger.png")
    # Between two pans: still on the last one delivered.
    between = finger_at(pans[1]["t"] + 2 / 60, 100, 400)
    assert between["shown"]
    assert_close(between["center"], between["expected"], "the finger marker between two pans")
    # Released: the marker goes at once, the trail fades (the recording ends 0.13 s later).
    after = finger_at(pans[3]["t"] + 1 / 60, 250, 420)
    assert not after["shown"] and [segment[:2] for segment in after["trail"]] == [[5, 100], [100, 250], [250, 250]]
    later = finger_at(driver.execute_script("return window.scrimPreview.duration"), 250, 420)
    assert not later["shown"] and [segment[:2] for segment in later["trail"]] == [[5, 100], [100, 250], [250, 250]]
    assert all(l[2] < a[2] for l, a in zip(later["trail"], after["trail"])), (later, after)


def test_a_30_s_wait_is_cut_on_the_plot_and_the_watchdogs_diagnostic_is_on_the_page(scrim, driver, tmp_path):
    # The sheet's dismissal follows a drag: without one, the watchdog cancels it after 30 s.
    page = tmp_path / "sheet.html"
    result = scrim("preview", PLUGINS / "sheet.lua", "--dismiss", "-o", page, cwd=tmp_path, check=False)
    assert result.returncode == 1 and page.is_file(), result.stderr
    open_page(driver, page)
    assert driver.execute_script("return window.scrimPreview.duration") > 30
    banner = driver.find_element(By.ID, "faults")
    assert banner.is_displayed()
    message = banner.find_element(By.CLASS_NAME, "message").text
    assert message.endswith("was left without an update for 30 s after startInteractiveTransition; the host cancelled it"), message
    assert banner.find_element(By.CLASS_NAME, "advice").text == (
        "an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a --scenario (see Docs/CLI.md)")

    labels = driver.execute_script(BOXES, "#plot .band-label")
    assert [label[4] for label in labels] == ["presentation 1", "dismissal 2"]
    assert overlaps(labels) == []
    ticks = driver.execute_script(BOXES, "#plot text.axis[text-anchor=middle], #plot .break-label")
    assert overlaps(ticks) == [], ticks
    # The presentation (about 0.5 s of 30.5) keeps a readable width: more than a third of the plot.
    plot = driver.find_element(By.ID, "plot").rect
    band = driver.find_element(By.CSS_SELECTOR, "#plot .band-presentation").rect
    assert band["width"] > plot["width"] / 3, (band, plot)
    # The wait is one break, labelled with its length; 15 s is inside it.
    breaks = driver.find_elements(By.CSS_SELECTOR, "#plot .break")
    assert len(breaks) == 1
    label = breaks[0].find_element(By.CLASS_NAME, "break-label").text
    assert label.endswith(" s idle") and float(label.split()[0]) > 29, label
    cut = breaks[0].find_element(By.CLASS_NAME, "idle")
    driver.execute_script(SCRUB, 15)
    cursor = float(driver.find_element(By.ID, "cursor").get_attribute("x1"))
    assert float(cut.get_attribute("x")) < cursor < float(cut.get_attribute("x")) + float(cut.get_attribute("width"))
    # The time labels are true: each one's tick where its time is on the cursor's scale.
    texts = driver.find_elements(By.CSS_SELECTOR, "#plot text.axis[text-anchor=middle]")
    lines = driver.find_elements(By.CSS_SELECTOR, "#plot line.tick")
    assert len(texts) == len(lines) and float(texts[-1].text.removesuffix(" s")) > 30
    for text, line in zip(texts, lines):
        driver.execute_script(SCRUB, float(text.text.removesuffix(" s")))
        assert abs(float(driver.find_element(By.ID, "cursor").get_attribute("x1")) - float(line.get_attribute("x1"))) < 0.01
    # Each label shows whole.
    plot_box = driver.execute_script("return document.getElementById('plot').getBoundingClientRect().right")
    assert all(box[2] <= plot_box for box in ticks), (ticks, plot_box)
    driver.execute_script(SCRUB, 0.3)
    save_screenshot(driver, "idle.png")
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


# Each label's and image view's content on the stage: its lines' text, its font, colour and
# alignment, the box of its text on screen and the view's box on screen.
READ_CONTENT = """
const out = {};
for (const g of document.querySelectorAll('#views .view')) {
  const content = g.querySelector(':scope > .content');
  if (!content) continue;
  const text = document.createRange();
  text.selectNodeContents(content);
  const box = text.getBoundingClientRect(), bounds = g.getBoundingClientRect(), style = getComputedStyle(content);
  out[g.dataset.id] = {
    lines: [...content.querySelectorAll('.line')].map((t) => t.textContent),
    fontSize: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight), color: style.color, align: style.textAlign,
    box: [box.left, box.top, box.right, box.bottom], bounds: [bounds.left, bounds.top, bounds.right, bounds.bottom],
  };
}
return out;
"""


def test_a_labels_text_is_on_the_stage(scrim, driver, tmp_path):
    page = write_page(scrim, tmp_path, "pop", PLUGINS / "pop.lua", "--dismiss")
    open_page(driver, page)
    driver.execute_script(SCRUB, 0)
    content = driver.execute_script(READ_CONTENT)
    # The demo's titles: the home screen's and each card's (white, bold, 28 pt).
    assert content["home.title"]["lines"] == ["Recipes"]
    assert [content[f"card{n}.title"]["lines"] for n in (1, 2, 3)] == [["Pasta"], ["Salad"], ["Soup"]]
    title = content["card1.title"]
    assert (title["fontSize"], title["fontWeight"], title["color"], title["align"]) == (28, 700, "rgb(255, 255, 255)", "left")
    # Drawn: a box of some width, inside the label's bounds on screen (left-aligned, centred vertically).
    for name in ("home.title", "card1.title", "card2.title", "card3.title"):
        left, top, right, bottom = content[name]["box"]
        b_left, b_top, b_right, b_bottom = content[name]["bounds"]
        assert right - left > 20, (name, content[name])
        assert b_left - 1 <= left < b_left + 3 and right <= b_right + 1, (name, content[name])
        assert b_top - 1 <= top and bottom <= b_bottom + 1, (name, content[name])
    # The details' title is on the stage once the details are shown.
    driver.execute_script(SCRUB, driver.execute_script("return window.scrimPreview.duration") / 2)
    assert driver.execute_script(READ_CONTENT)["details.title"]["lines"] == ["Pasta"]
    # Hovering a card's title shows its text.
    driver.execute_script(SCRUB, 0)
    label = driver.find_element(By.CSS_SELECTOR, '#views .view[data-id="card2.title"]')
    ActionChains(driver).move_to_element(label).perform()
    info = driver.find_element(By.ID, "hover-info").text
    assert "card2.title" in info and "Salad" in info and "28 pt, bold" in info, info
    save_screenshot(driver, "labels.png")


CONTENT_SCENE = {
    "window": {"width": 390, "height": 844}, "root": "home",
    "viewControllers": [
        {"id": "home", "view": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "backgroundColor": [1, 1, 1, 1]}},
        {"id": "details", "view": {
            "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "backgroundColor": [1, 1, 1, 1],
            "subviews": [
                {"id": "photo", "kind": "imageView", "imageName": "pasta.jpg", "frame": {"x": 0, "y": 0, "width": 390, "height": 300}},
                {"id": "body", "kind": "label", "frame": {"x": 20, "y": 320, "width": 200, "height": 120},
                 "text": "Boil the water, salt it well and cook the pasta until it is just done",
                 "textAlignment": "center", "numberOfLines": 3, "fontSize": 20, "textColor": [0.2, 0.2, 0.8, 1]},
            ],
        }},
    ],
}


def test_an_image_views_placeholder_and_a_wrapped_label(scrim, driver, tmp_path):
    scene = tmp_path / "content.json"
    scene.write_text(json.dumps(CONTENT_SCENE))
    page = write_page(scrim, tmp_path, "content", PLUGINS / "pop.lua", "--scene", scene)
    open_page(driver, page)
    driver.execute_script(SCRUB, driver.execute_script("return window.scrimPreview.duration"))
    content = driver.execute_script(READ_CONTENT)
    # The image view: a light fill over its bounds with the image's name in the middle.
    photo = content["photo"]
    assert photo["lines"] == ["pasta.jpg"] and photo["align"] == "center"
    fill = driver.execute_script(
        "const r = document.querySelector('#views .view[data-id=\"photo\"] > .content.placeholder');"
        "return [getComputedStyle(r).backgroundColor, r.offsetWidth, r.offsetHeight]")
    assert fill == ["rgba(223, 227, 234, 0.85)", 390, 300]
    # The label: centred, wrapped at spaces to its width, on at most 3 lines, the last ending in "…".
    body = content["body"]
    assert body["align"] == "center" and body["color"] == "rgb(51, 51, 204)", body
    assert len(body["lines"]) == 3 and body["lines"][-1].endswith("\u2026"), body
    assert " ".join(body["lines"]).startswith("Boil the water"), body
    left, top, right, bottom = body["box"]
    b_left, b_top, b_right, b_bottom = body["bounds"]
    assert b_left - 1 <= left and right <= b_right + 1 and b_top - 1 <= top and bottom <= b_bottom + 1, body
    photo_hover = driver.find_element(By.CSS_SELECTOR, '#views .view[data-id="photo"]')
    ActionChains(driver).move_to_element(photo_hover).perform()
    assert "pasta.jpg" in driver.find_element(By.ID, "hover-info").text
    save_screenshot(driver, "content.png")


# A plugin's label counts down while it fades the details in: its text changes twice in the
# transition, and the page draws the text of the frame shown, backwards too.
COUNTDOWN = """
local Countdown = { duration = 0.5 }

function Countdown:animateTransition(ctx)
  local to = ctx:view("to")
  ctx.containerView:addSubview(to)
  local count = scrim.Label.new{ id = "count", frame = scrim.Rect(20, 40, 300, 40), text = "three", fontSize = 24 }
  ctx.containerView:addSubview(count)
  to.alpha = 0
  scrim.animate(0.25, function() to.alpha = 0.5 end, function()
    count.text = "two"
    scrim.animate(0.25, function() to.alpha = 1 end, function()
      count.text = "done"
      count.textColor = scrim.Color(1, 0, 0, 1)
      ctx:completeTransition(true)
    end)
  end)
end

return Countdown
"""


def test_a_label_whose_text_changes_shows_the_text_of_the_frame_shown(scrim, driver, tmp_path):
    plugin = tmp_path / "countdown.lua"
    plugin.write_text(COUNTDOWN)
    page = write_page(scrim, tmp_path, "countdown", plugin)
    open_page(driver, page)
    duration = driver.execute_script("return window.scrimPreview.duration")

    def count_at(t):
        driver.execute_script(SCRUB, t)
        return driver.execute_script(READ_CONTENT)["count"]

    assert count_at(0.1)["lines"] == ["three"]
    assert count_at(0.4)["lines"] == ["two"]
    done = count_at(duration)
    assert done["lines"] == ["done"] and done["color"] == "rgb(255, 0, 0)", done
    save_screenshot(driver, "countdown.png")
    # Backwards: the text is the earlier frame's again, in its colour.
    back = count_at(0.1)
    assert back["lines"] == ["three"] and back["color"] == "rgb(0, 0, 0)", back
    label = driver.find_element(By.CSS_SELECTOR, '#views .view[data-id="count"]')
    ActionChains(driver).move_to_element(label).perform()
    assert "three" in driver.find_element(By.ID, "hover-info").text
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


# Each view shown (it and its superviews not hidden) as Chromium lays it out: its box on screen
# (getBoundingClientRect), in stage points; and the index of the frame shown.
READ_LAYOUT = """
const stage = document.getElementById('stage').getScreenCTM().inverse(), out = {};
for (const g of document.querySelectorAll('#views .view')) {
  let shown = true;
  for (let e = g; e && e.id !== 'views'; e = e.parentElement) if (e.style && e.style.display === 'none') shown = false;
  if (!shown) continue;
  const r = g.getBoundingClientRect();
  const a = new DOMPoint(r.left, r.top).matrixTransform(stage), b = new DOMPoint(r.right, r.bottom).matrixTransform(stage);
  out[g.dataset.v] = [a.x, a.y, b.x - a.x, b.y - a.y];
}
return { boxes: out, frame: window.scrimPreview.frame() };
"""

IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def state_at(data, index):
    """The tree and each view's numbers by field name at frame `index`, replayed from the page's data."""
    tree, views = [], {}
    for frame in data["frames"][: index + 1]:
        tree = frame.get("tree", tree)
        for row in frame.get("full", []):
            views[row[0]] = dict(zip(data["fields"], row[1:]))
        for row in frame.get("set", []):
            numbers = dict(views[row[0]])
            for k in range(1, len(row), 2):
                numbers[data["fields"][row[k]]] = row[k + 1]
            views[row[0]] = numbers
    return {tree[k]: tree[k + 1] for k in range(0, len(tree), 2)}, views


def matrix(values, prefix):
    """A view's 4×4 matrix `prefix` (row by row, m11 … m44); `transform` also from a, b, c, d, tx, ty."""
    if f"{prefix}.m11" in values:
        return [values[f"{prefix}.m{r}{c}"] for r in range(1, 5) for c in range(1, 5)]
    if prefix == "transform":
        a, b, c, d, tx, ty = (values[f"transform.{k}"] for k in ("a", "b", "c", "d", "tx", "ty"))
        return [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]
    return IDENTITY


def times(p, m):
    """Row vector p (x, y, z, w) times the 4×4 matrix m."""
    return [sum(p[k] * m[4 * k + j] for k in range(4)) for j in range(4)]


def project(parents, views, v):
    """Core Animation's chain: view v's bounds corners in the window's superview (the stage), each
    level's point through the view's transform about its anchor point, at its center and zPosition,
    then through its superview's sublayerTransform about that one's anchor point, flattened (x, y
    over w); the bounding box."""
    def anchor(values):
        return (values["bounds.x"] + values.get("anchorPoint.x", 0.5) * values["bounds.width"],
                values["bounds.y"] + values.get("anchorPoint.y", 0.5) * values["bounds.height"])

    s = views[v]
    corners = [(s["bounds.x"] + dx * s["bounds.width"], s["bounds.y"] + dy * s["bounds.height"]) for dx in (0, 1) for dy in (0, 1)]
    while True:
        values = views[v]
        ax, ay = anchor(values)
        placed = []
        for x, y in corners:
            q = times([x - ax, y - ay, 0, 1], matrix(values, "transform"))
            q = [q[0] + q[3] * values["center.x"], q[1] + q[3] * values["center.y"], q[2] + q[3] * values.get("zPosition", 0), q[3]]
            parent = parents[v]
            if parent >= 0:
                px, py = anchor(views[parent])
                q = times([q[0] - q[3] * px, q[1] - q[3] * py, q[2], q[3]], matrix(views[parent], "sublayerTransform"))
                q = [q[0] + q[3] * px, q[1] + q[3] * py, q[2], q[3]]
            placed.append((q[0] / q[3], q[1] / q[3]))
        corners, v = placed, parents[v]
        if v < 0:
            break
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]


def check_layout_matches_projection(driver, times_to_check):
    data = driver.execute_script("return JSON.parse(document.getElementById('scrim-data').textContent)")
    checked = 0
    for time in times_to_check:
        driver.execute_script(SCRUB, time)
        layout = driver.execute_script(READ_LAYOUT)
        parents, views = state_at(data, layout["frame"])
        assert {int(v) for v in layout["boxes"]} <= set(parents), "a view on the stage is not in the frame's tree"
        for v, box in layout["boxes"].items():
            name = data["views"][int(v)][0]
            assert_close(box, project(parents, views, int(v)), f"{name} at {time:.4f} s: its box on screen, in stage points")
            checked += 1
    return checked


@pytest.mark.parametrize(
    "name, arguments",
    [("pop", ["pop.lua", "--dismiss"]), ("slide-push", ["slide.lua", "--push", "--dismiss"])],
)
def test_each_views_box_as_chromium_lays_it_out_is_the_box_scrim_projects(scrim, driver, tmp_path, name, arguments):
    plugin, *options = arguments
    page = write_page(scrim, tmp_path, name, PLUGINS / plugin, *options)
    open_page(driver, page)
    duration = driver.execute_script("return window.scrimPreview.duration")
    assert check_layout_matches_projection(driver, [duration * f for f in (0, 0.1, 0.25, 0.5, 0.75, 1)]) > 20
