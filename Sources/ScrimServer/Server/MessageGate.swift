/// The layer every message passes before its handler runs: the LSP lifecycle (a request before
/// `initialize` is -32002, after `shutdown` -32600; notifications outside a session are dropped;
/// `exit` ends the process), cancellation (a request cancelled by its own batch is -32800,
/// unrun) and `$/setTrace`'s level. A pure struct: it takes a message's method and says what to
/// do with it.
struct MessageGate: Sendable, Hashable {
    /// What to do with a request.
    enum RequestDecision: Sendable, Hashable {
        case run
        case answer(ResponseError)
    }

    /// What to do with a notification.
    enum NotificationDecision: Sendable, Hashable {
        case run
        case drop
        case exit(code: Int32)
    }

    private(set) var lifecycle = Lifecycle()
    /// `$/setTrace`'s value: `off`, `messages` or `verbose` (recorded; the server sends no
    /// `$/logTrace`).
    var traceValue = "off"

    /// The request `method` with `id`, in a batch that cancels `cancelled`.
    mutating func request(_ method: String, id: RequestID?, cancelled: Set<RequestID>) -> RequestDecision {
        switch lifecycle.request(method) {
        case .reject(let error):
            return .answer(error)
        case .initialize, .shutdown:
            return .run
        case .handle:
            if let id, cancelled.contains(id) {
                return .answer(ResponseError(.requestCancelled, "request \(id) was cancelled before it ran"))
            }
            return .run
        }
    }

    mutating func notification(_ method: String) -> NotificationDecision {
        switch lifecycle.notification(method) {
        case .handle: .run
        case .drop: .drop
        case .exit(let code): .exit(code: code)
        }
    }

    /// `initialize` succeeded: the session runs.
    mutating func initialized() { lifecycle.initialized() }

    /// The client closed its end: the same rule as `exit`.
    mutating func endOfInput() -> NotificationDecision {
        guard case .exit(let code) = lifecycle.endOfInput() else { return .drop }
        return .exit(code: code)
    }

    var hasExited: Bool {
        if case .exited = lifecycle.state { return true }
        return false
    }
}
