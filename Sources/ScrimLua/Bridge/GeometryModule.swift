import CLua

/// The value types of the `scrim` module (Docs/LuaAPI.md, "Geometry", "Transforms", "3-D transforms",
/// "Colors"), written in Lua: geometry as plain tables sharing one metatable (plain tables are several
/// times faster to read than userdata), and transforms and colors as tables with their own metatables.
/// The Swift side reads them by raw fields, so any table with the right fields is accepted.
enum GeometryModule {
    /// `scrim.Transform3D.new{ m11 = …, … }`: the entries given, the identity's for the others; an
    /// unknown key or an entry that is not a number raises.
    @MainActor
    static func makeTransform3D(_ call: LuaCall) throws -> Int32 {
        let name = "Transform3D.new"
        guard call.type(1) == LUA_TTABLE else { throw call.expected("a table of entries { m11 = …, … }", name, 1) }
        try call.checkOptionKeys(1, OptionKeys.transform3D, name)
        call.push(try call.transform3D(1, name, missingIsIdentity: true))
        return 1
    }

    /// A chunk that receives the `scrim` table, fills in `Point`, `Size`, `Rect`, `Transform`,
    /// `Transform3D` and `Color`, and returns the metatables of geometry, transforms, 3-D transforms
    /// and colors and, by table name, a table keyed by the names of the constants (`identity`,
    /// `black`, …) those tables make on read.
    static let source = #"""
        local scrim = ...
        local floor, sqrt, sin, cos, abs, atan = math.floor, math.sqrt, math.sin, math.cos, math.abs, math.atan

        local function number(value, name)
          if type(value) ~= "number" then
            error(name .. ": expected a number, got " .. type(value), 3)
          end
          return value
        end

        -- Geometry: one metatable for points, sizes and rects.
        local Geometry = {}
        local computed = {
          origin = function(r) return setmetatable({ x = r.x, y = r.y }, Geometry) end,
          size = function(r) return setmetatable({ width = r.width, height = r.height }, Geometry) end,
          minX = function(r) return math.min(r.x, r.x + r.width) end,
          midX = function(r) return r.x + r.width / 2 end,
          maxX = function(r) return math.max(r.x, r.x + r.width) end,
          minY = function(r) return math.min(r.y, r.y + r.height) end,
          midY = function(r) return r.y + r.height / 2 end,
          maxY = function(r) return math.max(r.y, r.y + r.height) end,
        }
        local methods = {}
        Geometry.__index = function(r, key)
          local method = methods[key]
          if method then return method end
          local field = computed[key]
          if field and rawget(r, "width") ~= nil and rawget(r, "x") ~= nil then return field(r) end
          return nil
        end
        Geometry.__name = "scrim.Geometry"
        Geometry.__metatable = false

        local function rect(x, y, width, height)
          return setmetatable({ x = x, y = y, width = width, height = height }, Geometry)
        end

        function methods.insetBy(r, dx, dy)
          return rect(r.x + dx, r.y + dy, r.width - 2 * dx, r.height - 2 * dy)
        end
        function methods.offsetBy(r, dx, dy)
          if rawget(r, "x") == nil then error("offsetBy needs a point or a rect", 2) end
          if r.width == nil then return setmetatable({ x = r.x + dx, y = r.y + dy }, Geometry) end
          return rect(r.x + dx, r.y + dy, r.width, r.height)
        end
        function methods.contains(r, p)
          return p.x >= r.minX and p.x < r.maxX and p.y >= r.minY and p.y < r.maxY
        end
        function methods.union(r, s)
          local minX, minY = math.min(r.minX, s.minX), math.min(r.minY, s.minY)
          return rect(minX, minY, math.max(r.maxX, s.maxX) - minX, math.max(r.maxY, s.maxY) - minY)
        end
        function methods.intersection(r, s)
          local minX, minY = math.max(r.minX, s.minX), math.max(r.minY, s.minY)
          local maxX, maxY = math.min(r.maxX, s.maxX), math.min(r.maxY, s.maxY)
          if maxX < minX or maxY < minY then return rect(0, 0, 0, 0) end
          return rect(minX, minY, maxX - minX, maxY - minY)
        end
        function methods.with(r, changes)
          local copy = {}
          for key, value in pairs(r) do copy[key] = value end
          for key, value in pairs(changes) do copy[key] = value end
          return setmetatable(copy, Geometry)
        end
        Geometry.__eq = function(a, b)
          return a.x == b.x and a.y == b.y and a.width == b.width and a.height == b.height
        end
        Geometry.__tostring = function(r)
          if r.width ~= nil and r.x ~= nil then
            return string.format("Rect(%g, %g, %g, %g)", r.x, r.y, r.width, r.height)
          elseif r.width ~= nil then
            return string.format("Size(%g, %g)", r.width, r.height)
          end
          return string.format("Point(%g, %g)", r.x, r.y)
        end

