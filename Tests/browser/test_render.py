"""`scrim render` (Docs/Render.md): the outputs decoded with ffprobe (frame count, size,
duration) for each format, and three frames of the PNG output (and one of the MP4) compared with
Selenium screenshots of the same page, opened in render mode (`#render`) and seeked to the same
times. Needs ffmpeg and ffprobe (scripts/test-browser installs them). The frames compared are kept
in .build/browser/render for a look."""

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PLUGINS, REPOSITORY

PLUGIN = PLUGINS / "pop.lua"
WINDOW = (390, 844)  # the demo scene's window, in points
SUMMARY = re.compile(r"^(?P<path>\S+): (?P<frames>\d+) frames, (?P<w>\d+) × (?P<h>\d+) at (?P<scale>\d)×, (?P<seconds>[\d.]+) s$")
# A frame of the PNG output against the screenshot: the same browser drew both, so the mean
# difference per channel stays under 0.5 of 255 and under 0.5 % of the pixels differ by more than
# 32 in a channel (text anti-aliasing). The MP4's H.264 (crf 18, 4:2:0) is allowed a mean of 3.
PNG_MEAN, PNG_FAR, MP4_MEAN = 0.5, 0.005, 3.0
KEPT = REPOSITORY / ".build" / "browser" / "render"


@pytest.fixture(scope="module")
def tools():
    for tool in ("ffmpeg", "ffprobe"):
        if not shutil.which(tool):
            pytest.fail(f"{tool} must be installed (scripts/test-browser installs ffmpeg)")


@pytest.fixture(scope="module")
def work():
    with tempfile.TemporaryDirectory(prefix="scrim-render-test-") as directory:
        yield Path(directory)


def render(scrim, work, name, *arguments):
    result = scrim("render", PLUGIN, "-o", work / name, *arguments, cwd=work)
    match = SUMMARY.match(result.stdout.strip())
    assert match, result.stdout
    return match


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
         "stream=nb_read_frames,width,height,codec_name,pix_fmt", "-show_entries", "format=duration", "-of", "json", str(path)],
        capture_output=True, text=True, check=True,
    ).stdout
    data = json.loads(out)
    return data["streams"][0], float(data["format"].get("duration", "nan"))


def rgb(path, crop=None, frame=None):
    """The pixels of an image (or of frame `frame` of a video), as rgb24 bytes, with their size."""
    filters = [f"select=eq(n\\,{frame})"] if frame is not None else []
    if crop:
        filters.append(f"crop={crop[0]}:{crop[1]}:0:0")
    arguments = ["ffmpeg", "-v", "error", "-i", str(path)]
    if filters:
        arguments += ["-vf", ",".join(filters)]
    arguments += ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    return subprocess.run(arguments, capture_output=True, check=True).stdout


