"""The stage in 3-D: views drawn as HTML elements that Chromium lays out in 3-D (Docs/Preview.md,
"How the stage draws"). A Lua plugin turns the presented view over about y with perspective on
the container; and a page's data is given a rotation about y with perspective on the
superview (a pure perspective, drawn by CSS `perspective`, or a sublayerTransform folded into
the subviews' matrices); at 0.25, 0.5 and 0.75 of the time every view's box as Chromium lays it
out is within 0.5 pt of the box Core Animation's chain projects, and the back face of a view that
is not double-sided is not drawn past 90°."""

import json
import math
import os
import re
import shutil

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By

from conftest import PLUGINS, REPOSITORY
from test_preview_page import SCRUB, TOLERANCE, check_layout_matches_projection, open_page, write_page

# The fields of a view, in the order of Docs/Preview.md's data (Core Animation's layer model).
MATRIX = [f"m{row}{column}" for row in range(1, 5) for column in range(1, 5)]
FIELDS = (
    ["center.x", "center.y", "bounds.x", "bounds.y", "bounds.width", "bounds.height"]
    + [f"transform.{m}" for m in MATRIX]
    + ["alpha", "backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha",
       "cornerRadius", "anchorPoint.x", "anchorPoint.y", "zPosition"]
    + [f"sublayerTransform.{m}" for m in MATRIX]
    + ["shadowColor.red", "shadowColor.green", "shadowColor.blue", "shadowColor.alpha", "shadowOpacity",
       "shadowRadius", "shadowOffset.width", "shadowOffset.height", "borderWidth", "borderColor.red",
       "borderColor.green", "borderColor.blue", "borderColor.alpha", "isHidden", "clipsToBounds", "isDoubleSided"]
)
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
DEFAULTS = dict(
    zip(FIELDS, [0] * len(FIELDS)),
    **{f"transform.{m}": v for m, v in zip(MATRIX, IDENTITY)},
    **{f"sublayerTransform.{m}": v for m, v in zip(MATRIX, IDENTITY)},
    **{"anchorPoint.x": 0.5, "anchorPoint.y": 0.5, "shadowColor.alpha": 1, "shadowRadius": 3,
       "shadowOffset.height": -3, "borderColor.alpha": 1, "isDoubleSided": 1, "alpha": 1},
)
# A 2-D transform's names in the older data, and their entries of the 4×4 matrix.
AFFINE = {"transform.a": "transform.m11", "transform.b": "transform.m12", "transform.c": "transform.m21",
          "transform.d": "transform.m22", "transform.tx": "transform.m41", "transform.ty": "transform.m42"}


def rotation_y(angle):
    """Core Animation's rotation about y (CATransform3DMakeRotation(angle, 0, 1, 0))."""
    c, s = math.cos(angle), math.sin(angle)
    return [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]


def multiply(a, b):
    return [sum(a[4 * i + k] * b[4 * k + j] for k in range(4)) for i in range(4) for j in range(4)]


def with_layers(data, changes):
    """`data` with the layer model's fields, each view's numbers as they were, then `changes(view
    id, time, values)` applied to every view at every frame."""
    old = data["fields"]
    ids = [view[0] for view in data["views"]]
    states, frames = {}, []
    for frame in data["frames"]:
        for row in frame.get("full", []):
            states[row[0]] = dict(DEFAULTS, **{AFFINE.get(n, n): v for n, v in zip(old, row[1:])})
        for row in frame.get("set", []):
            states[row[0]] = dict(states[row[0]], **{AFFINE.get(old[row[k]], old[row[k]]): row[k + 1] for k in range(1, len(row), 2)})
        # Each frame whole: every view seen so far, with the changes at its time.
        new = {key: frame[key] for key in ("t", "tree") if key in frame}
        new["full"] = []
        for view, values in states.items():
            values = dict(values)
            changes(ids[view], frame["t"], values)
            new["full"].append([view] + [values[name] for name in FIELDS])
        frames.append(new)
    return dict(data, fields=FIELDS, frames=frames)


DATA = re.compile(r'(<script type="application/json" id="scrim-data">)(.*?)(</script>)', re.S)


def rewrite_page(page, changes):
    """Rewrites the page's data with `with_layers`; returns the recording's duration."""
    html = page.read_text()
    data = json.loads(DATA.search(html).group(2))
    text = json.dumps(with_layers(data, changes)).replace("</", "<\\/")
    page.write_text(DATA.sub(lambda m: m.group(1) + text + m.group(3), html))
    return data["duration"]


PERSPECTIVE = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1]


