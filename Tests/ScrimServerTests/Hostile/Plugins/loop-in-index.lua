-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local t = setmetatable({}, { __index = function(t, k) while true do end end })
    local x = t.anything
    ctx:completeTransition(true)
  end,
}
