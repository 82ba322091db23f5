/// The roles of SPEC §4.3 that a host can vend by name.
public enum RoleKind: String, Sendable, Hashable, CaseIterable {
    case animator, interaction, presentation, delegate
}
