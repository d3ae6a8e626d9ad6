import SquareCamCore

/// Turns a GStreamer error into the `CameraFailure` a person can act on.
enum CameraFailureClassifier {
    /// `node` is whether the camera's device node still answers after the error:
    /// v4l2src reports an unplug only as "Could not read from resource (poll
    /// error …)" with a stale errno, the same words as a driver's fatal
    /// streaming error, and only the node tells the two apart.
    static func failure(for report: PipelineErrorReport, camera: String, node: DeviceNodePresence = .unknown) -> CameraFailure {
        let text = (report.message + " " + report.debug).lowercased()
        if report.domain == .resource && report.code == PipelineErrorReport.resourceBusy
            || text.contains("device or resource busy") || text.contains(" is busy") {
            return .busy(camera: camera)
        }
        if report.domain == .resource && report.code == PipelineErrorReport.resourceNotAuthorized
            || text.contains("permission denied") || text.contains("eacces") {
            return .permissionDenied(camera: camera)
        }
        if text.contains("no such device") || text.contains("enodev")
            || text.contains("disconnected") || text.contains("device has been removed") {
            return .disconnected(camera: camera)
        }
        if node == .gone {
            return .disconnected(camera: camera)
        }
        return .failed(camera: camera, detail: detail(for: report))
    }

    /// GStreamer's sentence, with the element's details when they add something.
    private static func detail(for report: PipelineErrorReport) -> String {
        let message = report.message.hasSuffix(".") ? report.message : report.message + "."
        let firstDebugLine = report.debug.split(separator: "\n").last.map(String.init) ?? ""
        guard !firstDebugLine.isEmpty, !message.contains(firstDebugLine) else { return message }
        return "\(message) (\(firstDebugLine))"
    }
}
