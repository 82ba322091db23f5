-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    pcall(function() while true do end end)
    local x = 1
    ctx:completeTransition(true)
  end,
}
