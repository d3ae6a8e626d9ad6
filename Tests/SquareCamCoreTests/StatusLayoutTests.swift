import SquareCamCore
import Testing

/// The status pages' arrangement at the sizes people use, and titles wrapped
/// into even lines.
@Suite struct StatusLayoutTests {
    /// The page below a 46 pt header bar; "No camera found" needs about 470 pt as one column.
    static func layout(_ width: Double, _ height: Double, stacked: Double = 470) -> StatusLayout {
        StatusLayout(space: Size2D(width: width, height: height - 46), stackedHeight: stacked, besideMinimumWidth: 560)
    }

    @Test func aDesktopWindowAndATallPhoneGetOneColumnWithTheLargeIcon() {
        #expect(Self.layout(1280, 800) == .stacked)
        #expect(Self.layout(360, 720) == .stacked)
        #expect(StatusLayout.stacked.iconSize == 128 && !StatusLayout.stacked.isSideBySide)
    }

    @Test func aPhoneOnItsSideGetsTheButtonsBesideTheText() {
        let layout = Self.layout(720, 360)
        #expect(layout == .sideBySide && layout.isSideBySide && layout.iconSize == 64)
        // Also when the one column would fit with a small icon: the short, wide window is what decides.
        #expect(Self.layout(720, 360, stacked: 330) == .sideBySide)
        #expect(Self.layout(1280, 480, stacked: 600) == .sideBySide)
    }

    @Test func aLongPageOnAPhoneUprightKeepsOneColumnWithASmallIcon() {
        #expect(Self.layout(360, 720, stacked: 760) == .compact)
        #expect(StatusLayout.compact.iconSize == 64)
        // Wider than tall but too narrow for two columns: one column too.
        #expect(Self.layout(520, 400, stacked: 500) == .compact)
    }

    @Test func exactlyFittingIsFitting() {
        #expect(StatusLayout(space: Size2D(width: 720, height: 314), stackedHeight: 314, besideMinimumWidth: 560) == .stacked)
        #expect(StatusLayout(space: Size2D(width: 560, height: 314), stackedHeight: 315, besideMinimumWidth: 560) == .sideBySide)
    }
}

@Suite struct BalancedWrapTests {
    /// A greedy wrap as Pango does it: pieces (words with their trailing space, or single
    /// CJK characters) go on a line while they fit; a trailing space may hang past the edge.
    struct Text {
        var pieces: [(width: Int, space: Int)]

        /// English-like: each word `letter` wide per letter, a space after it.
        init(words: String, letter: Int = 10, space: Int = 5) {
            pieces = words.split(separator: " ").map { ($0.count * letter, space) }
        }

        /// Japanese-like: a break allowed between any two characters, none of them spaces.
        init(characters count: Int, width: Int = 28) {
            pieces = Array(repeating: (width, 0), count: count)
        }

        func lines(at width: Int) -> [Int] {
            var lines: [Int] = [], current = 0, hanging = 0
            for piece in pieces {
                if current > 0 && current + hanging + piece.width > width {
                    lines.append(current)
                    current = 0
                    hanging = 0
                }
                current += hanging + piece.width
                hanging = piece.space
            }
            return lines + [current]
        }
    }

    static func balanced(_ text: Text, within width: Int) -> [Int] {
        let chosen = BalancedWrap.width(maximum: width) { text.lines(at: $0).count }
        #expect(chosen <= width)
        #expect(text.lines(at: chosen).count == text.lines(at: width).count, "balancing added a line")
        return text.lines(at: chosen)
    }

    @Test func aTitleOfOneLineIsLeftAlone() {
        let text = Text(words: "No camera found")
        #expect(BalancedWrap.width(maximum: 600) { text.lines(at: $0).count } == 600)
    }

    @Test func anEnglishTitleWrapsIntoEvenLines() {
        let text = Text(words: "SquareCam has no permission to use the camera")
        // Greedy at 360 pt: "SquareCam has no permission to use the" over a lone "camera".
        #expect(text.lines(at: 360).count == 2 && text.lines(at: 360).last! <= 60)
        let lines = Self.balanced(text, within: 360)
        #expect(lines.count == 2)
        #expect(Double(lines.last!) >= 0.6 * Double(lines.max()!), "\(lines)")
    }

