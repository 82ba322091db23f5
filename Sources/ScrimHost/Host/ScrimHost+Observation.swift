import ScrimCore

extension ScrimHost {
    /// What every `on…` observer of a host returns (`onFrame`, `onTransition`, `onDiagnostics`,
    /// `onReload`, `onLog`): `remove()` stops the calls; removing again does nothing. An observer
    /// that is never removed lives as long as what it observes (Docs/Embedding.md, "Observers").
    @MainActor
    public final class Observation {
        private var removal: (() -> Void)?

        init(removal: @escaping () -> Void) {
            self.removal = removal
        }

        /// Stops the observer's calls (from the next event on). Harmless when done already.
        public func remove() {
            let removal = self.removal
            self.removal = nil
            removal?()
        }
    }
}
