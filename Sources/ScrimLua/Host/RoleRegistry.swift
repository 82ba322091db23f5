import ScrimCore

/// The roles a host can vend by name: factories registered by the embedding program (and, with
/// the Lua host, plugins).
@MainActor
final class RoleRegistry {
    typealias AnimatorFactory = (RoleOptions) throws -> any AnimatedTransitioning
    typealias InteractionFactory = (RoleOptions) throws -> any InteractiveTransitioning
    typealias PresentationFactory = (RoleOptions, ViewController, ViewController?) throws -> PresentationController
    typealias DelegateFactory = (RoleOptions) throws -> any TransitioningDelegate

    private(set) var animators: [String: AnimatorFactory] = [:]
    private(set) var interactions: [String: InteractionFactory] = [:]
    private(set) var presentations: [String: PresentationFactory] = [:]
    private(set) var delegates: [String: DelegateFactory] = [:]

    /// The reserved interaction name: a plain percent-driven interaction (SPEC §7.4).
    static let percentInteraction = "percent"

    init() {
        interactions[Self.percentInteraction] = { _ in PercentDrivenInteractiveTransition() }
    }

    func register(animator name: String, _ factory: @escaping AnimatorFactory) { animators[name] = factory }
    func register(interaction name: String, _ factory: @escaping InteractionFactory) { interactions[name] = factory }
    func register(presentation name: String, _ factory: @escaping PresentationFactory) { presentations[name] = factory }
    func register(delegate name: String, _ factory: @escaping DelegateFactory) { delegates[name] = factory }

    func has(_ kind: RoleKind, _ name: String) -> Bool { names(of: kind).contains(name) }

    func names(of kind: RoleKind) -> [String] {
        switch kind {
        case .animator: Array(animators.keys)
        case .interaction: Array(interactions.keys)
        case .presentation: Array(presentations.keys)
        case .delegate: Array(delegates.keys)
        }
    }

    func makeAnimator(_ name: String, options: RoleOptions) throws -> any AnimatedTransitioning {
        guard let factory = animators[name] else { throw unknown(.animator, name) }
        return try factory(options)
    }

    func makeInteraction(_ name: String, options: RoleOptions) throws -> any InteractiveTransitioning {
        guard let factory = interactions[name] else { throw unknown(.interaction, name) }
        return try factory(options)
    }

    func makePresentation(
        _ name: String, options: RoleOptions, presented: ViewController, presenting: ViewController?
    ) throws -> PresentationController {
        guard let factory = presentations[name] else { throw unknown(.presentation, name) }
        return try factory(options, presented, presenting)
    }

    func makeDelegate(_ name: String, options: RoleOptions) throws -> any TransitioningDelegate {
        guard let factory = delegates[name] else { throw unknown(.delegate, name) }
        return try factory(options)
    }

    func unknown(_ kind: RoleKind, _ name: String) -> HostError {
        .unknownRole(kind: kind, name: name, known: names(of: kind))
    }
}
