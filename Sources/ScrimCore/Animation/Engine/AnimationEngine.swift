import Foundation

/// The timing loop: owns every running animation and advances them when its clock ticks.
///
/// Animations are stored data-oriented: one `TimingGroup` per animation call or animator (the
/// curve or spring is evaluated once per group per frame) and one `Track` per animated property,
/// both in contiguous buffers that are walked through raw pointers. A frame allocates nothing and
/// looks nothing up by key; Swift closures run only at events (completions, observers).
///
/// Each tick runs, in this order: the `beginTick` handlers (queued presentations),
/// the advance of every running animation, the completions that became due (in the order their
/// animations were created), the frame observers, then the layout handlers.
@MainActor
public final class AnimationEngine {
    public private(set) var clock: any FrameClock

    /// The time of the current (or latest) tick.
    public var now: Double { clock.now }

    /// The engine that `View.animate` uses for views that are not in a window: the most recently
    /// created or ticked engine.
    public private(set) static weak var current: AnimationEngine?

    private var groups = GrowableBuffer<TimingGroup>(capacity: 256)
    /// Per group, what the track pass needs, refreshed by the group pass each frame: 16 bytes per
    /// group instead of a whole `TimingGroup`, so the track pass stays in cache.
    private var groupFrames = GrowableBuffer<GroupFrame>(capacity: 256)
    private var owners: [GroupOwner?] = []
    private var freeGroups: [Int32] = []
    private var tracks = GrowableBuffer<Track>(capacity: 1024)
    /// Parallel to `tracks`: the same index holds the same track's details.
    private var trackDetails = GrowableBuffer<TrackDetails>(capacity: 1024)
    /// Groups that ended (or whose tracks were all removed) and wait for their end handling.
    private var endedGroups: [Int32] = []
    private var handlingEnds: [Int32] = []
    private var nextSequence = 0

    private var timelines: [Timeline] = []
    private var freeTimelines: [Int32] = []
    private var timelineFrames = GrowableBuffer<TimelineFrame>(capacity: 8)
    private var settledTimelines: [(timeline: Int32, target: Double)] = []
    /// The timeline new animations join (−1: the clock). Set by `withTimeline`.
    private(set) var currentTimeline: Int32 = -1

    private var beginTickHandlers: [(id: Int, body: (Double) -> Void)] = []
    private var frameObservers: [(id: Int, body: (Double) -> Void)] = []
    private var layoutHandlers: [(id: Int, body: (Double) -> Void)] = []
    private var nextObserverID = 0

    public init(clock: any FrameClock) {
        self.clock = clock
        endedGroups.reserveCapacity(256)
        handlingEnds.reserveCapacity(256)
        freeGroups.reserveCapacity(256)
        clock.tickHandler = { [weak self] time in self?.tick(at: time) }
        AnimationEngine.current = self
    }

    isolated deinit {
        for index in 0..<tracks.count { releaseResources(of: trackDetails[index]) }
        tracks.deallocate()
        trackDetails.deallocate()
        groups.deallocate()
        groupFrames.deallocate()
        timelineFrames.deallocate()
    }

    /// Drives the engine from `newClock` from now on (a host switching between the manual and the
    /// real-time clock). The old clock stops driving the engine. Animations keep their times, so
    /// `newClock` must start where the old one is (`ManualClock(frameRate:startingAt:)`,
    /// `DisplayLink(frameRate:startingAt:)`); a clock behind the engine's time is a programmer
    /// error.
    public func replaceClock(with newClock: any FrameClock) {
        precondition(newClock.now >= clock.now, "a new clock must not start before the engine's time \(clock.now)")
        clock.tickHandler = nil
        clock = newClock
        newClock.tickHandler = { [weak self] time in self?.tick(at: time) }
    }

    /// Makes this engine the one `View.animate` uses for views outside any window.
    public func makeCurrent() { AnimationEngine.current = self }

    // MARK: Observers

    /// A handle for removing an observer.
    public struct ObserverToken: Hashable, Sendable {
        fileprivate let id: Int
        fileprivate let phase: UInt8
    }

    /// Runs `body` at the start of every tick, before animations advance.
    @discardableResult
    public func addBeginTickHandler(_ body: @escaping (Double) -> Void) -> ObserverToken {
        nextObserverID += 1
        beginTickHandlers.append((nextObserverID, body))
        return ObserverToken(id: nextObserverID, phase: 0)
    }

