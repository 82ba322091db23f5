import ScrimCore
internal import ScrimLua

/// The roles a host can vend by name: factories registered by the embedding program and the
/// plugins. It owns the lookup order, in `maker(_:named:)`: the Swift role registered under the
/// name first, then the plugin of that name (Docs/Embedding.md, "Roles by name"). The host's
/// delegates, a Lua delegate's vended names, segue plugins and controller plugins all resolve here.
@MainActor
final class RoleRegistry: RoleResolver {
    private var factories = SwiftRoleFactories()

    /// The reserved interaction name: a plain percent-driven interaction (Docs/Embedding.md,
    /// "Delegates").
    static let percentInteraction = "percent"

    /// Plugins: consulted for names no Swift role is registered under (weak: the library holds
    /// the registry as its resolver).
    weak var library: PluginLibrary?

    init() {
        register(.interaction, Self.percentInteraction) { _ in PercentDrivenInteractiveTransition() }
    }

    /// Registers `make` as the Swift role `name` of `type` (replacing one of that name).
    func register<Role>(_ type: RoleType<Role>, _ name: String, _ make: @escaping (RoleRequest) throws -> Role) {
        factories[keyPath: type.factories][name] = RoleMaker(make)
    }

    func names(of kind: RoleKind) -> [String] {
        let lua = library?.plugins.values.filter { $0.roles.contains(kind) }.map(\.name) ?? []
        return Array(Set(factories.names(of: kind) + lua))
    }

    /// How the role `name` of `type` is made: the Swift role registered under the name, else the
    /// plugin of that name (its constructor's failure is a `HostError` too).
    ///
    /// - Throws: `HostError.unknownRole`, `.pluginFailedToLoad`, `.notARole`.
    func maker<Role>(_ type: RoleType<Role>, named name: String) throws(HostError) -> RoleMaker<Role> {
        if let swift = factories[keyPath: type.factories][name] { return swift }
        let (library, plugin) = try self.plugin(type.kind, named: name)
        return RoleMaker { request throws(HostError) in
            try Self.constructing(type.kind, name) { try type.plugin(library, plugin, request) }
        }
    }

    /// The loaded plugin `name`, which plays `kind`, and its library: how a plugin-only role (a
    /// segue, a controller) is found, and the plugin half of `maker(_:named:)`.
    ///
    /// - Throws: `HostError.unknownRole`, `.pluginFailedToLoad`, `.notARole`.
    func plugin(_ kind: RoleKind, named name: String) throws(HostError) -> (PluginLibrary, Plugin) {
        guard let library, let plugin = library.plugins[name] else { throw unavailable(kind, name) }
        guard plugin.roles.contains(kind) else {
            throw .notARole(kind: kind, name: name, path: plugin.path, plays: plugin.roles.sorted { $0.rawValue < $1.rawValue })
        }
        return (library, plugin)
    }

    /// What `make` makes of the plugin role `name`; its constructor's failure (`new` raising, or
    /// returning no table) as a `HostError`.
    static func constructing<Role>(_ kind: RoleKind, _ name: String, _ make: () throws -> Role) throws(HostError) -> Role {
        do {
            return try make()
        } catch let error as InstanceError {
            switch error {
            case .constructorFailed(let failure): throw .constructorFailed(kind: kind, name: name, message: failure.message)
            case .badResult(let message): throw .constructorBadResult(kind: kind, name: name, message: message)
            }
        } catch {
            throw .constructorFailed(kind: kind, name: name, message: "\(error)")
        }
    }

    /// Why no role of `kind` is named `name` although no plugin of that name is loaded: the plugin
    /// file that would load under the name (its file name) failed to load, or nothing has it.
    private func unavailable(_ kind: RoleKind, _ name: String) -> HostError {
        if let library {
            let loaded = Set(library.plugins.values.map(\.path))
            for (path, list) in library.diagnostics.sorted(by: { $0.key < $1.key })
            where !loaded.contains(path) && ScrimHost.defaultPluginName(ofFile: path) == name {
                if let error = list.first(where: { $0.severity == .error }) {
                    return .pluginFailedToLoad(kind: kind, name: name, path: path, error: error)
                }
            }
        }
        return .unknownRole(kind: kind, name: name, known: names(of: kind))
    }
}
