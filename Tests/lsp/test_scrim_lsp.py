"""An independent LSP client (pytest-lsp) against the real `scrim serve` (Docs/Protocol.md).

It performs the LSP lifecycle, opens a broken plugin and checks the published diagnostic, fixes
it and checks the diagnostics clear, then drives a presentation with the manual clock through
the custom `scrim/*` requests and checks frame values.
"""

import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIM = os.environ.get("SCRIM_BINARY", str(ROOT / ".build" / "debug" / "scrim"))
PLUGINS = ROOT / "Plugins"

BROKEN = """local Fade = {}
function Fade:animateTransition(ctx)
  ctx:completeTransition(true)
return Fade
"""

FIXED = """local Fade = {}
function Fade:animateTransition(ctx)
  ctx:completeTransition(true)
end
return Fade
"""

# An animator whose animateTransition indexes nil on line 5 (0-based 4): it loads, and faults
# when it plays.
FAULTY = """local Boom = { duration = 0.25 }

function Boom:animateTransition(ctx)
  local finished = nil
  ctx:completeTransition(finished.value)
end

return Boom
"""

PLAYS = FAULTY.replace("finished.value", "true")


async def wait_for_diagnostics(client: LanguageClient, uri: str, condition):
    """Waits for published diagnostics of `uri` that meet `condition`, however long it takes.
    Nothing is received between the check and the wait."""
    while not condition(client.diagnostics.get(uri)):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def save(client: LanguageClient, path: pathlib.Path, text: str, version: int):
    """Writes `text` to the file and tells the server as an editor does: didChange, didSave."""
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[SCRIM, "serve", "--plugins", str(PLUGINS)]),
)
async def client(lsp_client: LanguageClient):
    # pytest-lsp's client has no default handler for this request; Scrim sends it only to
    # clients that declare dynamic registration, which this one does, to exercise the path.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        lsp_client.registrations = [r.method for r in params.registrations]
        return None

    lsp_client.frames = []
    lsp_client.began = []
    lsp_client.ended = []

    @lsp_client.feature("scrim/frame")
    def frame(params):
        lsp_client.frames.append(params)

    @lsp_client.feature("scrim/transitionDidBegin")
    def transition_did_begin(params):
        lsp_client.began.append(params)

    @lsp_client.feature("scrim/transitionDidEnd")
    def transition_did_end(params):
        lsp_client.ended.append(params)

    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
        )
    )
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=ROOT.as_uri(),
            initialization_options={"clock": "manual", "frameRate": 60, "watch": False},
        )
    )
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_initialize_names_the_server(client: LanguageClient):
    result = client.initialize_result
    assert result.server_info.name == "scrim"
    assert result.capabilities.text_document_sync.change == types.TextDocumentSyncKind.Full


@pytest.mark.asyncio
async def test_a_broken_plugin_gets_a_diagnostic_and_a_fix_clears_it(client: LanguageClient, tmp_path):
    uri = (tmp_path / "fade.lua").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="lua", version=1, text=BROKEN)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[uri]
    assert len(diagnostics) == 1
    assert diagnostics[0].range.start.line == 4  # the end of the file: 'end' expected
    assert "'end' expected" in diagnostics[0].message
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert diagnostics[0].source == "scrim"

    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=FIXED)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 0


@pytest.mark.asyncio
async def test_a_save_whose_animate_transition_fails_gets_the_play_check_fault_and_a_fix_clears_it(
    client: LanguageClient, tmp_path
):
    path = tmp_path / "boom.lua"
    path.write_text(PLAYS)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="lua", version=1, text=PLAYS)
        )
    )
    assert list(await wait_for_diagnostics(client, uri, lambda found: found is not None)) == []

    save(client, path, FAULTY, version=2)
    diagnostics = await wait_for_diagnostics(client, uri, lambda found: found)
    assert len(diagnostics) == 1
    fault = diagnostics[0]
    assert (fault.range.start.line, fault.range.start.character) == (4, 2)
    assert (fault.range.end.line, fault.range.end.character) == (4, 40)
    assert fault.message == "animateTransition: attempt to index a nil value (local 'finished')"
    assert fault.severity == types.DiagnosticSeverity.Error
    assert fault.source == "scrim"
    context = fault.related_information[0]
    assert context.message == "animator 'boom', in animateTransition, 0 s into transition 1"
    assert context.location.uri == uri

    save(client, path, PLAYS, version=3)
    await wait_for_diagnostics(client, uri, lambda found: found is not None and len(found) == 0)


@pytest.mark.asyncio
async def test_a_presentation_on_the_manual_clock(client: LanguageClient):
    # The demo: a navigation controller around the recipe list, and the details template.
    scene = await client.protocol.send_request_async("scrim/loadScene", {"scene": "demo"})
    assert list(scene.viewControllers) == ["nav", "home", "details", "about"]

    await client.protocol.send_request_async("scrim/subscribeFrames", {"enabled": True, "views": ["details"]})
    presented = await client.protocol.send_request_async(
        "scrim/present",
        {
            "presented": "details",
            "modalPresentationStyle": "fullScreen",
            "transitioningDelegate": {"animator": "crossfade", "options": {"duration": 0.5, "curve": "linear"}},
        },
    )
    transition = presented.transition

    # The transition begins on the next tick; then the alpha follows the linear curve exactly.
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1 / 60})
    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.25})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    details = find(snapshot.window, "details")
    assert details is not None
    assert details.alpha == pytest.approx(0.5, abs=1e-9)
    assert [t.transition for t in snapshot.transitions] == [transition]

    # Presented from the navigation controller, which covers the window (UIKit's rule). pygls
    # renames the field `from` (a Python keyword), so the params are compared as a tuple, in the
    # server's order: transition, kind, from, to, interactive.
    assert [tuple(b) for b in client.began] == [(transition, "presentation", "nav", "details", False)]

    frame = client.frames[-1]
    assert frame.time == pytest.approx(1 / 60 + 0.25, abs=1e-12)
    assert [v.id for v in frame.views] == ["details"]
    assert frame.views[0].alpha == pytest.approx(0.5, abs=1e-9)
    rect = frame.views[0].frame
    assert (rect.x, rect.y, rect.width, rect.height) == (0, 0, 390, 844)

    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.3})
    assert [(e.transition, e.completed) for e in client.ended] == [(transition, True)]
    assert client.frames[-1].views[0].alpha == 1
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    presented = {vc.id: (vc.presentedViewController, vc.presentingViewController) for vc in snapshot.viewControllers}
    # home is nav's child: it reports what nav presents, as UIKit's does.
    assert presented == {"nav": ("details", None), "home": ("details", None), "details": (None, "nav"), "about": (None, None)}