    /// Runs `body` every tick after animations advanced and completions ran (`onFrame`).
    @discardableResult
    public func addFrameObserver(_ body: @escaping (Double) -> Void) -> ObserverToken {
        nextObserverID += 1
        frameObservers.append((nextObserverID, body))
        return ObserverToken(id: nextObserverID, phase: 1)
    }

    /// Runs `body` at the end of every tick (layout callbacks).
    @discardableResult
    public func addLayoutHandler(_ body: @escaping (Double) -> Void) -> ObserverToken {
        nextObserverID += 1
        layoutHandlers.append((nextObserverID, body))
        return ObserverToken(id: nextObserverID, phase: 2)
    }

    public func removeObserver(_ token: ObserverToken) {
        switch token.phase {
        case 0: beginTickHandlers.removeAll { $0.id == token.id }
        case 1: frameObservers.removeAll { $0.id == token.id }
        default: layoutHandlers.removeAll { $0.id == token.id }
        }
    }

    // MARK: The tick

    /// Number of property animations running now.
    public var runningTrackCount: Int { tracks.count }

    /// Number of animation calls and animators the engine is tracking now.
    public var activeGroupCount: Int { owners.count - freeGroups.count }

    private func tick(at time: Double) {
        AnimationEngine.current = self
        for handler in beginTickHandlers { handler.body(time) }
        advanceTimelines(to: time)
        advanceAnimations(to: time)
        handleSettledTimelines()
        handleEndedGroups()
        for observer in frameObservers { observer.body(time) }
        for handler in layoutHandlers { handler.body(time) }
    }

    /// The per-frame work: evaluate each running group once, then write every track.
    private func advanceAnimations(to time: Double) {
        let groupBase = groups.base
        let frameBase = groupFrames.base
        let timelineBase = timelineFrames.base
        for index in 0..<groups.count {
            let group = groupBase + index
            guard group.pointee.isLive else { continue }
            if group.pointee.speed != 0, !group.pointee.hasEnded {
                let timeline = Int(group.pointee.timeline)
                if timeline < 0 {
                    if group.pointee.evaluate(at: time) { endedGroups.append(Int32(index)) }
                } else if timelineBase[timeline].allowsEnding {
                    if group.pointee.evaluate(at: timelineBase[timeline].time) { endedGroups.append(Int32(index)) }
                } else {
                    let local = group.pointee.localTime(at: timelineBase[timeline].time)
                    group.pointee.progress = group.pointee.progress(atLocalTime: local)
                }
            }
            frameBase[index] = GroupFrame(
                progress: group.pointee.progress,
                endsTracks: group.pointee.hasEnded && group.pointee.kind == .animation)
        }
        // The buffers' base and count are kept in locals (a stored property of a class is read
        // through an exclusivity check); only finishing a track changes them.
        var trackBase = tracks.base, detailBase = trackDetails.base, trackCount = tracks.count
        var index = 0
        while index < trackCount {
            let track = trackBase + index
            let frame = frameBase[Int(track.pointee.group)]
            if frame.endsTracks {
                finishTrack(at: index)
                (trackBase, detailBase, trackCount) = (tracks.base, trackDetails.base, tracks.count)
                continue
            }
            Track.write(track, detailBase + index, progress: frame.progress)
            index += 1
        }
    }

    /// Runs the end handling of groups that ended, in the order they were created.
    private func handleEndedGroups() {
        guard !endedGroups.isEmpty else { return }
        swap(&handlingEnds, &endedGroups)
        if handlingEnds.count > 1 {
            let groupBase = groups.base
            handlingEnds.sort { groupBase[Int($0)].sequence < groupBase[Int($1)].sequence }
        }
        for index in handlingEnds {
            let slot = Int(index)
            guard groups[slot].isLive, groups[slot].hasEnded || groups[slot].pendingTracks == 0 else { continue }
            let timeline = groups[slot].timeline
            let saved = currentTimeline
            currentTimeline = timeline >= 0 && timelines[Int(timeline)].isLive ? timeline : -1
            defer { currentTimeline = saved }
            switch owners[slot] {
            case .completion(let completion):
                let finished = groups[slot].allFinished
                freeGroup(slot)
                completion?(finished)
            case .animator(let animator):
                groups[slot].hasEnded = false
                animator.groupDidReachEnd(atStart: groups[slot].endedAtStart)
            case nil:
                break
            }
        }
        handlingEnds.removeAll(keepingCapacity: true)
    }

