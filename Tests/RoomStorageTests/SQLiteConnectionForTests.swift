import SQLiteNIO

/// Raw SQLite access for planting another program's database.
enum SQLiteConnectionForTests {
    static func create(path: String, sql: [String]) async throws -> Bool {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        for statement in sql { _ = try await connection.query(statement) }
        try await connection.close()
        return true
    }

    static func query(path: String, sql: String) async throws -> [String] {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let rows = try await connection.query(sql)
        try await connection.close()
        return rows.compactMap { $0.columns.first?.data.string }
    }
}
