#!/usr/bin/env bash
# Renders a position with every shipped stone skin and background, the menu and a game in
# each language under Xvfb (Mesa's software Vulkan) and fails if any screenshot is
# missing or blank. Usage:
#   scripts/screenshots.sh [OUT_DIR]        (default: target-shots/)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target-shots}
mkdir -p "$out"
bin=${CARGO_TARGET_DIR:-target}/release/gomoku
[ -x "$bin" ] || cargo build --release
export GOMOKU_HOME=${GOMOKU_HOME:-$(mktemp -d)}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
skins=assets/themes/default.skins.ron
# Names listed in the catalogue, per section.
names() { sed -n "/^    $1: \[/,/^    \],/p" "$skins" | grep -o 'name: "[^"]*"' | cut -d'"' -f2; }
position=h8i9h9i8h10h7g9j10g8g7
fail=0
shoot() {
    local file=$1; shift
    rm -f "$file"
    if ! timeout 120 xvfb-run -a -s "-screen 0 1400x900x24" "$bin" ${position:+--position "$position"} \
        --screenshot "$file" --window 1200x760 "$@" 2>"$file.log" | tail -1; then
        echo "FAILED: $file ($*)"; tail -5 "$file.log"; fail=1
    elif [ ! -s "$file" ]; then
        echo "MISSING: $file"; fail=1
    fi
}
i=0
while IFS= read -r stones; do
    i=$((i + 1))
    shoot "$out/stones-$i.png" --stones "$stones" --numbers
done < <(names stones)
i=0
while IFS= read -r background; do
    i=$((i + 1))
    line=$(names lines | sed -n "$(( (i - 1) % $(names lines | wc -l) + 1 ))p")
    shoot "$out/background-$i.png" --background "$background" --lines "$line"
done < <(names backgrounds)
# A finished game: the victory line and the game-over panel.
position=h8i9h9i8h10i10h11i11h12 shoot "$out/won.png" --stones "Classic"
# Renju with black to move: red crosses on black's forbidden points (h8, a double three).
position=f8a1g8a3h6a5h7a7 shoot "$out/renju.png" --rule renju
position="" shoot "$out/menu.png" --menu
# The menu and a game in each language (English is the default, shot above too).
for language in en zh-CN zh-TW ja; do
    position="" shoot "$out/menu-$language.png" --menu --language "$language"
    shoot "$out/game-$language.png" --language "$language" --analysis
done
exit $fail
