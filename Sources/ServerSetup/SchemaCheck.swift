import RoomStorage

/// Whether this version can serve the database: one written by a newer Simulcast cannot be.
public enum SchemaCheck {
    static let name = "database"

    public static func judge(_ reading: DatabaseSchema.Reading, location: String) -> DoctorCheck {
        guard reading.exists else { return DoctorCheck(name, .pass, "\(location) does not exist yet; serve makes it at its first start") }
        if reading.found > reading.current {
            return DoctorCheck(
                name, .fail, "\(location) was written by a newer Simulcast (schema \(reading.found); this one knows \(reading.current))",
                fix: "install the newer simulcast again, or point database at another file")
        }
        if reading.found < reading.current {
            return DoctorCheck(name, .pass, "\(location) opens (schema \(reading.found); serve migrates it to \(reading.current) at start)")
        }
        return DoctorCheck(name, .pass, "\(location) opens, schema \(reading.current) is current")
    }
}
