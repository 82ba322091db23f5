import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Watches plugin directories for `.lua` files that are created, modified, moved in or out, or
/// deleted (Docs/HotReload.md, "What counts as a change"), and reports the changed paths together
/// once they are quiet: for 50 ms after a write still in progress (a file modified and not yet
/// closed: editors save in steps), for 5 ms after a finished one (a file closed after writing,
/// renamed into place or away, or deleted), so a save is reloaded at once while the events of one
/// save are still one reload.
///
/// On Linux it uses inotify, read by a dispatch read source on the main queue (dispatch's
/// file-system sources do not exist on Linux); where inotify is unavailable it polls the files'
/// sizes and modification times every 250 ms. Confined to the main actor.
@MainActor
package final class PluginWatcher {
    /// How long a write in progress must be quiet before its file is reported.
    static let debounce = 0.05
    /// How long a finished write waits for the rest of its save's events.
    static let settle = 0.005
    /// The polling fallback's period.
    static let pollInterval = 0.25

    private let directories: [String]
    private let onChange: ([String]) -> Void
    private var inotifyDescriptor: Int32 = -1
    /// The running sources (an inotify read source or a polling timer) of all watchers, by
    /// token, until their cancel handler has run (and closed the inotify descriptor): for the
    /// leak check of released hosts, whichever way they watch.
    static private(set) var runningSources: Set<Int> = []
    private static var lastSourceToken = 0
    /// The token of this watcher's running source, or nil when it is stopped.
    package private(set) var sourceToken: Int?
    private var watchDirectories: [Int32: String] = [:]
    private var readSource: (any DispatchSourceRead)?
    private var pollTimer: (any DispatchSourceTimer)?
    private var snapshot: [String: FileStamp] = [:]
    /// Changed paths not yet reported, and whether the last event of each finished a write.
    private var pending: [String: Bool] = [:]
    private var quietToken = 0

    /// Whether changes are noticed through inotify (false: polling).
    private(set) var usesInotify = false

    private struct FileStamp: Equatable {
        let size: Int
        let modified: Date
    }

    /// Polls even where inotify works (to test the fallback).
    private let pollingOnly: Bool

    package init(directories: [String], pollingOnly: Bool = false, onChange: @escaping ([String]) -> Void) {
        self.directories = directories
        self.pollingOnly = pollingOnly
        self.onChange = onChange
    }

    isolated deinit {
        stop()
    }

    package func start() {
        guard readSource == nil, pollTimer == nil else { return }
        if !pollingOnly, startInotify() { return }
        startPolling()
    }

    package func stop() {
        readSource?.cancel()
        readSource = nil
        pollTimer?.cancel()
        pollTimer = nil
        usesInotify = false
        sourceToken = nil
    }

    /// A new token for a source that starts, in `runningSources` until `cancelled` is run.
    private func registerSource() -> (token: Int, cancelled: @Sendable () -> Void) {
        Self.lastSourceToken += 1
        let token = Self.lastSourceToken
        Self.runningSources.insert(token)
        sourceToken = token
        return (token, { MainActor.assumeIsolated { _ = Self.runningSources.remove(token) } })
    }

    // MARK: inotify

    private func startInotify() -> Bool {
        #if canImport(Glibc)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return false }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
            for directory in directories {
                let watch = inotify_add_watch(descriptor, directory, mask)
                if watch >= 0 { watchDirectories[watch] = directory }
            }
            guard !watchDirectories.isEmpty else {
                close(descriptor)
                return false
            }
            inotifyDescriptor = descriptor
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.readEvents() }
            }
            let cancelled = registerSource().cancelled
            source.setCancelHandler {
                close(descriptor)
                cancelled()
            }
            source.resume()
            readSource = source
            usesInotify = true
            return true
        #else
            return false
        #endif
    }

    private func readEvents() {
        #if canImport(Glibc)
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
            defer { buffer.deallocate() }
            var changed: [(path: String, finished: Bool)] = []
            let finishing = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
            while true {
                let count = read(inotifyDescriptor, buffer, capacity)
                guard count > 0 else { break }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                    if event.len > 0, let directory = watchDirectories[event.wd] {
                        let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                        if PluginFile.isPluginFile(path: name) {
                            changed.append(("\(directory)/\(name)", event.mask & finishing != 0))
                        }
                    }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
            noteChanges(changed)
        #endif
    }

    // MARK: Polling

    private func startPolling() {
        snapshot = currentStamps()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.poll() }
        }
        timer.setCancelHandler(handler: registerSource().cancelled)
        timer.resume()
        pollTimer = timer
    }

    private func poll() {
        let stamps = currentStamps()
        let paths = Set(stamps.keys).union(snapshot.keys).filter { stamps[$0] != snapshot[$0] }
        snapshot = stamps
        // Polling cannot tell a finished write from one in progress.
        noteChanges(paths.map { ($0, false) })
    }

    private func currentStamps() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for directory in directories {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where PluginFile.isPluginFile(path: name) {
                let path = "\(directory)/\(name)"
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
                stamps[path] = FileStamp(
                    size: (attributes[.size] as? Int) ?? 0, modified: (attributes[.modificationDate] as? Date) ?? .distantPast)
            }
        }
        return stamps
    }

    // MARK: Debounce

    private func noteChanges(_ changes: [(path: String, finished: Bool)]) {
        guard !changes.isEmpty else { return }
        for change in changes { pending[change.path] = change.finished }
        quietToken += 1
        let token = quietToken
        let delay = pending.values.allSatisfy { $0 } ? Self.settle : Self.debounce
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.quietToken == token else { return }
                let batch = self.pending.keys.sorted()
                self.pending = [:]
                self.onChange(batch)
            }
        }
    }
}
