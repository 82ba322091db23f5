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
        handleName: "popover",
        assignment: .refused(reason: "popover presentation controllers are read-only in plugins"),
        fields: [
            BridgeField("sourceView", "the view it points at, or nil", \.sourceView),
            BridgeField("sourceRect", "the rectangle it points at, in the source view's coordinates", \.sourceRect),
            BridgeField(
                "permittedArrowDirections", "the directions its arrow may point in, as names (\"up\", …)",
                \.permittedArrowDirections.directionNames),
            BridgeField(
                "arrowDirection", "where its arrow points once laid out: \"up\", \"down\", \"left\", \"right\" or \"unknown\"",
                get: { call, popover in call.push(popover.arrowDirection.directionNames.first ?? "unknown") }),
            BridgeField("passthroughViews", "the views a tap reaches while it is shown (an array copy)", \.passthroughViews),
            BridgeField("backgroundColor", "the color behind its content, or nil", \.backgroundColor),
        ])
}

extension LuaCall {
    func popover(_ index: Int32, _ name: String) throws -> PopoverPresentationController {
        try object(PopoverBridge.table.handle, at: index, name)
    }

    func pushPopover(_ popover: PopoverPresentationController?) { push(popover, as: PopoverBridge.table.handle) }
}
