import ScrimCore
internal import ScrimLua

/// The roles a host can vend by name: factories registered by the embedding program (and, with
/// the Lua host, plugins).
@MainActor
final class RoleRegistry: SwiftRoleSource {
    typealias AnimatorFactory = (RoleOptions) throws -> any AnimatedTransitioning
    typealias InteractionFactory = (RoleOptions) throws -> any InteractiveTransitioning
    typealias PresentationFactory = (RoleOptions, ViewController, ViewController?) throws -> PresentationController
    typealias DelegateFactory = (RoleOptions) throws -> any TransitioningDelegate

    private(set) var animators: [String: AnimatorFactory] = [:]
    private(set) var interactions: [String: InteractionFactory] = [:]
    private(set) var presentations: [String: PresentationFactory] = [:]
    private(set) var delegates: [String: DelegateFactory] = [:]

    /// The reserved interaction name: a plain percent-driven interaction (Docs/Embedding.md,
    /// "Delegates").
    static let percentInteraction = "percent"

    /// Plugins: consulted for names no Swift role is registered under.
    var library: PluginLibrary?

    init() {
        interactions[Self.percentInteraction] = { _ in PercentDrivenInteractiveTransition() }
    }

    func register(animator name: String, _ factory: @escaping AnimatorFactory) { animators[name] = factory }
    func register(interaction name: String, _ factory: @escaping InteractionFactory) { interactions[name] = factory }
    func register(presentation name: String, _ factory: @escaping PresentationFactory) { presentations[name] = factory }
    func register(delegate name: String, _ factory: @escaping DelegateFactory) { delegates[name] = factory }

    func has(_ kind: RoleKind, _ name: String) -> Bool { names(of: kind).contains(name) }

    func names(of kind: RoleKind) -> [String] {
        let swift: [String] =
            switch kind {
            case .animator: Array(animators.keys)
            case .interaction: Array(interactions.keys)
            case .presentation: Array(presentations.keys)
            case .delegate: Array(delegates.keys)
            case .segue, .controller: []
            }
        let lua = library?.plugins.values.filter { $0.roles.contains(kind) }.map(\.name) ?? []
        return Array(Set(swift + lua))
    }

    func makeAnimator(_ name: String, options: RoleOptions) throws -> any AnimatedTransitioning {
        guard let factory = animators[name] else { return try plugin(.animator, name, options) as! any AnimatedTransitioning }
        return try factory(options)
    }

    func makeInteraction(_ name: String, options: RoleOptions) throws -> any InteractiveTransitioning {
        guard let factory = interactions[name] else {
            return try plugin(.interaction, name, options) as! any InteractiveTransitioning
        }
        return try factory(options)
    }

    func makePresentation(
        _ name: String, options: RoleOptions, presented: ViewController, presenting: ViewController?
    ) throws -> PresentationController {
        guard let factory = presentations[name] else {
            guard let library, library.plugins[name]?.roles.contains(.presentation) == true else {
                throw unknown(.presentation, name)
            }
            return try library.makeRole(.presentation, named: name, options: options, presented: presented, presenting: presenting)
                as! PresentationController
        }
        return try factory(options, presented, presenting)
    }

    func makeDelegate(_ name: String, options: RoleOptions) throws -> any TransitioningDelegate {
        guard let factory = delegates[name] else { return try plugin(.delegate, name, options) as! any TransitioningDelegate }
        return try factory(options)
    }

    /// A new instance of the Swift role registered as `name` for `kind`, or nil when no Swift
    /// role has that name (a Lua delegate's vended names reach Swift roles through this).
    func makeSwiftRole(
        _ kind: RoleKind, _ name: String, options: RoleOptions, presented: ViewController?, presenting: ViewController?
    ) throws -> AnyObject? {
        switch kind {
        case .animator: return try animators[name]?(options)
        case .interaction: return try interactions[name]?(options)
        case .delegate: return try delegates[name]?(options)
        case .segue, .controller: return nil
        case .presentation:
            guard let factory = presentations[name] else { return nil }
            guard let presented else { throw LuaCallError("a presentation controller needs the presented view controller") }
            return try factory(options, presented, presenting)
        }
    }

    /// A role played by a plugin, or `unknownRole`.
    private func plugin(_ kind: RoleKind, _ name: String, _ options: RoleOptions) throws -> AnyObject {
        guard let library, library.plugins[name]?.roles.contains(kind) == true else { throw unknown(kind, name) }
        return try library.makeRole(kind, named: name, options: options)
    }

    func unknown(_ kind: RoleKind, _ name: String) -> HostError {
        .unknownRole(kind: kind, name: name, known: names(of: kind))
    }
}
