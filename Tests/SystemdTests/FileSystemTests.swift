import Foundation
import Testing
import Systemd

/// Directories and whole files by path, on the real file system.
@Suite struct FileSystemTests {
    static func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("medd-fs-\(UUID().uuidString)").path
    }

    @Test func createsEveryMissingParentWithTheMode() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root + "/a/b/c", mode: 0o700)
        try FileSystem.createDirectories(root + "/a/b/c", mode: 0o700)  // again: nothing to do
        var status = stat()
        #expect(stat(root + "/a/b/c", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700 & ~Self.umaskValue())
    }

    @Test func aFileInTheWayIsNotADirectory() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root)
        _ = FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8))
        #expect { try FileSystem.createDirectories(root + "/file/below") } throws: { ($0 as? SystemError)?.errno == ENOTDIR }
        #expect { try FileSystem.createDirectories(root + "/file") } throws: { ($0 as? SystemError)?.errno == ENOTDIR }
    }

    @Test func anExistingParentThatCannotBeWrittenIsPassedOver() throws {
        // "/" cannot be written by an unprivileged user, and mkdir("/proc") fails with EEXIST anyway;
        // /proc/self is a directory medd may not create in: only the missing part matters.
        try FileSystem.createDirectories("/proc/self")
        #expect(throws: SystemError.self) { try FileSystem.createDirectories("/proc/self/medd-cannot-be-here") }
    }

    @Test func replaceFileSwapsTheWholeFileAndLeavesNothingBehind() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root)
        let path = root + "/notifications"
        try FileSystem.replaceFile(path, with: Array("first, longer text\n".utf8))
        try FileSystem.replaceFile(path, with: Array("second\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["notifications"])
        #expect(throws: SystemError.self) { try FileSystem.replaceFile(root + "/missing/file", with: [1]) }
        FileSystem.removeFile(path)
        FileSystem.removeFile(path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: [("/run/user/1000/medd/control.sock", "/run/user/1000/medd", "control.sock"),
                      ("/control.sock", "/", "control.sock"), ("control.sock", ".", "control.sock"),
                      ("run/control.sock", "run", "control.sock")])
    func pathParts(path: String, directory: String, name: String) {
        #expect(FileSystem.directory(of: path) == directory)
        #expect(FileSystem.name(of: path) == name)
    }

    @Test func currentDirectoryIsAbsolute() throws {
        #expect(try FileSystem.currentDirectory() == FileManager.default.currentDirectoryPath)
    }

    static func umaskValue() -> mode_t {
        let value = umask(0o022)
        umask(value)
        return value
    }
}
