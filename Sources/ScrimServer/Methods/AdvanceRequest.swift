internal import ScrimJSON
/// `scrim/advance { seconds }` → `{ time }`: moves the manual clock, ticking every frame on the
/// way. At most 600 s a call, so that no request can keep the server busy for long.
enum AdvanceRequest: RequestHandler {
    static let method = "scrim/advance"
    static let maximumSeconds = 600.0

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let seconds = try params.number("seconds", in: 0...maximumSeconds)
        guard session.host.isManual else {
            throw ResponseError(.needsManualClock, "scrim/advance needs the manual clock; switch with scrim/setClock { mode: \"manual\" }")
        }
        session.host.advance(by: seconds)
        return ["time": .double(session.host.now)]
    }
}
