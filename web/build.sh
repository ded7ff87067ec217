#!/usr/bin/env bash
# Builds a self-contained dist/ for any static file server: index.html (its loading screen),
# the game's wasm and JS glue, the AI worker (a second, small wasm module), the assets, and
# the web app's manifest, icons and service worker (offline play).
#   web/build.sh [--profile PROFILE] [OUT_DIR]     (defaults: web, dist)
# PROFILE is the game module's Cargo profile: `web` for players, `web-check` (no LTO, a
# faster relink) for the end-to-end test in CI.
# Uses an installed wasm32 target when rustup has one; otherwise Debian's rustc-web and
# rust-web-src build the standard library from source.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=web
if [ "${1:-}" = --profile ]; then
    profile=${2:?--profile needs a name}
    shift 2
fi
out=${1:-dist}
target_dir=${CARGO_TARGET_DIR:-target}
wasm_dir=$target_dir/wasm32-unknown-unknown

if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    wasm_build() { cargo build --target wasm32-unknown-unknown "$@"; }
elif [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
    wasm_build() {
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --target wasm32-unknown-unknown \
            -Zbuild-std=std,panic_abort "$@"
    }
    # The players' build, whose standard library is built here anyway, drops what only
    # messages for developers use: a panic aborts at once (no formatting of its message)
    # and carries no source location, and a derived Debug writes only the type's or
    # variant's name, no fields (a log line says less; no player reads one). A panic in
    # that build shows only as `unreachable` in the console; the test build (web-check)
    # keeps all of it. Sizes: README's table.
    if [ "$profile" = web ]; then
        game_rustflags="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=shallow"
    fi
else
    echo "no wasm32 toolchain: rustup target add wasm32-unknown-unknown, or" >&2
    echo "apt-get install rustc-web cargo-web rust-web-src lld-22" >&2
    exit 1
fi

echo "== game (profile $profile)"
if [ -n "${game_rustflags:-}" ]; then
    RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }$game_rustflags" wasm_build --profile "$profile" -p gomoku
else
    wasm_build --profile "$profile" -p gomoku
fi
echo "== AI worker (profile release: the search wants speed)"
wasm_build --release -p gomoku-ai-worker

# wasm-bindgen's CLI must match the library version in Cargo.lock exactly.
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version$"; then
    # Without default features: they only add TLS (ring, rustls) for the test runner's
    # downloads, minutes of C and Rust to build that this script never uses.
    cargo install wasm-bindgen-cli --version "$version" --no-default-features
fi

rm -rf "$out"
mkdir -p "$out/ai"
# The name section is half the raw game module and of no use to players.
strip=(--remove-name-section --remove-producers-section)
wasm-bindgen --target web --no-typescript "${strip[@]}" --out-dir "$out" --out-name gomoku "$wasm_dir/$profile/gomoku.wasm"
wasm-bindgen --target no-modules --no-typescript "${strip[@]}" --out-dir "$out/ai" "$wasm_dir/release/gomoku_ai_worker.wasm"

# wasm-opt only from binaryen 116 on: Debian's 108 breaks these modules (the page dies at
# init with a WebAssembly.Table.set error), at -Oz and even with only --strip-debug. The
# name section is already gone (wasm-bindgen), so skipping it costs little.
opt_version=$(wasm-opt --version 2>/dev/null | grep -o '[0-9]\+' | head -1 || true)
if [ -n "$opt_version" ] && [ "$opt_version" -ge 116 ]; then
    for f in "$out/gomoku_bg.wasm" "$out/ai/gomoku_ai_worker_bg.wasm"; do
        wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-reference-types \
            --enable-sign-ext --enable-mutable-globals "$f" -o "$f.opt" && mv "$f.opt" "$f" ||
            { echo "wasm-opt failed on $f; keeping it as built" >&2; rm -f "$f.opt"; }
    done
elif [ -n "$opt_version" ]; then
    echo "skipping wasm-opt: binaryen $opt_version is known to break these modules (need 116+)"
fi

cp web/index.html web/ai_worker.js web/sw.js web/manifest.webmanifest "$out/"
cp -r assets "$out/assets"
# The translations and the CJK cuts are compiled into the module: not fetched, not kept.
rm -rf "$out/assets/i18n" "$out"/assets/fonts/*.otf
cp -r web/icons "$out/icons"

# The loading screen's words in every language, from assets/i18n/<tag>/page.json, in the
# page itself in place of `/*PAGE_TEXTS*/null`: it speaks before anything is downloaded,
# and must explain even a failed connection. A JSON text holds no raw line break, so each
# file joins into one line; awk's ENVIRON takes the text as it is (no escapes read, no `&`
# as in sed's replacement).
page_texts="{"
sep=""
for tag in en zh-CN zh-TW ja; do
    page_texts+="$sep\"$tag\":$(tr -d '\r\n' < "assets/i18n/$tag/page.json")"
    sep=,
done
page_texts+="}"
grep -q '/\*PAGE_TEXTS\*/null' "$out/index.html" || { echo "no /*PAGE_TEXTS*/null in index.html" >&2; exit 1; }
PAGE_TEXTS=$page_texts awk '{
    at = index($0, "/*PAGE_TEXTS*/null")
    if (at) $0 = substr($0, 1, at - 1) ENVIRON["PAGE_TEXTS"] substr($0, at + length("/*PAGE_TEXTS*/null"))
    print
}' "$out/index.html" > "$out/index.html.tmp"
mv "$out/index.html.tmp" "$out/index.html"

# The tab's icon as a data: URL in the page, not a file: the browser fetches a page's icon
# on its own just after the page loads, through the service worker, and a fetch that met
# the old version as a new one took over held the takeover 30 s, then hung the reload
# (README: the update). The other icons are fetched only on install.
grep -q 'href="icons/icon-32.png"' "$out/index.html" || { echo "no icons/icon-32.png link in index.html" >&2; exit 1; }
sed -i "s|href=\"icons/icon-32.png\"|href=\"data:image/png;base64,$(base64 -w0 web/icons/icon-32.png)\"|" "$out/index.html"
rm "$out/icons/icon-32.png"

# The build's version (a hash of every file, the page and the service worker's script as
# written in web/) and each file's size, for the service worker (its cache's name and the
# files it keeps for offline play) and the page (its progress bar's totals). Both files
# carry it in place of `/*BUILD*/null`: a new build is a new sw.js, which browsers install.
version=$(cd "$out" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
build="{\"version\":\"$version\",\"files\":{"
sep=""
count=0
while IFS= read -r f; do
    build+="$sep\"$f\":$(stat -c %s "$out/$f")"
    sep=,
    count=$((count + 1))
done < <(cd "$out" && find . -type f ! -name index.html ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
build+="}}"
for f in "$out/index.html" "$out/sw.js"; do
    grep -q '/\*BUILD\*/null' "$f" || { echo "no /*BUILD*/null in $f" >&2; exit 1; }
    sed -i "s|/\*BUILD\*/null|$build|" "$f"
done
echo "build $version: index.html and $count files kept for offline play"

for f in "$out/gomoku_bg.wasm" "$out/ai/gomoku_ai_worker_bg.wasm"; do
    printf '%-36s %9d bytes raw, %9d gzip -9\n' "${f#"$out"/}" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
echo "built $out/ — serve it with: python3 -m http.server -d $out 8080"
