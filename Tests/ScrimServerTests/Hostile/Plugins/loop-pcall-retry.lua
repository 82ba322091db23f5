-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    while true do pcall(function() while true do end end) end
    ctx:completeTransition(true)
  end,
}
