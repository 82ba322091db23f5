-- expect: module
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    require("\27Lua")
    ctx:completeTransition(true)
  end,
}
