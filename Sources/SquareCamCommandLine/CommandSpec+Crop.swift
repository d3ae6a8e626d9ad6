import SquareCamCore

extension CommandSpec {
    /// `squarecam crop`: its options and help.
    package static let crop = CommandSpec(
        name: "crop",
        summary: "Square-crops photos (JPEG, PNG, HEIF/HEIC): right side up, EXIF kept and corrected, never a partial or overwritten file.",
        usage: "[options] FILE|DIR...",
        options: [
            .value("mode", short: "m", "MODE", "center (the centred square of the upright photo; default), smart (the square holding every face found, with head room, or the largest face when they cannot all fit; without a face, the square with the most detail, colour and skin tones), face (as smart with faces; a photo without a face fails), or lossless (JPEG only: no re-encoding; the square starts on the nearest 8/16-pixel block and the offset is reported)."),
            .value("size", short: "s", "N", "Side of the output in pixels (default: the full-resolution square; never enlarges)."),
            .value("quality", short: "q", "Q", "JPEG quality 1–100 (default \(ImageDefaults.jpegQuality))."),
            .value("subsampling", "S", "Chroma subsampling: 444, 422, 420 or gray (default: as the input)."),
            .value("output-dir", short: "o", "DIR", "Write the squares into DIR (sub-folders mirrored) instead of next to each input as NAME-square.jpg."),
            .value("output", "FILE", "Write the one input's square to FILE, or to standard output with -."),
            .flag("in-place", "Replace each input with its square (atomically), keeping its owner, group and permissions; a link's target is replaced, the link stays."),
            .flag("overwrite", "Replace outputs that already exist (otherwise that file fails)."),
            .flag("skip-existing", "Leave inputs whose square already exists alone (a rerun over a folder crops only what is new)."),
            .flag("preserve", "Give each square its photo's owner, group, permissions and times, as cp -p does."),
            .value("jobs", short: "j", "N", "Files cropped at once (default: the number of CPU cores)."),
            .flag("recursive", short: "r", "Also crop the photos in sub-folders of folders given."),
            .flag("dry-run", short: "n", "Say what would be written, write nothing."),
            .value("max-pixels", "N", "Refuse images whose header claims more than N pixels, before decoding (default \(ImageDefaults.maxPixels))."),
            .value("format", "FORMAT", "Output format: jpeg (default), png, or same (PNG stays PNG, the rest becomes JPEG)."),
            .flag("circle", "A round avatar: a square PNG whose corners outside the circle are transparent, with a smooth edge (the corners' pixels are not kept, not even hidden). Works with every --mode but lossless."),
            .flag("strip-location", "Remove GPS position from the EXIF."),
            .flag("strip", "Remove all metadata (EXIF, ICC profile)."),
            .flag("accept-damaged", "Crop JPEGs that are cut short or corrupt anyway (what libjpeg cannot read comes out grey), with a warning; without it such a file fails and nothing is written."),
            .flag("json", "Print one JSON object per file on standard output: input, output, status (cropped, planned, skipped, failed), width, height, square, offset, bytes, reason."),
            .flag("quiet", "Print only errors: no progress bar, file list or summary."),
            .flag("verbose", short: "v", "Also print how each JPEG is cropped, in a line after its own: the plan (lossless, planes→JPEG, resampled planes or RGB; who decodes; which columns; threads; the fallback should that decode give up) and any fallback taken."),
            .flag("libjpeg-only", "Use libjpeg-turbo and TurboJPEG alone, none of SquareCam's own faster JPEG code (two-thread decoding, decoding only the square's columns, its own lossless transformer): the same output, more slowly. If a problem goes away with it, say so in your bug report."),
        ],
        acceptsOperands: true,
        examples: [
            ("squarecam crop IMG_0042.jpg", "writes IMG_0042-square.jpg next to it: the centred square, upright"),
            ("squarecam crop --size 1080 -o squares ~/Pictures/trip", "1080×1080 squares of every photo in the folder, into ./squares"),
            ("squarecam crop --mode lossless --in-place *.jpg", "replaces each JPEG by its square without re-encoding"),
            ("squarecam crop --mode smart --strip-location -r photos", "the most interesting square of each photo, without GPS"),
            ("squarecam crop --mode face --size 512 -o avatars people", "512×512 squares around the faces; photos without a face are listed as failed"),
            ("curl -s URL | squarecam crop --size 512 - --output - > avatar.jpg", "a 512×512 avatar from a pipe, into a pipe"),
            ("squarecam crop --skip-existing --json -r photos", "a rerun that crops only what is new, one JSON line per file"),
            ("squarecam crop --circle --size 512 me.jpg", "me-square.png: a 512×512 round avatar with transparent corners"),
        ],
        notes: [
            "Metadata: EXIF is kept with Orientation set to 1, the new dimensions and no thumbnail; the ICC profile is kept; XMP and IPTC (keywords, captions, credits) are copied into JPEG squares, XMP with Orientation 1 and the new size. --strip-location removes the GPS block from the EXIF and drops XMP that holds a position. CMYK JPEGs are converted to RGB without their CMYK profile. PNG output carries no metadata, except that a 16-bit PNG's square, 16-bit too, keeps its colour chunks (gAMA, cHRM, sRGB, iCCP) unless --strip; so does a round avatar (--circle), 16-bit from a 16-bit PNG.",
            "Damaged files: a JPEG that is cut short or corrupt fails (exit 1) and is never written or put in place of anything; --accept-damaged crops it anyway.",
            "Names: every output is named before anything is written; a second input that would get the same name (a.jpg and a.png) gets NAME-square-2.jpg, and a file given twice is cropped once. Folder scans leave out names ending in -square (earlier squares) and do not follow links to folders.",
            "Permissions: a new square is never readable by more people than its photo; --in-place keeps the photo's owner, group and permissions (and replaces a link's target, not the link); --preserve also keeps times.",
            ExitCode.helpParagraph([.success, .failure, .usage]),
        ]
    )
}