    // MARK: Groups

    /// Who hears about a group's end.
    private enum GroupOwner {
        case completion(((Bool) -> Void)?)
        case animator(PropertyAnimator)
    }

    /// Starts a group for a `View.animate` call: local time 0 is `delay` seconds from now.
    func makeAnimationGroup(
        timing: ResolvedTiming, duration: Double, delay: Double, completion: ((Bool) -> Void)?
    ) -> Int32 {
        makeGroup(
            TimingGroup(
                timing: timing, duration: duration, anchorTime: currentTime, anchorLocal: -delay, speed: 1,
                progressFrom: 0, progressTo: 1, progress: 0, sequence: 0, pendingTracks: 0,
                kind: .animation, isLive: true, allFinished: true, hasEnded: false, endedAtStart: false,
                timeline: currentTimeline),
            owner: .completion(completion))
    }

    /// Creates a paused group owned by a property animator.
    func makeAnimatorGroup(timing: ResolvedTiming, duration: Double, animator: PropertyAnimator) -> Int32 {
        makeGroup(
            TimingGroup(
                timing: timing, duration: duration, anchorTime: currentTime, anchorLocal: 0, speed: 0,
                progressFrom: 0, progressTo: 1, progress: 0, sequence: 0, pendingTracks: 0,
                kind: .animator, isLive: true, allFinished: true, hasEnded: false, endedAtStart: false,
                timeline: currentTimeline),
            owner: .animator(animator))
    }

    private func makeGroup(_ group: TimingGroup, owner: GroupOwner) -> Int32 {
        var group = group
        group.sequence = nextSequence
        nextSequence += 1
        if let slot = freeGroups.popLast() {
            groups[Int(slot)] = group
            owners[Int(slot)] = owner
            return slot
        }
        groups.append(group)
        groupFrames.append(GroupFrame(progress: group.progress, endsTracks: false))
        owners.append(owner)
        return Int32(groups.count - 1)
    }

    private func freeGroup(_ slot: Int) {
        groups[slot].isLive = false
        owners[slot] = nil
        freeGroups.append(Int32(slot))
    }

    /// Releases a group whose owner no longer needs it (its tracks must be gone).
    func discardGroup(_ slot: Int32) {
        removeTracks(ofGroup: slot, finished: false)
        freeGroup(Int(slot))
    }

    /// Marks an animation group without tracks so its completion runs on the next tick.
    func scheduleCompletionIfIdle(_ slot: Int32) {
        if groups[Int(slot)].pendingTracks == 0 { endedGroups.append(slot) }
    }

    /// Reads and changes a group's timing state (for property animators).
    func withGroup<Result>(_ slot: Int32, _ body: (inout TimingGroup) -> Result) -> Result {
        body(&groups.base[Int(slot)])
    }

    /// The time that drives a group now: its timeline's, or the clock's.
    func time(ofGroup slot: Int32) -> Double {
        let timeline = groups[Int(slot)].timeline
        return timeline >= 0 ? timelines[Int(timeline)].time(at: now).time : now
    }

    /// Re-evaluates a group at the current time and writes its tracks (after an animator changed it).
    func refresh(group slot: Int32) {
        let group = groups.base + Int(slot)
        let local = group.pointee.localTime(at: time(ofGroup: slot))
        group.pointee.progress = group.pointee.progress(atLocalTime: local)
        writeTracks(ofGroup: slot)
    }

    private func writeTracks(ofGroup slot: Int32) {
        let progress = groups[Int(slot)].progress
        for index in 0..<tracks.count where tracks[index].group == slot {
            Track.write(tracks.base + index, trackDetails.base + index, progress: progress)
        }
    }

    // MARK: Timelines

    /// The time new animations start at: the current timeline's, or the clock's.
    private var currentTime: Double {
        currentTimeline >= 0 ? timelines[Int(currentTimeline)].time(at: now).time : now
    }

