/// A fault contained by the host: a role threw, never completed, completed twice or
/// returned a value it must not. The transition involved ended as cancelled (or, for a second
/// `completeTransition`, the call was ignored).
public struct TransitionDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The transition, or nil for a fault outside one (a size change, a gesture event).
    public let transition: Int?
    public let role: TransitionRole
    /// The role object's name (a plugin name, a type name or a view controller id).
    public let object: String
    /// The role method the fault is about (`animateTransition`, `transitionDuration`,
    /// `startInteractiveTransition`, …; for a role that never completed, the method that should
    /// have): where a plugin's file shows the fault. Nil when it is about no one method.
    public let method: String?
    public let message: String

    public init(transition: Int?, role: TransitionRole, object: String, method: String? = nil, message: String) {
        self.transition = transition
        self.role = role
        self.object = object
        self.method = method
        self.message = message
    }

    public var description: String { "\(role.rawValue) '\(object)': \(message)" }
}