def flip(sublayer):
    """card2 turns about y from 0 to 180° over the recording, on `home`, whose sublayerTransform
    is `sublayer`; it is not double-sided and casts a shadow with a border. The presented details
    are hidden, so that nothing covers it."""
    def changes(view, time, values):
        if view.startswith("details"):
            values["isHidden"] = 1
        if view == "home":
            values.update({f"sublayerTransform.{m}": v for m, v in zip(MATRIX, sublayer)})
        if view == "card2":
            values.update({f"transform.{m}": v for m, v in zip(MATRIX, rotation_y(math.pi * time / flip.duration))})
            values.update({"isDoubleSided": 0, "shadowOpacity": 0.5, "shadowRadius": 8, "borderWidth": 3,
                           "borderColor.red": 1, "anchorPoint.x": 0.25, "zPosition": 20})
    return changes


@pytest.mark.parametrize("sublayer", [PERSPECTIVE, multiply(multiply(PERSPECTIVE, rotation_y(0.3)), [0.9, 0, 0, 0, 0, 0.9, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1])],
                         ids=["css-perspective", "folded-sublayer-transform"])
def test_a_flip_with_perspective_is_laid_out_as_core_animation_projects_it(scrim, driver, tmp_path, sublayer):
    page = write_page(scrim, tmp_path, "flip", PLUGINS / "pop.lua")
    flip.duration = duration = json.loads(DATA.search(page.read_text()).group(2))["duration"]
    rewrite_page(page, flip(sublayer))
    open_page(driver, page)
    times = [duration * f for f in (0.25, 0.5, 0.75)]
    assert check_layout_matches_projection(driver, times) > 20
    # Past 90° the card shows its back: not drawn, so the point under its middle is home's.
    driver.execute_script(SCRUB, duration * 0.75)
    front = driver.execute_script(READ_HITS, "card2")
    assert "card2" not in front["hits"], front
    driver.execute_script(SCRUB, duration * 0.25)
    assert driver.execute_script(READ_HITS, "card2")["hits"][0] in ("card2", "card2.title")
    style = driver.execute_script("return document.querySelector('.view[data-id=\"card2\"]').style.cssText")
    assert "backface-visibility: hidden" in style and "box-shadow" in style, style
    # The card's title turns with it: its text is on the stage.
    assert driver.execute_script(
        "return [...document.querySelectorAll('.view[data-id=\"card2.title\"] > .content > .line')].map((l) => l.textContent)") == ["Salad"]
    # Hovering the card shows its layer's values: the 4×4 transform's 16 entries among them.
    box = driver.execute_script("const r = document.querySelector('.view[data-id=\"card2\"]').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
    pointer = ActionBuilder(driver)
    pointer.pointer_action.move_to_location(int(box[0] + box[2] / 2), int(box[1] + box[3] * 0.3))
    pointer.perform()
    names = [dt.text for dt in driver.find_elements(By.CSS_SELECTOR, "#hover-info dt")]
    values = dict(zip(names, [dd.text for dd in driver.find_elements(By.CSS_SELECTOR, "#hover-info dd")]))
    assert values["id"] == "card2", values
    assert len(values["transform"].strip("[]").split(", ")) == 16, values
    assert (values["anchorPoint"], values["zPosition"], values["isDoubleSided"]) == ("(0.25, 0.5)", "20", "no"), values
    assert values["shadow"] == "rgba(0, 0, 0, 1), opacity 0.5, radius 8, offset (0, -3)", values
    assert values["border"] == "3, rgba(255, 0, 0, 1)", values
    driver.execute_script(SCRUB, duration * 0.35)
    save_screenshot(driver, f"flip-{'css' if sublayer is PERSPECTIVE else 'folded'}.png")


def open_checked_transition(scrim, driver, tmp_path, name, *arguments):
    """Opens the page of `scrim preview ARGUMENTS`, checks that at 0.25, 0.5 and 0.75 of its first
    transition every view's box is the projected one, and returns the transition's start and end."""
    page = write_page(scrim, tmp_path, name, *arguments)
    open_page(driver, page)
    data = json.loads(DATA.search(page.read_text()).group(2))
    began, ended = data["transitions"][0]["began"], data["transitions"][0]["ended"]
    assert check_layout_matches_projection(driver, [began + (ended - began) * f for f in (0.25, 0.5, 0.75)]) > 10
    return began, ended


def test_the_shipped_flip_plugin_is_laid_out_as_core_animation_projects_it(scrim, driver, tmp_path):
    """Plugins/flip.lua on the demo's second card (Plugins/scenarios/flip.json): the card's snapshot
    and the details turn over together with perspective on the container, each drawn only while it
    faces the viewer, with a shadow."""
    began, ended = open_checked_transition(scrim, driver, tmp_path, "flipcard", "--scenario", PLUGINS / "scenarios" / "flip.json")
    times = [began + (ended - began) * f for f in (0.25, 0.5, 0.75)]
    # A quarter through, the card's face shows and the details (its back) are not drawn; at three
    # quarters the details show.
    driver.execute_script(SCRUB, times[0])
    hits = driver.execute_script(READ_HITS, "details")["hits"]
    assert "details" not in hits and hits[0].startswith("view-"), hits
    # Nothing of the details is painted then, its subviews and their text included: they are
    # flattened into its plane, which faces away.
    assert driver.execute_script(SHOWN_INSIDE, "details") == {"shown": 0, "inside": driver.execute_script(COUNT_INSIDE, "details")}
    driver.execute_script(SCRUB, times[2])
    assert driver.execute_script(SHOWN_INSIDE, "details")["shown"] > 0
    assert driver.execute_script(READ_HITS, "details")["hits"][0].startswith("details")
    style = driver.execute_script("return document.querySelector('.view[data-id=\"details\"]').style.cssText")
    assert "backface-visibility: hidden" in style and "box-shadow" in style, style
    # Docs/preview-flip.png: the card a third of the way over (SCRIM_UPDATE_SCREENSHOT=1 copies it).
    driver.execute_script(SCRUB, began + (ended - began) * 0.35)
    save_screenshot(driver, "flipcard.png")
    if os.environ.get("SCRIM_UPDATE_SCREENSHOT") == "1":
        shutil.copyfile(REPOSITORY / ".build" / "browser" / "flipcard.png", REPOSITORY / "Docs" / "preview-flip.png")


# How many of the elements inside view arguments[0] (its subviews and their content) are painted.
SHOWN_INSIDE = """
const inside = [...document.querySelectorAll('#views .view[data-id="' + arguments[0] + '"] .view, #views .view[data-id="' + arguments[0] + '"] .content')];
return { shown: inside.filter((e) => e.checkVisibility({ visibilityProperty: true })).length, inside: inside.length };
"""
COUNT_INSIDE = """
return document.querySelectorAll('#views .view[data-id="' + arguments[0] + '"] .view, #views .view[data-id="' + arguments[0] + '"] .content').length;
"""

# The views under the middle of view arguments[0]'s box on screen, front to back.
READ_HITS = """
const r = document.querySelector('#views .view[data-id="' + arguments[0] + '"]').getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
return { hits: document.elementsFromPoint(x, y).filter((e) => e.classList.contains('view')).map((e) => e.dataset.id) };
"""


def save_screenshot(driver, name):
    output = REPOSITORY / ".build" / "browser" / name
    output.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(output))


