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

    @Test func createNewNeverReplacesAFile() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root)
        try FileSystem.createNew(root + "/new", mode: 0o600)
        var status = stat()
        #expect(stat(root + "/new", &status) == 0 && status.st_mode & 0o777 == 0o600 && status.st_size == 0)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: root + "/new"))
        #expect { try FileSystem.createNew(root + "/new") } throws: { ($0 as? SystemError)?.alreadyExists == true }
        #expect(try String(contentsOfFile: root + "/new", encoding: .utf8) == "kept")
    }

    @Test func copyContentsCopiesEveryByteOverAnExistingFile() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root)
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: URL(fileURLWithPath: root + "/source"))
        try Data("a longer earlier content that must go".utf8).write(to: URL(fileURLWithPath: root + "/copy"))
        #expect(try FileSystem.copyContents(of: root + "/source", into: root + "/copy") == bytes.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/copy")) == bytes)
        #expect(throws: SystemError.self) { try FileSystem.copyContents(of: root + "/missing", into: root + "/copy") }
        #expect(throws: SystemError.self) { try FileSystem.copyContents(of: root + "/source", into: root + "/missing") }
        #expect(!FileManager.default.fileExists(atPath: root + "/missing"))
    }

    @Test func linkRefusesAnExistingNameAndRenameReplacesIt() throws {
        let root = Self.temporary()
        try FileSystem.createDirectories(root)
        try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/one"))
        try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/two"))
        #expect { try FileSystem.link(root + "/one", as: root + "/two") } throws: { ($0 as? SystemError)?.alreadyExists == true }
        try FileSystem.link(root + "/one", as: root + "/three")
        #expect(FileSystem.isSameFile(root + "/one", root + "/three"))
        #expect(!FileSystem.isSameFile(root + "/one", root + "/two"))
        try FileSystem.rename(root + "/one", to: root + "/two")
        #expect(try String(contentsOfFile: root + "/two", encoding: .utf8) == "one")
        #expect(!FileSystem.exists(root + "/one"))
        #expect(Set(try FileSystem.names(in: root)) == ["two", "three"])
        #expect(try FileSystem.size(of: root + "/two") == 3)
        try FileSystem.sync(root)
        try FileSystem.sync(root + "/two")
    }
}
