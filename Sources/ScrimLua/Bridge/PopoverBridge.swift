import CLua
import ScrimCore

/// A popover's presentation controller as a read-only handle: a view controller's
/// `popoverPresentationController` field (Docs/LuaAPI.md, "View controllers"; Docs/Transitions.md,
/// "Popovers and adaptivity").
@MainActor
enum PopoverBridge {
    static let table: BridgedType<PopoverPresentationController> = BridgedType(
        HandleKind(
            typeName: "scrim.PopoverPresentationController",
            expected: "a popover presentation controller", gone: "the popover presentation controller is gone"),
        displayName: "PopoverPresentationController", handleName: "popover",
        assignment: .refused(reason: "popover presentation controllers are read-only in plugins"),
        fields: [
            BridgeField(
                "sourceView", "the view it points at, or nil", get: { call, popover in call.pushView(popover.sourceView) }),
            BridgeField(
                "sourceRect", "the rectangle it points at, in the source view's coordinates",
                get: { call, popover in call.push(popover.sourceRect) }),
            BridgeField(
                "permittedArrowDirections", "the directions its arrow may point in, as names (\"up\", …)",
                get: { call, popover in call.pushStrings(popover.permittedArrowDirections.directionNames) }),
            BridgeField(
                "arrowDirection", "where its arrow points once laid out: \"up\", \"down\", \"left\", \"right\" or \"unknown\"",
                get: { call, popover in call.push(popover.arrowDirection.directionNames.first ?? "unknown") }),
            BridgeField(
                "passthroughViews", "the views a tap reaches while it is shown (an array copy)",
                get: { call, popover in
                    call.charge(popover.passthroughViews.count * ViewBridge.viewWalkCost)
                    lua_createtable(call.L, Int32(popover.passthroughViews.count), 0)
                    for (index, view) in popover.passthroughViews.enumerated() {
                        call.pushView(view)
                        lua_rawseti(call.L, -2, lua_Integer(index + 1))
                    }
                }),
            BridgeField(
                "backgroundColor", "the color behind its content, or nil",
                get: { call, popover in
                    if let color = popover.backgroundColor { call.push(color) } else { call.pushNil() }
                }),
        ])
}

extension LuaCall {
    func popover(_ index: Int32, _ name: String) throws -> PopoverPresentationController {
        try object(PopoverBridge.table.handle, at: index, name)
    }

    func pushPopover(_ popover: PopoverPresentationController?) { push(popover, as: PopoverBridge.table.handle) }

    /// An array of strings.
    func pushStrings(_ strings: [String]) {
        lua_createtable(L, Int32(strings.count), 0)
        for (index, string) in strings.enumerated() {
            push(string)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
    }
}
