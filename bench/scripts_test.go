// Package bench holds the benchmark scripts; its tests are smoke tests of
// them that take no time: their help, and the arithmetic of their reports
// on runs made up here. The scripts themselves time nothing in CI.
package bench

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitediff"
	"github.com/sitemapgen/sitemapgen/internal/validate"
)

// script runs a script of this folder and returns its output.
func script(t *testing.T, name string, args ...string) string {
	t.Helper()
	return scriptIn(t, "", name, args...)
}

// scriptIn runs a script of this folder with BENCH_DIR set to dir (its
// sites, builds and work folders), unless dir is "", and returns its
// output. The smoke tests each give a folder of their own and run side by
// side: most of their time is waiting (watch's idle time and debounce,
// Hugo and git), not the CPU.
func scriptIn(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	path, err := filepath.Abs(name) // the scripts cd to the repository
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, args...)
	if strings.HasSuffix(name, ".sh") {
		cmd = exec.Command("bash", append([]string{path}, args...)...)
	}
	if dir != "" {
		cmd.Env = append(os.Environ(), "BENCH_DIR="+dir)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// wantLines fails t unless out has each of lines, whole.
func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	have := strings.Split(out, "\n")
	for _, l := range lines {
		found := false
		for _, h := range have {
			found = found || strings.TrimRight(h, " ") == l
		}
		if !found {
			t.Errorf("no line %q in:\n%s", l, out)
		}
	}
}

func TestRunHelp(t *testing.T) {
	out := script(t, "run.sh", "--help")
	wantLines(t, out,
		"bench/run.sh [--runs N] [--cold] [--against REV] [PAGES ...]: sitemapgen",
		"       no-heads    the same with --read-heads=false",
		"  bench/run.sh --runs 10 --against b84d84e 100000")
}

func TestTranslatedHelp(t *testing.T) {
	out := script(t, "translated.sh", "--help")
	wantLines(t, out,
		"bench/translated.sh [--runs N] [--against REV] [--stripped DIR] PAGES:",
		"  BENCH_DIR=/dev/shm/sitemapgen-bench bench/translated.sh --runs 5 1000000")
}

func TestCorpusHelp(t *testing.T) {
	out := script(t, "corpus.sh", "--help")
	wantLines(t, out,
		"bench/corpus.sh DIR [NAME ...]: sitemapgen on a corpus of real public",
		"  generator=hugo               the generator, for the table")
}

