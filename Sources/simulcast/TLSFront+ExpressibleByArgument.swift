import ArgumentParser
import ServerSetup

/// `setup --tls` takes caddy or builtin; help lists them.
extension TLSFront: ExpressibleByArgument {}
