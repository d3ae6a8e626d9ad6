import SquareCamCore

/// A `squarecam` command: its spec (options, help) and what it does.
package protocol Command {
    static var spec: CommandSpec { get }

    /// Does the work. A bad option value throws `UsageError` (exit code 2);
    /// every other outcome is reported by the command and its exit code.
    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode
}
