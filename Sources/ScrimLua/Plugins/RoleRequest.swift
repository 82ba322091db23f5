import ScrimCore

/// What one role instance is made with: its options, and the view controllers a presentation
/// controller stands between (nil for the other kinds).
@MainActor
package struct RoleRequest {
    package var options: RoleOptions
    package var presented: ViewController?
    package var presenting: ViewController?

    package init(options: RoleOptions, presented: ViewController? = nil, presenting: ViewController? = nil) {
        self.options = options
        self.presented = presented
        self.presenting = presenting
    }

    /// The presented view controller of a presentation controller's request: making one without
    /// it is a programmer error.
    package var presentedViewController: ViewController {
        guard let presented else { preconditionFailure("a presentation controller is made with the view controller it presents") }
        return presented
    }
}
