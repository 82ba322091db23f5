import ScrimCore
import ScrimHost
import ScrimPreview

extension ExportedTransition {
    /// `transition` as `recording` has it: its frames from when it began to when it ended, the
    /// views that changed, appeared or disappeared in them, and their tracks reduced by `reducer`.
    /// The views of the host that are not the scene's (`sceneIDs`, or an instance's `id#2` of
    /// one, exported as the declared id) — the container, a style's own dimming view — are UIKit's
    /// in the app and are left out. Nil for a transition that did not
    /// complete, or of a kind not exported (a tab switch).
    package init?(_ transition: PreviewRecording.Transition, in recording: PreviewRecording, sceneIDs: Set<String>, reducer: KeyframeReducer) {
        guard let kind = Kind(rawValue: transition.kind), let ended = transition.ended, transition.completed != false else { return nil }
        let epsilon = 1e-9
        var before: [PreviewRecording.Node] = []
        var frames: [(time: Double, parents: [Int: Int], order: [Int], states: [PreviewViewState?])] = []
        recording.forEachFrame { _, frame, tree, states in
            if frame.time < transition.began - epsilon {
                before = tree
            } else if frame.time <= ended + epsilon {
                var parents: [Int: Int] = [:]
                for node in tree { if let parent = node.parent { parents[node.view] = parent } }
                frames.append((frame.time, parents, tree.map(\.view), states))
            }
        }
        let duration = ended - transition.began
        guard frames.count >= 2, duration > 0 else { return nil }
        let info = recording.views
        let presentBefore = Set(before.map(\.view))
        // The container: the host's view the presented view controller's view (or the
        // navigation controller's transition) is in.
        let presented = kind == .dismissal ? transition.from : transition.to
        let container = info.indices.first { index in
            let id = info[index].id
            return info[index].origin == .host && (id == "\(presented).container" || ((kind == .push || kind == .pop) && id.hasSuffix(".transition")))
        }

        // Whether a view is (in a frame) inside a snapshot: its subviews are the snapshot's picture.
        func isInsideSnapshot(_ view: Int, _ parents: [Int: Int]) -> Bool {
            var current = parents[view]
            while let parent = current {
                if case .snapshot = info[parent].origin { return true }
                current = parents[parent]
            }
            return false
        }

        // The views seen in the frames, back to front as first seen.
        var order: [Int] = []
        var seen = Set<Int>()
        for frame in frames {
            for view in frame.order where !seen.contains(view) {
                seen.insert(view)
                order.append(view)
            }
        }
        var candidates: [(view: Int, source: ExportedView.Source)] = []
        for view in order {
            if view == container {
                candidates.append((view, .container))
                continue
            }
            guard let first = frames.first(where: { $0.parents[view] != nil }), !isInsideSnapshot(view, first.parents) else { continue }
            let id = info[view].id
            switch info[view].origin {
            case .host:
                if let declared = SceneStoryboard.declaredID(of: id, in: sceneIDs) { candidates.append((view, .scene(id: declared))) }
            case .plugin:
                let label = info[view].label, suffix = " (\(id))"
                let name = label.hasSuffix(suffix) ? String(label.dropLast(suffix.count)) : nil
                candidates.append((view, presentBefore.contains(view) ? .existing(id: id) : .created(id: id, name: name)))
            case .snapshot(let source):
                if presentBefore.contains(view) {
                    candidates.append((view, .existing(id: id)))
                } else if let declared = SceneStoryboard.declaredID(of: source, in: sceneIDs) {
                    candidates.append((view, .snapshot(of: declared)))
                }
            }
        }

        var exported: [ExportedView] = []
        var exportedIndex: [Int: Int] = [:]
        for (view, source) in candidates {
            let present = frames.filter { $0.parents[view] != nil }
            let states = present.compactMap { $0.states[view] }
            guard let startState = states.first, let endState = states.last, states.count == present.count else { continue }
            let times = present.map { ($0.time - transition.began) / duration }
            var tracks: [KeyframeTrack] = []
            for property in ExportedProperty.allCases {
                var samples = states.map { property.components(of: $0.values) }
                guard samples.contains(where: { !reducer.tolerance.accepts($0, samples[0], for: property) }) else { continue }
                var sampleTimes = times
                if sampleTimes[0] > epsilon {
                    sampleTimes.insert(0, at: 0)
                    samples.insert(samples[0], at: 0)
                }
                if sampleTimes[sampleTimes.count - 1] < 1 - epsilon {
                    sampleTimes.append(1)
                    samples.append(samples[samples.count - 1])
                }
                sampleTimes[0] = 0
                sampleTimes[sampleTimes.count - 1] = 1
                let kept = reducer.keep(times: sampleTimes, samples: samples, of: property)
                tracks.append(KeyframeTrack(property: property, keyTimes: kept.map { sampleTimes[$0] }, values: kept.map { samples[$0] }))
            }
            let isMadeHere: Bool, isPlugins: Bool
            switch source {
            case .created, .snapshot: (isMadeHere, isPlugins) = (true, true)
            case .existing: (isMadeHere, isPlugins) = (false, true)
            case .scene, .container: (isMadeHere, isPlugins) = (false, false)
            }
            // UIKit removes its own views (the presenting view after a full-screen presentation).
            let isRemovedAtEnd = isPlugins && frames[frames.count - 1].parents[view] == nil
            let hiddenChanges = startState.isHidden != endState.isHidden
            let keep: Bool
            if source == .container {
                keep = !tracks.isEmpty || !ExportedView.changedFromDefault(startState.values).isEmpty
            } else {
                keep = !tracks.isEmpty || hiddenChanges || isMadeHere || startState.isHidden || isRemovedAtEnd
            }
            guard keep else { continue }
            var parent: ExportedView.Parent?
            var index = 0
            if isMadeHere, let first = present.first, let parentView = first.parents[view] {
                if parentView == container {
                    parent = .container
                } else if let known = exportedIndex[parentView] {
                    parent = .view(known)
                } else if info[parentView].origin == .host, let declared = SceneStoryboard.declaredID(of: info[parentView].id, in: sceneIDs) {
                    parent = .scene(id: declared)
                } else {
                    parent = .container
                }
                index = first.order.filter { first.parents[$0] == parentView }.firstIndex(of: view) ?? 0
            }
            exportedIndex[view] = exported.count
            exported.append(
                ExportedView(
                    source: source, id: info[view].id, parent: parent, index: index, start: startState.values, end: endState.values,
                    clipsToBounds: startState.clipsToBounds, isDoubleSided: startState.isDoubleSided, isHiddenAtStart: startState.isHidden,
                    isHiddenAtEnd: endState.isHidden, isRemovedAtEnd: isRemovedAtEnd, tracks: tracks))
        }
        self.init(
            kind: kind, from: transition.from, to: transition.to, interactive: transition.interactive, began: transition.began, duration: duration,
            frameCount: frames.count, views: exported)
    }
}
