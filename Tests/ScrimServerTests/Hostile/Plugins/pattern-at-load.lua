-- expect: instruction budget exceeded
-- line: 4
-- phase: load
local found = string.find(string.rep("a", 40), string.rep("a*", 25) .. "b")
return { duration = 0.3, animateTransition = function(self, ctx) ctx:completeTransition(true) end }
