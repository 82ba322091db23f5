import CLua
import Foundation
import ScrimCore

/// Loading: finding the plugin files, compiling and running them, replacing a plugin when its file
/// changes, and checking text or running a data file without loading anything.
extension PluginLibrary {
    /// The plugin files of the directories (`PluginFile`: not `*.d.lua` type files, not hidden
    /// files): directory by directory in the order given, sorted within each, so a plugin of an
    /// earlier directory loads first and keeps its name.
    package func pluginFiles() -> [String] {
        // A directory given twice (or as two spellings of one path) lists its files once.
        var seen: Set<String> = []
        return directories.flatMap { directory -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return files.filter { PluginFile.isPluginFile(path: $0) }.sorted().map { "\(directory)/\($0)" }
        }.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path).inserted }
    }

    /// Loads every plugin file; returns the names loaded.
    @discardableResult
    package func loadAll() -> [String] {
        pluginFiles().compactMap { load(path: $0) }
    }

    /// Compiles and runs a plugin file in a fresh environment; on success it replaces the plugin
    /// of the same name (generation + 1), on failure the old version stays and the diagnostics say
    /// why. A file that no longer exists removes its plugin. Returns the plugin's name on success.
    ///
    /// A name belongs to one file: when another file's plugin has it, the file does not load,
    /// unless `takingItsName` (a file loaded by its path), which unloads the other file's plugin.
    @discardableResult
    package func load(path: String, takingItsName: Bool = false) -> String? {
        switch Self.read(path) {
        case .success(let data):
            return load(data, path: path, takingItsName: takingItsName)
        case .failure(.missing):
            digests[path] = nil
            waitingForName[path] = nil
            if let name = names.removeValue(forKey: path) { plugins[name] = nil }
            loadDiagnostics[path] = []
            publish(path, [])
            return nil
        case .failure(.unreadable(let reason)):
            // Still there but unreadable: the old version stays, and the diagnostic says why.
            digests[path] = nil
            let file = (path as NSString).lastPathComponent
            let unreadable = [DiagnosticBuilder(path: path, source: "").diagnostic(atLine: 0, message: "cannot read \(file): \(reason)")]
            loadDiagnostics[path] = unreadable
            publish(path, unreadable)
            return nil
        }
    }

    /// Why a plugin file could not be read.
    enum ReadFailure: Error, Equatable {
        case missing
        case unreadable(String)
    }

    /// The bytes of the file at `path` (`FileContents`: a regular file, within its bound).
    static func read(_ path: String) -> Result<Data, ReadFailure> {
        do {
            return .success(try FileContents.read(atPath: path))
        } catch .missing {
            return .failure(.missing)
        } catch {
            return .failure(.unreadable("\(error)"))
        }
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

    /// Loads the files waiting for a name that no plugin has any more (its file was deleted, or
    /// its plugin took another name), in load order: the first to load has the name, and the
    /// others' diagnostics name it. Returns the names loaded.
    package func loadFilesWaitingForFreedNames() -> [String] {
        let freed = Set(waitingForName.values.filter { plugins[$0] == nil })
        guard !freed.isEmpty else { return [] }
        let waiting = waitingForName.filter { freed.contains($0.value) }
        let inLoadOrder = pluginFiles().filter { waiting[$0] != nil }
        let elsewhere = waiting.keys.filter { !inLoadOrder.contains($0) }.sorted()
        return (inLoadOrder + elsewhere).compactMap { load(path: $0) }
    }

    private func load(_ data: Data, path: String, takingItsName: Bool = false) -> String? {
        digests[path] = SourceDigest(data)
        waitingForName[path] = nil
        let compiled = compile(data, path: path)
        switch takingItsName ? compiled : compiled.flatMap({ compiled in claimingItsName(compiled, path: path) }) {
        case .failure(let failure):
            waitingForName[path] = failure.refusedName
            loadDiagnostics[path] = failure.diagnostics
            publish(path, failure.diagnostics)
            return nil
        case .success(let compiled):
            if let holder = plugins[compiled.name], holder.path != path { unload(holder, takenBy: path) }
            generation += 1
            if let old = names[path], old != compiled.name { plugins[old] = nil }
            names[path] = compiled.name
            let plugin = Plugin(
                name: compiled.name, path: path, source: compiled.source, generation: generation,
                classTable: compiled.classTable, environment: compiled.environment, roles: compiled.roles)
            plugins[compiled.name] = plugin
            requireCache = [:]
            // The new version's diagnostics first: a failing `onReload` below adds its own.
            loadDiagnostics[path] = compiled.warnings
            publish(path, compiled.warnings)
            moveLiveInstances(to: plugin)
            return compiled.name
        }
    }

    /// The diagnostics `text` would get as the plugin file at `path` — compiled and its top level
    /// run in a fresh sandboxed environment, with the budget and memory cap — without loading
    /// it: the active plugins are untouched (an editor's unsaved buffer, LSP `didOpen`/`didChange`).
    package func check(_ text: String, path: String) -> [ScriptDiagnostic] {
        switch compile(Array(text.utf8), path: path).flatMap({ compiled in claimingItsName(compiled, path: path) }) {
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
        let value: OptionValue?
        do {
            let environment = try makeEnvironment(for: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            value = try runtime.run(source, chunkName: path, environment: environment) { call in
                call.type(-1) == LUA_TTABLE ? try? call.optionValue(-1) : nil
            }
        } catch {
            throw builder.diagnostic(for: error)
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

    /// Why a plugin file did not compile or run, or did not load.
    private struct CompileFailure: Error {
        let diagnostics: [ScriptDiagnostic]
        /// The name another file's plugin has, when that is why it did not load.
        var refusedName: String?
    }

    /// Compiles `data` (source text; bytecode is refused) in a fresh environment and runs its top
    /// level, which must return the class table.
    private func compile(_ data: some Collection<UInt8>, path: String) -> Result<CompiledPlugin, CompileFailure> {
        compileCount += 1
        guard data.first != 0x1B else {
            return .failure(CompileFailure(diagnostics: [DiagnosticBuilder(path: path, source: "").diagnostic(
                atLine: 0, message: "precompiled Lua bytecode is refused; plugins are loaded as source text")]))
        }
        let source = String(decoding: data, as: UTF8.self)
        let builder = DiagnosticBuilder(path: path, source: source)
        do {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let environment = try makeEnvironment(for: stem)
            let result = try runtime.run(source, chunkName: path, environment: environment) { call in
                call.type(-1) == LUA_TTABLE ? call.reference(-1) : nil
            }
            guard let classTable = result else {
                return .failure(CompileFailure(diagnostics: [builder.diagnostic(
                    atLine: lastLine(of: source), message: "a plugin must return a table (its class)")]))
            }
            let (name, roles) = try declaration(of: classTable, stem: stem)
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

    /// `compiled`, unless another file's plugin has its name: names are unique across the plugin
    /// directories, and the plugin that loaded first keeps its name (Docs/LuaAPI.md, "A plugin is
    /// one Lua file").
    private func claimingItsName(_ compiled: CompiledPlugin, path: String) -> Result<CompiledPlugin, CompileFailure> {
        guard let holder = plugins[compiled.name], holder.path != path else { return .success(compiled) }
        let builder = DiagnosticBuilder(path: path, source: compiled.source)
        return .failure(CompileFailure(
            diagnostics: [builder.diagnostic(
                atLine: 0,
                message: "a plugin named '\(compiled.name)' is already loaded from \(holder.path): plugin names are unique "
                    + "across the plugin directories, and the one that loaded first keeps its name; rename this file or "
                    + "set its class's name field")],
            refusedName: compiled.name))
    }

    /// Unloads `holder`, whose name the file at `path` took; its file says so until it loads again
    /// (when it changes, or when the name is free again).
    private func unload(_ holder: Plugin, takenBy path: String) {
        plugins[holder.name] = nil
        names[holder.path] = nil
        digests[holder.path] = nil
        waitingForName[holder.path] = holder.name
        let taken = [DiagnosticBuilder(path: holder.path, source: holder.source).diagnostic(
            atLine: 0,
            message: "not loaded: \(path), loaded by its path, took the name '\(holder.name)'; plugin names are unique, "
                + "so rename one of the two files or set its class's name field")]
        loadDiagnostics[holder.path] = taken
        publish(holder.path, taken)
    }

    private func lastLine(of source: String) -> Int {
        max(source.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 0)
    }
}
