import Foundation
import Testing

@testable import ServerHosting

/// The server's secrets key: made once with 0600, read back the same, and a sealed value opens
/// only with its own key and only unaltered.
@Suite struct SecretsKeyTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-key-\(UUID().uuidString)/secrets.key").path
    }

    @Test func theKeyIsMadeOnceOwnerOnlyAndReadBack() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let made = try SecretsKey.loadOrCreate(path: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let sealed = try made.seal(Array("refresh-token".utf8))
        #expect(!String(decoding: sealed, as: UTF8.self).contains("refresh-token"))
        let again = try SecretsKey.loadOrCreate(path: path)
        #expect(try again.open(sealed) == Array("refresh-token".utf8), "a restart reads the same key")
    }

    @Test func aValueOpensOnlyWithItsKeyAndUnaltered() throws {
        let first = try SecretsKey.loadOrCreate(path: temporaryPath())
        let second = try SecretsKey.loadOrCreate(path: temporaryPath())
        var sealed = try first.seal([1, 2, 3])
        #expect(throws: SecretsKey.Problem.self) { try second.open(sealed) }
        sealed[sealed.count / 2] ^= 0x01
        #expect(throws: SecretsKey.Problem.self) { try first.open(sealed) }
        #expect(throws: SecretsKey.Problem.self) { try first.open([1, 2]) }
    }

    @Test func aKeyOthersCanReadOrThatIsNotAKeyIsRefusedClearly() throws {
        let path = temporaryPath()
        _ = try SecretsKey.loadOrCreate(path: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: SecretsKey.Problem.self) { try SecretsKey.loadOrCreate(path: path) }
        try Data("not a key".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let error = #expect(throws: SecretsKey.Problem.self) { try SecretsKey.loadOrCreate(path: path) }
        #expect(error?.description.contains("not a Simulcast secrets key") == true)
    }

    @Test func aCredentialNeverPrintsItsTokens() throws {
        let credential = HostCredential(hostToken: "host-secret", refreshToken: "refresh-secret")
        for text in ["\(credential)", String(describing: credential), String(reflecting: credential)] {
            #expect(!text.contains("secret"), "\(text)")
        }
    }
}
