import ScrimCore
internal import ScrimLua

/// A transitioning delegate that vends the host's named roles, a new instance for each use
/// (Docs/Embedding.md, "Delegates"), each made with the same options.
@MainActor
final class RoleDelegate: TransitioningDelegate, NamedTransitionRole {
    private let registry: RoleRegistry
    private let animator: String?
    private let interaction: String?
    private let presentation: String?
    private let options: RoleOptions
    /// The transitions the interaction drives.
    private let interactive: InteractiveTransitions

    init(
        registry: RoleRegistry, animator: String?, interaction: String?, presentation: String?, interactive: InteractiveTransitions = .both,
        options: RoleOptions
    ) {
        self.registry = registry
        self.interactive = interactive
        self.animator = animator
        self.interaction = interaction
        self.presentation = presentation
        self.options = options
    }

    var roleName: String {
        "delegate(" + [animator, interaction, presentation].compactMap { $0 }.joined(separator: ", ") + ")"
    }

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        try animator.map { try registry.maker(.animator, named: $0).make(RoleRequest(options: options)) }
    }

    func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        try animator.map { try registry.maker(.animator, named: $0).make(RoleRequest(options: options)) }
    }

    func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        guard interactive.contains(.presentation) else { return nil }
        return try interaction.map { try registry.maker(.interaction, named: $0).make(RoleRequest(options: options)) }
    }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        guard interactive.contains(.dismissal) else { return nil }
        return try interaction.map { try registry.maker(.interaction, named: $0).make(RoleRequest(options: options)) }
    }

    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? {
        try presentation.map {
            try registry.maker(.presentation, named: $0).make(RoleRequest(options: options, presented: presented, presenting: presenting))
        }
    }
}
