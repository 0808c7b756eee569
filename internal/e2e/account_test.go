package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestOneAccountOfAPage: of each page of a Hugo site, --verbose says what
// --explain says, and the summary counts it so: the home page and the
// posts' list, dated by their heads' meta older than the newest post they
// list, take that post's date ("the newest page it lists") everywhere.
func TestOneAccountOfAPage(t *testing.T) {
	needTool(t, "hugo")
	dir := recipeDir(t)
	mustShell(t, dir, "hugo --quiet")
	verbose := mustRun(t, dir, "--verbose", "--dry-run").stderr
	line := regexp.MustCompile(`(?m)^public/(\S+): listed as (\S+) \(.*lastmod from ([^;)]+)`)
	accounts := line.FindAllStringSubmatch(verbose, -1)
	if len(accounts) != len(exampleURLs) {
		t.Fatalf("--verbose gives %d accounts of listed pages, want %d:\n%s", len(accounts), len(exampleURLs), verbose)
	}
	listed := 0
	for _, a := range accounts {
		path, url, from := a[1], a[2], a[3]
		explained := mustRun(t, dir, "--explain", url).stdout
		if !strings.Contains(explained, "lastmod:") || !strings.Contains(explained, "("+from+")") {
			t.Errorf("%s: --verbose says lastmod from %s; --explain says:\n%s", path, from, explained)
		}
		if from == "the newest page it lists" {
			listed++
		}
	}
	if listed == 0 {
		t.Errorf("no list page dated by the newest page it lists:\n%s", verbose)
	}
	if n := regexp.MustCompile(`lastmod: .*\b(\d+) newest listed`).FindStringSubmatch(verbose); n == nil || n[1] != strconv.Itoa(listed) {
		t.Errorf("the summary counts %v newest listed, --verbose %d:\n%s", n, listed, verbose)
	}
}

// TestHugoSummaryPlurals: the summary of a Hugo site's build counts the
// pages left out in words that agree with their number: "2 error pages",
// not "2 error page". Hugo's aliases (and its page/1/ pagers), which say
// noindex beside their refresh, are counted as the redirects they are.
func TestHugoSummaryPlurals(t *testing.T) {
	_, public := buildHugo(t, "hugo")
	r := mustRun(t, "", "--base-url", "https://example.com/", "--dry-run", public)
	if !regexp.MustCompile(`skipped \d+ \(2 error pages, \d+ redirects\)`).MatchString(r.stderr) {
		t.Errorf("the summary does not count 2 error pages and the aliases as redirects:\n%s", r.stderr)
	}
}

// TestWatchPluralFolders: watch beside a Hugo build, allowed one watch,
// says how many folders it watches in words that agree with the number.
func TestWatchPluralFolders(t *testing.T) {
	src, public := buildHugo(t, "hugo")
	p := startWatch(t, src, "--base-url", "https://example.com/", "--fanotify=false", "--max-watches", "1", "public")
	out := strings.Join(p.output(), "\n")
	if !strings.Contains(out, "watch: 1 folder watched, 0 kept") {
		t.Errorf("watch does not say 1 folder watched:\n%s", out)
	}
	p.stop(public)
}
