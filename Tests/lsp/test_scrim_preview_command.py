"""The `scrim.preview` command of the real `scrim serve`, driven by pytest-lsp: the code lens on
plugin files, the live preview server it starts (or reuses), `window/showDocument` for clients
that support it and the URL in the answer for the others, and its errors.
"""

import os
import pathlib
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit, urlunsplit

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIM = os.environ.get("SCRIM_BINARY", str(ROOT / ".build" / "debug" / "scrim"))
PLUGINS = ROOT / "Plugins"
CONFIG = ClientServerConfig(server_command=[SCRIM, "serve", "--plugins", str(PLUGINS)])


async def start(client: LanguageClient, shows_documents: bool):
    capabilities = types.ClientCapabilities(
        window=types.WindowClientCapabilities(
            show_document=types.ShowDocumentClientCapabilities(support=shows_documents)
        )
    )
    client.initialize_result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=ROOT.as_uri(),
            initialization_options={"clock": "manual", "watch": False},
        )
    )


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient):
    """A client that cannot open documents: the URL is the answer."""
    await start(lsp_client, shows_documents=False)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def showing_client(lsp_client: LanguageClient):
    """A client that opens documents the server asks it to (LSP 3.16's window/showDocument)."""
    await start(lsp_client, shows_documents=True)
    yield
    await lsp_client.shutdown_session()


