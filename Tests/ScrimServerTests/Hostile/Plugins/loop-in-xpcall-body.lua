-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    xpcall(function() while true do end end, function(e) return e end)
    local x = 1
    ctx:completeTransition(true)
  end,
}
