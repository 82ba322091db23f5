-- expect: instruction budget exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local t = { 3, 2, 1 }
    table.sort(t, function(a, b) while true do end end)
    ctx:completeTransition(true)
  end,
}
