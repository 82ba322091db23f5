import Foundation
import ScrimCore

/// Diagnostics: a plugin's runtime errors, broken contracts and wrong results, published on its
/// file at the line they belong to.
extension PluginLibrary {
    func publish(_ path: String, _ list: [ScriptDiagnostic]) {
        diagnostics[path] = list
        onDiagnostics?(path, list)
    }

    /// Takes the runtime faults off every file: each has its last load's diagnostics again (a new
    /// play on the same plugins starts from a clean slate).
    package func clearRuntimeDiagnostics() {
        for (path, list) in diagnostics where list != loadDiagnostics[path] ?? [] {
            publish(path, loadDiagnostics[path] ?? [])
        }
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
        if error is LuaError || error is InstanceError { return error }
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

    /// An error no Lua code could catch (a completion, a gesture action): reported on the plugin
    /// whose file it names.
    func reportUncaught(_ error: LuaError, context: String) {
        guard let file = DiagnosticBuilder.splitPrefix(error.message)?.0,
            let plugin = plugins.values.first(where: { DiagnosticBuilder(path: $0.path, source: "").names(file) })
        else { return }
        report(error, in: plugin, context: context)
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
    /// information.
    func definitionLine(of method: String, in plugin: Plugin) -> Int? {
        try? withField(of: plugin.classTable, method) { call in call.lineDefined(-1).map { $0 - 1 } }
    }
}
