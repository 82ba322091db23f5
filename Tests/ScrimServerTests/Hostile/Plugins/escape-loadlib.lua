-- expect: attempt to index a nil value (global 'package')
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    package.loadlib("libc.so.6", "system")
    ctx:completeTransition(true)
  end,
}
