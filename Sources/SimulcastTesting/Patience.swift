/// How long a test waits for something that will happen, as opposed to a bound it measures.
/// On a busy 2-core machine (CI beside other work, or a CPU hog) a process start, a database
/// connection or a fan-out can take many times longer than on an idle one, so these are
/// generous; a test that passes returns as soon as its condition holds, and only a failing one
/// waits them out. A figure that has to hold (a latency, a rate) stays in its test, or moves
/// to virtual time or a benchmark; it never borrows one of these.
public enum Patience {
    /// For an event to arrive: a welcome, a reaction passed on, a follower's status.
    public static let event: Duration = .seconds(30)
    /// For a child process (`simulcast serve`, Caddy, nginx) to answer.
    public static let processStart: Duration = .seconds(90)
    /// For any one statement on the test PostgreSQL, connecting included.
    public static let database: Duration = .seconds(60)
}
