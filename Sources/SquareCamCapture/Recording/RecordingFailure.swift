/// Why a recording branch stopped while the camera could stream on.
public enum RecordingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not take more (`diskFull`: no space left).
    case cannotWrite(diskFull: Bool, detail: String)
    /// The microphone failed or went away.
    case microphone(detail: String)
    /// The encoder or muxer failed.
    case encoding(detail: String)

    init(_ report: PipelineErrorReport) {
        let detail = report.debug.isEmpty ? report.message : report.message + " (" + report.debug + ")"
        switch report.sourceName {
        case RecordingBranch.sinkName:
            let full = report.code == PipelineErrorReport.resourceNoSpaceLeft
                || (report.message + report.debug).lowercased().contains("no space left")
            self = .cannotWrite(diskFull: full, detail: detail)
        case RecordingBranch.microphoneName, RecordingBranch.microphoneQueueName:
            self = .microphone(detail: detail)
        default:
            self = .encoding(detail: detail)
        }
    }

    public var description: String {
        switch self {
        case .cannotWrite(true, _):
            "The disk is full: the recording stopped. Free some space, or record to another disk with --output."
        case .cannotWrite(false, let detail):
            "The recording could not be written (\(detail))."
        case .microphone(let detail):
            "The microphone stopped (\(detail))."
        case .encoding(let detail):
            "The recording could not be encoded (\(detail)). Install the GStreamer plugins (scripts/install-deps.sh)."
        }
    }
}
