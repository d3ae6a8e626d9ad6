#!/bin/sh
# Regenerates po/squarecam.pot from the app's sources and merges it into each
# translation. Swift string literals read as C strings for xgettext's purpose;
# the keyword is the app's `localized(_:)` function.
set -eu
cd "$(dirname "$0")/.."
# Every app source that says something to the user (the list is made anew, so it never goes stale).
{ echo '# Swift files with localized("…") strings; made by po/update-pot.sh.'; grep -l 'localized(' Sources/SquareCamApp/*.swift; } > po/POTFILES
grep -v '^#' po/POTFILES | xargs xgettext --language=C --from-code=UTF-8 --keyword=localized:1 \
    --add-comments=TRANSLATORS --package-name=squarecam --package-version=0.1.0 \
    --msgid-bugs-address=https://github.com/squarecam/squarecam/issues -o po/squarecam.pot 2>/dev/null
for lang in $(cat po/LINGUAS); do
    msgmerge --quiet --update --backup=none "po/$lang.po" po/squarecam.pot
done
