#!/usr/bin/env bash
# pack.sh DISTDIR OUTDIR VERSION: the npm tarballs of a release, made with
# npm pack (offline) from the binaries GoReleaser built into DISTDIR
# (DISTDIR/sitemapgen_<goos>_<goarch>*/sitemapgen[.exe]): OUTDIR gets
# sitemapgen-VERSION.tgz, the main package, and sitemapgen-<os>-<cpu>-VERSION.tgz
# for each of the six platforms. A platform whose binary is missing fails
# the script, unless SITEMAPGEN_PACK_PARTIAL=1 (tests that build the host's
# binary alone): then the main package depends on the platforms packed
# only, so that installing it asks no registry for the others.
set -euo pipefail

if (($# != 3)); then
  echo "usage: npm/pack.sh DISTDIR OUTDIR VERSION" >&2
  exit 2
fi
dist=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
version=${3#v}
here=$(cd "$(dirname "$0")" && pwd)
readme=$here/../README.md

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

pack() { # pack DIR: npm pack DIR into OUTDIR, offline, saying nothing but errors
  licence "$1"
  (cd "$1" && npm pack --offline --silent --pack-destination "$out" >/dev/null)
}

licence() { # licence DIR: the repository's licence file into DIR
  cp "$here/../LICENSE" "$1/"
}

packed=0
names=() # the platform packages packed
for target in linux/amd64/linux/x64 linux/arm64/linux/arm64 darwin/amd64/darwin/x64 \
  darwin/arm64/darwin/arm64 windows/amd64/win32/x64 windows/arm64/win32/arm64; do
  IFS=/ read -r goos goarch os cpu <<<"$target"
  exe=sitemapgen
  [[ $goos == windows ]] && exe=sitemapgen.exe
  bins=("$dist"/sitemapgen_"${goos}"_"${goarch}"*/"$exe")
  if [[ ! -f ${bins[0]} ]]; then
    if [[ ${SITEMAPGEN_PACK_PARTIAL:-} == 1 ]]; then
      continue
    fi
    echo "npm/pack.sh: no $goos/$goarch binary: want $dist/sitemapgen_${goos}_${goarch}*/$exe" >&2
    exit 1
  fi
  if ((${#bins[@]} > 1)); then
    echo "npm/pack.sh: more than one $goos/$goarch binary in $dist: ${bins[*]}" >&2
    exit 1
  fi
  pkg=$stage/$os-$cpu
  mkdir -p "$pkg/bin"
  cp "${bins[0]}" "$pkg/bin/$exe"
  chmod 755 "$pkg/bin/$exe"
  cat >"$pkg/package.json" <<JSON
{
  "name": "@sitemapgen/$os-$cpu",
  "version": "$version",
  "description": "The sitemapgen binary for $os $cpu, installed by the sitemapgen package",
  "license": "MIT",
  "homepage": "https://github.com/sitemapgen/sitemapgen",
  "repository": {"type": "git", "url": "git+https://github.com/sitemapgen/sitemapgen.git"},
  "os": ["$os"],
  "cpu": ["$cpu"],
  "preferUnplugged": true,
  "files": ["bin/"]
}
JSON
  cat >"$pkg/README.md" <<MD
# @sitemapgen/$os-$cpu

The \`sitemapgen\` binary for $os on $cpu. Install
[\`sitemapgen\`](https://www.npmjs.com/package/sitemapgen), not this package: it
depends on this one (an optional dependency, installed on $os $cpu only) and
runs its binary.
MD
  pack "$pkg"
  packed=$((packed + 1))
  names+=("@sitemapgen/$os-$cpu")
done
if ((packed == 0)); then
  echo "npm/pack.sh: no binary in $dist (want sitemapgen_<goos>_<goarch>*/sitemapgen)" >&2
  exit 1
fi

main=$stage/sitemapgen
cp -R "$here/sitemapgen" "$main"
rm -rf "$main/node_modules" "$main/test"
node - "$main/package.json" "$version" "${names[@]}" <<'JS'
const fs = require("node:fs");
const [file, version, ...packed] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
pkg.version = version;
for (const name of Object.keys(pkg.optionalDependencies)) {
  if (packed.includes(name)) {
    pkg.optionalDependencies[name] = version;
  } else {
    delete pkg.optionalDependencies[name]; // SITEMAPGEN_PACK_PARTIAL=1 only
  }
}
fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
JS
pack "$main"
