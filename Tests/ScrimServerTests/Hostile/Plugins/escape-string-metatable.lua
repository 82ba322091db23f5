-- expect: attempt to modify the read-only 'string metatable'
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    getmetatable("").__index = {}
    ctx:completeTransition(true)
  end,
}
