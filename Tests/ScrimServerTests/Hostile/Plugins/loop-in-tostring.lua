-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local t = setmetatable({}, { __tostring = function() while true do end end })
    local s = tostring(t)
    ctx:completeTransition(true)
  end,
}
