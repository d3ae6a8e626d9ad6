import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore
import SquareCamImaging

/// `squarecam devices`: the cameras and their modes, and the microphones.
enum DevicesCommand: Command {
    static let spec = CommandSpec.devices

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let json = arguments.flag("json")
        if arguments.flag("microphones") {
            let microphones = MicrophoneChoice.microphones(environment: ProcessEnvironment.current) + [.testTone]
            Console.out(json ? encoded(microphones) + "\n" : text(microphones))
            return .success
        }
        let cameras: [CameraDescription]
        do {
            cameras = try await CommandCameras.access(for: .auto, listingHere: true).cameras + [TestCamera.description]
        } catch {
            // Why, for scripts and for the app's camera list helper (CameraListHelper).
            if json, let problem = error.problem { Console.out(JSONText.of(problem) + "\n") }
            return error.code
        }
        // --json stays an array of cameras (the app's camera-list helper reads it).
        Console.out(json ? encoded(cameras) + "\n"
            : text(cameras) + "\nMicrophones:\n" + text(MicrophoneChoice.microphones(environment: ProcessEnvironment.current) + [.testTone]))
        return .success
    }

    static func text(_ microphones: [MicrophoneDescription]) -> String {
        microphones.map { "\($0.id)\t\($0.name)\n" }.joined()
    }

    static func text(_ cameras: [CameraDescription]) -> String {
        cameras.map { camera in
            var lines = ["\(camera.id)\t\(camera.name) (\(camera.facing.rawValue))"]
            lines += ModeSummary.lines(for: camera.modes).map { "    " + $0 }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    static func encoded(_ list: some Encodable) -> String {
        JSONText.of(list, pretty: true, fallback: "[]")
    }
}

/// Modes grouped for people: one line per format and size, with its rates.
enum ModeSummary {
    static func lines(for modes: [CameraMode]) -> [String] {
        var order: [String] = []
        var rates: [String: [Double]] = [:]
        for mode in modes {
            let key = "\(mode.format) \(mode.size)"
            if rates[key] == nil { order.append(key) }
            rates[key, default: []].append(mode.framesPerSecond)
        }
        return order.map { key in
            let list = rates[key]!.sorted(by: >).map { rate in
                rate == rate.rounded() ? String(Int(rate)) : rate.decimalText(places: 2)
            }
            return "\(key) @ \(list.joined(separator: ", ")) fps"
        }
    }
}
