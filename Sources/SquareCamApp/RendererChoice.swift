import CGtk
import Foundation

/// Chooses GTK's renderer before the first window is realized.
///
/// GTK 4.8 renders with OpenGL wherever a GL context can be made, even when
/// that GL is software (Mesa's llvmpipe: Xvfb, VMs, remote X). There, painting
/// the viewfinder at 30 fps through GL took about 5× the CPU of all the rest of
/// the app (benchmarks/app.sh), while GTK's cairo renderer paints the same
/// window for a fraction of it. So: software GL → cairo; a GPU → GTK's choice.
/// An explicit `GSK_RENDERER` is always left alone.
///
/// Without a graphics device node at all, any GL is software, and GTK is
/// told so before it opens its display (`GDK_DEBUG=gl-disable`): it then
/// never loads Mesa and LLVM, 50 ms of every launch here. Elsewhere a GL
/// context is made and asked what it runs on. `GSK_RENDERER=cairo` stays
/// set in either case, so programs the app opens paint with cairo too, as
/// they would have had to on that machine's software GL.
@MainActor
enum RendererChoice {
    /// What was chosen and why, for the log and the benchmark.
    private(set) static var summary = "GTK's default"
    /// True when GTK was started with OpenGL off (`beforeGTKStarts`).
    private static var openGLOff = false
    /// `GDK_DEBUG` as the app was started with, while GTK starts with OpenGL off.
    private static var startingDebugFlags: String??

    /// Call just before GTK starts (`gtk_init`, which reads `GDK_DEBUG`).
    static func beforeGTKStarts() {
        guard explicitRenderer == nil, !hasGraphicsDevice() else { return }
        let flags = ProcessInfo.processInfo.environment["GDK_DEBUG"]
        startingDebugFlags = .some(flags)
        setenv("GDK_DEBUG", (flags.map { $0 + "," } ?? "") + "gl-disable", 1)
        // Named too, or GTK tries its GL renderer first and logs that GL is off.
        setenv("GSK_RENDERER", "cairo", 1)
        openGLOff = true
        summary = "cairo (no graphics device: OpenGL off)"
    }

    /// Call once GTK has started: the programs the app opens (a photo viewer) get the user's own `GDK_DEBUG`.
    static func afterGTKStarted() {
        guard let flags = startingDebugFlags else { return }
        if let flags { setenv("GDK_DEBUG", flags, 1) } else { unsetenv("GDK_DEBUG") }
        startingDebugFlags = nil
    }

    /// Call once GTK has opened its display, before the first window is realized
    /// (GTK reads `GSK_RENDERER` when it makes its first renderer).
    static func apply() {
        guard !openGLOff else { return }
        if let explicit = explicitRenderer {
            summary = "\(explicit) (GSK_RENDERER)"
            return
        }
        guard let renderer = openGLRenderer() else {
            summary = "GTK's default (no OpenGL context to ask)"
            return
        }
        let software = ["llvmpipe", "softpipe", "software rasterizer", "swrast", "swr"]
        guard software.contains(where: { renderer.lowercased().contains($0) }) else {
            summary = "GTK's default (OpenGL: \(renderer))"
            return
        }
        setenv("GSK_RENDERER", "cairo", 1)
        summary = "cairo (OpenGL here is software: \(renderer))"
    }

    private static var explicitRenderer: String? {
        ProcessInfo.processInfo.environment["GSK_RENDERER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A node a GPU driver makes: DRM's (Mesa, and NVIDIA with nvidia-drm) or NVIDIA's own.
    private static func hasGraphicsDevice() -> Bool {
        let drm = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return !drm.isEmpty || FileManager.default.fileExists(atPath: "/dev/nvidiactl")
    }

    /// The GL_RENDERER string of a GL context on the default display, or nil.
    /// glGetString is reached through libepoxy, which GTK already loaded and
    /// links (it exports each GL entry point as a function-pointer variable).
    private static func openGLRenderer() -> String? {
        guard let display = gdk_display_get_default() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let context = gdk_display_create_gl_context(display, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard gdk_gl_context_realize(context, &error) != 0 else {
            if let error { g_error_free(error) }
            return nil
        }
        gdk_gl_context_make_current(context)
        defer { gdk_gl_context_clear_current() }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "epoxy_glGetString"),
              let function = symbol.load(as: GetString?.self)
        else { return nil }
        let glRenderer: UInt32 = 0x1F01
        return function(glRenderer).map { String(cString: $0) }
    }
}
