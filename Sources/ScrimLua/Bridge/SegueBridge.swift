import CLua
import ScrimCore

/// Segues as read-only handles (Docs/LuaAPI.md, "Segues"): what `perform(segue)`,
/// `prepareForSegue` and unwind actions get.
@MainActor
enum SegueBridge {
    static let table: BridgedType<StoryboardSegue> = BridgedType(
        HandleKind(typeName: "scrim.Segue", expected: "a segue", gone: "the segue is gone"),
        handleName: "segue",
        assignment: .refused(reason: "segues are read-only"),
        fields: [
            BridgeField("identifier", "its identifier, or nil", \.identifier),
            BridgeField("kind", "show, showDetail, present, popover, custom or unwind", \.kind.rawValue),
            BridgeField("source", "the view controller it starts from", \.source),
            BridgeField(
                "destination", "the view controller it shows (a new instance), or an unwind segue's destination",
                \.destination),
            BridgeField("animated", "whether its transition animates", \.animated),
            BridgeField("sender", "the trigger view, or nil", get: { call, segue in call.pushView(segue.sender as? View) }),
            BridgeField("action", "an unwind segue's action, else nil", \.action),
        ],
        methods: [])
}

extension LuaCall {
    func segue(_ index: Int32, _ name: String) throws -> StoryboardSegue {
        try object(SegueBridge.table.handle, at: index, name)
    }

    func pushSegue(_ segue: StoryboardSegue) {
        push(segue, as: SegueBridge.table.handle)
    }
}
