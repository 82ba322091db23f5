import ScrimJSON

/// The DevTools protocol over `ChromiumProcess`'s pipe: each command gets the next id and waits
/// (at most `timeout`) for the reply with that id; events and other replies met on the way are
/// skipped. A command sent to a page carries its `sessionId` (flat sessions,
/// `Target.attachToTarget` with `flatten`).
final class DevToolsSession {
    /// What a message is for the command with a given id.
    enum Reply: Equatable {
        /// Its result.
        case result(JSONValue)
        /// Its error's message (and code).
        case failure(String)
    }

    private let browser: ChromiumProcess
    /// How long a command may wait for its reply.
    let timeout: Duration
    private var nextID = 1

    init(browser: ChromiumProcess, timeout: Duration) {
        self.browser = browser
        self.timeout = timeout
    }

    /// Sends `method` with `params` (to the page of `session`, if given) and returns its result.
    ///
    /// - Throws: `RenderError.devTools` when Chromium answers with an error or something that is
    ///   not JSON; `browserTimedOut`, `browserExited`, `messageTooLarge` from the pipe.
    func call(_ method: String, _ params: JSONObject = [:], session: String? = nil) throws(RenderError) -> JSONValue {
        let id = nextID
        nextID += 1
        let deadline = ContinuousClock.now + timeout
        try browser.send(Self.command(id: id, method: method, params: params, session: session), method: method, until: deadline, timeout: timeout)
        while true {
            let bytes = try browser.receive(method: method, until: deadline, timeout: timeout)
            let message: JSONValue
            do {
                message = try JSONValue(parsing: bytes)
            } catch {
                throw .devTools(method: method, message: "a message that is not JSON: \(error)")
            }
            switch Self.reply(to: id, in: message) {
            case .result(let result)?: return result
            case .failure(let text)?: throw .devTools(method: method, message: text)
            case nil: continue
            }
        }
    }

    /// A command's JSON text: `{"id":…,"method":…,"params":…}` and `sessionId` when given.
    static func command(id: Int, method: String, params: JSONObject, session: String?) -> [UInt8] {
        var object: JSONObject = ["id": .int(id), "method": .string(method), "params": .object(params)]
        if let session { object["sessionId"] = .string(session) }
        return JSONValue.object(object).serialized()
    }

    /// What `message` is for the command `id`: its result, its error, or nil when it is an event
    /// or another command's reply. A reply with neither a result nor an error is a failure.
    static func reply(to id: Int, in message: JSONValue) -> Reply? {
        guard message["id"]?.intValue == id else { return nil }
        if let error = message["error"] {
            let text = error["message"]?.stringValue ?? "an error without a message"
            return .failure(error["code"]?.intValue.map { "\(text) (\($0))" } ?? text)
        }
        guard let result = message["result"] else { return .failure("a reply without a result") }
        return .result(result)
    }
}
