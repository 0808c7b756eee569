#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, then two lanes at once:
#   race  go vet, the packages' own tests under the race detector, the
#         allocation budget without it, a short run of each fuzz target,
#         the release test (GoReleaser's snapshot), and the 120,000-page
#         acceptance test;
#   e2e   the TestLimit* tests (the protocol's limits at full size: tens
#         of thousands of files, 50 MiB, a million lines), the benchmark
#         scripts' smoke tests and the end-to-end tests.
# The end-to-end and release tests drive sitemapgen, npm, the generators
# and GoReleaser as programs, built without the race detector: it would
# watch only the tests' harness, at several times the cost; so do the
# limits, which run in one goroutine.
# It needs Go, git, and Node 20 with npm, and what the tests compare
# with: the packages of the Node fixtures, Hugo, Jekyll and its plugins,
# MkDocs, Sphinx, Pelican, Chromium, xmllint, python3 and GoReleaser. It
# installs those that are missing itself, in the background while the
# steps that need none of them run: Debian's packages with apt-get (as
# root, or with sudo), the fixtures' packages with npm install (pinned by
# their lock files), GoReleaser with go install. SITEMAPGEN_NO_INSTALL=1
# installs nothing: a missing program then fails the tests that need it,
# with the command that installs it. go test -short ./... is the quick
# subset, with Go and git alone. CI runs this (.ci/run).
#
# It prints each lane's output when the lane ends, each step's wall and
# CPU time, and a table of them at the end (docs/development.md, "Where
# CI's time goes").
set -euo pipefail
cd "$(dirname "$0")"

