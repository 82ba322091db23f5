import CLua
import ScrimCore

/// A transitioning delegate played by a plugin (Docs/LuaAPI.md, "A plugin is one Lua file"). Each
/// method returns a plugin name, `scrim.plugin(name, options)`, a table with the role's methods,
/// or nil.
@MainActor
package final class LuaDelegate: TransitioningDelegate, NamedTransitionRole, LuaRoleHost {
    /// Moves to each new version of the plugin (made with `self` as its host, so not a `let`).
    private var live: LivePluginInstance!
    var instance: PluginInstance { live.current }
    package var roleName: String { instance.plugin.name }

    init(library: PluginLibrary, plugin: Plugin, options: RoleOptions) throws {
        live = try LivePluginInstance(of: plugin, in: library, role: .delegate, options: options, host: self)
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 { 0 }

    package func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        try vend(.animator, "animationControllerForPresented", [presented, presenting, source])
    }

    package func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        try vend(.animator, "animationControllerForDismissed", [dismissed])
    }

    package func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        try vend(.interaction, "interactionControllerForPresentation", [], animator: animator)
    }

    package func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        try vend(.interaction, "interactionControllerForDismissal", [], animator: animator)
    }

    package func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? {
        try vend(.presentation, "presentationControllerForPresented", [presented, presenting, source],
                 presented: presented, presenting: presenting)
    }

    /// Calls the delegate method and turns its result into a role object of `type`: a name (or
    /// `scrim.plugin(name, options)`) resolves through the host's registry, a table plays the role
    /// itself. `leading` is passed before the view controllers (a navigation operation's name).
    func vend<Role>(
        _ type: RoleType<Role>, _ method: String, _ viewControllers: [ViewController?], leading: String? = nil,
        animator: (any AnimatedTransitioning)? = nil, presented: ViewController? = nil, presenting: ViewController? = nil
    ) throws -> Role? {
        let library = instance.library
        let kind = type.kind
        let answer = try instance.call(method, arguments: { call in
            if let animator {
                if let lua = animator as? LuaAnimator { call.push(lua.instance.table) } else { call.pushNil() }
                return 1
            }
            if let leading { call.push(leading) }
            for viewController in viewControllers { call.pushViewController(viewController) }
            return Int32(viewControllers.count + (leading == nil ? 0 : 1))
        }, read: { call -> VendedRole? in
            switch call.type(-1) {
            case LUA_TNIL, LUA_TNONE:
                return nil
            case LUA_TSTRING:
                return .named(try call.string(-1, "\(method) result"), options: [:])
            case LUA_TTABLE:
                if call.isSame(-1, as: instance.table) { return .itself }
                if call.pushField(-1, "plugin") == LUA_TSTRING {
                    let name = try call.string(-1, "\(method) result")
                    call.pop()
                    _ = call.pushField(-1, "options")
                    let options = try call.options(-1)
                    call.pop()
                    return .named(name, options: options)
                }
                call.pop()
                return .table(try call.table(-1, "\(method) result"))
            default:
                throw LuaCallError("\(method) must return a plugin name, scrim.plugin(name, options), a table or nil; got \(call.typeName(-1))")
            }
        })
        guard let vended = answer ?? nil else { return nil }
        switch vended {
        case .named(let name, let options):
            let maker: RoleMaker<Role>
            do {
                guard let resolver = library.resolver else { throw LuaCallError("no plugin or role named '\(name)'") }
                maker = try resolver.maker(type, named: name)
            } catch {
                throw library.resultFault(error, of: method, in: instance.plugin)
            }
            return try maker.make(RoleRequest(options: options, presented: presented, presenting: presenting))
        case .itself:
            guard let sharing = type.sharing else {
                throw library.resultFault(
                    LuaCallError("\(method) returned the delegate itself, which can vend itself only as an animator; return a role's name or a table"),
                    of: method, in: instance.plugin)
            }
            try check(instance.table, plays: kind, "the delegate itself, which is", method)
            return sharing(instance)
        case .table(let table):
            try check(table, plays: kind, "a table that is", method)
            let anonymous = Plugin(
                name: "\(instance.plugin.name).\(method)", path: instance.plugin.path, source: instance.plugin.source,
                generation: instance.plugin.generation, classTable: table, environment: instance.plugin.environment,
                roles: [kind])
            return try type.plugin(library, anonymous, RoleRequest(options: [:], presented: presented, presenting: presenting))
        }
    }

    /// Roles are duck-typed, but a table that plays no such role cannot be one: the table `method`
    /// returned (`what` says which, for the message) must define the role's marker methods.
    private func check(_ table: LuaReference, plays kind: RoleKind, _ what: String, _ method: String) throws {
        let library = instance.library
        let plays: Set<RoleKind>
        do {
            plays = try library.declaration(of: table, stem: instance.plugin.name).roles
        } catch {
            throw library.resultFault(error, of: method, in: instance.plugin)
        }
        guard !plays.contains(kind) else { return }
        let markers = Plugin.roleMarkers.first { $0.0 == kind }?.1 ?? []
        let needs = kind == .interaction ? "startInteractiveTransition or percentDriven = true" : markers.joined(separator: " or ")
        throw library.resultFault(
            LuaCallError(
                "\(method) returned \(what) not a\(kind == .animator || kind == .interaction ? "n" : "") \(kind.rawValue): it has no \(needs)"),
            of: method, in: instance.plugin)
    }

    private enum VendedRole {
        case named(String, options: RoleOptions)
        /// The delegate's own instance (`return self`).
        case itself
        case table(LuaReference)
    }
}
