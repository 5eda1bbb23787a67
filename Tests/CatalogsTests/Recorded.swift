import Foundation

/// Real recorded API bodies bundled with the tests (see Recorded/README.md).
enum Recorded {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Recorded") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
