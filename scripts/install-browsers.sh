#!/usr/bin/env bash
# Installs, from Debian's packages, what a command of this project drives and
# this machine lacks; says what it installs, and asks for sudo only when not
# root. One script for `npm start` and for CI (.ci/run):
#   scripts/install-browsers.sh chromium   the demo in Chromium (npm start)
#   scripts/install-browsers.sh firefox    the demo in Firefox (npm start -- --firefox)
#   scripts/install-browsers.sh store      the store screenshots (npm run package): Chromium in every UI language
#   scripts/install-browsers.sh tests      everything npm test drives: both browsers, their
#                                          German and Arabic UI, Xvfb and xdotool
# A browser found elsewhere (CHROMIUM_PATH, FIREFOX_PATH, or on the PATH) is used as it is.
set -euo pipefail

has_chromium() { [ -n "${CHROMIUM_PATH:-}" ] || command -v chromium >/dev/null || [ -x /usr/lib/chromium/chromium ]; }
has_firefox() { [ -n "${FIREFOX_PATH:-}" ] || command -v firefox-esr >/dev/null || command -v firefox >/dev/null; }

missing=()
want_chromium() { has_chromium || missing+=(chromium); }
want_firefox() { has_firefox || missing+=(firefox-esr); }
# The language tests and the store screenshots run the browsers in other languages: Debian ships their UI languages apart.
want_chromium_languages() {
  if [ -d /usr/lib/chromium ] || [[ " ${missing[*]} " == *" chromium "* ]]; then
    [ -e /usr/lib/chromium/locales/ar.pak ] || missing+=(chromium-l10n)
  fi
}
want_languages() {
  want_chromium_languages
  if [ -d /usr/lib/firefox-esr ] || [[ " ${missing[*]} " == *" firefox-esr "* ]]; then
    for lang in de ar; do
      [ -e "/usr/lib/firefox-esr/browser/extensions/langpack-$lang@firefox-esr.mozilla.org.xpi" ] || missing+=("firefox-esr-l10n-$lang")
    done
  fi
}
want_display_tools() {
  command -v Xvfb >/dev/null || missing+=(xvfb xauth)
  command -v xdotool >/dev/null || missing+=(xdotool)
}

case "${1:-}" in
  chromium) want_chromium ;;
  firefox) want_firefox ;;
  store) want_chromium; want_chromium_languages ;;
  tests) want_chromium; want_firefox; want_languages; want_display_tools ;;
  *) echo "usage: $0 chromium|firefox|store|tests" >&2; exit 2 ;;
esac

[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null; then
  echo "Missing: ${missing[*]}. This machine has no apt-get: install them with its own package manager," >&2
  echo "or point CHROMIUM_PATH / FIREFOX_PATH at a browser you have." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages (apt-get)."
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  echo "Not root: sudo will ask for your password."
  sudo_cmd=(sudo)
fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