        scrim.Point = function(x, y)
          return setmetatable({ x = number(x, "Point x"), y = number(y, "Point y") }, Geometry)
        end
        scrim.Size = function(width, height)
          return setmetatable({ width = number(width, "Size width"), height = number(height, "Size height") }, Geometry)
        end
        scrim.Rect = function(x, y, width, height)
          return rect(number(x, "Rect x"), number(y, "Rect y"), number(width, "Rect width"), number(height, "Rect height"))
        end

        -- Transforms: { a, b, c, d, tx, ty } as Core Graphics.
        local Transform = {}
        local transform_methods = {}
        Transform.__index = transform_methods
        Transform.__name = "scrim.Transform"
        Transform.__metatable = false
        local function transform(a, b, c, d, tx, ty)
          return setmetatable({ a = a, b = b, c = c, d = d, tx = tx, ty = ty }, Transform)
        end
        function transform_methods.concat(t, u)
          return transform(
            t.a * u.a + t.b * u.c, t.a * u.b + t.b * u.d,
            t.c * u.a + t.d * u.c, t.c * u.b + t.d * u.d,
            t.tx * u.a + t.ty * u.c + u.tx, t.tx * u.b + t.ty * u.d + u.ty)
        end
        function transform_methods.inverted(t)
          local det = t.a * t.d - t.b * t.c
          if det == 0 then return t end
          return transform(t.d / det, -t.b / det, -t.c / det, t.a / det,
            (t.c * t.ty - t.d * t.tx) / det, (t.b * t.tx - t.a * t.ty) / det)
        end
        function transform_methods.isIdentity(t)
          return t.a == 1 and t.b == 0 and t.c == 0 and t.d == 1 and t.tx == 0 and t.ty == 0
        end
        Transform.__eq = function(t, u)
          return t.a == u.a and t.b == u.b and t.c == u.c and t.d == u.d and t.tx == u.tx and t.ty == u.ty
        end
        Transform.__tostring = function(t)
          return string.format("Transform(%g, %g, %g, %g, %g, %g)", t.a, t.b, t.c, t.d, t.tx, t.ty)
        end
        -- Constants are made afresh on every read, so no plugin can change them for the others.
        local transform_constants = { identity = function() return transform(1, 0, 0, 1, 0, 0) end }
        scrim.Transform = setmetatable({
          scale = function(sx, sy)
            return transform(number(sx, "scale sx"), 0, 0, number(sy or sx, "scale sy"), 0, 0)
          end,
          translation = function(tx, ty)
            return transform(1, 0, 0, 1, number(tx, "translation tx"), number(ty, "translation ty"))
          end,
          rotation = function(radians)
            local s, c = sin(number(radians, "rotation")), cos(radians)
            return transform(c, s, -s, c, 0, 0)
          end,
          new = function(a, b, c, d, tx, ty)
            return transform(number(a, "Transform a"), number(b, "Transform b"), number(c, "Transform c"),
              number(d, "Transform d"), number(tx, "Transform tx"), number(ty, "Transform ty"))
          end,
        }, {
          __index = function(_, key)
            local make = transform_constants[key]
            if make then return make() end
          end,
        })

