import Foundation
import ScrimCore
import ScrimHost

/// What the `scrim.preview` command asks for: the live preview of one plugin file, played as
/// `scrim preview --serve` plays it (the scene, the style, push or present, dismiss after, or a
/// scenario file).
public struct PreviewRequest: Sendable, Hashable {
    /// The plugin file played.
    public var plugin: URL
    /// The session's plugin directories; the preview also watches the plugin's own directory.
    public var pluginDirectories: [URL]
    /// A scene file (`.json` or `.lua`); nil: the built-in recipe demo.
    public var scene: URL?
    /// The presented view controller's `modalPresentationStyle`; nil: the scene's.
    public var style: ModalPresentationStyle?
    /// The animator an interaction-only plugin drives (a plugin or role name).
    public var animator: String?
    /// Push the scene's template on its navigation controller instead of presenting it.
    public var push: Bool
    /// Dismiss (or pop) when the presentation (or push) has ended.
    public var dismiss: Bool
    /// A scenario file whose steps are played instead of `push` and `dismiss` (Docs/CLI.md,
    /// "Scenarios").
    public var scenario: URL?
    /// Which transitions the plugin's interaction drives; nil: the dismissal when one is played,
    /// else the presentation.
    public var interactive: InteractiveTransitions?

    public init(
        plugin: URL, pluginDirectories: [URL] = [], scene: URL? = nil, style: ModalPresentationStyle? = nil,
        animator: String? = nil, push: Bool = false, dismiss: Bool = false, scenario: URL? = nil,
        interactive: InteractiveTransitions? = nil
    ) {
        self.scenario = scenario
        self.interactive = interactive
        self.plugin = plugin
        self.pluginDirectories = pluginDirectories
        self.scene = scene
        self.style = style
        self.animator = animator
        self.push = push
        self.dismiss = dismiss
    }
}

/// What starts the live previews of the `scrim.preview` command and stops them, and makes the
/// files of `scrim.exportSwift` and `scrim.renderGIF`. The language
/// server has no preview server of its own (it lives in the command line's target, with its HTTP
/// dependency): `scrim serve` gives one; a server made without one does not offer the command.
@MainActor
public protocol PreviewLauncher: AnyObject {
    /// Starts the live preview `request` describes, or finds the one already running for the same
    /// request, and returns its page's URL (with its token).
    ///
    /// `publish` takes the plugin file's play diagnostics each time the preview plays it: one error
    /// per fault, none for a clean play. The server publishes them on the file after its load
    /// diagnostics, in place of those of the file's previous play (Docs/Protocol.md).
    func launch(_ request: PreviewRequest, publish: @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void) async throws -> URL

    /// Makes `artifact` of the transition `request` describes — what `scrim export --swift` or
    /// `scrim render -o NAME.gif` makes with the same options — and writes it beside the plugin
    /// file (replacing a file of the same name, never half written); returns the file written.
    /// `generation` is the plugin's hot-reload generation, which a Swift export names.
    func make(_ artifact: PreviewArtifact, of request: PreviewRequest, generation: Int) async throws -> URL

    /// Stops every preview (their pages are told so): at `shutdown`, in the background (the answer
    /// does not wait for it). A call while they stop waits for them.
    func stopAll() async
}
