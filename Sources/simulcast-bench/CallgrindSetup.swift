import Foundation

/// What the server needs to run under this machine's valgrind (Debian's 3.19), prepared in a
/// folder of its own: a copy of the executable without its DWARF 5 debug information (which
/// that valgrind cannot read: it gives up at start) but with its symbols, beside links to its
/// resource bundles; and a preloaded `sigsuspend` that passes the kernel a copy of its signal
/// mask, because valgrind's wrapper writes into the mask it is given and libdispatch (Swift's
/// async `main`) passes one in read-only memory, which crashes valgrind itself.
struct CallgrindSetup {
    let executable: String
    let environment: [String: String]

    init(binary: URL, folder: URL) throws {
        let copy = folder.appendingPathComponent(binary.lastPathComponent)
        try ExternalTool.run("objcopy", ["--strip-debug", binary.path, copy.path])
        let beside = binary.deletingLastPathComponent()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: beside.path)) ?? [] where entry.hasSuffix(".resources") {
            try? FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(entry), withDestinationURL: beside.appendingPathComponent(entry))
        }
        let source = folder.appendingPathComponent("sigsuspend-copy.c")
        let shim = folder.appendingPathComponent("sigsuspend-copy.so")
        try Data(Self.shimSource.utf8).write(to: source)
        try ExternalTool.run("cc", ["-shared", "-fPIC", "-O2", source.path, "-o", shim.path, "-ldl"])
        executable = copy.path
        environment = ["LD_PRELOAD": shim.path]
    }

    static let shimSource = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <signal.h>
        int sigsuspend(const sigset_t *mask) {
            sigset_t copy = *mask;
            int (*next)(const sigset_t *) = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
            return next(&copy);
        }
        """
}
