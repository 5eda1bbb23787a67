import Foundation

/// A plain SVG line plot of signed sync error over time, Simulcast against the seed.
enum SyncPlot {
    static func svg(simulcast: [(Double, Double)], seed: [(Double, Double)], title: String) -> String {
        let width = 960.0, height = 420.0, left = 60.0, right = 20.0, top = 40.0, bottom = 40.0
        let limit = 200.0
        let maxTime = max(simulcast.last?.0 ?? 1, seed.last?.0 ?? 1, 1)
        func x(_ t: Double) -> Double { left + t / maxTime * (width - left - right) }
        func y(_ e: Double) -> Double { top + (limit - min(max(e, -limit), limit)) / (2 * limit) * (height - top - bottom) }
        func path(_ points: [(Double, Double)]) -> String {
            points.enumerated().map { index, point in "\(index == 0 ? "M" : "L")\(String(format: "%.1f,%.1f", x(point.0), y(point.1)))" }.joined(separator: " ")
        }
        var lines: [String] = []
        lines.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="sans-serif" font-size="12">"##)
        lines.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        lines.append(
            ##"<text x="\##(left)" y="22" font-size="14">Sync error of one listener (ms, clipped to ±\##(Int(limit))): \##(title.replacingOccurrences(of: "&", with: "and"))</text>"##
        )
        for tick in stride(from: -limit, through: limit, by: 50) {
            lines.append(##"<line x1="\##(left)" x2="\##(width - right)" y1="\##(y(tick))" y2="\##(y(tick))" stroke="\##(tick == 0 ? "#888" : "#e5e5e5")"/>"##)
            lines.append(##"<text x="\##(left - 8)" y="\##(y(tick) + 4)" text-anchor="end">\##(Int(tick))</text>"##)
        }
        let step = max(60.0, (maxTime / 10 / 60).rounded(.up) * 60)
        for tick in stride(from: 0.0, through: maxTime, by: step) {
            lines.append(##"<text x="\##(x(tick))" y="\##(height - bottom + 18)" text-anchor="middle">\##(Int(tick / 60)) min</text>"##)
        }
        lines.append(##"<path d="\##(path(seed))" fill="none" stroke="#d95f02" stroke-width="1" opacity="0.8"/>"##)
        lines.append(##"<path d="\##(path(simulcast))" fill="none" stroke="#1b9e77" stroke-width="1.5"/>"##)
        lines.append(##"<text x="\##(width - right - 220)" y="\##(top + 14)" fill="#1b9e77">— Simulcast</text>"##)
        lines.append(##"<text x="\##(width - right - 120)" y="\##(top + 14)" fill="#d95f02">— seed's method</text>"##)
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }
}
