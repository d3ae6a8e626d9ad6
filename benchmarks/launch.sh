#!/usr/bin/env bash
# App launch → first live frame: the test camera and the camera portal path
# against a bare GStreamer window, same run, under a private X server.
#   benchmarks/launch.sh [path/to/squarecam] [launches (default 10)]
set -euo pipefail
cd "$(dirname "$0")/.."
source benchmarks/lib.sh
bin=${1:-$(squarecam_binary)}
exec xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 benchmarks/launch.py "$bin" "${2:-10}"
