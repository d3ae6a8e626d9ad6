// Stand-in for Apple's QuartzCore (Core Animation), for type-checking the
// iOS shell on Linux: only what the shell uses, transcribed from the cited page.
import Foundation

// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer: NSObject {}