    @Test func aJapaneseTitleNeverLeavesOneCharacterAlone() {
        // 11 characters where 10 fit: greedy leaves the last one alone.
        let text = Text(characters: 11)
        #expect(text.lines(at: 290) == [280, 28])
        #expect(Self.balanced(text, within: 290) == [168, 140])
        // Three lines stay three, each of them at least half full.
        let long = Text(characters: 21)
        let lines = Self.balanced(long, within: 290)
        #expect(lines.count == 3 && lines.allSatisfy { $0 >= 28 * 7 }, "\(lines)")
    }

    @Test func aWordWiderThanTheSpaceStopsAtTheMinimum() {
        let text = Text(words: "Unbreakableword here")
        let chosen = BalancedWrap.width(maximum: 120, minimum: 100) { text.lines(at: $0).count }
        #expect(chosen >= 100 && chosen <= 120)
    }

    @Test func aKoreanTitleBreaksOnlyBetweenWords() {
        // "SquareCam이 카메라를 사용하려고 합니다": four words, at 308 pt the last one alone greedily.
        let widths = [150, 90, 120, 60], space = 8
        let lines = try! #require(BalancedWrap.wordLines(widths: widths, space: space, maximum: 308))
        #expect(lines == [0..<2, 2..<4], "\(lines)")
        // One line when it fits; nil when a word alone is wider than the space.
        #expect(BalancedWrap.wordLines(widths: widths, space: space, maximum: 600) == [0..<4])
        #expect(BalancedWrap.wordLines(widths: [400, 20], space: space, maximum: 308) == nil)
        #expect(BalancedWrap.wordLines(widths: [], space: space, maximum: 308) == [])
    }

    @Test func everyWidthGivesAsFewLinesAsTheWidest() {
        let text = Text(words: "No camera has the id '/dev/video9' on this computer today")
        for width in stride(from: 80, through: 700, by: 7) {
            let lines = Self.balanced(text, within: width)
            #expect(lines.count == text.lines(at: width).count)
        }
    }
}

/// Which words a wrapped label is told not to break inside (byte ranges for Pango).
@Suite struct WholeWordsTests {
    private func words(_ text: String, _ ranges: (String) -> [Range<Int>]) -> [String] {
        let bytes = Array(text.utf8)
        return ranges(text).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func eachKoreanWordIsOneRange() {
        #expect(words("카메라에 연결할 수 없습니다.", WholeWords.korean) == ["카메라에", "연결할", "수", "없습니다."])
        // A word of Latin letters with a Korean particle is one word; one without Hangul is left to Pango.
        #expect(words("SquareCam이 PipeWire를 start 합니다", WholeWords.korean) == ["SquareCam이", "PipeWire를", "합니다"])
        // Any whitespace separates, a line break too.
        #expect(words("시작하면\n카메라가\u{3000}자동으로", WholeWords.korean) == ["시작하면", "카메라가", "자동으로"])
    }

    @Test func englishAndJapaneseAreLeftToPango() {
        #expect(WholeWords.korean(in: "The camera cannot be reached").isEmpty)
        #expect(WholeWords.korean(in: "カメラに接続できません。").isEmpty)
    }

    /// A path, or a run too long for a phone's line, may still break.
    @Test func koreanPathsAndLongRunsStayBreakable() {
        #expect(words("사진은 /home/사용자/사진 에 저장됩니다", WholeWords.korean) == ["사진은", "에", "저장됩니다"])
        let long = String(repeating: "가", count: WholeWords.longestKorean + 1)
        #expect(words("\(long) 나", WholeWords.korean) == ["나"])
        #expect(WholeWords.korean(in: String(repeating: "가", count: WholeWords.longestKorean)).count == 1)
    }

    @Test func aCommandKeepsItsShortArgumentsWhole() {
        let command = "systemctl --user start pipewire wireplumber /org/freedesktop/portal/desktop/request"
        #expect(words(command, WholeWords.commandArguments) == ["systemctl", "--user", "start", "pipewire", "wireplumber"])
    }
}
