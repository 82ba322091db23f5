-- expect: attempt to index a nil value (global 'io')
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    io.open("/etc/passwd")
    ctx:completeTransition(true)
  end,
}
