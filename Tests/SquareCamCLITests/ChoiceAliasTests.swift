import Foundation
import SquareCamCommandLine
import Testing
import TestThreads

/// A choice may have other spellings: `--mode centre` is `--mode center`
/// (the help texts spell it the British way in places).
@Suite(.ownThreads) struct ChoiceAliasTests {
    @Test func aliasGivesItsChoice() throws {
        let parsed = try ParsedArguments(["--mode", "centre", "--format", "jpeg"], spec: .crop)
        let modes = ["center", "smart", "lossless"]
        #expect(try parsed.choice("mode", from: modes, aliases: ["centre": "center"]) == "center")
        #expect(try parsed.choice("format", from: ["jpeg", "png"], aliases: ["jpg": "jpeg"]) == "jpeg")
        #expect(try parsed.choice("quality", from: ["high"], aliases: ["best": "high"]) == nil)
    }

    /// A mistake lists the choices, not every spelling of them.
    @Test func mistakesListTheChoicesOnly() throws {
        let parsed = try ParsedArguments(["--mode", "wide"], spec: .crop)
        let error = #expect(throws: UsageError.self) {
            try parsed.choice("mode", from: ["center", "smart"], aliases: ["centre": "center"])
        }
        #expect(error?.message == "--mode takes one of center, smart, not 'wide'.")
    }

    @Test(arguments: ["center", "centre"])
    func cropTakesBothSpellingsOfCenter(mode: String) throws {
        let folder = try CropCLITests.Folder()
        try folder.photo("a.jpg")
        let result = try CLIRunner.run(["crop", "--mode", mode, "--dry-run", folder.file("a.jpg")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("(120x120, dry run)"), "\(result.output)")
    }
}
