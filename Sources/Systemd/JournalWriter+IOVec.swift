import CSystemd

extension JournalWriter {
    /// Lays `items` out in one buffer and hands `body` an `iovec` per item, valid only during the call.
    static func withIOVecs<Result>(_ items: [[UInt8]], _ body: (UnsafeBufferPointer<iovec>) -> Result) -> Result {
        let storage = items.flatMap { $0 }
        return storage.withUnsafeBufferPointer { buffer in
            var offset = 0
            let vecs = items.map { item in
                // sd_journal_sendv only reads; iovec's field is mutable because readv shares the type.
                let base = UnsafeMutableRawPointer(mutating: buffer.baseAddress.map { $0 + offset })
                offset += item.count
                return iovec(iov_base: base, iov_len: item.count)
            }
            return vecs.withUnsafeBufferPointer(body)
        }
    }
}
