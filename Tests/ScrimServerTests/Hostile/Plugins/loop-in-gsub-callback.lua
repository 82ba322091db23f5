-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    string.gsub("abc", "%w", function() while true do end end)
    ctx:completeTransition(true)
  end,
}