        -- 3-D transforms: { m11 … m44 } as Core Animation's CATransform3D (row vectors, m34 the
        -- perspective entry), computed exactly as ScrimCore's Transform3D. `new` is added from Swift.
        local Transform3D = {}
        local transform3d_methods = {}
        Transform3D.__index = transform3d_methods
        Transform3D.__name = "scrim.Transform3D"
        Transform3D.__metatable = false
        local function transform3d(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
          return setmetatable({
            m11 = m11, m12 = m12, m13 = m13, m14 = m14, m21 = m21, m22 = m22, m23 = m23, m24 = m24,
            m31 = m31, m32 = m32, m33 = m33, m34 = m34, m41 = m41, m42 = m42, m43 = m43, m44 = m44,
          }, Transform3D)
        end
        local function identity3d() return transform3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1) end
        function transform3d_methods.concat(t, o)
          return transform3d(
            t.m11 * o.m11 + t.m12 * o.m21 + t.m13 * o.m31 + t.m14 * o.m41,
            t.m11 * o.m12 + t.m12 * o.m22 + t.m13 * o.m32 + t.m14 * o.m42,
            t.m11 * o.m13 + t.m12 * o.m23 + t.m13 * o.m33 + t.m14 * o.m43,
            t.m11 * o.m14 + t.m12 * o.m24 + t.m13 * o.m34 + t.m14 * o.m44,
            t.m21 * o.m11 + t.m22 * o.m21 + t.m23 * o.m31 + t.m24 * o.m41,
            t.m21 * o.m12 + t.m22 * o.m22 + t.m23 * o.m32 + t.m24 * o.m42,
            t.m21 * o.m13 + t.m22 * o.m23 + t.m23 * o.m33 + t.m24 * o.m43,
            t.m21 * o.m14 + t.m22 * o.m24 + t.m23 * o.m34 + t.m24 * o.m44,
            t.m31 * o.m11 + t.m32 * o.m21 + t.m33 * o.m31 + t.m34 * o.m41,
            t.m31 * o.m12 + t.m32 * o.m22 + t.m33 * o.m32 + t.m34 * o.m42,
            t.m31 * o.m13 + t.m32 * o.m23 + t.m33 * o.m33 + t.m34 * o.m43,
            t.m31 * o.m14 + t.m32 * o.m24 + t.m33 * o.m34 + t.m34 * o.m44,
            t.m41 * o.m11 + t.m42 * o.m21 + t.m43 * o.m31 + t.m44 * o.m41,
            t.m41 * o.m12 + t.m42 * o.m22 + t.m43 * o.m32 + t.m44 * o.m42,
            t.m41 * o.m13 + t.m42 * o.m23 + t.m43 * o.m33 + t.m44 * o.m43,
            t.m41 * o.m14 + t.m42 * o.m24 + t.m43 * o.m34 + t.m44 * o.m44)
        end
        -- The six 2×2 minors of the rows a and b, by the columns 12, 13, 14, 23, 24, 34.
        local function minors(a1, a2, a3, a4, b1, b2, b3, b4)
          return a1 * b2 - b1 * a2, a1 * b3 - b1 * a3, a1 * b4 - b1 * a4,
            a2 * b3 - b2 * a3, a2 * b4 - b2 * a4, a3 * b4 - b3 * a4
        end
        -- The inverse from the minors of the top and the bottom two rows; `t` itself when singular.
        function transform3d_methods.inverted(t)
          local s0, s1, s2, s3, s4, s5 = minors(t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24)
          local c0, c1, c2, c3, c4, c5 = minors(t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
          local det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
          if det == 0 or det ~= det or abs(det) == math.huge then return t end
          local r = 1 / det
          return transform3d(
            (t.m22 * c5 - t.m23 * c4 + t.m24 * c3) * r, (-t.m12 * c5 + t.m13 * c4 - t.m14 * c3) * r,
            (t.m42 * s5 - t.m43 * s4 + t.m44 * s3) * r, (-t.m32 * s5 + t.m33 * s4 - t.m34 * s3) * r,
            (-t.m21 * c5 + t.m23 * c2 - t.m24 * c1) * r, (t.m11 * c5 - t.m13 * c2 + t.m14 * c1) * r,
            (-t.m41 * s5 + t.m43 * s2 - t.m44 * s1) * r, (t.m31 * s5 - t.m33 * s2 + t.m34 * s1) * r,
            (t.m21 * c4 - t.m22 * c2 + t.m24 * c0) * r, (-t.m11 * c4 + t.m12 * c2 - t.m14 * c0) * r,
            (t.m41 * s4 - t.m42 * s2 + t.m44 * s0) * r, (-t.m31 * s4 + t.m32 * s2 - t.m34 * s0) * r,
            (-t.m21 * c3 + t.m22 * c1 - t.m23 * c0) * r, (t.m11 * c3 - t.m12 * c1 + t.m13 * c0) * r,
            (-t.m41 * s3 + t.m42 * s1 - t.m43 * s0) * r, (t.m31 * s3 - t.m32 * s1 + t.m33 * s0) * r)
        end
        function transform3d_methods.isIdentity(t)
          return t.m11 == 1 and t.m12 == 0 and t.m13 == 0 and t.m14 == 0 and t.m21 == 0 and t.m22 == 1
            and t.m23 == 0 and t.m24 == 0 and t.m31 == 0 and t.m32 == 0 and t.m33 == 1 and t.m34 == 0
            and t.m41 == 0 and t.m42 == 0 and t.m43 == 0 and t.m44 == 1
        end
        function transform3d_methods.isAffine(t)
          return t.m13 == 0 and t.m14 == 0 and t.m23 == 0 and t.m24 == 0 and t.m31 == 0 and t.m32 == 0
            and t.m33 == 1 and t.m34 == 0 and t.m43 == 0 and t.m44 == 1
        end
        function transform3d_methods.affine(t)
          return transform(t.m11, t.m12, t.m21, t.m22, t.m41, t.m42)
        end
        Transform3D.__eq = function(t, o)
          return t.m11 == o.m11 and t.m12 == o.m12 and t.m13 == o.m13 and t.m14 == o.m14
            and t.m21 == o.m21 and t.m22 == o.m22 and t.m23 == o.m23 and t.m24 == o.m24
            and t.m31 == o.m31 and t.m32 == o.m32 and t.m33 == o.m33 and t.m34 == o.m34
            and t.m41 == o.m41 and t.m42 == o.m42 and t.m43 == o.m43 and t.m44 == o.m44
        end
        Transform3D.__tostring = function(t)
          return string.format("Transform3D(%g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g, %g)",
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
        end
        local transform3d_constants = { identity = identity3d }
        scrim.Transform3D = setmetatable({
          translation = function(tx, ty, tz)
            return transform3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
              number(tx, "translation tx"), number(ty, "translation ty"), number(tz, "translation tz"), 1)
          end,
          scale = function(sx, sy, sz)
            return transform3d(number(sx, "scale sx"), 0, 0, 0, 0, number(sy, "scale sy"), 0, 0,
              0, 0, number(sz, "scale sz"), 0, 0, 0, 0, 1)
          end,
          -- About the axis (x, y, z), of any non-zero length (a zero axis gives the identity).
          rotation = function(angle, x, y, z)
            number(angle, "rotation angle")
            number(x, "rotation x")
            number(y, "rotation y")
            number(z, "rotation z")
            local length = sqrt(x * x + y * y + z * z)
            if not (length > 0 and length < math.huge) then return identity3d() end
            x, y, z = x / length, y / length, z / length
            local s, c = sin(angle), cos(angle)
            local k = 1 - c
            return transform3d(
              c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0,
              k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0,
              k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0,
              0, 0, 0, 1)
          end,
          -- Core Animation's CATransform3DMakeAffineTransform.
          affine = function(t)
            if type(t) ~= "table" then error("affine: expected a scrim.Transform, got " .. type(t), 2) end
            return transform3d(number(t.a, "affine a"), number(t.b, "affine b"), 0, 0,
              number(t.c, "affine c"), number(t.d, "affine d"), 0, 0, 0, 0, 1, 0,
              number(t.tx, "affine tx"), number(t.ty, "affine ty"), 0, 1)
          end,
        }, {
          __index = function(_, key)
            local make = transform3d_constants[key]
            if make then return make() end
          end,
        })

        -- Colors: { red, green, blue, alpha } in 0…1.
        local Color = { __name = "scrim.Color", __metatable = false }
        Color.__index = Color
        Color.__eq = function(x, y)
          return x.red == y.red and x.green == y.green and x.blue == y.blue and x.alpha == y.alpha
        end
        Color.__tostring = function(c)
          return string.format("Color(%g, %g, %g, %g)", c.red, c.green, c.blue, c.alpha)
        end
        local function color(r, g, b, a)
          return setmetatable({ red = r, green = g, blue = b, alpha = a or 1 }, Color)
        end
        local named = { black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 }, clear = { 0, 0, 0, 0 } }
        scrim.Color = setmetatable({
          hex = function(text)
            local digits = tostring(text):gsub("^#", "")
            if not (#digits == 6 or #digits == 8) or digits:find("[^%x]") then
              error("Color.hex: expected '#RRGGBB' or '#RRGGBBAA', got '" .. tostring(text) .. "'", 2)
            end
            local function byte(i) return tonumber(digits:sub(i, i + 1), 16) / 255 end
            return color(byte(1), byte(3), byte(5), #digits == 8 and byte(7) or 1)
          end,
        }, {
          __index = function(_, key)
            local c = named[key]
            if c then return color(c[1], c[2], c[3], c[4]) end
          end,
          __call = function(_, r, g, b, a)
            return color(number(r, "Color red"), number(g, "Color green"), number(b, "Color blue"),
              a == nil and 1 or number(a, "Color alpha"))
          end,
        })

        -- The constants' names by table, for the module's "did you mean".
        return Geometry, Transform, Transform3D, Color,
          { Transform = transform_constants, Transform3D = transform3d_constants, Color = named }
        """#
}