TURN_PLUGIN = """\
-- turn.lua: the presented view turns over about y, from its back (180°) to its
-- front, with perspective on the container; it is not double-sided.
local Turn = { duration = 0.6 }
function Turn:transitionDuration(ctx) return self.duration end
function Turn:animateTransition(ctx)
  local container = ctx.containerView
  local incoming = ctx:view("to")
  if incoming == nil then
    ctx:completeTransition(true)
    return
  end
  container:addSubview(incoming)
  incoming.frame = ctx:finalFrame(ctx:viewController("to"))
  container.layer.sublayerTransform = scrim.Transform3D.new{ m11 = 1, m22 = 1, m33 = 1, m44 = 1, m34 = -1 / 500 }
  incoming.layer.isDoubleSided = false
  incoming.layer.shadowOpacity = 0.4
  incoming.layer.shadowRadius = 10
  incoming.transform3D = scrim.Transform3D.rotation(math.pi, 0, 1, 0)
  scrim.animate{
    duration = self.duration,
    curve = "linear",
    animations = function() incoming.transform3D = scrim.Transform3D.identity end,
    completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end,
  }
end
return Turn
"""


def test_a_lua_plugins_turn_with_perspective_is_laid_out_as_core_animation_projects_it(scrim, driver, tmp_path):
    plugin = tmp_path / "turn.lua"
    plugin.write_text(TURN_PLUGIN)
    began, ended = open_checked_transition(scrim, driver, tmp_path, "turn", plugin)
    times = [began + (ended - began) * f for f in (0.25, 0.5, 0.75)]
    # From its back to its front: at a quarter (135°) the details are not drawn, at three quarters (45°) they are.
    driver.execute_script(SCRUB, times[0])
    hits = driver.execute_script(READ_HITS, "details")["hits"]
    assert hits[0] != "details" and "details" not in hits and "details.title" not in hits, hits
    driver.execute_script(SCRUB, times[2])
    assert driver.execute_script(READ_HITS, "details")["hits"][0].startswith("details")
    style = driver.execute_script("return document.querySelector('.view[data-id=\"details\"]').style.cssText")
    assert "backface-visibility: hidden" in style and "matrix3d(" in style, style
    # The details' title turns with them: its text is on the stage.
    assert driver.execute_script(
        "return [...document.querySelectorAll('.view[data-id=\"details.title\"] > .content > .line')].map((l) => l.textContent)") == ["Pasta"]
    save_screenshot(driver, "turn.png")
