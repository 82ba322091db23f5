import ScrimCore

/// A transitioning delegate as a message or a scene names it (Docs/Protocol.md, "scrim/present"
/// and "Scenes"): a delegate plugin (or a delegate registered in Swift) by name, or the roles a
/// delegate vends, with the options each role's `new` gets.
package enum DelegateSpec: Sendable, Hashable {
    case named(String)
    case roles(animator: String?, interaction: String?, presentation: String?, options: RoleOptions)

    /// The field `key` of `reader`: a name, or `{ animator?, interaction?, presentation?,
    /// options? }` naming at least one role; nil when the field is absent or null.
    package static func read<Value, Failure>(_ key: String, from reader: FieldReader<Value, Failure>) throws(Failure) -> DelegateSpec? {
        guard let value = reader.value(key) else { return nil }
        if let name = value.stringValue { return .named(name) }
        guard value.members != nil else {
            let expected = "expected a plugin name or { animator?, interaction?, presentation?, options? }"
            throw Failure(FieldError(reader.field(key), "\(expected), got \(value.typeNameWithArticle)"))
        }
        let spec = try reader.nested(key)
        let animator = try spec.optionalString("animator")
        let interaction = try spec.optionalString("interaction")
        let presentation = try spec.optionalString("presentation")
        guard animator != nil || interaction != nil || presentation != nil else {
            throw Failure(FieldError(spec.path, "name at least one of animator, interaction, presentation"))
        }
        let options = spec.contains("options") ? try spec.options("options") : [:]
        return .roles(animator: animator, interaction: interaction, presentation: presentation, options: options)
    }
}

extension ScrimHost {
    /// The delegate `spec` names: a delegate plugin (or a registered delegate), or one vending roles.
    ///
    /// - Throws: as `delegate(named:)` and `delegate(animator:interaction:presentation:interactive:options:)`:
    ///   a `HostError` saying why, or what a Swift factory threw.
    @MainActor
    package func makeDelegate(_ spec: DelegateSpec) throws -> any TransitioningDelegate {
        switch spec {
        case .named(let name):
            try delegate(named: name)
        case .roles(let animator, let interaction, let presentation, let options):
            try delegate(animator: animator, interaction: interaction, presentation: presentation, options: options)
        }
    }
}
