/// Integer division helpers that round the way geometry needs, for any signs.
///
/// Swift's `/` truncates toward zero, which shifts negative coordinates the
/// wrong way; geometry must round the same way everywhere or edges drift.
enum IntegerRounding {
    /// ⌊n / d⌋ for any sign of `n`; `d` must be positive.
    static func floorDivide(_ n: Int, _ d: Int) -> Int {
        precondition(d > 0, "divisor must be positive")
        let q = n / d
        return (n % d != 0 && n < 0) ? q - 1 : q
    }

    /// n / d rounded to the nearest integer, halves up (toward +∞); `d` must be positive.
    static func roundDivide(_ n: Int, _ d: Int) -> Int {
        floorDivide(2 * n + d, 2 * d)
    }
}
