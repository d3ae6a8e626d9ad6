import SquareCamCommandLine
import Testing
import TestThreads

/// One letter, one meaning: `-m` was a camera mode in `shoot` and a crop mode
/// in `crop`, `-n` was `--count` in one and `--dry-run` in the other.
@Suite(.ownThreads) struct OptionConsistencyTests {
    @Test func eachShortOptionMeansTheSameInEveryCommand() {
        var meaning: [Character: (command: String, option: String)] = [:]
        for command in CommandSpec.all {
            for option in command.allOptions {
                guard let short = option.short else { continue }
                if let first = meaning[short] {
                    // -o is where the results go: a file or folder (shoot), a folder (crop).
                    let sameMeaning = first.option == option.name || Set([first.option, option.name]) == ["output", "output-dir"]
                    #expect(sameMeaning,
                            "-\(short) is --\(first.option) in \(first.command) but --\(option.name) in \(command.name)")
                } else {
                    meaning[short] = (command.name, option.name)
                }
            }
        }
        #expect(meaning["n"]?.option == "dry-run" && meaning["m"]?.option == "mode")
    }
}