@pytest.mark.asyncio
async def test_a_tap_triggers_a_segue_and_the_close_button_unwinds(client: LanguageClient):
    # The demo is a storyboard: a tap on a card runs its show segue (a push on nav), a tap on the
    # details' close button its unwind segue back to the list (a pop).
    await client.protocol.send_request_async("scrim/loadScene", {"scene": "demo"})
    tapped = await client.protocol.send_request_async("scrim/input", {"type": "tap", "location": {"x": 200, "y": 400}})
    assert tapped.view == "card2"
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    nav = next(vc for vc in snapshot.viewControllers if vc.id == "nav")
    assert list(nav.children) == ["home", "details"]

    closed = await client.protocol.send_request_async("scrim/input", {"type": "tap", "location": {"x": 350, "y": 70}})
    assert closed.view == "details.close"
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    nav = next(vc for vc in snapshot.viewControllers if vc.id == "nav")
    assert list(nav.children) == ["home"]
    assert [(b[1], b[2], b[3]) for b in client.began] == [("push", "home", "details"), ("pop", "details", "home")]

    # From code: the same segue, and an unknown one is error 1009.
    performed = await client.protocol.send_request_async(
        "scrim/performSegue", {"viewController": "home", "identifier": "showRecipe1"}
    )
    assert performed.destination == "details"
    with pytest.raises(Exception) as refused:
        await client.protocol.send_request_async("scrim/performSegue", {"viewController": "home", "identifier": "nope"})
    assert "view controller 'home' has no segue 'nope'" in str(refused.value)


@pytest.mark.asyncio
async def test_a_push_and_a_pop_on_a_navigation_controller(client: LanguageClient):
    full = {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}}
    scene = {
        "window": {"width": 390, "height": 844},
        "root": "nav",
        "viewControllers": [
            {"id": "nav", "kind": "navigation", "view": full, "children": ["list"]},
            {"id": "list", "view": full},
            {"id": "detail", "view": full},
        ],
    }
    await client.protocol.send_request_async("scrim/loadScene", {"scene": scene})
    pushed = await client.protocol.send_request_async(
        "scrim/push", {"navigationController": "nav", "viewController": "detail"}
    )
    assert pushed.viewController == "detail"

    # Half way through the built-in 0.35 s ease-in-out slide, the new view is half in.
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1 / 60})
    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.175})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    assert find(snapshot.window, "detail").frame.x == pytest.approx(195, abs=1e-6)

    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.2})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    nav = next(vc for vc in snapshot.viewControllers if vc.id == "nav")
    assert list(nav.children) == ["list", "detail"]

    popped = await client.protocol.send_request_async("scrim/pop", {"navigationController": "nav"})
    assert list(popped.popped) == ["detail"]
    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.5})
    assert [e.completed for e in client.ended][-2:] == [True, True]
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    nav = next(vc for vc in snapshot.viewControllers if vc.id == "nav")
    assert list(nav.children) == ["list"]


@pytest.mark.asyncio
async def test_scrim_errors_name_the_problem(client: LanguageClient):
    with pytest.raises(Exception) as error:
        await client.protocol.send_request_async("scrim/advance", {"seconds": "soon"})
    assert "params.seconds: expected a number, got a string" in str(error.value)


def find(tree, view_id):
    """The view `view_id` in a ViewTree, or None."""
    if tree.id == view_id:
        return tree
    for subview in tree.subviews:
        found = find(subview, view_id)
        if found is not None:
            return found
    return None


@pytest.mark.asyncio
async def test_a_pan_no_recognizer_took_is_in_progress_all_the_same(client: LanguageClient):
    # After a push, the navigation controller's edge swipe takes pans that begin within 20 points
    # of its left edge. A finger down at x = 100 is nobody's: its moves are accepted all the same,
    # as UIKit delivers a touch's moves, and nothing pops.
    await client.protocol.send_request_async("scrim/loadScene", {"scene": "demo"})
    await client.protocol.send_request_async("scrim/input", {"type": "tap", "location": {"x": 200, "y": 400}})
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1})

    def pan(phase, x):
        return client.protocol.send_request_async("scrim/input", {"type": "pan", "phase": phase, "location": {"x": x, "y": 400}})

    assert (await pan("began", 100)).received is False
    await client.protocol.send_request_async("scrim/advance", {"seconds": 0.1})
    assert (await pan("changed", 250)).received is False
    assert (await pan("ended", 300)).received is False
    await client.protocol.send_request_async("scrim/advance", {"seconds": 1})
    snapshot = await client.protocol.send_request_async("scrim/snapshot", {})
    nav = next(vc for vc in snapshot.viewControllers if vc.id == "nav")
    assert list(nav.children) == ["home", "details"]
    assert [b[1] for b in client.began] == ["push"]
