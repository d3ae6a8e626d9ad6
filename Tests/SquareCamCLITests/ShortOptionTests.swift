import Foundation
import SquareCamCommandLine
import Testing
import TestThreads

/// Short options as getopt reads them: a value may be attached (`-s64`),
/// flags may be bundled (`-nr`), and a value option ends a bundle, taking the
/// rest of the word or else the next one (`-ns64`, `-ns 64`).
@Suite(.ownThreads) struct ShortOptionTests {
    @Test(arguments: [["-s64"], ["-s", "64"], ["--size=64"], ["--size", "64"]])
    func attachedValueIsTheSameAsASeparateOne(words: [String]) throws {
        let parsed = try ParsedArguments(words + ["a.jpg"], spec: .crop)
        #expect(parsed.string("size") == "64")
        #expect(parsed.operands == ["a.jpg"])
    }

    @Test(arguments: [["-nr"], ["-rn"], ["-n", "-r"]])
    func bundledFlagsAreEachSet(words: [String]) throws {
        let parsed = try ParsedArguments(words, spec: .crop)
        #expect(parsed.flag("dry-run") && parsed.flag("recursive"))
        #expect(parsed.values.isEmpty && parsed.operands.isEmpty)
    }

    @Test(arguments: [["-ns64"], ["-ns", "64"], ["-rns64"]])
    func valueOptionEndsTheBundle(words: [String]) throws {
        let parsed = try ParsedArguments(words + ["a.jpg"], spec: .crop)
        #expect(parsed.flag("dry-run"))
        #expect(parsed.string("size") == "64")
        #expect(parsed.operands == ["a.jpg"])
    }

    /// Whatever follows a value option's letter is its value, letters too.
    @Test func restOfTheWordIsTheValueEvenWithLetters() throws {
        let parsed = try ParsedArguments(["-nj2r"], spec: .crop)
        #expect(parsed.flag("dry-run") && !parsed.flag("recursive"))
        #expect(parsed.string("jobs") == "2r")
    }

    @Test func helpCanBeBundled() throws {
        #expect(try ParsedArguments(["-nh"], spec: .crop).flag("help"))
    }

    @Test(arguments: [
        (["-nx"], "Unknown option '-x' (in '-nx') for 'crop'. See 'squarecam crop --help'."),
        (["-n64"], "Unknown option '-6' (in '-n64') for 'crop'. See 'squarecam crop --help'."),
        (["-x"], "Unknown option '-x' for 'crop'. See 'squarecam crop --help'."),
        (["-ns"], "--size needs a value (N)."),
        // A long name with one dash would otherwise be -m with the value "ode".
        (["-mode", "smart"], "Unknown option '-mode' for 'crop'. Did you mean --mode? See 'squarecam crop --help'."),
    ])
    func mistakesInABundleSayWhichLetter(words: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try ParsedArguments(words, spec: .crop) }
        #expect(error?.message == message)
    }

    /// End to end: a bundle reaches crop as its separate options would.
    @Test func cropTakesABundle() throws {
        let folder = try CropCLITests.Folder()
        try FileManager.default.createDirectory(atPath: folder.file("inner"), withIntermediateDirectories: true)
        try folder.photo("inner/a.jpg")
        let result = try CLIRunner.run(["crop", "-nrs64", folder.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("a-square.jpg (64x64, dry run)"), "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("inner")) == ["a.jpg"])
    }
}
