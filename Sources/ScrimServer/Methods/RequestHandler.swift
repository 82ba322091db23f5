internal import ScrimJSON

/// What every handler of a message has: the method it handles. One handler per file in `Methods/`.
@MainActor
protocol MessageHandler {
    static var method: String { get }
}

/// A `scrim/*` request: how the session answers it. A handler checks every param before it
/// changes anything, so a rejected request leaves the scene as it was (Docs/Protocol.md, "Errors").
protocol RequestHandler: MessageHandler {
    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue
}

/// A request whose answer waits for something outside the server (the preview server starting):
/// `start` checks every param at once, and a problem is answered then; otherwise it returns the
/// work whose value (or error) is the answer, sent when it is done. Other messages are answered
/// meanwhile.
protocol DeferredRequestHandler: MessageHandler {
    static func start(_ params: Params, in session: Session) throws(ResponseError) -> DeferredAnswer
}

/// The work of a deferred request: its value is the answer.
typealias DeferredAnswer = @MainActor () async throws(ResponseError) -> JSONValue

/// A notification from the client that the session handles (the document notifications).
protocol NotificationHandler: MessageHandler {
    static func handle(_ params: Params, in session: Session) throws(ResponseError)
}

/// A lifecycle request (`initialize`, `shutdown`): answered by the server itself, which it
/// starts or stops the session of.
protocol ServerRequestHandler: MessageHandler {
    static func handle(_ params: Params, in server: LanguageServer) throws(ResponseError) -> JSONValue
}

/// A notification the server itself handles (`initialized`, `$/setTrace`, `$/cancelRequest`).
protocol ServerNotificationHandler: MessageHandler {
    static func handle(_ params: Params, in server: LanguageServer)
}
