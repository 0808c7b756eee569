#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, vet, every test with the
# race detector, the allocation budget without it, a short run of each
# fuzz target, then the 120,000-page acceptance test. Needs Go, python3
# and xmllint (Debian: libxml2-utils), and the shared folder beside the
# repository (../shared).
set -euo pipefail
cd "$(dirname "$0")"

step() { printf '\n== %s\n' "$*"; }

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

step go test -race
go test -race -timeout 30m ./...
(cd bench && go test ./...) # the benchmark scripts' smoke tests, in the bench module

# The race detector changes allocation counts, so TestAllocBudget only
# compares them with its budget in a run without it.
step allocation budget
go test -count=1 -run '^TestAllocBudget$' ./internal/pipeline

# Fuzz budgets are counts of executions, not durations: with a duration,
# Go 1.26's fuzzing coordinator can report "context deadline exceeded" as a
# failure when the time runs out while a worker is mid-run
# (golang/go#75804, fixed in Go 1.27). 100,000 runs take 3 to 6 seconds a
# target here. FUZZTIME=30s still works for a longer local run.
step fuzz, "${FUZZTIME:=100000x}" per target
for target in \
  ./internal/config:FuzzParse \
  ./internal/htmlhead:FuzzHead \
  ./internal/htmlhead:FuzzLexer \
  ./internal/htmlhead:FuzzLinks:20000x \
  ./internal/htmlhead:FuzzImages:20000x \
  ./internal/htmlhead:FuzzSrcset:20000x \
  ./internal/audit:FuzzResolve:20000x \
  ./internal/htmlhead:FuzzNextRedirect \
  ./frontmatter:FuzzSource \
  ./internal/jsconfig:FuzzJSLiterals \
  ./internal/generator:FuzzJSProjects \
  ./internal/generator:FuzzURLPath \
  ./internal/generator:FuzzPythonConfig \
  ./internal/hashstate:FuzzLoad \
  ./internal/host:FuzzHostFiles \
  ./internal/host:FuzzRedirects:20000x \
  ./mapping:FuzzLoc \
  ./mapping:FuzzParseBaseURL \
  ./mapping:FuzzPlainResolver:50000x \
  ./internal/postbuild:FuzzEncodeFeed \
  ./internal/robots:FuzzParse:20000x \
  ./internal/validate:FuzzCheck \
  ./writer:FuzzAppendURL \
  ./writer:FuzzWrite:20000x; do
  # FuzzWrite and FuzzRedirects write files on every run (FuzzRedirects
  # three, at about a thousand runs a second): fewer. FuzzParse (robots.txt)
  # is a small line parser, FuzzResolve a link resolver: a short budget
  # covers them; FuzzLinks and FuzzImages run x/net/html beside the
  # tokenizer each time, FuzzSrcset is a small value parser.
  IFS=: read -r pkg fn budget <<<"$target"
  [[ $FUZZTIME == 100000x ]] || budget=""
  go test "$pkg" -run '^$' -fuzz "^$fn\$" -fuzztime "${budget:-$FUZZTIME}" -fuzzminimizetime 1000x
done

step acceptance: 120,000 pages
go test -tags acceptance -run '^TestAcceptance$' -timeout 30m -v ./internal/e2e
