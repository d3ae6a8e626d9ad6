#!/usr/bin/python3
"""Reads `squarecam devices --json` and answers questions the scenarios ask.

usage: devices_query.py JSON_FILE real-count | real-ids | real-names |
                        name ID | modes ID | has-mode ID WxH [FORMAT]
"Real" cameras are all but the virtual ones (the test pattern, files).
Accepts a top-level list or an object with a "cameras" list; a mode's size
may be {"width","height"} or "WxH".
"""
import json
import sys


def cameras(path):
    document = json.load(open(path))
    if isinstance(document, dict):
        document = document.get("cameras", document.get("devices", []))
    return document


def real(path):
    return [camera for camera in cameras(path) if camera.get("facing") != "virtual"
            and not str(camera.get("id", "")).startswith(("test", "file:"))]


def mode_text(mode):
    size = mode.get("size")
    if isinstance(size, dict):
        size = f"{size['width']}x{size['height']}"
    rate = mode.get("framesPerSecond", mode.get("fps", "?"))
    return f"{size} {rate} {mode.get('format', '?')}"


def main() -> int:
    path, question = sys.argv[1], sys.argv[2]
    found = real(path)
    if question == "real-count":
        print(len(found))
    elif question == "real-ids":
        print("\n".join(str(camera["id"]) for camera in found))
    elif question == "real-names":
        print("\n".join(str(camera["name"]) for camera in found))
    elif question == "name":
        matches = [camera for camera in found if camera["id"] == sys.argv[3]]
        if not matches:
            return 1
        print(matches[0]["name"])
    elif question in ("modes", "has-mode"):
        wanted = sys.argv[3]
        matches = [camera for camera in found if camera["id"] == wanted]
        if not matches:
            return 1
        modes = [mode_text(mode) for mode in matches[0].get("modes", [])]
        if question == "modes":
            print("\n".join(modes))
            return 0
        size = sys.argv[4]
        fmt = sys.argv[5] if len(sys.argv) > 5 else None
        ok = any(text.split()[0] == size and (fmt is None or text.split()[2] == fmt) for text in modes)
        return 0 if ok else 1
    else:
        print(f"devices_query: unknown question {question}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
