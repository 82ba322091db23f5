// `import Scrim` gives an embedding program what it uses: views, view controllers and
// transitions (ScrimCore), the host with its roles, limits and diagnostics (ScrimHost), and a
// language server to run on streams (ScrimServer's `LanguageServer`). The Lua engine, the JSON
// codec and the protocol's plumbing stay inside the package.
@_exported import ScrimCore
@_exported import ScrimHost
@_exported import ScrimServer