# The tests write and remove over a million files: in memory, when
# /dev/shm is a tmpfs with room, they do not wait on the disk.
# SITEMAPGEN_TEST_TMPDIR names another folder for them.
#
# Every job it starts in the background (the installs, the two lanes) is a
# process group of its own, so that nothing is left running when it stops,
# whatever the reason: at its end the lanes and the npm and GoReleaser
# installs are stopped with all their children, the Debian install (never
# stopped halfway: dpkg would need repair) is waited for, and only then are
# the temporary folders removed.
cleanup=()
stoppable=() # process groups to stop at the end
waited=()    # jobs to wait for at the end
# fuzz_targets prints every fuzz target of the repository, as PKG:NAME
# (./writer:FuzzWrite), one a line, sorted: each func FuzzNAME(f
# *testing.F) of a _test.go file outside node_modules, testdata and
# hidden folders. TestFuzzTargetsRun runs it.
fuzz_targets() {
  find . \( -name node_modules -o -name testdata -o -name '.?*' \) -prune -o -name '*_test.go' -print0 |
    xargs -0 grep -HE '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' |
    sed -E 's,^(.*)/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*)\(.*,\1:\2,' | LC_ALL=C sort
}
# The count of new inputs of a fuzz target test.sh has no count for.
fuzz_default_budget=1700x
background() { # CMD ARGS...: runs CMD in the background in a process group of its own
  set -m
  { set +m; "$@"; } </dev/null &
  set +m
}
finish() {
  local pid
  for pid in "${stoppable[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  # A process group is gone when the signal finds none of it: npm, for
  # one, takes a few seconds to stop; after 20 it is killed.
  local tries=0
  for pid in "${stoppable[@]}"; do
    while kill -0 -- "-$pid" 2>/dev/null; do
      if ((++tries >= 100)); then
        kill -KILL -- "-$pid" 2>/dev/null || true
      fi
      sleep 0.2
    done
  done
  for pid in "${waited[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      echo "test.sh: waiting for apt-get to end before cleaning up" >&2
    fi
  done
  wait
  rm -rf "${cleanup[@]}"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
if [[ -z ${SITEMAPGEN_TEST_TMPDIR:-} ]] && [[ -d /dev/shm && -w /dev/shm ]] &&
  (($(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}') > 6 * 1024 * 1024)); then
  SITEMAPGEN_TEST_TMPDIR=$(mktemp -d /dev/shm/sitemapgen-test.XXXXXX)
  # Searchable by others (not listable): the fault tests run sitemapgen
  # as nobody, as root, in folders made below it; mktemp's 0700 skipped them.
  chmod 0711 "$SITEMAPGEN_TEST_TMPDIR"
  cleanup+=("$SITEMAPGEN_TEST_TMPDIR")
fi
if [[ -n ${SITEMAPGEN_TEST_TMPDIR:-} ]]; then
  export TMPDIR=$SITEMAPGEN_TEST_TMPDIR
fi
work=$(mktemp -d)
cleanup+=("$work")
# What the builds the tests run keep for the next (--cache-dir), in the
# run's folder, not the user's cache folder.
export SITEMAPGEN_CACHE_DIR=$work/cache

# What the tests need, installed when missing, in the background: each
# install, when it ends, writes its name (ok or failed) in
# SITEMAPGEN_CI_READY, and the steps that need it wait for it (ready).
# The installs wait on the network and the disk, the tests on the CPU:
# they run at once. docs/development.md ("Where CI's time goes") has the
# figures.
export PATH="$(go env GOPATH)/bin:$PATH"
# The Node fixtures whose packages the tests run (npm install in each,
# pinned by its package-lock.json): each fixture with a lock file that an
# end-to-end test opens by name, as nodeFixture(t, "NAME"),
# nodeProject(t, "NAME", ...) or hostProject(t, "NAME"). A fixture with a
# lock file and a committed build that no test runs is left out.
npm_fixture_names=()
for lock in internal/e2e/testdata/*/package-lock.json; do
  fixture=${lock%/package-lock.json}
  fixture=${fixture##*/}
  if grep -Eq "(nodeFixture|nodeProject|hostProject)\(t, \"$fixture\"" internal/e2e/*_test.go; then
    npm_fixture_names+=("$fixture")
  fi
done
if [[ -n ${SITEMAPGEN_NO_INSTALL:-} ]]; then
  # Nothing is installed: what is missing is said now, each with what
  # installs it, and nothing runs, rather than failing the tests that
  # need it minutes later, one by one.
  missing=()
  for p in xmllint:libxml2-utils python3:python3 git:git hugo:hugo jekyll:jekyll mkdocs:mkdocs \
    sphinx-build:python3-sphinx pelican:pelican chromium:chromium node:nodejs npm:npm goreleaser:"go install github.com/goreleaser/goreleaser/v2@v2.16.0"; do
    command -v "${p%%:*}" >/dev/null 2>&1 || missing+=("${p%%:*} (${p#*:})")
  done
  for f in "${npm_fixture_names[@]}"; do
    [[ -d internal/e2e/testdata/$f/node_modules ]] || missing+=("the packages of internal/e2e/testdata/$f (npm install --no-audit --no-fund there)")
  done
  if ((${#missing[@]})); then
    printf 'test.sh: SITEMAPGEN_NO_INSTALL=1, and the tests need what is missing:\n' >&2
    printf '  %s\n' "${missing[@]}" >&2
    printf 'test.sh: install it (./test.sh without SITEMAPGEN_NO_INSTALL installs it all), or run go test -short ./..., which needs Go and git alone\n' >&2
    exit 1
  fi
fi
if [[ -z ${SITEMAPGEN_NO_INSTALL:-} ]]; then
  logs=$work/installs
  mkdir "$logs"
  export SITEMAPGEN_CI_READY=$logs/ready
  mkdir "$SITEMAPGEN_CI_READY"
  # install NAME DIR CMD...: runs CMD in DIR in the background, its output
  # in a log; when it ends, says so in SITEMAPGEN_CI_READY/NAME, printing the
  # log of a failure.
  install() {
    local name=$1 dir=$2
    shift 2
    (
      start=$SECONDS
      if (cd "$dir" && "$@") >"$logs/$name.log" 2>&1; then
        printf 'test.sh: %s installed in %ds\n' "$name" "$((SECONDS - start))"
        echo ok >"$SITEMAPGEN_CI_READY/$name.tmp"
      else
        printf 'test.sh: installing %s failed:\n' "$name" >&2
        cat "$logs/$name.log" >&2
        echo failed >"$SITEMAPGEN_CI_READY/$name.tmp"
      fi
      mv "$SITEMAPGEN_CI_READY/$name.tmp" "$SITEMAPGEN_CI_READY/$name"
    )
  }

  need=()
  command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils) # the schema check (internal/sitemaptest)
  command -v python3 >/dev/null 2>&1 || need+=(python3)       # bench/'s smoke tests run bench/ratios.py
  command -v git >/dev/null 2>&1 || need+=(git)               # gitdates and the git lastmod source run the real git
  command -v hugo >/dev/null 2>&1 || need+=(hugo)             # TestHugoSite, TestHugoFrontMatter compare with Hugo's sitemap
  command -v jekyll >/dev/null 2>&1 || need+=(jekyll)         # TestJekyllFrontMatter compares with jekyll-sitemap's
  command -v mkdocs >/dev/null 2>&1 || need+=(mkdocs)         # TestMkDocsSite compares with MkDocs' sitemap
  command -v sphinx-build >/dev/null 2>&1 || need+=(python3-sphinx) # TestSphinxSite
  command -v pelican >/dev/null 2>&1 || need+=(pelican)       # TestPelicanSite
  dpkg -s python3-sphinx-sitemap >/dev/null 2>&1 || need+=(python3-sphinx-sitemap) # TestSphinxSitemapSwitch, TestSphinxSitemapLocales compare with sphinx-sitemap's
  dpkg -s mkdocs-material >/dev/null 2>&1 || need+=(mkdocs-material)               # TestMkDocsMaterialSwitch builds with Material's theme
  command -v chromium >/dev/null 2>&1 || need+=(chromium)     # TestViewer opens sitemap.html in headless Chromium
  dpkg -s ruby-jekyll-sitemap >/dev/null 2>&1 || need+=(ruby-jekyll-sitemap)
  dpkg -s ruby-jekyll-redirect-from >/dev/null 2>&1 || need+=(ruby-jekyll-redirect-from) # the Jekyll fixture's redirect
  dpkg -s ruby-jekyll-seo-tag >/dev/null 2>&1 || need+=(ruby-jekyll-seo-tag)             # TestWatchBesideJekyll, TestJekyllPlugin*, TestJekyllSEOStamps
  dpkg -s ruby-jekyll-last-modified-at >/dev/null 2>&1 || need+=(ruby-jekyll-last-modified-at) # TestJekyllLastModifiedAt
  dpkg -s ruby-jekyll-polyglot >/dev/null 2>&1 || need+=(ruby-jekyll-polyglot)                 # TestJekyllPolyglot
  debian_packages() {
    local sudo=""
    [[ $(id -u) == 0 ]] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    # Another program may hold the package lock (on a new machine, often
    # the first unattended upgrade): wait for it up to 15 minutes. apt-get
    # install waits by itself (DPkg::Lock::Timeout); apt-get update does
    # not, so it is tried again while the lock is the only thing wrong.
    local lock=(-o DPkg::Lock::Timeout=900) err=$logs/apt-update.err start=$SECONDS said=
    until $sudo apt-get "${lock[@]}" update -qq 2>"$err"; do
      if ! grep -q 'Could not get lock' "$err" || ((SECONDS - start >= 900)); then
        cat "$err" >&2
        return 1
      fi
      [[ -n $said ]] || echo "test.sh: another program holds the package lock; waiting for it" >&2
      said=yes
      sleep 5
    done
    cat "$err" >&2
    $sudo apt-get "${lock[@]}" install -y -qq --no-install-recommends "$@"
  }
  if ((${#need[@]})); then
    background install debian . debian_packages "${need[@]}"
    waited+=($!)
  else
    echo ok >"$SITEMAPGEN_CI_READY/debian"
  fi

  # TestAstroSite and TestEleventySite build real Astro and Eleventy sites,
  # TestAstroIntegration and TestEleventyIntegration (npm-astro, npm-eleventy)
  # the same with the npm integrations, TestNetlifyBuild Netlify's own build
  # (npm-netlify, @netlify/build), TestDocusaurusBuild a real Docusaurus
  # build with the plugin (docusaurus), TestVitePressSitemapDates a real
  # VitePress build (vitepress), TestStaticSitemapCLISwitch
  # static-sitemap-cli (sscli), TestHexoSitemapRelSwitch a real Hexo build
  # with hexo-generator-sitemap (hexo): their packages, pinned by the
  # committed package-lock.json files. npm install with the lock installs
  # exactly the versions it pins; npm ci would be stricter, but rejects a
  # lock that lacks the optional packages of other platforms (esbuild's,
  # rollup's), which the registry this runs against does not serve to lock.
  npm_fixture() {
    local lock
    lock=$(mktemp)
    cp package-lock.json "$lock"
    npm install --no-audit --no-fund --loglevel=error
    cmp -s package-lock.json "$lock" || echo "test.sh: warning: npm changed $PWD/package-lock.json" >&2
    rm -f "$lock"
  }
  npm_fixtures() {
    local fixture pids=() status=0
    for fixture in "${npm_fixture_names[@]}"; do
      (cd "internal/e2e/testdata/$fixture" && npm_fixture) &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do
      wait "$pid" || status=1
    done
    return "$status"
  }
  background install npm . npm_fixtures
  stoppable+=($!)

  # internal/release makes a snapshot release with GoReleaser, at this
  # version (the newest whose dependencies the Go module proxy serves that
  # builds with our Go).
  if command -v goreleaser >/dev/null 2>&1; then
    echo ok >"$SITEMAPGEN_CI_READY/goreleaser"
  else
    # Built as the release builds sitemapgen (static, -trimpath): the standard
    # library compiled once for both; GOGC=400, as test.sh compiles (a sixth
    # less CPU for the compiler). GoReleaser's own packages and its
    # dependencies are compiled without the optimizer (-N -l) and linked
    # without DWARF (-w). On a new machine this compile is the largest
    # single thing CI does: 335 CPU s from an empty cache; without the
    # optimizer, 242 for all but the standard library, which stays as the
    # release's linux/amd64 build compiles it. GoReleaser runs here for
    # one snapshot release, whose compiles and archives are the go
    # command's and the standard library's work, optimized as ever.
    background install goreleaser . env CGO_ENABLED=0 GOGC=400 go install -trimpath "-gcflags=all=-N -l" -gcflags=std= -ldflags=-w github.com/goreleaser/goreleaser/v2@v2.16.0
    stoppable+=($!)
  fi
fi

# Most of CI's time is the Go toolchain compiling (the race build, the
# fuzzing build, the end-to-end tests' build, GoReleaser's six platforms).
# With a larger heap goal, GOGC=400, the compiler and the linker spend
# about a sixth less CPU (a cold race build of the standard library: 75
# CPU seconds, 63 with it) for a few hundred MB more a process. The tests
# run with the GOGC they would have had (go test -exec, "${tests[@]}"):
# some bound memory, and sitemapgen runs in them as users run it. A GOGC
# set from outside is left alone.
tests=()
exec=() # the same, for a test binary run without go test
if [[ -z ${GOGC+set} ]]; then
  export GOGC=400
  tests=(-exec "env -u GOGC")
  exec=(env -u GOGC)
fi
# Each go test links its test binaries afresh, cache or not (61 under the
# race detector, 27 instrumented for fuzzing, 15 more): without
# DWARF (-ldflags=-w), which no test reads (a panic's stack and the race
# detector's report, file and line, come from the binary's own tables, as
# does the fuzzer's coverage), a link takes a third less CPU (a race test
# binary: 1.4 CPU s, 0.95 without), about 40 CPU s a run. The compiles
# are the same: the linker's flags are not in their keys.
link=(-ldflags=-w)

# Step timing: wall seconds, and the CPU seconds (user + system) of the
# commands the step ran, from bash's times: run in the shell that ran
# them (a lane's subshell counts its own), never in $(...).
cpu_now() {
  local file=$work/times.$BASHPID
  times >"$file"
  cpu=$(awk 'NR == 2 {split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2]}' "$file")
}
lane=main
step_name=
end_step() {
  [[ -n $step_name ]] || return 0
  cpu_now
  local wall=$((SECONDS - step_wall)) used=$((cpu - step_cpu))
  printf '   (%s: %ds wall, %ds CPU)\n' "$step_name" "$wall" "$used"
  printf '%-5s %-44s %6d %6d\n' "$lane" "$step_name" "$wall" "$used" >>"$work/table"
  step_name=
}
step() {
  end_step
  # An install that failed stops the lane before its next step: the
  # tests would fail for want of it, minutes later (the install said why
  # when it failed).
  local f
  for f in "${SITEMAPGEN_CI_READY:-/nonexistent}"/*; do
    if [[ $f != *.tmp && -f $f && $(<"$f") == failed ]]; then
      printf 'test.sh: %s could not be installed: lane %s stops before %s\n' "${f##*/}" "$lane" "$*"
      return 1
    fi
  done
  step_name=$*
  step_wall=$SECONDS
  cpu_now
  step_cpu=$cpu
  printf '\n== %s: %s\n' "$lane" "$*"
}

