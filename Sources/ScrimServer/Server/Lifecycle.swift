/// The LSP lifecycle (Docs/Protocol.md, "Lifecycle") as a pure state machine: it takes each
/// incoming message's method and says what to do with it. Before `initialize`, requests get
/// -32002 and notifications are dropped (except `exit`); after `shutdown`, requests get -32600;
/// `exit` ends the process with 0 after `shutdown` and 1 otherwise, and so does the end of input.
struct Lifecycle: Sendable, Hashable {
    enum State: Sendable, Hashable {
        case waitingForInitialize
        case running
        case shutDown
        case exited(code: Int32)
    }

    /// What to do with a request.
    enum RequestAction: Sendable, Hashable {
        case initialize
        case shutdown
        case handle
        case reject(ResponseError)
    }

    /// What to do with a notification.
    enum NotificationAction: Sendable, Hashable {
        case handle
        case drop
        case exit(code: Int32)
    }

    private(set) var state = State.waitingForInitialize

    mutating func request(_ method: String) -> RequestAction {
        switch state {
        case .waitingForInitialize:
            return method == "initialize"
                ? .initialize
                : .reject(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first"))
        case .running:
            switch method {
            case "initialize": return .reject(ResponseError(.invalidRequest, "'initialize' was already called"))
            case "shutdown":
                state = .shutDown
                return .shutdown
            default: return .handle
            }
        case .shutDown, .exited:
            return .reject(ResponseError(.invalidRequest, "the server is shut down: only 'exit' is accepted"))
        }
    }

    /// `initialize` succeeded.
    mutating func initialized() {
        if state == .waitingForInitialize { state = .running }
    }

    mutating func notification(_ method: String) -> NotificationAction {
        if method == "exit" { return exit() }
        return state == .running ? .handle : .drop
    }

    /// The end of input: the same rule as `exit`.
    mutating func endOfInput() -> NotificationAction { exit() }

    private mutating func exit() -> NotificationAction {
        if case .exited(let code) = state { return .exit(code: code) }
        let code: Int32 = state == .shutDown ? 0 : 1
        state = .exited(code: code)
        return .exit(code: code)
    }
}
