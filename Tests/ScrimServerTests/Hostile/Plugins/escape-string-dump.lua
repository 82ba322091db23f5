-- expect: attempt to call a nil value (field 'dump')
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local f = string.dump(function() end)
    ctx:completeTransition(true)
  end,
}
