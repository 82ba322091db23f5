import Foundation
import ScrimCore
@testable import ScrimServer

/// A `PreviewLauncher` made of a closure, standing in for `scrim serve`'s previews: it counts the
/// calls of `stopAll`.
@MainActor final class ClosureLauncher: PreviewLauncher {
    typealias Launch = @MainActor (PreviewRequest, @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void) async throws -> URL

    private let body: Launch
    /// How many times every preview was stopped.
    private(set) var stops = 0

    init(_ body: @escaping Launch) { self.body = body }

    func launch(_ request: PreviewRequest, publish: @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void) async throws -> URL {
        try await body(request, publish)
    }

    func stopAll() async { stops += 1 }
}