    /// Starts a timeline at time 0, running with the clock or paused.
    func makeTimeline(paused: Bool) -> Int32 {
        let timeline = Timeline(
            mode: paused ? .paused(at: 0) : .running(since: now, from: 0), isLive: true, record: TimelineRecord())
        if let slot = freeTimelines.popLast() {
            timelines[Int(slot)] = timeline
            return slot
        }
        timelines.append(timeline)
        timelineFrames.append(TimelineFrame(time: 0, allowsEnding: !paused))
        return Int32(timelines.count - 1)
    }

    /// The record of the properties a timeline's animations touched.
    func record(ofTimeline id: Int32) -> TimelineRecord { timelines[Int(id)].record }

    /// A timeline's time now.
    func time(ofTimeline id: Int32) -> Double { timelines[Int(id)].time(at: now).time }

    /// Runs `body` with new animations joining timeline `id` (−1: the clock).
    func withTimeline<Result>(_ id: Int32, _ body: () throws -> Result) rethrows -> Result {
        let saved = currentTimeline
        currentTimeline = id
        defer { currentTimeline = saved }
        return try body()
    }

    /// Remembers the value a property had before the current timeline's animations touched it.
    func recordTouched(_ view: View, _ property: AnimatableProperty, start: ViewValues) {
        guard currentTimeline >= 0 else { return }
        timelines[Int(currentTimeline)].record.recordTouched(view, property, start: start)
    }

    /// Stops a timeline at `time` and shows its animations there at once.
    func pauseTimeline(_ id: Int32, at time: Double) {
        timelines[Int(id)].mode = .paused(at: time)
        refreshTimeline(id)
    }

    /// Lets a timeline run with the clock from where it is.
    func runTimeline(_ id: Int32) {
        timelines[Int(id)].mode = .running(since: now, from: time(ofTimeline: id))
    }

    /// Eases a timeline from where it is to `target` over `duration` seconds; the record's
    /// `onSettle` hears when it gets there. Then it runs on with the clock if `runsOn`, else it
    /// stays paused at `target`.
    func easeTimeline(_ id: Int32, to target: Double, duration: Double, timing: ResolvedTiming, runsOn: Bool) {
        timelines[Int(id)].mode = .easing(
            from: time(ofTimeline: id), to: target, start: now, duration: duration, timing: timing, runsOn: runsOn)
    }

    /// Whether a timeline is paused (interactive).
    func isTimelinePaused(_ id: Int32) -> Bool { timelines[Int(id)].isPaused }

    /// Ends every animation of a timeline at its start: tracks removed, every touched property
    /// back at its recorded start value (model and presentation), then the completions, in the
    /// order their animations were created, with `finished == true` (property animators end at
    /// `.start`).
    func cancelTimeline(_ id: Int32) {
        let slots = (0..<groups.count)
            .filter { groups[$0].isLive && groups[$0].timeline == id }
            .sorted { groups[$0].sequence < groups[$1].sequence }
        for slot in slots where groups[slot].kind == .animation {
            groups[slot].hasEnded = true
            removeTracks(ofGroup: Int32(slot), finished: true)
        }
        for entry in timelines[Int(id)].record.takeTouched() {
            entry.view.setModelAndPresentation(entry.property, from: entry.start)
        }
        withTimeline(id) {
            for slot in slots {
                guard groups[slot].isLive else { continue }
                switch owners[slot] {
                case .completion(let completion):
                    freeGroup(slot)
                    completion?(true)
                case .animator(let animator):
                    groups[slot].hasEnded = false
                    groups[slot].progress = groups[slot].progressFrom
                    animator.groupDidReachEnd(atStart: true)
                case nil:
                    break
                }
            }
        }
    }

    /// Frees a timeline; animations still on it continue on the clock from where they are.
    func releaseTimeline(_ id: Int32) {
        let offset = now - time(ofTimeline: id)
        for slot in 0..<groups.count where groups[slot].isLive && groups[slot].timeline == id {
            groups[slot].anchorTime += offset
            groups[slot].timeline = -1
        }
        timelines[Int(id)].isLive = false
        timelines[Int(id)].record.onSettle = nil
        timelines[Int(id)] = Timeline(mode: .paused(at: 0), isLive: false, record: TimelineRecord())
        freeTimelines.append(id)
        if currentTimeline == id { currentTimeline = -1 }
    }

