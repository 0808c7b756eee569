package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestCNAME: the domain of a CNAME file, the site folder's before the
// project's; one that names no domain is a warning, and the next folder
// is looked in.
func TestCNAME(t *testing.T) {
	for _, tt := range []struct {
		name       string
		site, proj string // the CNAME files' contents; "-" for none
		want, file string
		warning    string
	}{
		{name: "the site folder's", site: "blog.example.net\n", proj: "other.example.org", want: "https://blog.example.net/", file: "site"},
		{name: "the project's", site: "-", proj: "  Docs.Example.COM.  \n\n", want: "https://docs.example.com/", file: "proj"},
		{name: "an internationalized name", site: "xn--bcher-kva.example\n", proj: "-", want: "https://xn--bcher-kva.example/", file: "site"},
		{name: "none", site: "-", proj: "-"},
		{name: "a URL, not a domain", site: "https://blog.example.net/\n", proj: "-", warning: `holds "https://blog.example.net/", not one domain name alone`},
		{name: "two domains", site: "a.example.net\nb.example.net\n", proj: "c.example.net", want: "https://c.example.net/", file: "proj", warning: `holds "a.example.net", not one domain name alone`},
		{name: "empty", site: "\n", proj: "-", warning: "CNAME: is empty"},
		{name: "one label", site: "localhost\n", proj: "-", warning: `holds "localhost"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			site, proj := filepath.Join(dir, "site"), filepath.Join(dir, "proj")
			for d, body := range map[string]string{site: tt.site, proj: tt.proj} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
				if body != "-" {
					if err := os.WriteFile(filepath.Join(d, "CNAME"), []byte(body), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			u, file, warnings := CNAME(limits.Default, site, proj)
			wantFile := ""
			if tt.file != "" {
				wantFile = filepath.Join(dir, tt.file, "CNAME")
			}
			if u != tt.want || file != wantFile {
				t.Errorf("CNAME = %q from %q, want %q from %q", u, file, tt.want, wantFile)
			}
			said := ""
			for _, w := range warnings {
				said += w.Error() + "\n"
			}
			if tt.warning == "" && said != "" || tt.warning != "" && !strings.Contains(said, tt.warning) {
				t.Errorf("warnings %q, want one with %q", said, tt.warning)
			}
		})
	}
	// A CNAME that is a link out of the site folder is not read.
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	if err := os.WriteFile(outside, []byte("evil.example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	if err := os.MkdirAll(site, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(site, "CNAME")); err != nil {
		t.Fatal(err)
	}
	if u, _, warnings := CNAME(limits.Default, site); u != "" || len(warnings) != 1 {
		t.Errorf("a CNAME linked out of the folder: %q, %v", u, warnings)
	}
}
