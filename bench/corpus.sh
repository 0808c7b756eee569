#!/usr/bin/env bash
# bench/corpus.sh DIR [NAME ...]: sitemapgen on a corpus of real public
# projects, against each generator's own sitemap and dates (bench/CORPUS.md).
#
# DIR holds one folder a project, each a git clone with its full history
# checked out at the commit to build, and in it a recipe, NAME/.corpus, a
# shell file of these variables:
#   generator=hugo               the generator, for the table
#   repo=gohugoio/hugoDocs       its repository (owner/name)
#   commit=fc0ecc027...          the commit built (the clone's HEAD)
#   project=.                    the folder in the clone where the generator
#                                and sitemapgen run (default .)
#   output=public                the built site, under project
#   build='hugo'                 the build command (bash, run in project)
#   sitemaps='sitemap.xml'       the generator's own sitemap files under
#                                output (globs); empty: ref_cmd lists the pages
#   ref_cmd='...'                prints the listable URLs, one a line, when
#                                the generator writes no sitemap
#   truth='sitemap'              where the true dates come from, first that
#                                knows: sitemap, html:REGEXP, git:DIR,
#                                frontmatter:DIR (the source's own date;
#                                PREFIX=DIR for URLs under PREFIX);
#                                none:REGEXP, URLs judged to have none
#                                (bench/corpuscmp); space-separated, so a
#                                REGEXP writes a space \s
#   truth_zone=''                the zone (IANA name) a true date that is a
#                                day alone is written in (Asia/Taipei: a
#                                Pelican theme prints the day in the site's
#                                TIMEZONE); ours is read in it alone. Default:
#                                the day in our date's own zone or in UTC
#   base=''                      the base URL, when it has a path
#   includes=''                  pages built from several files (git: truths):
#                                URLPATH=FILE,FILE ... (relative to project)
#   drop='' pages=''             regexps of judgement: the generator's URLs
#                                that are no pages; our URLs that are pages the
#                                generator leaves out
#   notes=''                     the table's notes for the project
# The recipe may define a function prepare (run in project before build:
# dependencies, a config the build needs offline). Both see CORPUS_DIR (DIR)
# and CORPUS_OUT (NAME/.corpus-out, a scratch folder of the run).
#
# For each project (all of DIR, or the NAMEs given) it builds the site, keeps
# the generator's sitemaps in NAME/.corpus-out/gen, runs plain sitemapgen in
# the project folder as a new user would (no flags: it takes the generator's
# sitemaps over), keeps ours in NAME/.corpus-out/ours, and prints one row of
# the table (bench/corpuscmp); every difference is listed in
# NAME/.corpus-out/diff.txt, the build's and sitemapgen's output beside it.
#
# SITEMAPGEN names the binary (default: built from this tree). Not part of
# CI: the projects are not ours to commit.
set -euo pipefail

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in
  -h|--help) usage; exit 0 ;;
  '') usage >&2; exit 2 ;;