// TestCorpusGoesOn runs bench/corpus.sh, from a copy that its first
// project's build edits, on two projects made up here: the first one's
// recipe has a bad truth regexp, which makes its row an error, and the
// second one's row is printed all the same, the edit making no difference
// and a sitemap glob that names no file skipped.
func TestCorpusGoesOn(t *testing.T) {
	tree := t.TempDir()
	copyFile := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run := func(dir, name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	// The script and corpuscmp, as corpus.sh finds them beside each
	// other, in this module, which takes the repository's from its folder.
	sh := filepath.Join(tree, "bench", "corpus.sh")
	copyFile("corpus.sh", sh)
	copyFile(filepath.Join("corpuscmp", "main.go"), filepath.Join(tree, "bench", "corpuscmp", "main.go"))
	copyFile("go.sum", filepath.Join(tree, "bench", "go.sum"))
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(tree, "bench", "go.mod"), strings.Replace(string(mod), "=> ../", "=> "+root, 1))

	const set = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc><lastmod>2020-01-02</lastmod></url></urlset>`
	sitemapgen := filepath.Join(tree, "sitemapgen")
	// Its sitemap is newer than the build's end (corpus.sh's find -newer),
	// within the file system's clock's granularity too.
	write(sitemapgen, "#!/bin/sh\necho '"+set+"' >public/sitemap.xml && touch -d '+1 hour' public/sitemap.xml\n")
	corpus := filepath.Join(tree, "corpus")
	for _, p := range []struct{ name, recipe string }{
		// Its build edits the script in place, as an editor saving it
		// during a run does: two more lines at the top.
		{"a", `truth='html:('
build='{ printf "#\n#\n"; cat "$SCRIPT"; } >../edited && cat ../edited >"$SCRIPT" && mkdir public && echo "$SET" >public/sitemap.xml'
`},
		// Its last sitemap glob names no file, as a recipe's list of a
		// multilingual site's sitemaps does for a language it lacks.
		{"b", `build='mkdir public && echo "$SET" >public/sitemap.xml'
sitemaps='sitemap.xml en/sitemap.xml'
`},
	} {
		dir := filepath.Join(corpus, p.name)
		write(filepath.Join(dir, "index.md"), "# "+p.name+"\n")
		run(dir, "git", "init", "-q")
		run(dir, "git", "add", "index.md")
		run(dir, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "index")
		write(filepath.Join(dir, ".corpus"), "generator=test\nrepo=test/"+p.name+"\noutput=public\nsitemaps=sitemap.xml\n"+p.recipe)
	}
	cmd := exec.Command("bash", sh, corpus)
	cmd.Env = append(os.Environ(), "SITEMAPGEN="+sitemapgen, "TMPDIR="+t.TempDir(), "SCRIPT="+sh, "SET="+set)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("corpus.sh: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "| a | test | test/a@ | corpuscmp failed: corpuscmp: error parsing regexp: missing closing ): `(` |") {
		t.Errorf("no error row for a:\n%s", out)
	}
	if !strings.Contains(string(out), "| b | test | test/b@") || !strings.Contains(string(out), "| 1 / 1 | 100.0 % | 0 | 100.0 % | 0 |") {
		t.Errorf("no row for b:\n%s", out)
	}
	if !strings.Contains(string(out), "corpus.sh took ") {
		t.Errorf("the run did not end:\n%s", out)
	}
	if strings.Contains(string(out), "unbound variable") || strings.Contains(string(out), "syntax error") {
		t.Errorf("the edit made a difference:\n%s", out)
	}
}

// TestRatios checks bench/ratios.py on made-up runs: the targets' ratios
// of this tree and of a revision, and this tree's figures over the
// revision's.
func TestRatios(t *testing.T) {
	run := func(wall, cpu, rss float64) map[string]float64 {
		return map[string]float64{"wall": wall, "user": cpu / 2, "sys": cpu / 2, "rss": rss}
	}
	runs := map[string][]map[string]float64{
		"walk+head":          {run(1.0, 1, 8), run(1.0, 1, 8), run(1.2, 1, 8)},
		"pwalk+head":         {run(1.25, 1, 8), run(1.0, 1, 8), run(1.0, 1, 8)},
		"pwalk+stat":         {run(0.5, 1, 8), run(0.5, 1, 8), run(0.5, 1, 8)},
		"sitemapgen":         {run(1.1, 2, 30), run(1.1, 2.2, 30), run(1.3, 1.8, 30)},
		"sitemapgen@abc1234": {run(1.0, 1, 20), run(1.0, 1, 20), run(1.0, 1, 20)},
		"no-heads":           {run(0.55, 1, 20), run(0.55, 1, 20), run(0.55, 1, 20)},
		"no-heads@abc1234":   {run(0.5, 1, 20), run(0.5, 1, 20), run(0.5, 1, 20)},
		// Too short for the CPU clock (bench/hugo.sh's git-log): no
		// interval, and no error.
		"git-log": {run(0.01, 0, 4), run(0.01, 0, 4), run(0.01, 0, 4)},
	}
	data, err := json.Marshal(runs)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "runs.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := script(t, "ratios.py", path, "100000")
	wantLines(t, out,
		"sitemapgen / pwalk+head:         1.100 (target at most 1.10)",
		"sitemapgen / walk+head:          1.100 (target at most 1.10)",
		"no-heads / pwalk+stat:           1.100 (target at most 1.2)",
		"cost per page:                   11.00 µs",
		"peak RSS:                        30.0 MiB (target at most 30)",
		"sitemapgen@abc1234 / pwalk+head: 1.000 (target at most 1.10)",
		"sitemapgen@abc1234 / walk+head:  1.000 (target at most 1.10)",
		// CPU run by run: 2, 2.2 and 1.8 over 1; their geometric mean, and
		// its 95 % interval by Student's t (4.30 for 3 runs) on the logs.
		"sitemapgen      1.100       1.100    2.000    1.993 (1.554-2.557)     1.500",
		"no-heads        1.100       1.100    1.000    1.000 (1.000-1.000)     1.000")
	out = script(t, "ratios.py", path, "100000", "--over", "walk+head")
	wantLines(t, out,
		"each / walk+head (over 1: walk+head is faster or smaller)",
		"sitemapgen@abc1234    1.000       1.000    1.000    1.000 (1.000-1.000)     2.500",
		"git-log               0.010       0.010    0.000                      -     0.500")
}

// TestPeersDryRun checks that bench/peers.sh names the four commands it
// times and the one it runs once, without installing or timing anything.
func TestPeersDryRun(t *testing.T) {
	out := script(t, "peers.sh", "--dry-run", "100")
	for _, want := range []string{
		"time:    sitemapgen=",
		"time:    sitemapgen-noheads=",
		"time:    netlify=node ",
		"time:    sscli-patched=node ",
		"once:    sscli=node ",
		"patch:   bench/peers/sscli-fd-leak.patch onto a copy",
	} {
		if !strings.Contains(out, "\n"+want) && !strings.HasPrefix(out, want) {
			t.Errorf("no line starting %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "sitemapgen-site-100/site") {
		t.Errorf("the site is not the 100-page one:\n%s", out)
	}
}

func TestSetsHelp(t *testing.T) {
	out := script(t, "sets.sh", "--help")
	wantLines(t, out,
		"bench/sets.sh [--runs N] [URLS [SHARDS]]: what validate and diff cost",
		"  validate     sitemapgen validate of the set, every URL checked and")
}

func TestExtraURLsHelp(t *testing.T) {
	out := script(t, "extraurls.sh", "--help")
	wantLines(t, out,
		"bench/extraurls.sh [--runs N] [--against REV] [URLS]: what extra URLs",
		"  command --extra-urls-command 'cat urls.txt'")
}

func TestTransformHelp(t *testing.T) {
	out := script(t, "transform.sh", "--help")
	wantLines(t, out,
		"bench/transform.sh [--runs N] [PAGES]: what the per-URL hook costs",
		"  cat     --transform cat: every record to the hook and back")
}

// genset writes the sets sets.sh measures: valid, split as asked, and
// another build's differing as --change says.
func TestGenset(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "genset")
	if out, err := exec.Command("go", "build", "-o", bin, "./genset").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	old, new := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	for _, args := range [][]string{{"--shards", "3", old, "1000"}, {"--shards", "3", "--change", "2", new, "1000"}} {
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("genset %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	problems, checked, err := validate.Check([]string{old, new}, validate.Options{BaseURL: "https://example.com/"})
	if err != nil || checked != 8 {
		t.Fatalf("validate: %d files, %v", checked, err)
	}
	for _, p := range problems {
		if p.Kind != validate.KindDuplicate { // the two sets share URLs
			t.Errorf("%v", p)
		}
	}
	a, err := sitediff.Load(context.Background(), old, validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := sitediff.Load(context.Background(), new, validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	n, err := sitediff.Compare(a, b, nil, func(sitediff.Change) error { return nil })
	if err != nil || n != (sitediff.Counts{Added: 20, Removed: 40, Changed: 20, Lastmod: 20}) {
		t.Errorf("diff: %+v, %v; want 20 added, 40 removed, 20 changed, their lastmods", n, err)
	}
}

func TestWatchHelp(t *testing.T) {
	out := script(t, "watch.sh", "--help")
	wantLines(t, out,
		"bench/watch.sh [--runs N] [--edit MODE] [--linked] [--no-fanotify]",
		"--linked runs watch on a hard-linked copy of the site, every page with")
}

// TestWatchSmoke runs bench/watch.sh on a small site with a few watches
// and the rest scanned, against HEAD's sitemapgen: every figure is
// printed for each, and watch's files are a fresh build's at the end.
func TestWatchSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sitemapgen and a site")
	}
	t.Parallel()
	out := scriptIn(t, t.TempDir(), "watch.sh", "--runs", "2", "--idle", "200ms", "--no-fanotify", "--max-watches", "8", "--edit", "rename", "--against", "HEAD", "300")
	for _, want := range []string{"start (to \"watching\"): watch ", "idle CPU over 200ms: ", "change → sitemap.xml replaced", "peak RSS: watch ", "# sitemapgen@"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "watch's files after the changes: equal to a fresh build's, byte for byte (1 files)\n"); n != 2 {
		t.Errorf("%d runs' files were a fresh build's, want 2 (this tree's and HEAD's):\n%s", n, out)
	}
}

// TestMediaSmoke runs bench/media.sh on a small site, once: the copy with
// structured data is made, both builds run, and the figures are printed.
func TestMediaSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sitemapgen and a site")
	}
	t.Parallel()
	out := scriptIn(t, t.TempDir(), "media.sh", "300", "1")
	for _, want := range []string{"video entries: ", ", news entries: ", "checksitemaps: ", "media"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "video entries: 0,") || strings.Contains(out, "news entries: 0") {
		t.Errorf("the copy's videos or articles were not listed:\n%s", out)
	}
}

// TestGenDatesSmoke runs bench/gendates.sh on two small generator
// sitemaps, once: the project is made, a build keeps the dates, and both
// reads are timed.
func TestGenDatesSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sitemapgen")
	}
	t.Parallel()
	out := scriptIn(t, t.TempDir(), "gendates.sh", "--runs", "1", "300")
	for _, want := range []string{"two generator sitemaps: ", "300 URLs each", "first ", "kept "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "kept: .sitemapgen-generator-lastmod 0 bytes") {
		t.Errorf("no dates kept:\n%s", out)
	}
}

// TestContentSmoke runs bench/content.sh on a small folder of sources,
// once.
func TestContentSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sitemapgen")
	}
	t.Parallel()
	out := scriptIn(t, t.TempDir(), "content.sh", "--runs", "1", "200")
	for _, want := range []string{"200 sources", "200 pages found, 200 URLs", "content "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestHugoHelp(t *testing.T) {
	out := script(t, "hugo.sh", "--help")
	wantLines(t, out,
		"bench/hugo.sh [--runs N] [--against REV] [PAGES]: what `hugo &&",
		"  step              sitemapgen alone in ours/, on the built site, its")
}