def difference(a, b):
    """The mean absolute difference per channel, and the share of pixels off by more than 32."""
    assert len(a) == len(b) and len(a) > 0
    total = far = 0
    for i in range(0, len(a), 3):
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
        far += d > 32
    return total / len(a), far / (len(a) // 3)


def screenshot(driver, page, time, path):
    """The page in render mode seeked to `time`, its top left window-sized corner."""
    driver.get(page.as_uri() + "#render")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.scrimPreview && document.body.classList.contains('render')"))
    driver.execute_script("window.scrimPreview.seek(arguments[0])", time)
    driver.save_screenshot(str(path))


def test_gif_mp4_and_webm_have_their_frames_size_and_duration(scrim, tools, work):
    gif = render(scrim, work, "pop.gif", "--scale", "1")
    stream, duration = probe(work / "pop.gif")
    assert (stream["codec_name"], stream["width"], stream["height"]) == ("gif", 390, 844)
    assert int(stream["nb_read_frames"]) == int(gif["frames"])
    # 50 fps, 2 hundredths of a second a frame.
    assert duration == pytest.approx(int(gif["frames"]) * 0.02, abs=0.011)

    mp4 = render(scrim, work, "pop.mp4", "--fps", "30")
    stream, duration = probe(work / "pop.mp4")
    assert (stream["codec_name"], stream["pix_fmt"], stream["width"], stream["height"]) == ("h264", "yuv420p", 780, 1688)
    assert int(stream["nb_read_frames"]) == int(mp4["frames"])
    assert duration == pytest.approx(int(mp4["frames"]) / 30, abs=0.02)
    assert float(mp4["seconds"]) == pytest.approx(int(mp4["frames"]) / 30, abs=0.005)

    result = scrim("render", PLUGIN, "-o", work / "part.webm", "--scale", "1", "--fps", "20", "--from", "0.2", "--to", "0.6", cwd=work)
    assert result.stdout.startswith(f"{work / 'part.webm'}: 9 frames, 390 × 844 at 1×, 0.45 s"), result.stdout
    stream, duration = probe(work / "part.webm")
    assert (stream["codec_name"], stream["pix_fmt"], stream["width"], stream["height"]) == ("vp9", "yuv420p", 390, 844)
    assert int(stream["nb_read_frames"]) == 9
    assert duration == pytest.approx(9 / 20, abs=0.06)


def test_size_resizes_the_frames(scrim, tools, work):
    result = scrim("render", PLUGIN, "-o", work / "small.mp4", "--scale", "1", "--size", "196x422", "--to", "0.1", cwd=work)
    assert result.stdout.startswith(f"{work / 'small.mp4'}: 7 frames, 390 × 844 (196 × 422 px), 0.12 s"), result.stdout
    stream, _ = probe(work / "small.mp4")
    assert (stream["width"], stream["height"], int(stream["nb_read_frames"])) == (196, 422, 7)


def test_frames_match_screenshots_of_the_page_in_render_mode(scrim, driver, tools, work):
    png = render(scrim, work, "frames.png", "--scale", "1")
    count = int(png["frames"])
    files = sorted((work / "frames.png").iterdir())
    assert [f.name for f in files] == [f"frame-{n:04d}.png" for n in range(1, count + 1)]
    stream, _ = probe(files[0])
    assert (stream["width"], stream["height"]) == WINDOW
    mp4 = render(scrim, work, "frames.mp4", "--scale", "1")
    assert int(mp4["frames"]) == count

    page = work / "pop.html"
    scrim("preview", PLUGIN, "-o", page, cwd=work)
    KEPT.mkdir(parents=True, exist_ok=True)
    for index in (0, count // 2, count - 1):
        time = index / 60
        shot = KEPT / f"screenshot-{index + 1:04d}.png"
        screenshot(driver, page, time, shot)
        expected = rgb(shot, crop=WINDOW)
        shutil.copy(files[index], KEPT / files[index].name)
        mean, far = difference(rgb(files[index]), expected)
        assert mean < PNG_MEAN and far < PNG_FAR, f"frame {index + 1} at {time:.4f} s: mean {mean:.3f}, {far:.2%} far off"
        if index == count // 2:
            mean, _ = difference(rgb(work / "frames.mp4", frame=index), expected)
            assert mean < MP4_MEAN, f"the MP4's frame {index + 1}: mean {mean:.3f}"
    # The middle frame is not the first: the comparison would see a frame drawn at the wrong time.
    mean, _ = difference(rgb(files[0]), rgb(files[count // 2]))
    assert mean > 5


def test_usage_errors_exit_2(scrim, work):
    for arguments, message in [
        (["-o", "x.mov"], "unknown extension .mov; use .gif, .mp4, .webm or .png"),
        (["-o", "x.gif", "--scale", "4"], "--scale: expected 1, 2 or 3, got 4"),
        (["-o", "x.mp4", "--from", "0.5", "--to", "0.2"], "--to 0.2 is before --from 0.5"),
        (["-o", "x.mp4", "--to", "9"], "--to 9 is past the end of the recording"),
        (["-o", "x.gif", "--size", "12"], "--size: expected WxH"),
    ]:
        result = scrim("render", PLUGIN, *arguments, cwd=work, check=False)
        assert result.returncode == 2, (arguments, result.stderr)
        assert message in result.stderr
    assert not (work / "x.mp4").exists()
