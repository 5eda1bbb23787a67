/// A Simulcast server's REST API answered in a way the client cannot use (the message says how).
public struct APIClientError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
