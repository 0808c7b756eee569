package frontmatter

import (
	"strings"
	"testing"
)

// TestProblemsQuoteExcerpts: a value of front matter 512 KB long, wrong
// in any way the decoders or the checks find, makes a problem of a line
// of bounded length: a message quotes at most an excerpt of it.
func TestProblemsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("x", 512<<10)
	digits := "1" + strings.Repeat("0", 512<<10)
	const most = 400
	for _, tc := range []struct{ name, file string }{
		{"yaml date", "---\ndate: " + long + "\n---\n"},
		{"yaml draft", "---\ndraft: " + long + "\n---\n"},
		{"yaml changefreq", "---\nsitemap:\n  changefreq: " + long + "\n---\n"},
		{"yaml priority", "---\nsitemap:\n  priority: " + long + "\n---\n"},
		{"yaml url", "---\nurl: //" + long + "\n---\n"},
		{"yaml syntax", "---\ntitle: [" + long + "\n---\n"},
		{"yaml number", "---\nsitemap:\n  priority: " + digits + "\n---\n"},
		{"yaml tag", "---\ndate: !!int " + long + "\n---\n"},
		{"toml date", "+++\ndate = '" + long + "'\n+++\n"},
		{"toml syntax", "+++\ndate = " + long + "\n+++\n"},
		{"toml number", "+++\nweight = " + digits + "\n+++\n"},
		{"toml key", "+++\n" + long + " = = 1\n+++\n"},
		{"json date", "{\n\"date\": \"" + long + "\"\n}\n"},
		{"json number", "{\n\"draft\": " + digits + "\n}\n"},
		{"json priority", "{\n\"sitemap\": {\"priority\": " + digits + "}\n}\n"},
		{"json syntax", "{\n\"date\": " + long + "\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadSourceOptions(strings.NewReader(tc.file), Options{MaxBytes: 4 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Problems) == 0 {
				t.Fatalf("no problem found: the case tests nothing")
			}
			for _, p := range s.Problems {
				if len(p.Msg) > most {
					t.Errorf("a problem of %d bytes (want at most %d): %.200s…", len(p.Msg), most, p.Msg)
				}
			}
		})
	}
}
