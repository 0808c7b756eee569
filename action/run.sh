#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): install sitemapgen for the
# runner, put it on the job's PATH, and run it on the built site.
#
# action.yml passes the inputs as these variables (a composite action gets
# no INPUT_* variables of its own), so that a test runs this script as the
# runner does:
#
#   INPUT_VERSION       the release to install: a tag (v1.2.3) or "latest"
#   INPUT_FROM_SOURCE   "true": go install from the action's own checkout
#                       ($GITHUB_ACTION_PATH) instead of downloading
#   INPUT_DIR           DIR, the built site ("" : detected)
#   INPUT_BASE_URL      --base-url
#   INPUT_CONFIG        --config
#   INPUT_GZIP, INPUT_TEXT, INPUT_ROBOTS, INPUT_STRICT
#                       "true" or "false": the flag, or the flag =false
#                       ("" : the settings file's, or the default)
#   INPUT_ARGS          more arguments, split at white space and newlines
#                       (args: | over several lines; no quoting)
#   INPUT_INSTALL_ONLY  "true": install, do not run
#   INPUT_COMPARE_WITH  the base branch's built site (or sitemap file): after
#                       the build, sitemapgen diff reports the change from
#                       it to INPUT_DIR's sitemaps in the job summary
#   INPUT_COMMENT       "true": and as the pull request's comment
#   INPUT_GITHUB_TOKEN  the token the comment is written with
#
# and the runner's own: RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH,
# GITHUB_OUTPUT, GITHUB_ACTION_PATH, GITHUB_STEP_SUMMARY, and those diff
# reads for the comment (GITHUB_REPOSITORY, GITHUB_EVENT_PATH,
# GITHUB_API_URL).
#
# SITEMAPGEN_RELEASES_URL replaces the project's releases address for the
# tests (a loopback server); it is no input of the action.
set -euo pipefail

releases=${SITEMAPGEN_RELEASES_URL:-https://github.com/sitemapgen/sitemapgen/releases}

fail() {
  printf 'sitemapgen: %s\n' "$*" >&2
  exit 1
}

# platform prints the release's name of the runner's system and processor
# (GoReleaser's GOOS_GOARCH).
platform() {
  local os arch
  case ${RUNNER_OS:-$(uname -s)} in
  Linux) os=linux ;;
  macOS | Darwin) os=darwin ;;
  Windows | MINGW* | MSYS* | CYGWIN*) os=windows ;;
  *) fail "no release for the runner's system ${RUNNER_OS:-$(uname -s)}: set from-source: true" ;;
  esac
  case ${RUNNER_ARCH:-$(uname -m)} in
  X64 | x86_64 | amd64) arch=amd64 ;;
  ARM64 | aarch64 | arm64) arch=arm64 ;;
  *) fail "no release for the runner's processor ${RUNNER_ARCH:-$(uname -m)}: set from-source: true" ;;
  esac
  printf '%s_%s\n' "$os" "$arch"
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

fetch() { # URL FILE
  curl --fail --silent --show-error --location --retry 3 --output "$2" "$1" ||
    fail "cannot download $1"
}

# download installs the release's binary into $1.
download() {
  local bindir=$1 tag=${INPUT_VERSION:-latest} tmp sums archive want got plat
  if [[ $tag == latest ]]; then
    # The latest release's page redirects to its tag's.
    tag=$(curl --fail --silent --show-error --location --retry 3 --output /dev/null \
      --write-out '%{url_effective}' "$releases/latest") || fail "cannot find the latest release at $releases/latest"
    tag=${tag##*/}
    [[ $tag == v* ]] || fail "no release found at $releases/latest"
  fi
  plat=$(platform)
  tmp=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sitemapgen.XXXXXX")
  sums=checksums.txt # .goreleaser.yaml's checksum name_template
  fetch "$releases/download/$tag/$sums" "$tmp/$sums"
  # The checksums file names every archive: the runner's is the one whose
  # name ends in _OS_ARCH.
  archive=$(awk -v p="_${plat}." '{ n = $2; sub(/^\*/, "", n) } index(n, p) && (n ~ /\.tar\.gz$/ || n ~ /\.zip$/) { print n; exit }' "$tmp/$sums")
  [[ -n $archive ]] || fail "release $tag has no archive for ${plat/_/ } (set from-source: true to build it)"
  want=$(awk -v n="$archive" '{ m = $2; sub(/^\*/, "", m) } m == n { print $1; exit }' "$tmp/$sums")
  fetch "$releases/download/$tag/$archive" "$tmp/$archive"
  got=$(sha256 "$tmp/$archive")
  [[ $got == "$want" ]] || fail "$archive: checksum $got, but $sums says $want: not installed"
  mkdir -p "$tmp/x"
  case $archive in
  *.zip) unzip -q "$tmp/$archive" -d "$tmp/x" ;;
  *) tar -xzf "$tmp/$archive" -C "$tmp/x" ;;
  esac
  local exe=sitemapgen
  [[ $plat == windows_* ]] && exe=sitemapgen.exe
  local found
  found=$(find "$tmp/x" -type f -name "$exe" | head -n 1)
  [[ -n $found ]] || fail "$archive holds no $exe"
  mkdir -p "$bindir"
  mv "$found" "$bindir/$exe"
  chmod +x "$bindir/$exe"
  rm -rf "$tmp"
  printf 'sitemapgen: installed %s (%s) from %s\n' "$tag" "${plat/_/ }" "$archive" >&2
}

