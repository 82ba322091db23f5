local s = string.rep("ab", 10)
local n = select(2, s:gsub("(a)(b)", "%2%1"))
for w in s:gmatch("%a+") do n = n + #w end
local t = { 3, 1, 2 } table.sort(t) table.insert(t, 1, 0) table.move(t, 1, 2, 3)
return { duration = 0.1, animateTransition = function(self, ctx)
  local ok = pcall(string.find, s, "(a*)*b")
  coroutine.wrap(function() ctx:completeTransition(true) end)()
end }
