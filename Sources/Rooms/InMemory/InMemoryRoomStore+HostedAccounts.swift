import SimulcastCore

/// Rooms hosted from a browser, in memory.
extension InMemoryRoomStore: HostedAccountStore {
    public func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws {
        let generation = (hosted[room]?.generation ?? 0) + 1
        hosted[room] = HostedAccount(room: room, service: service, sealedCredential: sealedCredential, generation: generation, follower: nil)
    }

    public func hostedAccounts() async throws -> [HostedAccount] {
        hosted.values.sorted { $0.room < $1.room }.map { account in
            var account = account
            if let follower = account.follower, follower != HostedAccount.replaced, !isAlive(follower) { account.follower = nil }
            return account
        }
    }

    public func hostedAccount(room: String) async throws -> HostedAccount? {
        try await hostedAccounts().first { $0.room == room }
    }

    public func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool {
        guard var account = hosted[room], account.generation == generation, account.sealedCredential != nil, !account.isReplaced,
            account.follower.map({ !isAlive($0) }) ?? true
        else { return false }
        account.follower = node
        hosted[room] = account
        return true
    }

    public func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws {
        guard var account = hosted[room], account.generation == generation else { return }
        account.sealedCredential = sealedCredential
        if sealedCredential == nil { account.follower = nil }
        hosted[room] = account
    }

    public func markHostReplaced(room: String, generation: Int) async throws {
        guard var account = hosted[room], account.generation == generation else { return }
        account.follower = HostedAccount.replaced
        hosted[room] = account
    }

    public func deleteHostedAccount(room: String) async throws { hosted[room] = nil }
}
