-- expect: attempt to call a nil value (field 'execute')
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    os.execute("true")
    ctx:completeTransition(true)
  end,
}
