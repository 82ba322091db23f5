/// The roles a host can vend by name.
public enum RoleKind: String, Sendable, Hashable, CaseIterable {
    case animator, interaction, presentation, delegate, segue, controller
}
