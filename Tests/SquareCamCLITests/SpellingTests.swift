import SquareCamCommandLine
import Testing
import TestThreads

@Suite(.ownThreads) struct SpellingTests {
    @Test(arguments: [
        ("mdoe", "mode", 1),      // a swap is one edit, not two
        ("hlep", "help", 1),
        ("crp", "crop", 1),
        ("qualty", "quality", 1),
        ("kitten", "sitting", 3),
        ("ca", "abc", 3),         // optimal string alignment: no letter is edited twice
        ("", "abc", 3),
        ("shoot", "shoot", 0),
    ])
    func distanceCountsSwapsAsOneEdit(a: String, b: String, distance: Int) {
        #expect(Spelling.distance(a, b) == distance)
        #expect(Spelling.distance(b, a) == distance)
    }

    @Test func nearestNeedsMostLettersRight() {
        let commands = ["shoot", "devices", "crop", "help"]
        #expect(Spelling.nearest(to: "shot", among: commands) == "shoot")
        #expect(Spelling.nearest(to: "devcies", among: commands) == "devices")
        #expect(Spelling.nearest(to: "bogus", among: commands) == nil)
        #expect(Spelling.nearest(to: "x", among: []) == nil)
    }
}
