extension HTTPTransport where Self == NIOHTTPTransport {
    /// The process's shared live transport, for a composition root: `RoomsAPI(baseURL:, transport: .live)`.
    public static var live: NIOHTTPTransport { NIOHTTPTransport.shared }
}