    /// Number of live timelines (transitions in flight).
    var liveTimelineCount: Int { timelines.count - freeTimelines.count }

    /// Re-evaluates a timeline's animations at its time now and writes them (after an
    /// interactive update), without ending any.
    func refreshTimeline(_ id: Int32) {
        let time = time(ofTimeline: id)
        var touchedGroups = false
        for slot in 0..<groups.count where groups[slot].isLive && groups[slot].timeline == id {
            let group = groups.base + slot
            touchedGroups = true
            guard group.pointee.speed != 0, !group.pointee.hasEnded else { continue }
            group.pointee.progress = group.pointee.progress(atLocalTime: group.pointee.localTime(at: time))
        }
        guard touchedGroups else { return }
        for index in 0..<tracks.count where groups[Int(tracks[index].group)].timeline == id {
            Track.write(tracks.base + index, trackDetails.base + index, progress: groups[Int(tracks[index].group)].progress)
        }
    }

    /// Computes every live timeline's time for this frame; an easing that reached its target is
    /// noted for the completion phase (and one eased forward runs on from there).
    private func advanceTimelines(to time: Double) {
        for index in timelines.indices where timelines[index].isLive {
            let (value, settled) = timelines[index].time(at: time)
            if settled {
                if case .easing(_, let to, _, _, _, let runsOn) = timelines[index].mode {
                    timelines[index].mode = runsOn ? .running(since: time, from: to) : .paused(at: to)
                }
                settledTimelines.append((Int32(index), value))
            }
            timelineFrames[index] = TimelineFrame(time: value, allowsEnding: !timelines[index].isPaused || settled)
        }
    }

    private func handleSettledTimelines() {
        guard !settledTimelines.isEmpty else { return }
        let settled = settledTimelines
        settledTimelines.removeAll()
        for (id, target) in settled where timelines[Int(id)].isLive {
            timelines[Int(id)].record.onSettle?(target)
        }
    }

    // MARK: Tracks

    /// One point of a keyframe animation: the animated property's value in `values` at `time`
    /// (relative to the animation, 0…1).
    struct KeyframePoint {
        var time: Double
        var values: ViewValues
    }

    /// Starts animating `property` of `view` from its value in `from` to its value in `to` (or
    /// through `keyframes`, which start at `from`) in group `slot`; replaces any animation of that
    /// property (which ends unfinished) and shows the value at the group's current progress at once.
    ///
    /// The interpolation space is chosen here, once: a matrix whose points are all affine turns by
    /// the shorter way in 2-D; one with a 3-D point is decomposed (`MatrixTrackPoints`).
    func addTrack(
        view: View, property: AnimatableProperty, from: ViewValues, to: ViewValues, group slot: Int32,
        keyframes: [KeyframePoint]? = nil
    ) {
        if let other = view.animatingEngine, other !== self {
            for property in AnimatableProperty.allCases { other.removeTrack(of: property, on: view, finished: false) }
        }
        removeTrack(of: property, on: view, finished: false)
        view.animatingEngine = self

        let groupProgress = groups[Int(slot)].progress
        var flags: Track.Flags = []
        var base = 0.0, scale = 1.0
        if groups[Int(slot)].kind == .animator, groupProgress > 0, groupProgress < 1 {
            base = groupProgress
            scale = 1 / (1 - groupProgress)
            flags.insert(.rebased)
        }
        let fromComponents = from.components(of: property)
        var toComponents = to.components(of: property)
        var matrixPoints: MatrixTrackPoints?
        if property.kind == .matrix {
            let points = keyframes ?? [KeyframePoint(time: 0, values: from), KeyframePoint(time: 1, values: to)]
            let matrices = points.map { $0.values.matrix(property) }
            if matrices.allSatisfy(\.isAffine) {
                toComponents.2 = fromComponents.2 + AffineTransform.shortestTurn(from: fromComponents.2, to: toComponents.2)
            } else {
                matrixPoints = MatrixTrackPoints(times: points.map(\.time), matrices: matrices)
                flags.insert(.matrix3D)
            }
        }
        var keyframePoints: UnsafeMutablePointer<Double>?
        var keyframeCount: Int32 = 0
        if let keyframes, matrixPoints == nil {
            let points = UnsafeMutablePointer<Double>.allocate(capacity: keyframes.count * Track.keyframeStride)
            var previous: Components?
            for (index, keyframe) in keyframes.enumerated() {
                var value = keyframe.values.components(of: property)
                if property.kind == .matrix, let previous {
                    value.2 = previous.2 + AffineTransform.shortestTurn(from: previous.2, to: value.2)
                }
                (points + index * Track.keyframeStride).initialize(from: [
                    keyframe.time, value.0, value.1, value.2, value.3, value.4, value.5,
                ], count: Track.keyframeStride)
                previous = value
            }
            keyframePoints = points
            keyframeCount = Int32(keyframes.count)
            flags.insert(.keyframed)
        }
        if property.kind == .matrix, fromComponents.2 != toComponents.2 { flags.insert(.rotates) }
        // A rounding shear (a rotation decomposes with one of about 1e-17) is none: the loop then
        // skips the details record for the track.
        if property.kind == .matrix, abs(fromComponents.5) > 1e-12 || abs(toComponents.5) > 1e-12 { flags.insert(.sheared) }
        tracks.append(Track(
            destination: view.presentationStorage + property.storageOffset, property: property,
            from: fromComponents, to: toComponents, group: slot, flags: flags))
        trackDetails.append(TrackDetails(
            view: Unmanaged.passRetained(view), slots: view.trackSlots,
            keyframes: keyframePoints, keyframeCount: keyframeCount,
            progressBase: base, progressScale: scale,
            fromShear: fromComponents.5, deltaShear: toComponents.5 - fromComponents.5,
            matrixPoints: matrixPoints))
        let index = tracks.count - 1
        view.trackSlots[Int(property.rawValue)] = Int32(index)
        groups[Int(slot)].pendingTracks += 1
        Track.write(tracks.base + index, trackDetails.base + index, progress: groupProgress)
    }

