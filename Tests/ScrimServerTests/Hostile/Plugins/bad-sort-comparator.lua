-- expect: invalid order function for sorting
-- line: 8
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local t = {}
    for i = 1, 100 do t[i] = i end
    table.sort(t, function(a, b) return true end)
    ctx:completeTransition(true)
  end,
}
