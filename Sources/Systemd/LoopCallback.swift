/// A Swift closure carried through libsystemd's `void *userdata`.
final class LoopCallback<Argument> {
    let body: (Argument) -> Void

    init(_ body: @escaping (Argument) -> Void) { self.body = body }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> LoopCallback<Argument> {
        Unmanaged<LoopCallback<Argument>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}
