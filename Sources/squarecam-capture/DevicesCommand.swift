import FoundationEssentials
import SquareCamCapture
import SquareCamCommandLine
import SquareCamCore

/// `squarecam devices`: the cameras and their modes.
enum DevicesCommand: Command {
    static let spec = CommandSpec.devices

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let cameras: [CameraDescription]
        do {
            cameras = try await CommandCameras.access(for: .auto).cameras + [TestCamera.description]
        } catch {
            return error.code
        }
        Console.out(arguments.flag("json") ? json(cameras) + "\n" : text(cameras))
        return .success
    }

    static func text(_ cameras: [CameraDescription]) -> String {
        cameras.map { camera in
            var lines = ["\(camera.id)\t\(camera.name) (\(camera.facing.rawValue))"]
            lines += ModeSummary.lines(for: camera.modes).map { "    " + $0 }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    static func json(_ cameras: [CameraDescription]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(cameras)) ?? Data("[]".utf8), as: UTF8.self)
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
