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
        let (made, created) = try SecretsKey.loadOrCreate(path: path)
        #expect(created)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let sealed = try made.seal(Array("refresh-token".utf8))
        #expect(!String(decoding: sealed, as: UTF8.self).contains("refresh-token"))
        let (again, createdAgain) = try SecretsKey.loadOrCreate(path: path)
        #expect(!createdAgain)
        #expect(again.id == made.id && made.id.count == 12)
        #expect(try again.open(sealed) == Array("refresh-token".utf8), "a restart reads the same key")
    }

    @Test func aValueOpensOnlyWithItsKeyAndUnaltered() throws {
        let first = try SecretsKey.loadOrCreate(path: temporaryPath()).key
        let second = try SecretsKey.loadOrCreate(path: temporaryPath()).key
        #expect(first.id != second.id)
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

    /// Issue 33 (8): a link to a good 0600 key was refused with "mode 777; chmod 600 it" (the
    /// link's own mode), and a key this user cannot read was called "not a Simulcast secrets key".
    @Test func aLinkToAGoodKeyIsReadAndAnUnreadableKeyIsNamedAsSuch() throws {
        let path = temporaryPath()
        let made = try SecretsKey.loadOrCreate(path: path).key
        let link = (path as NSString).deletingLastPathComponent + "/linked.key"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let (read, created) = try SecretsKey.loadOrCreate(path: link)
        #expect(!created && read.id == made.id)
        // A folder where the key should be is named as such, never "not a key… move it away".
        let folder = (path as NSString).deletingLastPathComponent + "/a-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let wrongPlace = #expect(throws: SecretsKey.Problem.self) { try SecretsKey.loadOrCreate(path: folder) }
        #expect(wrongPlace?.description.contains("is not a file") == true && wrongPlace?.description.contains("move it away") == false)
        // Only a user other than root can be refused a file by its mode.
        if getuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
            let error = #expect(throws: SecretsKey.Problem.self) { try SecretsKey.loadOrCreate(path: path) }
            #expect(error?.description.contains("cannot be read by this user") == true, "\(error.map { "\($0)" } ?? "")")
            #expect(error?.description.contains("not a Simulcast secrets key") == false)
        }
    }

    @Test func aCredentialNeverPrintsItsTokens() throws {
        let credential = HostCredential(hostToken: "host-secret", refreshToken: "refresh-secret")
        for text in ["\(credential)", String(describing: credential), String(reflecting: credential)] {
            #expect(!text.contains("secret"), "\(text)")
        }
    }
}
