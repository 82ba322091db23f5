/// The value types of the `scrim` module (Docs/LuaAPI.md, "Geometry", "Transforms", "Colors"),
/// written in Lua: geometry as plain tables sharing one metatable (plain tables are several times
/// faster to read than userdata), and transforms and colors as tables with their own metatables.
/// The Swift side reads them by raw fields, so any table with the right fields is accepted.
enum GeometryModule {
    /// A chunk that receives the `scrim` table, fills in `Point`, `Size`, `Rect`, `Transform` and
    /// `Color`, and returns the metatables of geometry, transforms and colors and, by table name,
    /// a table keyed by the names of the constants (`identity`, `black`, …) those tables make on read.
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
        return Geometry, Transform, Color, { Transform = transform_constants, Color = named }
        """#
}
