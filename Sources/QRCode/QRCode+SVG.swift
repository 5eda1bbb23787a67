import SimulcastCore

extension QRCode {
    /// The symbol as a standalone SVG: one path of dark squares on white, with the standard's
    /// four-module quiet zone, `moduleSize` units a module, and `title` for screen readers.
    public func svg(moduleSize: Int = 8, quietZone: Int = 4, title: String) -> String {
        let side = (size + 2 * quietZone) * moduleSize
        // In pixel units with an identity viewBox, one rectangle per run of dark modules in a
        // row: renderers that scale a viewBox imprecisely (ImageMagick's) still draw it exactly.
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < size, self[x + run, y] { run += 1 }
                let width = run * moduleSize
                path += "M\((x + quietZone) * moduleSize) \((y + quietZone) * moduleSize)h\(width)v\(moduleSize)h-\(width)z"
                x += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges" role="img"><title>\(MarkupText.escaped(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }
}
