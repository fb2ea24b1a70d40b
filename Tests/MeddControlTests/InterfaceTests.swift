import Foundation
import Testing
import MeddControl

/// The IDL file, its embedded copy and the reference Python parser.
@Suite struct InterfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let idlPath = root.appendingPathComponent("Sources/MeddControl/io.medd.Control.varlink").path

    /// The embedded description is byte for byte the `.varlink` file.
    @Test func embeddedCopyMatchesFile() throws {
        let file = try String(contentsOfFile: Self.idlPath, encoding: .utf8)
        #expect(ControlInterface.description == file)
    }

    /// Whether `python3 -c "import varlink"` works; without it the check below is reported as skipped.
    static let pythonHasVarlink: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import varlink"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The `varlink` Python package parses the IDL and finds every method, type and error.
    @Test(.enabled(if: pythonHasVarlink, "python3 module varlink missing: python3 -m pip install varlink"))
    func pythonVarlinkParsesIt() throws {
        let script = Self.root.appendingPathComponent("Tests/MeddControlTests/interface_check.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, Self.idlPath]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
