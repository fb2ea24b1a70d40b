import Testing
import MeddControl

/// Every hostile input yields its specific error, never a crash or a success.
@Suite struct MalformedTests {
    /// The corpus is large enough to matter.
    @Test func corpusSize() {
        #expect(MalformedCorpus.inputs.count >= 40)
    }

    /// Each input produces exactly the expected error.
    @Test(arguments: MalformedCorpus.inputs)
    func rejected(_ input: MalformedInput) {
        #expect(input.run() == input.expected)
    }

    /// Errors that keep the connection map to the right Varlink error names.
    @Test func replyNames() {
        #expect(VarlinkDecodeError.interfaceNotFound("x").reply?.name == "org.varlink.service.InterfaceNotFound")
        #expect(VarlinkDecodeError.methodNotFound("x.Y").reply?.name == "org.varlink.service.MethodNotFound")
        #expect(VarlinkDecodeError.invalidParameter("minutes").reply == .invalidParameter("minutes"))
        #expect(VarlinkDecodeError.invalidParameter("minutes").reply?.parameters == ["parameter": .string("minutes")])
        #expect(VarlinkDecodeError.expectedMore.reply?.name == "org.varlink.service.ExpectedMore")
        #expect(VarlinkDecodeError.malformed(.notUTF8).reply == nil)
        #expect(VarlinkDecodeError.missingMethod.reply == nil)
    }
}
