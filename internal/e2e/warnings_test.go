package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestWarningsByCause builds testdata/hugo-hreflang with the real Hugo: a
// site of three languages whose layouts write every hreflang href
// without its trailing slash, 45 pages a language. Each alternate is
// missing (the page is at the URL with the slash) and each page is not
// among its own: hundreds of warnings of two causes. A default run says
// each cause in one line, its first warning and how many more there
// were; --verbose prints every one. ./test.sh installs Debian's hugo.
func TestWarningsByCause(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	src := copyFixture(t, "hugo-hreflang")
	for i := 1; i <= 44; i++ {
		for _, lang := range []string{"en", "fr", "de"} {
			write(t, filepath.Join(src, "content", lang, "notes", fmt.Sprintf("note-%02d.md", i)),
				fmt.Sprintf("---\ntitle: Note %d (%s)\ndate: 2024-01-%02d\n---\nThe tide on day %d.\n", i, lang, i%28+1, i))
		}
	}
	cmd := exec.Command(hugo, "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	r := mustRun(t, src)
	var warnings []string
	for line := range strings.SplitSeq(r.stderr, "\n") {
		if strings.Contains(line, "hreflang") {
			warnings = append(warnings, line)
		}
	}
	const (
		missing = "public/de/index.html:6: warning: hreflang en alternate https://example.com/en is missing: the page is at https://example.com/en/; left out (and 413 more like it: --verbose prints each)"
		notSelf = "public/de/index.html:6: warning: the page is not among its own hreflang alternates (each page of a cluster lists itself too) (and 137 more like it: --verbose prints each)"
	)
	if len(warnings) != 2 || warnings[0] != missing || warnings[1] != notSelf {
		t.Errorf("want the two causes, one line each:\n%s\n%s\ngot:\n%s", missing, notSelf, r.stderr)
	}
	if !strings.Contains(r.stderr, "; 552 warnings; ") {
		t.Errorf("the summary does not count every warning:\n%s", r.stderr)
	}
	r = mustRun(t, src, "--verbose")
	if n := strings.Count(r.stderr, ": warning: hreflang "); n != 414 {
		t.Errorf("--verbose printed %d warnings of a missing alternate, want each of the 414", n)
	}
	if strings.Contains(r.stderr, "more like it") {
		t.Errorf("--verbose counts warnings instead of printing them")
	}
}
