import Foundation
import ScrimCore
import ScrimHost
import Testing
import ScrimTestSupport

/// A released host releases everything: its Lua state is closed (no bytes left in any
/// allocator), whatever it did — plugins loaded, a transition run, a reload, the watcher started.
@MainActor @Suite(.serialized) struct HostLifetimeTests {
    static let plugins = Repository.plugins

    /// Creates a host, uses it, and drops it; returns the open states before and after.
    private func cycle(_ body: (ScrimHost) throws -> Void) throws -> (before: Int, after: Int) {
        let before = ScrimHost.openLuaStates
        do {
            let host = try ScrimHost(pluginDirectories: [Self.plugins])
            try body(host)
        }
        return (before, ScrimHost.openLuaStates)
    }

    @Test func aHostWithPluginsClosesItsState() throws {
        let counts = try cycle { host in #expect(host.plugins.count >= 7) }
        #expect(counts.after == counts.before)
    }

    @Test func aHostThatRanATransitionAndAReloadClosesItsState() throws {
        let bytesBefore = ScrimHost.openLuaStateBytes
        let counts = try cycle { host in
            let details = ViewController(id: "details")
            details.transitioningDelegate = try host.delegate(animator: "pop", presentation: "dimming")
            try host.rootViewController.present(details, animated: true)
            host.advance(by: 2)
            try details.dismiss(animated: true)
            host.advance(by: 2)
            #expect(host.reload("pop") == ["pop"])
            host.watch(true)
        }
        #expect(counts.after == counts.before)
        #expect(ScrimHost.openLuaStateBytes == bytesBefore)
    }
}