def fetch(url):
    """The status and body of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def preview(client, argument):
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="scrim.preview", arguments=[argument])
    )


def check_page(url, plugin):
    parts = urlsplit(url)
    assert parts.scheme == "http" and parts.hostname == "127.0.0.1"
    token = parse_qs(parts.query)["token"][0]
    assert len(token) == 32
    status, body = fetch(url)
    assert status == 200
    assert f"<title>{plugin}" in body
    assert fetch(urlunsplit((parts.scheme, parts.netloc, "/", "", "")))[0] == 403


async def test_the_server_advertises_the_command_and_its_lens(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert list(capabilities.execute_command_provider.commands) == ["scrim.preview", "scrim.exportSwift", "scrim.renderGIF"]
    assert capabilities.code_lens_provider is not None


async def test_a_plugin_file_has_a_preview_lens_and_its_types_file_none(client: LanguageClient):
    uri = (PLUGINS / "pop.lua").as_uri()
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [(lens.command.title, lens.command.command) for lens in lenses] == [
        ("▶ Preview", "scrim.preview"), ("Export Swift", "scrim.exportSwift"), ("Render GIF", "scrim.renderGIF")
    ]
    assert all(lens.range.start.line == 0 for lens in lenses)
    lens = lenses[0]
    assert list(lens.command.arguments) == [uri]

    types_file = (PLUGINS / "scrim.d.lua").as_uri()
    none = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=types_file))
    )
    assert list(none) == []


async def test_the_lens_command_starts_a_live_preview_and_returns_its_url(client: LanguageClient):
    uri = (PLUGINS / "pop.lua").as_uri()
    result = await preview(client, uri)
    assert result["showDocument"] is False
    check_page(result["url"], "pop.lua")
    assert client.shown_documents == []

    # The same request again: the same server.
    again = await preview(client, uri)
    assert again["url"] == result["url"]

    # Other options: another server, playing the push.
    pushed = await preview(client, {"uri": (PLUGINS / "slide.lua").as_uri(), "push": True, "dismiss": True})
    assert pushed["url"] != result["url"]
    check_page(pushed["url"], "slide.lua")


async def test_a_client_that_shows_documents_is_asked_to_open_the_page(showing_client: LanguageClient):
    result = await preview(showing_client, (PLUGINS / "pop.lua").as_uri())
    assert result["showDocument"] is True
    assert len(showing_client.shown_documents) == 1
    shown = showing_client.shown_documents[0]
    assert shown.uri == result["url"]
    assert shown.external is True
    check_page(result["url"], "pop.lua")


async def test_bad_arguments_are_refused_with_the_field_named(client: LanguageClient, tmp_path):
    cases = [
        (types.ExecuteCommandParams(command="scrim.play", arguments=[]), "params.command: unknown command 'scrim.play'"),
        (types.ExecuteCommandParams(command="scrim.preview", arguments=[]), "params.arguments[0]: expected the plugin's URI"),
        (types.ExecuteCommandParams(command="scrim.preview", arguments=["pop.lua"]), "expected the file: URI of a plugin"),
        (
            types.ExecuteCommandParams(command="scrim.preview", arguments=[(tmp_path / "gone.lua").as_uri()]),
            "no plugin file at",
        ),
        (
            types.ExecuteCommandParams(
                command="scrim.preview",
                arguments=[{"uri": (PLUGINS / "pop.lua").as_uri(), "style": "sideways"}],
            ),
            "params.arguments[0].style",
        ),
    ]
    for params, message in cases:
        with pytest.raises(Exception) as error:
            await client.workspace_execute_command_async(params)
        assert message in str(error.value), str(error.value)


async def test_a_plugin_that_does_not_load_yet_is_previewed_and_one_that_cannot_play_is_an_error(client: LanguageClient, tmp_path):
    # Broken: the preview starts all the same; its page shows the diagnostic until a good save.
    broken = tmp_path / "broken.lua"
    broken.write_text("local Broken = {}\nfunction Broken:animateTransition(ctx)\nreturn Broken\n")
    result = await preview(client, broken.as_uri())
    check_page(result["url"], "broken.lua")

    # An interaction with no animator to drive cannot be played: the error says why.
    with pytest.raises(Exception) as error:
        await preview(client, (PLUGINS / "swipe.lua").as_uri())
    message = str(error.value)
    assert "the preview of swipe.lua could not start" in message
    assert "swipe plays the interaction role only" in message, message


async def test_the_faults_of_a_preview_are_published_on_its_plugin_file_and_a_clean_play_clears_them(
    client: LanguageClient, tmp_path
):
    path = tmp_path / "boom.lua"
    faulty = (
        "local Boom = { duration = 0.25 }\n\nfunction Boom:animateTransition(ctx)\n"
        "  local finished = nil\n  ctx:completeTransition(finished.value)\nend\n\nreturn Boom\n"
    )
    path.write_text(faulty)
    uri = path.as_uri()
    await preview(client, uri)
    while not client.diagnostics.get(uri):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [fault] = client.diagnostics[uri]
    assert (fault.range.start.line, fault.range.start.character) == (4, 2)
    assert fault.message == "animateTransition: attempt to index a nil value (local 'finished')"
    assert fault.severity == types.DiagnosticSeverity.Error and fault.source == "scrim"

    # A save the preview plays cleanly clears it.
    path.write_text(faulty.replace("finished.value", "true"))
    while len(client.diagnostics[uri]) != 0:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_export_swift_and_render_gif_write_their_files_beside_the_plugin(showing_client: LanguageClient, tmp_path):
    # Named apart from the shipped plugins, which are the session's plugin directory too.
    plugin = tmp_path / "card.lua"
    plugin.write_text((PLUGINS / "pop.lua").read_text())
    result = await showing_client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="scrim.exportSwift", arguments=[{"uri": plugin.as_uri(), "dismiss": True}])
    )
    swift = tmp_path / "CardTransition.swift"
    assert result == {"path": str(swift), "uri": swift.as_uri(), "showDocument": True}
    text = swift.read_text()
    assert "from card.lua, generation" in text and "--dismiss" in text
    assert "final class CardTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning" in text

    result = await showing_client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="scrim.renderGIF", arguments=[plugin.as_uri()])
    )
    gif = tmp_path / "card.gif"
    assert result == {"path": str(gif), "uri": gif.as_uri(), "showDocument": True}
    assert gif.read_bytes()[:6] == b"GIF89a"
    shown = [(document.uri, document.external, document.take_focus) for document in showing_client.shown_documents]
    assert shown == [(swift.as_uri(), None, True), (gif.as_uri(), True, None)]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["CardTransition.swift", "card.gif", "card.lua"]
