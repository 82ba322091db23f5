import ScrimCore
import Testing
@testable import ScrimPlayback

/// The line `scrim run` prints (and the preview's page shows) when an interactive transition was
/// cancelled by the watchdog with no input delivered while it ran.
@Suite struct PlaybackResultTests {
    static let fault = PlaybackFault(message: "left without an update", time: 30.5)

    /// Transition 2, interactive, from 0.5 to 30.5 s, with input at `times` (in order).
    static func result(inputAt times: [Double], completed: Bool = false, faulted: Bool = true) -> PlaybackResult {
        func inputs(_ range: Range<Double>) -> [PlaybackEvent] {
            times.enumerated().filter { range.contains($1) }.map { .input(time: $1, index: $0, description: "percent 0.5") }
        }
        let events = inputs(0..<0.5) + [.began(time: 0.5, transition: 2, kind: .dismissal, from: "details", to: "nav", interactive: true)]
            + inputs(0.5..<30.5) + [.ended(time: 30.5, transition: 2, completed: completed)]
        return PlaybackResult(events: events, faults: faulted ? [fault] : [])
    }

    @Test func noInputAtAllSaysToGiveSome() {
        #expect(Self.result(inputAt: []).noInputAdvice
            == "an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a --scenario (see Docs/CLI.md)")
    }

    @Test func inputAtOtherTimesSaysWhereItWent() {
        #expect(Self.result(inputAt: [0.1, 0.4]).noInputAdvice
            == "interactive transition 2 (dismissal, 0.5–30.5 s) got no input: the 2 input events were delivered at 0.1–0.4 s, outside it; "
            + "time them from its step with \"at\" and \"from\" in a --scenario (see Docs/CLI.md)")
    }

    @Test func inputWhileItRanACompletedTransitionOrNoFaultSayNothing() {
        #expect(Self.result(inputAt: [0.6]).noInputAdvice == nil)
        #expect(Self.result(inputAt: [], completed: true).noInputAdvice == nil)
        #expect(Self.result(inputAt: [], faulted: false).noInputAdvice == nil)
    }
}
