import CLua
import Foundation
import ScrimCore

/// The plugins of a host: loads `.lua` files from its directories into one sandboxed runtime,
/// knows each plugin's roles, generation and diagnostics, and makes role instances (SPEC §6.1–6.2).
@MainActor
package final class PluginLibrary {
    package let runtime: LuaRuntime
    private(set) var module: LuaReference!
    package private(set) var plugins: [String: Plugin] = [:]
    /// Diagnostics by file path (empty when the file is clean).
    package private(set) var diagnostics: [String: [ScriptDiagnostic]] = [:]
    private(set) var directories: [String]
    /// More directories `require` finds plugin files in (their files are not loaded as plugins).
    private(set) var requireDirectories: [String] = []
    /// Plugin name by file path, for reloads and deletions.
    private var names: [String: String] = [:]
    /// The digest of the text last loaded (or tried) from each file.
    private var digests: [String: SourceDigest] = [:]
    private var generation = 0
    private var helpers: LuaReference!
    private var requireCache: [String: LuaReference] = [:]
    /// The modules whose files are running now, outermost first (to name a require cycle).
    private var requiring: [(name: String, path: String)] = []
    /// Long-lived plugin instances (delegates), moved to a plugin's new version when it reloads.
    private var liveDelegates: [WeakDelegate] = []

    private struct WeakDelegate {
        weak var delegate: LuaDelegate?
    }

    func track(_ delegate: LuaDelegate) {
        liveDelegates.removeAll { $0.delegate == nil }
        liveDelegates.append(WeakDelegate(delegate: delegate))
    }

    /// What plugins print (`print`, `scrim.log`): the plugin's name, the line, the text.
    package var onLog: ((String, Int?, String) -> Void)?
    /// A file's diagnostics changed (published after every load and every reported error).
    package var onDiagnostics: ((String, [ScriptDiagnostic]) -> Void)?

    package init(directories: [String], limits: LuaState.Limits = .init()) throws(LuaError) {
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
        try runtime.state.load(Self.helperSource, chunkName: "=scrim-plugins")
        try runtime.state.protectedCall(arguments: 0, results: 1)
        helpers = runtime.state.makeReference()
        runtime.onUncaughtError = { [weak self] error, context in self?.reportUncaught(error, context: context) }
    }

    // MARK: Loading

    /// The plugin files of the directories (not `*.d.lua` type files), sorted.
    package func pluginFiles() -> [String] {
        // A directory given twice (or as two spellings of one path) lists its files once.
        var seen: Set<String> = []
        return directories.flatMap { directory -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return files.filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }.map { "\(directory)/\($0)" }
        }.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path).inserted }.sorted()
    }

    /// Lets `require` find the files of `directory` too (once).
    package func addRequireDirectory(_ directory: String) {
        guard !directories.contains(directory), !requireDirectories.contains(directory) else { return }
        requireDirectories.append(directory)
        requireCache = [:]
    }

    /// Loads every plugin file; returns the names loaded.
    @discardableResult
    package func loadAll() -> [String] {
        pluginFiles().compactMap { load(path: $0) }
    }

    /// Compiles and runs a plugin file in a fresh environment; on success it replaces the plugin
    /// of the same name (generation + 1), on failure the old version stays and the diagnostics say
    /// why. A file that no longer exists removes its plugin. Returns the plugin's name on success.
    @discardableResult
    package func load(path: String) -> String? {
        switch Self.read(path) {
        case .success(let data):
            return load(data, path: path)
        case .failure(.missing):
            digests[path] = nil
            if let name = names.removeValue(forKey: path) { plugins[name] = nil }
            publish(path, [])
            return nil
        case .failure(.unreadable(let reason)):
            // Still there but unreadable: the old version stays, and the diagnostic says why.
            digests[path] = nil
            let file = (path as NSString).lastPathComponent
            publish(path, [DiagnosticBuilder(path: path, source: "").diagnostic(atLine: 0, message: "cannot read \(file): \(reason)")])
            return nil
        }
    }

    /// Why a plugin file could not be read.
    enum ReadFailure: Error, Equatable {
        case missing
        case unreadable(String)
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) -> Result<Data, ReadFailure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.missing) }
        if isDirectory.boolValue { return .failure(.unreadable("it is a directory")) }
        if let data = FileContents.read(atPath: path) { return .success(data) }
        let reason = access(path, R_OK) == 0 ? "the file could not be read" : String(cString: strerror(errno))
        return .failure(.unreadable(reason.prefix(1).lowercased() + reason.dropFirst()))
    }

    /// What happened to a file a watcher or an editor reported.
    package enum ReloadOutcome: Equatable {
        /// Its text is what was loaded (or tried) last: nothing was done.
        case unchanged
        /// It loaded as the plugin named.
        case loaded(String)
        /// It failed to load (the old version stays), or it was deleted.
        case failed
    }

    /// Loads the file at `path` only if its text changed since it was last loaded or tried (or
    /// it appeared, or was deleted): several reports of one save reload it once.
    package func reloadIfChanged(path: String) -> ReloadOutcome {
        guard case .success(let data) = Self.read(path) else {
            guard digests[path] != nil || names[path] != nil else { return .unchanged }
            load(path: path)
            return .failed
        }
        if digests[path] == SourceDigest(data) { return .unchanged }
        return load(data, path: path).map(ReloadOutcome.loaded) ?? .failed
    }

    private func load(_ data: Data, path: String) -> String? {
        digests[path] = SourceDigest(data)
        switch compile(data, path: path) {
        case .failure(let failure):
            publish(path, failure.diagnostics)
            return nil
        case .success(let compiled):
            generation += 1
            if let old = names[path], old != compiled.name { plugins[old] = nil }
            names[path] = compiled.name
            let plugin = Plugin(
                name: compiled.name, path: path, source: compiled.source, generation: generation,
                classTable: compiled.classTable, environment: compiled.environment, roles: compiled.roles)
            plugins[compiled.name] = plugin
            requireCache = [:]
            // The new version's diagnostics first: a failing `onReload` below adds its own.
            publish(path, compiled.warnings)
            for entry in liveDelegates {
                if let delegate = entry.delegate, delegate.instance.plugin.name == compiled.name { delegate.move(to: plugin) }
            }
            return compiled.name
        }
    }

    /// The diagnostics `text` would get as the plugin file at `path` — compiled and its top level
    /// run in a fresh sandboxed environment, with the budget and memory cap — without loading
    /// it: the active plugins are untouched (an editor's unsaved buffer, LSP `didOpen`/`didChange`).
    package func check(_ text: String, path: String) -> [ScriptDiagnostic] {
        switch compile(Array(text.utf8), path: path) {
        case .failure(let failure): failure.diagnostics
        case .success(let compiled): compiled.warnings
        }
    }

    /// Runs a Lua data file (a scene) in the sandbox and returns the table it returns, read back
    /// as Swift values (numbers, strings, booleans, geometry by its fields, tables, arrays).
    ///
    /// - Throws: the file's diagnostic when it does not compile, fails, or returns no table.
    package func evaluateData(_ source: String, path: String) throws(ScriptDiagnostic) -> OptionValue {
        let builder = DiagnosticBuilder(path: path, source: source)
        do {
            let environment = try makeEnvironment(for: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            try runtime.state.load(source, chunkName: path, environment: environment)
            try runtime.state.protectedCall(arguments: 0, results: 1)
        } catch {
            throw builder.diagnostic(for: error)
        }
        let runtime = runtime
        let value: OptionValue? = runtime.state.withUnsafeState { L in
            defer { scrim_lua_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TTABLE else { return nil }
            return try? LuaCall(L: L, runtime: runtime).optionValue(-1)
        }
        guard let value else {
            throw builder.diagnostic(
                atLine: lastLine(of: source), message: "a scene file must return a table of numbers, strings, booleans and tables")
        }
        return value
    }

    /// A plugin file compiled and run: its class, environment, roles and warnings.
    private struct CompiledPlugin {
        let name: String
        let source: String
        let classTable: LuaReference
        let environment: LuaReference
        let roles: Set<RoleKind>
        let warnings: [ScriptDiagnostic]
    }

    /// Why a plugin file did not compile or run.
    private struct CompileFailure: Error {
        let diagnostics: [ScriptDiagnostic]
    }

    /// Compiles `data` (source text; bytecode is refused) in a fresh environment and runs its top
    /// level, which must return the class table.
    private func compile(_ data: some Collection<UInt8>, path: String) -> Result<CompiledPlugin, CompileFailure> {
        guard data.first != 0x1B else {
            return .failure(CompileFailure(diagnostics: [DiagnosticBuilder(path: path, source: "").diagnostic(
                atLine: 0, message: "precompiled Lua bytecode is refused; plugins are loaded as source text")]))
        }
        let source = String(decoding: data, as: UTF8.self)
        let builder = DiagnosticBuilder(path: path, source: source)
        do {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let environment = try makeEnvironment(for: stem)
            try runtime.state.load(source, chunkName: path, environment: environment)
            try runtime.state.protectedCall(arguments: 0, results: 1)
            guard runtime.state.withUnsafeState({ lua_type($0, -1) }) == LUA_TTABLE else {
                runtime.state.withUnsafeState { scrim_lua_pop($0, 1) }
                return .failure(CompileFailure(diagnostics: [builder.diagnostic(
                    atLine: lastLine(of: source), message: "a plugin must return a table (its class)")]))
            }
            let classTable = runtime.state.makeReference()
            let name = try stringField(of: classTable, "name") ?? stem
            let roles = try detectRoles(classTable)
            let warnings = roles.isEmpty
                ? [builder.diagnostic(atLine: lastLine(of: source), message: "the plugin plays no role: define animateTransition, startInteractiveTransition (or percentDriven = true), presentationTransitionWillBegin or frameOfPresentedViewInContainerView, or a delegate method", severity: .warning)]
                : []
            return .success(CompiledPlugin(
                name: name, source: source, classTable: classTable, environment: environment, roles: roles,
                warnings: warnings))
        } catch {
            return .failure(CompileFailure(diagnostics: [builder.diagnostic(for: error)]))
        }
    }

    /// The environment of a plugin: the sandbox's, with `scrim`, `print` and `require`.
    private func makeEnvironment(for name: String) throws(LuaError) -> LuaReference {
        let print = runtime.makeFunction { [weak self] call in
            self?.onLog?(name, call.currentLine(), call.joinedArguments())
            return 0
        }
        let require = runtime.makeFunction { [weak self] call in
            guard let self else { return 0 }
            return try self.require(call)
        }
        let environment = try runtime.sandbox.makeEnvironment(print: print, require: require)
        runtime.state.withUnsafeState { L in
            runtime.state.push(environment)
            runtime.state.push(module)
            lua_setfield(L, -2, "scrim")
            scrim_lua_pop(L, 1)
        }
        return environment
    }

    /// `require("scrim")` or `require("other")` (another file of the plugin directories, as text).
    private func require(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1, "require")
        if name == "scrim" {
            call.push(module)
            return 1
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }),
            let path = (directories + requireDirectories).map({ "\($0)/\(name.replacingOccurrences(of: ".", with: "/")).lua" })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
        else {
            let searched = (directories + requireDirectories).joined(separator: ", ")
            throw LuaCallError("module '\(name)' not found in the plugin directories (\(searched.isEmpty ? "none" : searched)): plugins may require 'scrim' and plugin files only")
        }
        if let cached = requireCache[path] {
            call.push(cached)
            return 1
        }
        if let start = requiring.firstIndex(where: { $0.path == path }) {
            let cycle = requiring[start...].map(\.name) + [name]
            throw LuaCallError("require cycle: \(cycle.map { "'\($0)'" }.joined(separator: " → ")); a module cannot require itself, even through others")
        }
        guard let data = FileContents.read(atPath: path), data.first != 0x1B else {
            throw LuaCallError("module '\(name)': precompiled bytecode is refused")
        }
        let environment = try makeEnvironment(for: name)
        try runtime.state.load(String(decoding: data, as: UTF8.self), chunkName: path, environment: environment)
        requiring.append((name, path))
        defer { requiring.removeLast() }
        try runtime.state.protectedCall(arguments: 0, results: 1)
        lua_pushvalue(call.L, -1)
        requireCache[path] = runtime.state.makeReference()
        return 1
    }

    private func detectRoles(_ classTable: LuaReference) throws(LuaError) -> Set<RoleKind> {
        var roles: Set<RoleKind> = []
        for (role, markers) in Plugin.roleMarkers {
            for marker in markers where try fieldType(of: classTable, marker) == LUA_TFUNCTION {
                roles.insert(role)
            }
        }
        if try fieldType(of: classTable, "percentDriven") == LUA_TBOOLEAN, try boolField(of: classTable, "percentDriven") {
            roles.insert(.interaction)
        }
        return roles
    }

    // MARK: Reading plugin tables (protected: a class may have metamethods)

    /// The type of `table[key]`, read in protected mode.
    func fieldType(of table: LuaReference, _ key: String) throws(LuaError) -> Int32 {
        try withField(of: table, key) { L in lua_type(L, -1) }
    }

    func boolField(of table: LuaReference, _ key: String) throws(LuaError) -> Bool {
        try withField(of: table, key) { L in lua_toboolean(L, -1) != 0 }
    }

    func stringField(of table: LuaReference, _ key: String) throws(LuaError) -> String? {
        try withField(of: table, key) { L in
            lua_type(L, -1) == LUA_TSTRING ? String(cString: scrim_lua_tostring(L, -1)) : nil
        }
    }

    func numberField(of table: LuaReference, _ key: String) throws(LuaError) -> Double? {
        try withField(of: table, key) { L in
            lua_type(L, -1) == LUA_TNUMBER ? scrim_lua_tonumber(L, -1) : nil
        }
    }

    /// Pushes `table[key]` through the helpers' `get` (in protected mode) and runs `body` with it
    /// on top of the stack.
    func withField<Result>(of table: LuaReference, _ key: String, _ body: (OpaquePointer) -> Result) throws(LuaError) -> Result {
        let state = runtime.state
        let base = state.withUnsafeState { L in lua_gettop(L) }
        state.withUnsafeState { L in
            state.push(helpers)
            lua_getfield(L, -1, "get")
            scrim_lua_remove(L, -2)
            state.push(table)
            lua_pushstring(L, key)
        }
        try state.protectedCall(arguments: 2, results: 1)
        return state.withUnsafeState { L in
            defer { lua_settop(L, base) }
            return body(L)
        }
    }

    // MARK: Instances

    /// A new instance of `plugin` (SPEC §6.2): `Class.new(options)` if the class defines `new`,
    /// else a new table; its metatable's `__index` is the class, then what the role inherits from
    /// the host (`host`, a role object with `inherited`).
    func makeInstance(of plugin: Plugin, options: RoleOptions, host: (any LuaRoleHost)?) throws(LuaError) -> LuaReference {
        let state = runtime.state
        state.withUnsafeState { L in
            state.push(helpers)
            lua_getfield(L, -1, "make")
            scrim_lua_remove(L, -2)
            state.push(plugin.classTable)
            LuaCall(L: L, runtime: runtime).push(options)
            if let host {
                runtime.pushHandle(host, typeName: RoleHostBridge.typeName)
            } else {
                lua_pushnil(L)
            }
        }
        runtime.pushScope(LuaRuntime.Scope(plugin: plugin.name, context: nil))
        defer { runtime.popScope() }
        do {
            try state.protectedCall(arguments: 3, results: 1)
        } catch {
            // A failing `new` is the plugin's fault, whoever asked for the instance: a diagnostic
            // on its file (a wrong return value at the line that defines `new`).
            if error.message.hasPrefix(Self.newResultMessage) {
                let line = definitionLine(of: "new", in: plugin) ?? 0
                let diagnostic = DiagnosticBuilder(path: plugin.path, source: plugin.source)
                    .diagnostic(atLine: line, message: error.message)
                var list = diagnostics[plugin.path] ?? []
                if !list.contains(diagnostic) {
                    list.append(diagnostic)
                    publish(plugin.path, list)
                }
                throw LuaError(kind: error.kind, message: "\(plugin.path):\(line + 1): \(error.message)")
            }
            report(error, in: plugin, context: "new")
            throw error
        }
        return state.makeReference()
    }

    /// How the error of a `new` that returns something other than a table begins.
    private static let newResultMessage = "new(options) must return a table"

    /// Calls `instance:method(…)` in protected mode. Returns nil when the instance has no such
    /// method; otherwise what `read` makes of the results.
    func invoke<Result>(
        _ instance: LuaReference, _ method: String, plugin: Plugin, context: TransitionContext?, results: Int32 = 1,
        arguments: (LuaCall) throws -> Int32 = { _ in 0 }, read: (LuaCall) throws -> Result
    ) throws -> Result? {
        let state = runtime.state
        return try state.withUnsafeState { L in
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            state.push(helpers)
            lua_getfield(L, -1, "invoke")
            scrim_lua_remove(L, -2)
            state.push(instance)
            lua_pushstring(L, method)
            let call = LuaCall(L: L, runtime: runtime)
            let count = try arguments(call)
            runtime.pushScope(LuaRuntime.Scope(plugin: plugin.name, context: context))
            defer { runtime.popScope() }
            do throws(LuaError) {
                try state.protectedCall(arguments: 2 + count, results: results + 1)
            } catch {
                report(error, in: plugin, context: method)
                throw error
            }
            // The first result says whether the method exists.
            guard lua_toboolean(L, base + 1) != 0 else { return nil }
            let resultCall = LuaCall(L: L, runtime: runtime)
            lua_rotate(L, base + 1, -1)
            scrim_lua_pop(L, 1)
            do {
                return try read(resultCall)
            } catch {
                throw resultFault(error, of: method, in: plugin)
            }
        }
    }

    /// `scrim.plugin(name, options)`: a role by name (another plugin, or a role the embedding
    /// program registered in Swift) with options, as a table a delegate can return.
    private func pluginInstance(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1, "plugin")
        let known = Set(plugins.keys).union(RoleKind.allCases.flatMap { registry?.names(of: $0) ?? [] })
        guard known.contains(name) else {
            let suggestion = NameSuggestion.closest(to: name, in: known.sorted())
            throw LuaCallError("no plugin or role named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        lua_createtable(call.L, 0, 2)
        call.push(name)
        lua_setfield(call.L, -2, "plugin")
        if call.type(2) == LUA_TTABLE {
            lua_pushvalue(call.L, 2)
        } else {
            lua_createtable(call.L, 0, 0)
        }
        lua_setfield(call.L, -2, "options")
        return 1
    }

    // MARK: Roles

    /// The host's registry, for the Swift roles a Lua delegate may vend by name.
    package weak var registry: (any SwiftRoleSource)?

    /// A role object of `kind` named `name`: the Swift role registered under it, or else the
    /// plugin of that name.
    package func makeRole(
        _ kind: RoleKind, named name: String, options: RoleOptions, presented: ViewController? = nil,
        presenting: ViewController? = nil
    ) throws -> AnyObject {
        if let swift = try registry?.makeSwiftRole(kind, name, options: options, presented: presented, presenting: presenting) {
            return swift
        }
        guard let plugin = plugins[name] else {
            let known = Set(plugins.keys).union(registry?.names(of: kind) ?? []).sorted()
            let suggestion = NameSuggestion.closest(to: name, in: known)
            throw LuaCallError("no plugin or role named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        return try makeRole(kind, plugin: plugin, options: options, presented: presented, presenting: presenting)
    }

    func makeRole(
        _ kind: RoleKind, plugin: Plugin, options: RoleOptions, presented: ViewController? = nil,
        presenting: ViewController? = nil
    ) throws -> AnyObject {
        guard plugin.roles.contains(kind) else {
            throw LuaCallError("plugin '\(plugin.name)' is not a\(kind == .animator || kind == .interaction ? "n" : "") \(kind.rawValue) (it plays: \(plugin.roles.map(\.rawValue).sorted().joined(separator: ", ")))")
        }
        switch kind {
        case .animator: return try LuaAnimator(library: self, plugin: plugin, options: options)
        case .interaction: return try LuaInteraction(library: self, plugin: plugin, options: options)
        case .delegate: return try LuaDelegate(library: self, plugin: plugin, options: options)
        case .presentation:
            guard let presented else { throw LuaCallError("a presentation controller needs the presented view controller") }
            return try LuaPresentationController(
                library: self, plugin: plugin, options: options, presented: presented, presenting: presenting)
        }
    }

    // MARK: Diagnostics

    func publish(_ path: String, _ list: [ScriptDiagnostic]) {
        diagnostics[path] = list
        onDiagnostics?(path, list)
    }

    /// A runtime error of a plugin: added to its file's diagnostics.
    func report(_ error: LuaError, in plugin: Plugin, context: String) {
        let builder = DiagnosticBuilder(path: plugin.path, source: plugin.source)
        let diagnostic = builder.diagnostic(for: error, prefix: context)
        var list = diagnostics[plugin.path] ?? []
        // The same error reaches here by more than one path (the role's call and the transition's
        // fault): it is published once.
        guard !list.contains(diagnostic) else { return }
        list.append(diagnostic)
        publish(plugin.path, list)
    }

    /// A role method's result that breaks the contract (the wrong type, an unknown role name):
    /// a diagnostic at the line where the method is defined, and the error to throw on, which
    /// names that position (so the transition's fault names it too, and is not reported twice).
    func resultFault(_ error: any Error, of method: String, in plugin: Plugin) -> any Error {
        if error is LuaError { return error }
        let message = (error as? LuaCallError)?.message ?? "\(error)"
        let line = definitionLine(of: method, in: plugin) ?? 0
        let diagnostic = DiagnosticBuilder(path: plugin.path, source: plugin.source).diagnostic(atLine: line, message: message)
        var list = diagnostics[plugin.path] ?? []
        if !list.contains(diagnostic) {
            list.append(diagnostic)
            publish(plugin.path, list)
        }
        return LuaCallError("\(plugin.path):\(line + 1): \(message)")
    }

    /// A contract fault of a plugin's role (never completed, completed twice, a bad duration…):
    /// a diagnostic on the plugin's file, at the line where `method` is defined (or line 1).
    package func reportContractFault(plugin name: String, method: String?, message: String) {
        guard let plugin = plugins[name] else { return }
        // A fault that carries a position in the file came from a Lua error, reported already.
        let file = (plugin.path as NSString).lastPathComponent
        if let range = message.range(of: file + ":"), message[range.upperBound...].first?.isNumber == true { return }
        let called = runtime.callPosition.flatMap { $0.plugin == name ? $0.line - 1 : nil }
        let line = called ?? method.flatMap { faultLine(of: $0, in: plugin) } ?? 0
        let diagnostic = DiagnosticBuilder(path: plugin.path, source: plugin.source).diagnostic(atLine: line, message: message)
        var list = diagnostics[plugin.path] ?? []
        guard !list.contains(diagnostic) else { return }
        list.append(diagnostic)
        publish(plugin.path, list)
    }

    /// The 0-based line a fault about `method` belongs on: where the class defines it. An
    /// interaction that inherits `startInteractiveTransition` from the host's percent driver is
    /// placed on its `handleGesture`, else on its `percentDriven = true` line.
    private func faultLine(of method: String, in plugin: Plugin) -> Int? {
        if let line = definitionLine(of: method, in: plugin) { return line }
        if method == "transitionDuration" {
            // A `duration` field stands in for the method: the line that sets it.
            return plugin.source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { line in
                line.trimmingPrefix(while: \.isWhitespace).hasPrefix("duration") && line.contains("=")
            }
        }
        guard method == "startInteractiveTransition" else { return nil }
        if let line = definitionLine(of: "handleGesture", in: plugin) { return line }
        return plugin.source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { line in
            line.contains("percentDriven") && line.contains("true")
        }
    }

    /// The 0-based line where a plugin's class defines `method`, from the function's debug
    /// information (`lua_getinfo` with ">S": no Lua code runs).
    private func definitionLine(of method: String, in plugin: Plugin) -> Int? {
        let state = runtime.state
        do {
            return try withField(of: plugin.classTable, method) { L -> Int? in
                guard lua_type(L, -1) == LUA_TFUNCTION else { return nil }
                lua_pushvalue(L, -1)
                var record = lua_Debug()
                guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else { return nil }
                return Int(record.linedefined) - 1
            }
        } catch {
            _ = state
            return nil
        }
    }

    private func reportUncaught(_ error: LuaError, context: String) {
        guard let file = DiagnosticBuilder.splitPrefix(error.message)?.0,
            let plugin = plugins.values.first(where: { DiagnosticBuilder(path: $0.path, source: "").names(file) })
        else { return }
        report(error, in: plugin, context: context)
    }

    private func lastLine(of source: String) -> Int {
        max(source.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 0)
    }

    /// Privileged helpers (run outside the sandbox): reading a field, invoking a method, making an
    /// instance.
    private static let helperSource = #"""
        local helpers = {}
        function helpers.get(t, key) return t[key] end
        function helpers.invoke(instance, name, ...)
          local method = instance[name]
          if type(method) ~= "function" then return false end
          return true, method(instance, ...)
        end
        function helpers.make(class, options, host)
          local instance
          local new = class.new
          if type(new) == "function" then
            instance = new(options)
            if type(instance) ~= "table" then
              error("new(options) must return a table (the instance), got " .. type(instance), 0)
            end
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

extension LuaCall {
    /// Pushes a role option as a Lua value (geometry, colors and transforms with their metatables).
    func push(_ options: RoleOptions) {
        lua_createtable(L, 0, Int32(options.count))
        for (key, value) in options {
            push(value)
            lua_setfield(L, -2, key)
        }
    }

    func push(_ value: OptionValue) {
        switch value {
        case .number(let number): push(number)
        case .string(let text): push(text)
        case .bool(let flag): push(flag)
        case .point(let point): push(point)
        case .size(let size): push(size)
        case .rect(let rect): push(rect)
        case .color(let color): push(color)
        case .transform(let transform): push(transform)
        case .array(let values):
            lua_createtable(L, Int32(values.count), 0)
            for (index, element) in values.enumerated() {
                push(element)
                lua_rawseti(L, -2, lua_Integer(index + 1))
            }
        case .table(let table): push(table)
        }
    }

    /// The chunk name of the Lua code that called the current Swift function (a plugin's path).
    func callerSource() -> String? {
        var record = lua_Debug()
        guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "S", &record) != 0, let source = record.source else {
            return nil
        }
        let text = String(cString: source)
        return text.hasPrefix("@") ? String(text.dropFirst()) : text
    }

    /// The line of the Lua code that called the current Swift function (nil if unknown).
    func currentLine() -> Int? {
        var record = lua_Debug()
        guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "l", &record) != 0, record.currentline > 0 else {
            return nil
        }
        return Int(record.currentline)
    }
}
