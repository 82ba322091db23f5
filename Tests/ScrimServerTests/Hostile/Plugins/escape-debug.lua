-- expect: attempt to index a nil value (global 'debug')
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    debug.sethook()
    ctx:completeTransition(true)
  end,
}
