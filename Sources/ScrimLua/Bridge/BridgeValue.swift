import CLua
import ScrimCore

/// A Swift value that crosses into Lua (Docs/LuaAPI.md, "Values"): how it is pushed. A bridged
/// field of such a type can be read (`BridgeField(_:_:_:)`).
@MainActor
protocol LuaPushable {
    /// What pushing one element of an array of these costs the call's budget (a handle: a
    /// look-up, and a userdata the first time, charged as a walk).
    static var elementPushCost: Int { get }
    func push(to call: LuaCall)
}

extension LuaPushable {
    static var elementPushCost: Int { 0 }
}

/// A value a plugin can also assign: how it is read and checked from the stack, with the name its
/// errors give it ("view.frame: expected a rect {x, y, width, height}, got string"). A bridged
/// field of such a type can be assigned (`BridgeField(_:_:_:set:)`).
@MainActor
protocol LuaReadable: LuaPushable {
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Self
}

/// An enumeration that crosses as its UIKit case name (`"overFullScreen"`, `"bold"`).
@MainActor
protocol LuaCaseName: LuaReadable, RawRepresentable, CaseIterable where RawValue == String {}

extension LuaCaseName {
    func push(to call: LuaCall) { call.push(rawValue) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Self {
        try call.caseName(index, name, Self.self)
    }
}

extension Bool: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    /// Lua's truth: anything but `nil` and `false` is true.
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Bool { call.bool(index) }
}

extension Int: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Int { try call.integer(index, name) }
}

extension Double: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    /// Finite: every number a plugin assigns is a geometry value, an alpha or a radius.
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Double {
        try call.finiteNumber(index, name)
    }
}

extension String: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> String { try call.string(index, name) }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    func push(to call: LuaCall) {
        if let self { self.push(to: call) } else { call.pushNil() }
    }
}

extension Optional: LuaReadable where Wrapped: LuaReadable {
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Wrapped? {
        call.isNil(index) ? nil : try Wrapped.read(call, at: index, name)
    }
}

/// An array copy, charged by its elements' push cost.
extension Array: LuaPushable where Element: LuaPushable {
    func push(to call: LuaCall) {
        call.charge(count * Element.elementPushCost)
        lua_createtable(call.L, Int32(count), 0)
        for (index, element) in enumerated() {
            element.push(to: call)
            lua_rawseti(call.L, -2, lua_Integer(index + 1))
        }
    }
}

extension Point: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Point { try call.point(index, name) }
}

extension Size: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Size { try call.size(index, name) }
}

extension Rect: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Rect { try call.rect(index, name) }
}

extension AffineTransform: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> AffineTransform {
        try call.transform(index, name)
    }
}

extension Transform3D: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Transform3D {
        try call.transform3D(index, name)
    }
}

extension Color: LuaReadable {
    func push(to call: LuaCall) { call.push(self) }
    static func read(_ call: LuaCall, at index: Int32, _ name: String) throws -> Color { try call.color(index, name) }
}

/// A plain table of the values.
extension ViewValues: LuaPushable {
    func push(to call: LuaCall) { call.push(self) }
}

extension View: LuaPushable {
    static var elementPushCost: Int { ViewBridge.viewWalkCost }
    func push(to call: LuaCall) { call.pushView(self) }
}

extension ViewController: LuaPushable {
    static var elementPushCost: Int { ViewBridge.viewWalkCost }
    func push(to call: LuaCall) { call.pushViewController(self) }
}

extension TransitionCoordinator: LuaPushable {
    func push(to call: LuaCall) { call.pushCoordinator(self) }
}

extension PopoverPresentationController: LuaPushable {
    func push(to call: LuaCall) { call.pushPopover(self) }
}

extension Layer: LuaPushable {
    func push(to call: LuaCall) { call.push(self, as: LayerBridge.table.handle) }
}

extension PanGestureRecognizer: LuaPushable {
    func push(to call: LuaCall) { call.push(self, as: GestureBridge.table.handle) }
}

extension ModalPresentationStyle: LuaCaseName {}
extension FontWeight: LuaCaseName {}
extension TextAlignment: LuaCaseName {}
