#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, vet, every test (the
# packages' own under the race detector; the end-to-end and release tests,
# which drive binaries built without it, beside them), the allocation
# budget, a short run of each fuzz target, then the 120,000-page
# acceptance test. It needs Go and git, and what the tests compare with:
# Node 20 and npm with the packages of the Node fixtures, Hugo, Jekyll and
# its plugins, MkDocs, Sphinx, Pelican, Chromium, xmllint, python3 and
# GoReleaser; .ci/run installs them all on Debian, then runs this. A
# missing one fails the tests that need it. go test -short ./... is the
# quick subset, with Go and git alone.
#
# It prints how long each step took, wall and CPU, and a table of them at
# the end (docs/development.md, "Where CI's time goes").
set -euo pipefail
cd "$(dirname "$0")"

# The tests write and remove over a million files: in memory, when
# /dev/shm is a tmpfs with room, they do not wait on the disk.
# SITEMAPGEN_TEST_TMPDIR names another folder for them.
cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT
if [[ -z ${SITEMAPGEN_TEST_TMPDIR:-} ]] && [[ -d /dev/shm && -w /dev/shm ]] &&
  (($(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}') > 6 * 1024 * 1024)); then
  SITEMAPGEN_TEST_TMPDIR=$(mktemp -d /dev/shm/sitemapgen-test.XXXXXX)
  cleanup+=("$SITEMAPGEN_TEST_TMPDIR")
fi
if [[ -n ${SITEMAPGEN_TEST_TMPDIR:-} ]]; then
  export TMPDIR=$SITEMAPGEN_TEST_TMPDIR
fi

# Step timing: wall seconds, and the CPU seconds (user + system) of the
# commands the step ran, from bash's times (run in this shell: in a
# subshell it would count the subshell's children only).
times_file=$(mktemp)
cleanup+=("$times_file")
cpu_now() {
  times >"$times_file"
  cpu=$(awk 'NR == 2 {split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2]}' "$times_file")
}
steps=()
step_name=
step_wall=0
step_cpu=0
end_step() {
  [[ -n $step_name ]] || return 0
  cpu_now
  local wall=$((SECONDS - step_wall)) used=$((cpu - step_cpu))
  printf '   (%s: %ds wall, %ds CPU)\n' "$step_name" "$wall" "$used"
  steps+=("$(printf '%-34s %6d %6d' "$step_name" "$wall" "$used")")
}
step() {
  end_step
  step_name=$*
  step_wall=$SECONDS
  cpu_now
  step_cpu=$cpu
  printf '\n== %s\n' "$*"
}
summary() {
  end_step
  cpu_now
  printf '\n%-34s %6s %6s\n' "step" "wall s" "CPU s"
  printf '%s\n' "${steps[@]}"
  printf '%-34s %6d %6d\n' "total" "$SECONDS" "$cpu"
}

step gofmt
unformatted=$(gofmt -l .)
if [[ -n $unformatted ]]; then
  printf 'gofmt would change:\n%s\n' "$unformatted" >&2
  exit 1
fi

step go vet
go vet ./...
(cd bench && go vet ./...) # the benchmark helpers, a module of their own
go vet -tags acceptance ./...

# The packages' own tests under the race detector. The end-to-end tests
# (internal/e2e) and the release's (internal/release) run the binary, the
# npm package and GoReleaser as users do, built without it: the race
# detector would watch only their harness, at several times the cost, so
# they run without it, at the same time (much of their time is spent
# waiting on the programs they drive). Each writes to a log of its own,
# printed when both are done.
step go test: -race, and e2e beside it
logs=$(mktemp -d)
cleanup+=("$logs")
mapfile -t own < <(go list ./... | grep -v -e '/internal/e2e$' -e '/internal/release$')
go test -race -timeout 30m "${own[@]}" >"$logs/race" 2>&1 &
race=$!
go test -timeout 30m ./internal/e2e ./internal/release >"$logs/e2e" 2>&1 &
e2e=$!
status=0
wait "$race" || status=1
wait "$e2e" || status=1
cat "$logs/race" "$logs/e2e"
((status == 0)) || exit 1
(cd bench && go test ./...) # the benchmark scripts' smoke tests, in the bench module

# The race detector changes allocation counts, so TestAllocBudget only
# compares them with its budget in a run without it.
step allocation budget
go test -count=1 -run '^TestAllocBudget$' ./internal/pipeline

# Fuzz budgets are counts of executions, not durations: with a duration,
# Go 1.26's fuzzing coordinator can report "context deadline exceeded" as a
# failure when the time runs out while a worker is mid-run
# (golang/go#75804, fixed in Go 1.27). Each count is about 5 seconds of
# fuzzing on 2 cores (100,000 runs where a run is fast; fewer where it
# writes files, runs x/net/html beside the tokenizer or tokenizes whole
# JavaScript projects). FUZZTIME=30s still works for a longer local run.
step fuzz, "${FUZZTIME:=default}" per target
for target in \
  ./internal/config:FuzzParse:50000x \
  ./internal/htmlhead:FuzzHead \
  ./internal/htmlhead:FuzzLexer \
  ./internal/htmlhead:FuzzLinks:20000x \
  ./internal/htmlhead:FuzzImages:20000x \
  ./internal/htmlhead:FuzzSrcset:20000x \
  ./internal/audit:FuzzResolve:20000x \
  ./internal/htmlhead:FuzzNextRedirect \
  ./frontmatter:FuzzSource \
  ./internal/jsconfig:FuzzJSLiterals \
  ./internal/generator:FuzzJSProjects:15000x \
  ./internal/generator:FuzzURLPath:60000x \
  ./internal/generator:FuzzPythonConfig \
  ./internal/hashstate:FuzzLoad \
  ./internal/host:FuzzHostFiles \
  ./internal/host:FuzzRedirects:10000x \
  ./mapping:FuzzLoc:60000x \
  ./mapping:FuzzParseBaseURL \
  ./mapping:FuzzPlainResolver:50000x \
  ./internal/postbuild:FuzzEncodeFeed:60000x \
  ./internal/robots:FuzzParse:20000x \
  ./internal/validate:FuzzCheck:25000x \
  ./writer:FuzzAppendURL:50000x \
  ./writer:FuzzWrite:10000x; do
  IFS=: read -r pkg fn budget <<<"$target"
  [[ $FUZZTIME == default ]] || budget=$FUZZTIME
  go test "$pkg" -run '^$' -fuzz "^$fn\$" -fuzztime "${budget:-100000x}" -fuzzminimizetime 1000x
done

step acceptance: 120,000 pages
go test -tags acceptance -run '^TestAcceptance$' -timeout 30m -v ./internal/e2e

summary
