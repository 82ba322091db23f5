/// A traced step: which transition, which step, and the object it concerns (a view controller id
/// or a role's name).
public struct TransitionTraceEvent: Sendable, Hashable, CustomStringConvertible {
    public let transition: Int
    public let step: TransitionStep
    public let object: String
    public let detail: String?

    public init(transition: Int, step: TransitionStep, object: String, detail: String? = nil) {
        self.transition = transition
        self.step = step
        self.object = object
        self.detail = detail
    }

    public var description: String {
        "\(step.rawValue)(\(object)\(detail.map { ", \($0)" } ?? ""))"
    }
}
