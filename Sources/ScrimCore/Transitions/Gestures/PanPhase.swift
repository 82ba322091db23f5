/// The phase of a synthesized pan event.
public enum PanPhase: String, Sendable, Hashable, CaseIterable {
    case began, changed, ended, cancelled
}
