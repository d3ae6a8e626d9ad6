/// How the command line's reports on standard error begin ("squarecam:
/// MESSAGE"): in Core because the app reads them too, from the camera-list
/// helper it runs.
package enum CommandReport {
    package static let prefix = "squarecam: "
}
