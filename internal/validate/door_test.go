package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder's files are read inside it: a sitemap.txt, a robots.txt
// Sitemap: target or an index's shard that is a symbolic link out of the
// folder (or to an absolute path) is refused with one problem naming the
// link, and nothing of the target is read; an index named alone says it
// of its entry. diff refuses the same files (internal/sitediff's
// TestLinksOut).
func TestLinksOut(t *testing.T) {
	const token = "TOKEN-7f3a"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"outside/secret.txt": "https://example.com/" + token + "\n",
		"outside/secret.xml": urlset("<url><loc>https://example.com/" + token + "</loc></url>"),
		"robots/robots.txt":  "Sitemap: https://example.com/s.xml\n",
		"robots/ok.xml":      urlset("<url><loc>https://example.com/</loc></url>"),
		"index/sitemap.xml":  index("<sitemap><loc>https://example.com/en/shard.xml</loc></sitemap>\n<sitemap><loc>https://example.com/de/shard.xml</loc></sitemap>"),
		"index/de/shard.xml": urlset("<url><loc>https://example.com/de/</loc></url>"),
		"abs/sitemap.xml":    urlset("<url><loc>https://example.com/</loc></url>"),
	})
	link := func(target, name string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	link("../outside/secret.txt", "txt/sitemap.txt")
	link("../outside/secret.xml", "robots/s.xml")
	link("../../outside/secret.xml", "index/en/shard.xml")
	link(filepath.Join(dir, "outside/secret.xml"), "abs/s.xml")
	// A link inside the folder is the file it names, checked once there.
	link("sitemap.xml", "abs/same.xml")

	const refused = "read: a symbolic link out of its folder (or to an absolute path): not followed"
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"txt", []string{"txt/sitemap.txt: " + refused}},
		{"robots", []string{"robots/s.xml: " + refused}},
		{"index", []string{"index/en/shard.xml: " + refused}},
		{"index/sitemap.xml", []string{"index/sitemap.xml:3: index-entry: index entry https://example.com/en/shard.xml names index/en/shard.xml: a symbolic link out of its folder (or to an absolute path): not followed"}},
		{"abs", []string{"abs/s.xml: " + refused}},
	} {
		t.Run(tt.path, func(t *testing.T) {
			t.Chdir(dir)
			problems, _, err := Check([]string{filepath.FromSlash(tt.path)}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(strs(problems), "\n")
			if got != filepath.FromSlash(strings.Join(tt.want, "\n")) || strings.Contains(got, token) {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.ReplaceAll(got, "\n", "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}