# bool appends --NAME or --NAME=false to args for the input value $2.
bool() {
  case $2 in
  "") ;;
  true) args+=("--$1") ;;
  false) args+=("--$1=false") ;;
  *) fail "input ${1}: \"$2\" is not true or false" ;;
  esac
}

# The arguments first: a bad input fails before anything is installed.
args=()
[[ -z ${INPUT_BASE_URL:-} ]] || args+=(--base-url "$INPUT_BASE_URL")
[[ -z ${INPUT_CONFIG:-} ]] || args+=(--config "$INPUT_CONFIG")
bool gzip "${INPUT_GZIP:-}"
bool text "${INPUT_TEXT:-}"
bool robots "${INPUT_ROBOTS:-}"
bool strict "${INPUT_STRICT:-}"
# -d '': every line of a multi-line args (args: |), not the first alone.
read -r -d '' -a more <<<"${INPUT_ARGS:-}" || true
args+=(${more[@]+"${more[@]}"})
[[ -z ${INPUT_DIR:-} ]] || args+=(-- "$INPUT_DIR")

case ${INPUT_FROM_SOURCE:-false} in true | false) ;; *) fail "input from-source: \"$INPUT_FROM_SOURCE\" is not true or false" ;; esac

# The report: diff writes it (internal/cli/diffreport.go); this passes the
# paths and the token.
report=()
if [[ -n ${INPUT_COMPARE_WITH:-} ]]; then
  [[ -n ${INPUT_DIR:-} ]] || fail "input compare-with: give dir too, the pull request's built site"
  if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
    report+=(--summary "$GITHUB_STEP_SUMMARY")
  else
    report+=(--markdown)
  fi
  case ${INPUT_COMMENT:-true} in
  true) report+=(--comment) ;;
  false) ;;
  *) fail "input comment: \"$INPUT_COMMENT\" is not true or false" ;;
  esac
  [[ -z ${INPUT_BASE_URL:-} ]] || report+=(--base-url "$INPUT_BASE_URL")
  report+=(-- "$INPUT_COMPARE_WITH" "$INPUT_DIR")
fi

bindir=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sitemapgen-bin
if [[ ${INPUT_FROM_SOURCE:-false} == true ]]; then
  [[ -n ${GITHUB_ACTION_PATH:-} ]] || fail "from-source: GITHUB_ACTION_PATH is not set"
  command -v go >/dev/null 2>&1 || fail "from-source: no go on PATH (add actions/setup-go before this step)"
  (cd "$GITHUB_ACTION_PATH" && GOBIN=$bindir go install .) || fail "from-source: go install failed"
  printf 'sitemapgen: installed from source (%s)\n' "$GITHUB_ACTION_PATH" >&2
else
  download "$bindir"
fi
exe=$bindir/sitemapgen
[[ -x $exe ]] || exe=$bindir/sitemapgen.exe
[[ -z ${GITHUB_PATH:-} ]] || printf '%s\n' "$bindir" >>"$GITHUB_PATH"
[[ -z ${GITHUB_OUTPUT:-} ]] || printf 'path=%s\n' "$exe" >>"$GITHUB_OUTPUT"
"$exe" version >&2

[[ ${INPUT_INSTALL_ONLY:-false} != true ]] || exit 0

# A flag a message names is named as the workflow gives it (with:
# base-url), internal/config/runby.go.
export SITEMAPGEN_RUN_BY=action
# sitemapgen's exit status is the step's: a failed build fails the job.
# (${a[@]+…}: macOS' bash 3.2 takes an empty array for an unset one.)
[[ ${#report[@]} -gt 0 ]] || exec "$exe" ${args[@]+"${args[@]}"}
"$exe" ${args[@]+"${args[@]}"}
# diff's 1, a URL gone with no redirect, is in the report, for the
# reviewer: not a failure of the step. 2, a set that cannot be read, is.
status=0
GITHUB_TOKEN=${INPUT_GITHUB_TOKEN:-} "$exe" diff "${report[@]}" || status=$?
[[ $status -le 1 ]] || exit "$status"
