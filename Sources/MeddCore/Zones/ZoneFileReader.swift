/// Reads the files a `ZoneDatabase` asks for, so MeddCore itself does no I/O.
public protocol ZoneFileReader: Sendable {
    /// Every byte of the file at `path`; a failure carries the system's reason ("No such file or directory").
    func bytes(at path: String) throws(ZoneFileError) -> [UInt8]
    /// Where the symbolic link at `path` points; nil when `path` is not a symbolic link.
    func symlinkTarget(at path: String) -> String?
}