# gotest runs go test with its arguments, printing what go test prints
# without -v (each package's line, a failing test's output) and also a
# line for each test skipped, with its reason: no test is left out
# unseen; then the slowest top-level tests, with their wall seconds
# (where the step's time went). The exit status is go test's.
gotest() {
  go test -json "$@" | python3 -c '
import json, sys
out = {}
slow = []
for line in sys.stdin:
    try:
        e = json.loads(line)
    except ValueError:
        print(line, end="")
        continue
    key, act = (e.get("Package"), e.get("Test")), e.get("Action")
    if act == "build-output":
        print(e.get("Output", ""), end="", flush=True)
        continue
    if act == "output":
        out.setdefault(key, []).append(e["Output"])
    elif act == "skip" and key[1]:
        said = [l.strip() for l in out.get(key, []) if l.strip() and not l.startswith(("=== ", "--- "))]
        print("--- SKIP: %s (%s): %s" % (key[1], key[0], " ".join(said) or "no reason given"), flush=True)
    elif act == "fail":
        if not key[1]:
            # A package that fails with no test failed (a timeout, a
            # panic): what its tests still running printed says why.
            for k in [k for k in out if k[0] == key[0] and k[1]]:
                print("".join(out.pop(k)), end="", flush=True)
        print("".join(out.get(key, [])), end="", flush=True)
    elif act in ("pass", "skip") and not key[1]:
        print("".join(l for l in out.get(key, []) if not l.startswith(("PASS", "=== ", "--- "))), end="", flush=True)
    if act in ("pass", "fail", "skip"):
        out.pop(key, None)
        if key[1] and "/" not in key[1] and e.get("Elapsed", 0) >= 10:
            slow.append((e["Elapsed"], key[1], key[0].rsplit("/", 1)[-1]))
if slow:
    print("slowest tests (wall s, 10 s or more):", ", ".join("%s %s %.0f" % (p, t, s) for s, t, p in sorted(slow, reverse=True)[:12]), flush=True)
'
}

