/// How a presented view controller is shown (`UIModalPresentationStyle`, UIKit's case names).
public enum ModalPresentationStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case fullScreen, pageSheet, formSheet, overFullScreen, currentContext, overCurrentContext, popover, custom
    /// Resolves to `pageSheet`.
    case automatic
    /// No adaptation: what an `AdaptivePresentationControllerDelegate` returns to keep the
    /// original style (a popover stays a popover in compact width). Not a style to present with:
    /// presenting a view controller whose `modalPresentationStyle` is `none` traps, as UIKit
    /// raises.
    case none

    /// The styles a view controller can be presented with (every case but `none`): what scenes,
    /// the protocol and the command line accept.
    public static let allCases: [ModalPresentationStyle] = [
        .fullScreen, .pageSheet, .formSheet, .overFullScreen, .currentContext, .overCurrentContext, .popover, .custom,
        .automatic,
    ]

    /// The style `automatic` stands for.
    var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// Styles that present over the presenting context's view and keep it in the window.
    var keepsPresenterInWindow: Bool {
        switch resolved {
        case .fullScreen, .currentContext: false
        default: true
        }
    }

    /// Styles whose presenting view controller is the nearest one with
    /// `definesPresentationContext`.
    var usesCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }
}
