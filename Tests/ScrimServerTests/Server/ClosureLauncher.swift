import Foundation
import ScrimCore
@testable import ScrimServer

/// A `PreviewLauncher` made of closures, standing in for `scrim serve`'s previews: it counts the
/// calls of `stopAll`.
@MainActor final class ClosureLauncher: PreviewLauncher {
    typealias Launch = @MainActor (PreviewRequest, @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void) async throws -> URL
    typealias Make = @MainActor (PreviewArtifact, PreviewRequest, Int) async throws -> URL

    private let body: Launch
    private let maker: Make
    /// How many times every preview was stopped.
    private(set) var stops = 0

    init(_ body: @escaping Launch, make: @escaping Make = { artifact, _, _ in throw Unmade(artifact: artifact) }) {
        self.body = body
        self.maker = make
    }

    func launch(_ request: PreviewRequest, publish: @escaping @MainActor @Sendable ([ScriptDiagnostic]) -> Void) async throws -> URL {
        try await body(request, publish)
    }

    func make(_ artifact: PreviewArtifact, of request: PreviewRequest, generation: Int) async throws -> URL {
        try await maker(artifact, request, generation)
    }

    func stopAll() async { stops += 1 }

    /// What a launcher made without `make` throws.
    struct Unmade: Error, CustomStringConvertible {
        let artifact: PreviewArtifact
        var description: String { "this launcher makes no \(artifact.rawValue)" }
    }
}