    /// Ends the animation of `property` on `view`, if this engine runs one; the value stays where
    /// it is on screen until the caller writes another.
    func removeTrack(of property: AnimatableProperty, on view: View, finished: Bool) {
        guard view.animatingEngine === self else { return }
        let slot = Int(view.trackSlots[Int(property.rawValue)])
        guard slot >= 0 else { return }
        removeTrack(at: slot, finished: finished)
    }

    /// Removes every track of a group (its properties stay at their current presentation values).
    func removeTracks(ofGroup slot: Int32, finished: Bool) {
        var index = 0
        while index < tracks.count {
            if tracks[index].group == slot {
                removeTrack(at: index, finished: finished)
            } else {
                index += 1
            }
        }
    }

    /// The views and properties a group animates.
    func animatedProperties(ofGroup slot: Int32) -> [(view: View, property: AnimatableProperty)] {
        (0..<tracks.count).compactMap { index in
            guard tracks[index].group == slot else { return nil }
            return (trackDetails[index].view.takeUnretainedValue(), tracks[index].property)
        }
    }

    /// A track reached its natural end: the model value is shown exactly, then it is removed.
    private func finishTrack(at index: Int) {
        let view = trackDetails[index].view.takeUnretainedValue()
        view.model.write(tracks[index].property, to: view.presentationStorage)
        removeTrack(at: index, finished: true)
    }

    private func removeTrack(at index: Int, finished: Bool) {
        let track = tracks[index], details = trackDetails[index]
        details.slots[Int(track.property.rawValue)] = -1
        tracks.swapRemove(at: index)
        trackDetails.swapRemove(at: index)
        if index < tracks.count {
            trackDetails[index].slots[Int(tracks[index].property.rawValue)] = Int32(index)
        }
        let slot = Int(track.group)
        if !finished { groups[slot].allFinished = false }
        groups[slot].pendingTracks -= 1
        if groups[slot].pendingTracks == 0, groups[slot].kind == .animation, !groups[slot].hasEnded {
            // Every track was taken away early: the completion runs on the next tick.
            endedGroups.append(Int32(slot))
        }
        releaseResources(of: details)
    }

    private func releaseResources(of details: TrackDetails) {
        details.keyframes?.deallocate()
        details.matrixPoints?.deallocate()
        details.view.release()
    }
}