# ready NAME waits until the install of NAME above ends, and fails when
# it failed. With SITEMAPGEN_NO_INSTALL, nothing is waited for.
ready() {
  [[ -n ${SITEMAPGEN_CI_READY:-} ]] || return 0
  local t=$SECONDS
  until [[ -s $SITEMAPGEN_CI_READY/$1 ]]; do sleep 1; done
  if [[ $(<"$SITEMAPGEN_CI_READY/$1") != ok ]]; then
    printf 'test.sh: could not install %s\n' "$1" >&2
    return 1
  fi
  printf '   (waited %ds for the install of %s)\n' "$((SECONDS - t))" "$1"
}

step gofmt
unformatted=$(gofmt -l .)
if [[ -n $unformatted ]]; then
  printf 'gofmt would change:\n%s\n' "$unformatted" >&2
  exit 1
fi

# The packages, compiled once for both lanes, before they start: the
# race lane's go vet and the end-to-end tests' build (and the sitemapgen
# they build) need the same compiles, without the race detector. Two go
# commands that start at once both compile what neither finds in the
# cache: when the lanes began with them side by side, a cold run
# compiled it all twice (199 CPU s, against 145 one after the other).
# The installs run meanwhile.
step "compile (for both lanes)"
go build ./...
go test "${link[@]}" -count=1 -exec true ./internal/e2e >/dev/null

