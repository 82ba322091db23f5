/// A JSON-RPC error code (Docs/Protocol.md, "Errors"): JSON-RPC's and LSP's standard codes and
/// Scrim's own, which sit outside both reserved ranges. Extensible like sourcekit-lsp's: any
/// integer is a code.
package struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    // JSON-RPC 2.0
    /// Malformed JSON or a bad header; answered with `id: null`, the stream goes on.
    package static let parseError = ErrorCode(rawValue: -32700)
    /// Valid JSON that is not a JSON-RPC message (or a batch, a request after `shutdown`, or a
    /// message nesting deeper than the parser reads).
    package static let invalidRequest = ErrorCode(rawValue: -32600)
    package static let methodNotFound = ErrorCode(rawValue: -32601)
    /// The message names the field and what was expected.
    package static let invalidParams = ErrorCode(rawValue: -32602)
    package static let internalError = ErrorCode(rawValue: -32603)

    // LSP
    /// A request before `initialize`.
    package static let serverNotInitialized = ErrorCode(rawValue: -32002)
    /// The request was cancelled with `$/cancelRequest` before it ran.
    package static let requestCancelled = ErrorCode(rawValue: -32800)

    // Scrim
    package static let unknownViewController = ErrorCode(rawValue: 1001)
    package static let transitionInProgress = ErrorCode(rawValue: 1002)
    package static let pluginNotFound = ErrorCode(rawValue: 1003)
    /// A plugin failed (the message carries its diagnostic).
    package static let pluginError = ErrorCode(rawValue: 1004)
    package static let invalidScene = ErrorCode(rawValue: 1005)
    /// `scrim/advance` while the real-time clock runs.
    package static let needsManualClock = ErrorCode(rawValue: 1006)
    package static let unknownTransition = ErrorCode(rawValue: 1007)
    package static let nothingToDismiss = ErrorCode(rawValue: 1008)
    /// A segue identifier the view controller does not declare.
    package static let unknownSegue = ErrorCode(rawValue: 1009)
    /// A container method on a view controller that is not that container (`scrim/pop` on a
    /// view controller that is not a navigation controller, `scrim/selectTab` on one that is not
    /// a tab bar controller).
    package static let notAContainer = ErrorCode(rawValue: 1010)
    /// A popover presented with no `sourceView`, or one that is not in the window.
    package static let popoverWithoutAnchor = ErrorCode(rawValue: 1011)
    /// `scrim.preview`: the live preview could not start (the message says why), or the server
    /// has none.
    package static let previewFailed = ErrorCode(rawValue: 1012)
    /// `scrim.exportSwift`, `scrim.renderGIF`: the file could not be made or written (the
    /// message says why: the plugin faulted, no transition ran, a tool is missing, a write failed).
    package static let artifactFailed = ErrorCode(rawValue: 1013)

    package var description: String { String(rawValue) }
}
