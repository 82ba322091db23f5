import CLua
import ScrimCore

// This file holds the library's state, what it reads off a plugin's class and its privileged Lua
// helpers; its jobs are in PluginLibrary+Loading (files, compiling, reloading), +Environment (what
// a plugin's code sees: scrim, print, require), +Instances (making and calling instances, reading
// their fields), +Roles (role objects by name) and +Diagnostics (publishing errors and faults).

/// The plugins of a host: loads `.lua` files from its directories into one sandboxed runtime,
/// knows each plugin's roles, generation and diagnostics, and makes role instances
/// (Docs/LuaAPI.md, "Plugins").
@MainActor
package final class PluginLibrary {
    package let runtime: LuaRuntime
    private(set) var module: LuaReference!
    package internal(set) var plugins: [String: Plugin] = [:]
    /// Diagnostics by file path (empty when the file is clean).
    package internal(set) var diagnostics: [String: [ScriptDiagnostic]] = [:]
    /// What each file's last load gave (its warnings, or why it did not load), before any runtime
    /// fault was added.
    var loadDiagnostics: [String: [ScriptDiagnostic]] = [:]
    /// How many times a plugin text was compiled (a load, a reload or a check).
    package internal(set) var compileCount = 0
    private(set) var directories: [String]
    /// The host's registry: what a name a Lua delegate vends resolves to. Held strongly (the
    /// registry holds the library weakly): a delegate outliving its host still resolves names.
    package var resolver: (any RoleResolver)?

    // Internal rather than private: the extensions in the other PluginLibrary files keep them.

    /// More directories `require` finds plugin files in (their files are not loaded as plugins).
    var requireDirectories: [String] = []
    /// Plugin name by file path, for reloads and deletions.
    var names: [String: String] = [:]
    /// The digest of the text last loaded (or tried) from each file.
    var digests: [String: SourceDigest] = [:]
    /// The files that are not loaded because another file's plugin has their plugin's name, by
    /// path: they load when the name is free again (`loadFilesWaitingForFreedNames`).
    var waitingForName: [String: String] = [:]
    var generation = 0
    var requireCache: [String: LuaReference] = [:]
    /// The modules whose files are running now, outermost first (to name a require cycle).
    var requiring: [(name: String, path: String)] = []

    private var helpers: LuaReference!
    /// Long-lived plugin instances (delegates, controllers), moved to a plugin's new version when
    /// it reloads.
    private var liveInstances: [WeakInstance] = []

    /// What plugins print (`print`, `scrim.log`): the plugin's name, the line, the text.
    package var onLog: ((String, Int?, String) -> Void)?
    /// A file's diagnostics changed (published after every load and every reported error).
    package var onDiagnostics: ((String, [ScriptDiagnostic]) -> Void)?

    package init(directories: [String], limits: ScriptLimits = .init()) throws(LuaError) {
        self.directories = directories
        runtime = try LuaRuntime(limits: limits)
        module = try ScrimModule.build(
            in: runtime,
            log: { [weak self] call, text in
                guard let self else { return }
                let source = call.callerSource()
                let name = self.plugins.values.first { source.map(DiagnosticBuilder(path: $0.path, source: "").names) ?? false }?.name
                self.onLog?(name ?? "scrim", call.currentLine(), text)
            },
            plugin: { [weak self] call in try self?.pluginInstance(call) ?? 0 })
        helpers = try runtime.run(Self.helperSource, chunkName: "=scrim-plugins") { call in call.reference(-1) }
        runtime.onUncaughtError = { [weak self] error, context in self?.reportUncaught(error, context: context) }
    }

    // MARK: Long-lived instances

    private struct WeakInstance {
        weak var instance: LivePluginInstance?
    }

    func track(_ instance: LivePluginInstance) {
        liveInstances.removeAll { $0.instance == nil }
        liveInstances.append(WeakInstance(instance: instance))
    }

    /// Moves the live delegates and controllers of an earlier version of `plugin` (by name) to it.
    func moveLiveInstances(to plugin: Plugin) {
        for entry in liveInstances {
            if let live = entry.instance, live.current.plugin.name == plugin.name { live.move(to: plugin) }
        }
    }

    // MARK: What a class declares

    /// A plugin class's name (its `name` field, else `stem`, the file's) and the roles it plays:
    /// the functions it defines, or `percentDriven = true` for an interaction (Docs/LuaAPI.md,
    /// "A plugin is one Lua file").
    func declaration(of classTable: LuaReference, stem: String) throws(LuaError) -> (name: String, roles: Set<RoleKind>) {
        let name = try stringField(of: classTable, "name") ?? stem
        var roles: Set<RoleKind> = []
        for (role, markers) in Plugin.roleMarkers {
            for marker in markers where try fieldType(of: classTable, marker) == LUA_TFUNCTION {
                roles.insert(role)
            }
        }
        if try fieldType(of: classTable, "percentDriven") == LUA_TBOOLEAN, try boolField(of: classTable, "percentDriven") {
            roles.insert(.interaction)
        }
        if try fieldType(of: classTable, "unwindActions") == LUA_TTABLE { roles.insert(.controller) }
        return (name, roles)
    }

    // MARK: Privileged helpers

    /// Pushes the helper function `name` (`get`, `invoke` or `make` of `helperSource`).
    func pushHelper(_ name: String, _ call: LuaCall) {
        call.push(helpers)
        call.pushField(-1, name)
        call.remove(-2)
    }

    /// Privileged helpers (run outside the sandbox): reading a field, invoking a method or an
    /// unwind action (`instance.unwindActions[name]`), making an instance.
    private static let helperSource = #"""
        local helpers = {}
        function helpers.get(t, key) return t[key] end
        function helpers.invoke(instance, name, ...)
          local method = instance[name]
          if type(method) ~= "function" then return false end
          return true, method(instance, ...)
        end
        function helpers.invokeAction(instance, name, ...)
          local actions = instance.unwindActions
          local action = type(actions) == "table" and actions[name] or nil
          if type(action) ~= "function" then return false end
          return true, action(instance, ...)
        end
        function helpers.hasAction(instance, name)
          local actions = instance.unwindActions
          return type(actions) == "table" and type(actions[name]) == "function"
        end
        function helpers.make(class, options, host)
          local instance
          local new = class.new
          if type(new) == "function" then
            instance = new(options)
            if type(instance) ~= "table" then return nil, type(instance) end
          else
            instance = {}
          end
          setmetatable(instance, {
            __index = function(_, key)
              local value = class[key]
              if value ~= nil then return value end
              if host ~= nil then return host[key] end
              return nil
            end,
          })
          return instance
        end
        return helpers
        """#
}