end_step

mapfile -t own < <(go list ./... | grep -v -e '/internal/e2e$' -e '/internal/release$')
mapfile -t limits < <(git ls-files '*_test.go' | xargs grep -l '^func TestLimit' | xargs -n1 dirname | sort -u | sed 's|^|./|')

# lane_end, on a lane's exit: a step it was in when it failed gets its
# row (FAILED) in the table, and each step it did not reach a line and a
# row (not run): a lane that stops early leaves nothing out unseen.
lane_end() {
  local status=$? planned row
  if ((status != 0)) && [[ -n $step_name ]]; then
    printf '   (%s: FAILED)\n' "$step_name"
    step_name+=" (FAILED)"
  fi
  end_step
  for planned in "${lane_steps[@]}"; do
    printf -v row '%-5s %s' "$lane" "$planned"
    if ! grep -qF -- "$row" "$work/table"; then
      printf 'test.sh: lane %s stopped: step not run: %s\n' "$lane" "$planned"
      printf '%-5s %-44s %6s %6s\n' "$lane" "$planned (not run)" - - >>"$work/table"
    fi
  done
  return "$status"
}

race_lane() {
  lane=race
  lane_steps=("go vet" "go test -race (the packages' own)" "allocation budget" "fuzz, ${FUZZTIME:-default} per target" "go test (release)" "acceptance: 120,000 pages")
  trap lane_end EXIT
  step go vet
  go vet ./...
  (cd bench && go vet ./...) # the benchmark helpers, a module of their own
  go vet -tags acceptance ./internal/e2e
  # The release ships Windows binaries: the whole binary builds for
  # Windows, and the packages with code of their own there (the fuzz
  # bound's CPU time, the JS transform's inherited pipes) vet clean with
  # their tests. Most packages' tests make FIFOs, which Windows has not.
  # Built as GoReleaser builds it (static, -trimpath; the link's flags
  # change no compile): the release test's windows/amd64 build then finds
  # the standard library and the dependencies compiled, which with other
  # flags it compiled again (75 CPU s).
  CGO_ENABLED=0 GOOS=windows go build -trimpath -o /dev/null .
  CGO_ENABLED=0 GOOS=windows go vet -trimpath ./internal/fuzzbound ./internal/command

  # Some packages' own tests compare with Hugo, Jekyll or xmllint:
  # Debian's install is done by now, most often (go vet compiled first).
  step "go test -race (the packages' own)"
  ready debian
  gotest "${tests[@]}" "${link[@]}" -race -timeout 30m -skip '^TestLimit' "${own[@]}"

  # The race detector changes allocation counts, so TestAllocBudget and
  # TestPassWork only compare them with their budgets in a run without it.
  step allocation budget
  go test "${tests[@]}" "${link[@]}" -count=1 -run '^(TestAllocBudget|TestPassWork)$' ./internal/pipeline
  go test "${tests[@]}" "${link[@]}" -count=1 -run '^(TestMapHreflangAllocs|TestMapCanonicalAllocs|TestHreflangAllocs|TestDirOpenat)$' ./mapping ./internal/htmlhead ./walker

  # Fuzz budgets are counts of executions, not durations: with a
  # duration, Go 1.26's fuzzing coordinator can report "context deadline
  # exceeded" as a failure when the time runs out while a worker is
  # mid-run (golang/go#75804, fixed in Go 1.27). Each count is about half
  # a second of fuzzing on 2 cores, on top of the seed corpora, which run
  # whole. FUZZTIME=30s still works for a longer local run.
  # Each package's test binary is built once, instrumented for fuzzing,
  # and run for each of its targets as go test -fuzz runs it: in the
  # package's folder, with the flags go test gives it and the corpus it
  # keeps in the build cache. A go test -fuzz a target linked the binary
  # again for each, and cost 0.65 CPU s more than a run of the binary.
  # The instrumentation is go test -fuzz's (the compiler's -d=libfuzzer
  # coverage counters, which guide the fuzzer to new inputs), on our
  # packages only: go test -fuzz instrumented the standard library and
  # the dependencies too, and compiled them all again for it (about 90
  # CPU s of a cold run for the standard library, 22 for the 42 packages
  # of the dependencies), for coverage of code no target is there to
  # test. Uninstrumented, they are the compiles the step before cached.
  # The fuzzer still finds new inputs by the coverage of ours.
  step "fuzz, ${FUZZTIME:-default} per target"
  local target pkg fn budget bin path dir
  local -A fuzzdir fuzzcache
  local gocache
  gocache=$(go env GOCACHE)
  mkdir "$work/fuzz"
  # Each target's count of new inputs. Every target fuzz_targets finds
  # runs: one with no count here runs fuzz_default_budget inputs, so a
  # new target needs no line.
  local targets
  targets=$(fuzz_targets)
  local -A fuzz_budget=(
    [./internal/config:FuzzParse]=3300x
    [./internal/htmlhead:FuzzHead]=6700x
    [./internal/htmlhead:FuzzLexer]=8300x
    [./internal/htmlhead:FuzzLinks]=3300x
    [./internal/htmlhead:FuzzImages]=3300x
    [./internal/htmlhead:FuzzSrcset]=3300x
    [./internal/htmlhead:FuzzJSONLD]=3300x
    [./internal/htmlhead:FuzzStructured]=6700x
    [./internal/audit:FuzzResolve]=1700x
    [./internal/audit:FuzzAudit]=1000x
    [./internal/htmlhead:FuzzNextRedirect]=8300x
    [./frontmatter:FuzzSource]=5000x
    [./frontmatter:FuzzParseDate]=6700x
    [./frontmatter:FuzzJavaScript]=3300x
    [./internal/jsconfig:FuzzJSLiterals]=8300x
    [./internal/jsconfig:FuzzLexAgainstTdewolff]=10000x
    [./internal/generator/astro:FuzzProject]=800x
    [./internal/generator/docusaurus:FuzzProject]=800x
    [./internal/generator/eleventy:FuzzProject]=800x
    [./internal/generator/gatsby:FuzzProject]=800x
    [./internal/generator/next:FuzzProject]=800x
    [./internal/generator/nuxt:FuzzProject]=800x
    [./internal/generator/sveltekit:FuzzProject]=800x
    [./internal/generator/vitepress:FuzzProject]=800x
    [./internal/generator/registry:FuzzURLPath]=5000x
    [./internal/generator/internal/pyconf:FuzzPythonConfig]=5000x
    [./internal/generator/internal/jscode:FuzzParse]=3300x
    [./internal/generator/astro:FuzzImportedCollection]=1700x
    [./internal/generator/astro:FuzzTSConfig]=1700x
    [./internal/generator/starlight:FuzzDetect]=800x
    [./internal/generator/next:FuzzMarkdownRoutes]=1700x
    [./internal/generator/sveltekit:FuzzRoutes]=1700x
    [./internal/generator/nuxt:FuzzCollections]=800x
    [./internal/project:FuzzFeed]=3300x
    [./internal/generator/gatsby:FuzzReadPosts]=1700x
    [./internal/generator/hexo:FuzzConfig]=3300x
    [./internal/generator/eleventy:FuzzDataFile]=1700x
    [./internal/generator/pelican:FuzzReadMeta]=5000x
    [./internal/generator/mkdocs:FuzzSitemapTemplate]=3300x
    [./internal/extraurls:FuzzRead]=5000x
    [./internal/hashstate:FuzzLoad]=5000x
    [./internal/gitdates:FuzzDecodeCache]=8300x
    [./internal/pipeline:FuzzFMCache]=5000x
    [./internal/pipeline:FuzzSourceLinks]=1700x
    [./internal/host:FuzzHostFiles]=5000x
    [./internal/host:FuzzRedirects]=800x
    [./internal/host:FuzzNetlifySettings]=2000x
    [./mapping:FuzzLoc]=4200x
    [./mapping:FuzzParseBaseURL]=6700x
    [./mapping:FuzzPlainResolver]=6700x
    [./mapping:FuzzCanonicalElsewhere]=6700x
    [./internal/postbuild:FuzzEncodeFeed]=4200x
    [./internal/robots:FuzzParse]=3300x
    [./internal/validate:FuzzCheck]=1700x
    [./writer:FuzzAppendURL]=3300x
    [./writer:FuzzWrite]=700x
    [./writer:FuzzSplice]=200x
  )
  # The test binaries, built by one go command: it compiles and links
  # several packages at once, where one a package left a CPU idle while
  # it linked (PKG.test in the folder, by the package's last path element).
  local -a fuzzpkgs
  mapfile -t fuzzpkgs < <(cut -d: -f1 <<<"$targets" | sort -u)
  go test -c "${link[@]}" -o "$work/fuzz/" -gcflags=github.com/sitemapgen/sitemapgen/...=-d=libfuzzer "${fuzzpkgs[@]}"
  while read -r path dir; do
    pkg=./${dir#"$PWD"/}
    fuzzcache[$pkg]=$gocache/fuzz/$path fuzzdir[$pkg]=$dir
  done < <(go list -f '{{.ImportPath}} {{.Dir}}' "${fuzzpkgs[@]}")
  for target in $targets; do
    IFS=: read -r pkg fn <<<"$target"
    budget=${fuzz_budget[$target]:-$fuzz_default_budget}
    bin=$work/fuzz/${pkg##*/}.test
    printf '%s %s\n' "$pkg" "$fn"
    (cd "${fuzzdir[$pkg]}" && "${exec[@]}" "$bin" -test.paniconexit0 -test.timeout=10m0s -test.run '^$' -test.fuzz "^$fn\$" \
      -test.fuzztime "${FUZZTIME:-$budget}" -test.fuzzminimizetime 1000x -test.fuzzcachedir "${fuzzcache[$pkg]}")
  done

  # Last here, where the lane ends before the other: the six platforms
  # compile while the end-to-end tests run. Two of them find their
  # compiles done: linux/amd64 GoReleaser's own go install's, and
  # windows/amd64 the vet step's; the other four are compiled cold
  # (75 CPU s each). All six stay: no two compile the same code (linux's
  # arm64 build has x/sys/unix's arm64 constants and types, which
  # watch/rawstat_linux.go's raw stat uses; darwin's and windows' pairs
  # differ in the standard library's and the dependencies' files for
  # each architecture), and a platform left out would be found broken by
  # the release itself.
  # With the toolchain's GOGC: GoReleaser compiles its six platforms
  # under it, and nothing here bounds memory.
  step "go test (release)"
  ready goreleaser
  gotest "${link[@]}" -timeout 30m ./internal/release

  # Here, not after the end-to-end tests: this lane ends first, and the
  # two lanes end together with it here.
  step acceptance: 120,000 pages
  ready debian # xmllint, for the schema check
  go test "${tests[@]}" "${link[@]}" -tags acceptance -run '^TestAcceptance$' -timeout 30m -v ./internal/e2e
  end_step
}

e2e_lane() {
  lane=e2e
  lane_steps=("go test (TestLimit*, bench, e2e)")
  trap lane_end EXIT
  step "go test (TestLimit*, bench, e2e)"
  # The limits and the benchmark scripts' smoke tests need xmllint and
  # python3, not the Node fixtures' packages, which come last.
  ready debian
  gotest "${tests[@]}" "${link[@]}" -timeout 30m -run '^TestLimit' "${limits[@]}"
  (cd bench && go test "${tests[@]}" "${link[@]}" ./...) # the bench module's own
  ready npm
  gotest "${tests[@]}" "${link[@]}" -timeout 30m ./internal/e2e
  end_step
}

# The lanes, each with its output in a log, printed when it ends; the
# first to fail does not stop the other.
background race_lane >"$work/race.log" 2>&1
pids=($!)
background e2e_lane >"$work/e2e.log" 2>&1
pids+=($!)
stoppable+=("${pids[@]}")
declare -A lanes=([${pids[0]}]=race [${pids[1]}]=e2e)
status=0
while ((${#lanes[@]})); do
  if wait -n -p done "${!lanes[@]}"; then
    ok=ok
  else
    ok=FAILED
    status=1
  fi
  printf '\n==== lane %s: %s\n' "${lanes[$done]}" "$ok"
  cat "$work/${lanes[$done]}.log"
  unset "lanes[$done]"
done

printf '\n%-5s %-44s %6s %6s\n' "lane" "step" "wall s" "CPU s"
for lane in main race e2e; do
  grep "^$lane " "$work/table" || true
done
cpu_now
printf '%-50s %6d %6d\n' "total" "$SECONDS" "$cpu"
if ((status == 0)) && [[ -z ${SITEMAPGEN_NO_INSTALL:-} ]]; then
  wait # the installs still under way
  for name in debian npm goreleaser; do
    [[ -f $SITEMAPGEN_CI_READY/$name && $(<"$SITEMAPGEN_CI_READY/$name") == ok ]] || status=1
  done
fi
exit "$status"
