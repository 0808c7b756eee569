# bench/lib.sh, sourced by the benchmark scripts: where they keep their
# binaries and sites, and the generated sites (bench/gensite,
# internal/sitegen), made once a size and kept for the next run.
#
# BENCH_DIR (default $TMPDIR, else /tmp) holds
#   sitemapgen-bench-bin/      the binaries: sitemapgen, gensite,
#                              checksitemaps and the scripts' helpers
#   sitemapgen-site-PAGES/     a generated site of PAGES pages (site/) and
#                              its manifest (manifest.tsv), beside the
#                              scripts' output folders

base=${BENCH_DIR:-${TMPDIR:-/tmp}}
bin=$base/sitemapgen-bench-bin
mkdir -p "$bin"

# bench_tools builds the site generator and the schema check into $bin.
bench_tools() {
  go -C bench build -o "$(realpath -m "$bin")/" ./gensite ./checksitemaps
}

# gen_site WORK PAGES makes WORK/site, a generated site of PAGES pages,
# with its manifest WORK/manifest.tsv, unless they are there already.
gen_site() {
  local work=$1 pages=$2
  [[ -f $work/manifest.tsv ]] && return
  rm -rf "$work"
  mkdir -p "$work"
  echo "generating $pages pages in $work ..." >&2
  "$bin/gensite" --manifest "$work/manifest.tsv.tmp" "$work/site" "$pages" 2>/dev/null
  mv "$work/manifest.tsv.tmp" "$work/manifest.tsv"
}

# build_rev REV builds the revision REV (a commit, tag or branch; its
# tree exported with git archive into a temporary folder, then go build
# -trimpath) into $bin/sitemapgen@SHORT, and prints SHORT, its short
# commit. -trimpath leaves the folder out of the compiles' keys: a
# second build of the same revision, in a folder of its own, finds them
# in Go's cache (2 CPU s, not 30: the smoke tests build HEAD twice).
build_rev() {
  local rev src
  rev=$(git rev-parse --short "$1^{commit}")
  src=$(mktemp -d "$base/sitemapgen-bench-src-XXXXXX")
  git archive "$rev" | tar -x -C "$src"
  if ! (cd "$src" && go build -trimpath -o "$bin/sitemapgen@$rev" .); then
    rm -rf "$src"
    return 1
  fi
  rm -rf "$src"
  echo "$rev"
}