// TestHugoSmoke runs bench/hugo.sh on a small Hugo project, once, against
// this tree's HEAD: the project and its history are made, both builds
// run, with the cache and without, every figure is printed, and the sets
// are equal.
func TestHugoSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sitemapgen twice, and runs hugo")
	}
	t.Parallel()
	out := scriptIn(t, t.TempDir(), "hugo.sh", "--runs", "1", "--against", "HEAD", "60")
	for _, want := range []string{"60 sources (", " commits), ", "hugo+sitemapgen ", "Hugo's sitemaps (hugo - hugo-nositemap): ", "step alone: ", "step-cold alone: ", "git log alone: ", "sets: the cached step's equal to the cold one's", "sets: equal to "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "URLs in 1 sitemap file") {
		t.Errorf("no build line:\n%s", out)
	}
}

// TestLinearSmoke runs linear.sh at its smallest sizes, a run each: every
// case's project is written and read at three sizes. Its ratios at that
// size are the noise of a few milliseconds, so no bound is held here.
func TestLinearSmoke(t *testing.T) {
	out := scriptIn(t, t.TempDir(), "linear.sh", "--runs", "1", "--n", "1", "--max-ratio", "1e9")
	for _, c := range []string{"hugo-permalink", "jekyll-permalink", "pelican-permalink", "eleventy-permalink", "next-cuts", "hugo-tags", "hugo-taxonomies", "eleventy-formats", "eleventy-vars"} {
		if !strings.Contains(out, "\n"+c+" ") {
			t.Errorf("no row of %s in:\n%s", c, out)
		}
	}
}
