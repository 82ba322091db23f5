// `import Scrim` gives an embedding tool the whole host: the core, the Lua runtime and the server.
@_exported import ScrimCore
@_exported import ScrimLua
@_exported import ScrimServer
