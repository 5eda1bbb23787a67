/// The eight data masks and the penalty that chooses among them (ISO/IEC 18004, 7.8).
enum QRMask {
    /// Whether mask `pattern` inverts the module at column `x`, row `y`.
    static func inverts(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// Runs of five or more alike, 2×2 blocks alike, finder-like 1:1:3:1:1 patterns with four
    /// light modules beside them, and dark far from half: lower is easier to read.
    static func penalty(_ dark: (Int, Int) -> Bool, size: Int) -> Int {
        var score = 0
        for line in 0..<size {
            score += lineScore(size: size) { dark(line, $0) }
            score += lineScore(size: size) { dark($0, line) }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = dark(x, y)
                if colour == dark(x + 1, y), colour == dark(x, y + 1), colour == dark(x + 1, y + 1) { score += 3 }
            }
        }
        var darkCount = 0
        for y in 0..<size { for x in 0..<size where dark(x, y) { darkCount += 1 } }
        let total = size * size
        score += abs(darkCount * 20 - total * 10) / total * 10
        return score
    }

    private static let finderLike: [[Bool]] = [
        [true, false, true, true, true, false, true, false, false, false, false],
        [false, false, false, false, true, false, true, true, true, false, true],
    ]

    /// Rules 1 and 3 along one row or column (`dark(i)` for i in 0..<size).
    private static func lineScore(size: Int, _ dark: (Int) -> Bool) -> Int {
        var score = 0
        var run = 1
        for i in 1...size {
            if i < size, dark(i) == dark(i - 1) {
                run += 1
                continue
            }
            if run >= 5 { score += 3 + run - 5 }
            run = 1
        }
        for start in 0...(size - 11) {
            for pattern in finderLike where (0..<11).allSatisfy({ dark(start + $0) == pattern[$0] }) { score += 40 }
        }
        return score
    }
}
