internal import ScrimJSON
/// `scrim/setClock { mode: "manual" | "realtime", frameRate? }` → `{}`: switches the clock;
/// time goes on from where it is, running transitions carry on.
enum SetClockRequest: RequestHandler {
    static let method = "scrim/setClock"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let mode = try params.choice("mode", ["manual", "realtime"])
        let frameRate = try params.optionalNumber("frameRate", in: 1...1000) ?? session.host.clock.frameRate
        do {
            try session.host.setClock(mode == "manual" ? .manual(frameRate: frameRate) : .realTime(frameRate: frameRate))
        } catch {
            throw .invalidParams(params.field("frameRate"), "\(error)")
        }
        return [:]
    }
}
