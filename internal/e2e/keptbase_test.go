package e2e

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestBaseURLFoundAgain builds a Hugo site whose configuration names no
// base URL, with the real Hugo given one on its command line (hugo
// --baseURL, as a deploy script does): Hugo's sitemap.xml is the one
// file that states it. The first plain run takes it from there and
// replaces that file; every later run, a --check and an --explain find
// it again, from the record of the run that replaced it (issue 97: a
// second run on a Nuxt site stopped with "no base URL"), and so does a
// run after Hugo's next build.
func TestBaseURLFoundAgain(t *testing.T) {
	src := t.TempDir()
	write(t, filepath.Join(src, "hugo.toml"), "title = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n")
	write(t, filepath.Join(src, "layouts", "_default", "single.html"), "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n")
	write(t, filepath.Join(src, "layouts", "_default", "list.html"), "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}</body></html>\n")
	write(t, filepath.Join(src, "content", "about.md"), "---\ntitle: About\ndate: 2024-01-02T00:00:00Z\n---\nAbout.\n")
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	build := func() {
		t.Helper()
		if out, err := exec.Command(hugo, "--source", src, "--quiet", "--baseURL", "https://example.org/docs/").CombinedOutput(); err != nil {
			t.Fatalf("hugo: %v\n%s", err, out)
		}
	}
	build()
	const base = "https://example.org/docs/"
	public := filepath.Join(src, "public")
	if r := mustRun(t, src); !strings.Contains(r.stderr, "base URL "+base+" from the generator's sitemap.xml;") {
		t.Fatalf("the first run does not take the base URL from Hugo's sitemap:\n%s", r.stderr)
	}
	want := listedLocs(t, public, base)
	if len(want) != 2 {
		t.Fatalf("listed %q", want)
	}
	again := func(args ...string) result {
		t.Helper()
		r := run(t, src, nil, args...)
		if r.code != 0 || !strings.Contains(r.stderr, "base URL "+base+" from the generator's sitemap.xml, as the run that replaced it kept it;") {
			t.Errorf("sitemapgen %s: exit %d, the base URL not found again:\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
		return r
	}
	again()
	if r := again("--check"); !strings.Contains(r.stderr, "up to date") {
		t.Errorf("--check:\n%s", r.stderr)
	}
	if r := again("--explain", base+"about/"); !strings.Contains(r.stdout, "listed:      yes") {
		t.Errorf("--explain:\n%s%s", r.stdout, r.stderr)
	}
	build()
	mustRun(t, src)
	if got := listedLocs(t, public, base); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after Hugo's next build, listed %q, want %q", got, want)
	}
}
