/// A role's name in traces and diagnostics: a plugin's name, or the Swift type's name.
@MainActor
public protocol NamedTransitionRole: AnyObject {
    var roleName: String { get }
}

@MainActor
func roleName(of object: AnyObject) -> String {
    (object as? any NamedTransitionRole)?.roleName ?? String(describing: type(of: object))
}