esac
corpus=$(realpath "$1")
shift
repo_root=$(cd "$(dirname "$0")/.." && pwd)
# The run is one function, called on the script's last line: bash reads a
# script as it goes, so an edit of this file during a run would otherwise
# make it read on at the same byte offset of the new text.
main() {
  tools=${TMPDIR:-/tmp}/sitemapgen-corpus-bin
  mkdir -p "$tools"
  if [[ -z ${SITEMAPGEN:-} ]]; then
    go -C "$repo_root" build -o "$tools/sitemapgen" .
    SITEMAPGEN=$tools/sitemapgen
  fi
  go -C "$repo_root/bench" build -o "$tools/" ./corpuscmp

  names=("$@")
  if [[ ${#names[@]} -eq 0 ]]; then
    for r in "$corpus"/*/.corpus; do
      names+=("$(basename "$(dirname "$r")")")
    done
  fi

  echo "| project | generator | repo@commit | URLs generator / ours | recall | extras | lastmod agree | stamps written | notes |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  start_all=$SECONDS
  for name in "${names[@]}"; do
    set +e
    (
      set -e
      clone=$corpus/$name
      generator='' repo='' commit='' project=. output='' build='' sitemaps=''
      ref_cmd='' truth=sitemap truth_zone='' base='' includes='' drop='' pages='' notes=''
      prepare() { :; }
      # shellcheck disable=SC1091
      source "$clone/.corpus"
      out=$clone/.corpus-out
      rm -rf "$out"
      mkdir -p "$out/gen" "$out/ours"
      export CORPUS_DIR=$corpus CORPUS_OUT=$out
      grep -qxF '.corpus*' "$clone/.git/info/exclude" 2>/dev/null || echo '.corpus*' >>"$clone/.git/info/exclude"
      head=$(git -C "$clone" rev-parse HEAD)
      if [[ $head != "$commit"* ]]; then
        echo "$name: HEAD is $head, the recipe says $commit" >&2
      fi
      cd "$clone/$project"
      case $output in
        '' | . | /* | *..*) echo "$name: output=$output must name a folder inside the project" >&2; exit 0 ;;
      esac
      rm -rf "$output"
      t0=$SECONDS
      if ! (prepare && bash -c "$build") >"$out/build.log" 2>&1; then
        echo "| $name | $generator | $repo@${commit:0:10} | build failed: $out/build.log | | | | | |"
        exit 0
      fi
      build_s=$((SECONDS - t0))
      if [[ -n $sitemaps ]]; then
        # A glob that names no file is skipped (an "&&" here would end the
        # loop, and so the project's subshell, with a failure under set -e).
        (cd "$output" && for f in $sitemaps; do if [[ -f $f ]]; then cp "$f" "$out/gen/$(echo "$f" | tr / _)"; fi; done)
        src=(--gen "$out/gen")
      else
        bash -c "$ref_cmd" >"$out/ref.txt"
        src=(--ref "$out/ref.txt")
      fi
      touch "$out/built"
      t0=$SECONDS
      status=0
      "$SITEMAPGEN" >"$out/sitemapgen.log" 2>&1 || status=$?
      run_s=$((SECONDS - t0))
      if [[ $status -ne 0 ]]; then
        notes="sitemapgen exit $status${notes:+; $notes}"
      fi
      # Ours: the sitemap files the run wrote (newer than the build's end;
      # none when it failed).
      find "$output" -maxdepth 1 -name 'sitemap*.xml' -newer "$out/built" -exec cp {} "$out/ours/" \;
      # A comparison that fails (a recipe's bad regexp) is this project's
      # row, not the end of the run.
      if ! "$tools/corpuscmp" --name "$name" --generator "$generator" --repo "$repo" --commit "$head" \
        "${src[@]}" --ours "$out/ours" --site "$output" --project . --base "$base" \
        --truth "$truth" --truth-zone "$truth_zone" --includes "$includes" --drop "$drop" --pages "$pages" \
        --head "$(git log -1 --format=%cI)" --details "$out/diff.txt" \
        --notes "${notes:+$notes; }build ${build_s} s, sitemapgen ${run_s} s" 2>"$out/corpuscmp.log"; then
        echo "| $name | $generator | $repo@${commit:0:10} | corpuscmp failed: $(cell "$(head -n 1 "$out/corpuscmp.log")") | | | | | |"
      fi
    )
    # Any other failure of the project's subshell (set -e) is its row too.
    # (Not "( ... ) || ...": that would turn set -e off inside.)
    status=$?
    set -e
    if [[ $status -ne 0 ]]; then
      echo "| $name | | | failed (exit $status) | | | | | |"
    fi
  done
  echo
  echo "$(basename "$0") took $((SECONDS - start_all)) s"
}

# cell escapes the pipes of a text for one cell of the table.
cell() { printf '%s' "${1//|/\\|}"; }

main "$@"; exit
