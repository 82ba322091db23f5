/// A 64-bit FNV-1a digest of a plugin file's bytes: how the host tells a real change of a file
/// from another report of the same save (the editor's `didSave`, the watcher, a rewrite with
/// identical text), so that a plugin reloads once per change of its text.
struct SourceDigest: Hashable {
    let value: UInt64
    let count: Int

    init(_ bytes: some Collection<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
        count = bytes.count
    }
}
