package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

func TestJoinKey(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/", ""},
		{"/index.html", ""},
		{"index.htm", ""},
		{"/about/", "about"},
		{"about/index.html", "about"},
		{"/about.html", "about"},
		{"/about", "about"},
		{"/reindex.html", "reindex"},
		{"/docs/reindex.htm", "docs/reindex"},
		{"/posts/hello/index.htm", "posts/hello"},
	} {
		if got := joinKey(tt.in); got != tt.want {
			t.Errorf("joinKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestYAMLHeader(t *testing.T) {
	dir := t.TempDir()
	for name, tt := range map[string]struct {
		data string
		want bool
	}{
		"a.txt":     {"---\ntitle: MIT\n---\ntext\n", true},
		"b.txt":     {"---  \r\n---\n", true},
		"c.txt":     {"--- \n", true},
		"d.json":    {"{\"a\": 1}\n", false},
		"e.txt":     {"----\n", false},
		"f.txt":     {"--- x\n", false},
		"g.txt":     {"---", false},
		"h.png":     {"\x89PNG\r\n\x1a\n", false},
		"i.txt":     {"", false},
		"j.txt":     {" ---\n", false},
		"k.txt":     {"---\t\t\n", true},
		"l.css":     {"---\n---\nbody {}\n", true},
		"m.scss":    {"// ---\n", false},
		"n.unknown": {"---\r\n", true},
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := yamlHeader(dir, nil, name); got != tt.want {
			t.Errorf("yamlHeader(%q) = %v, want %v", tt.data, got, tt.want)
		}
	}
	if yamlHeader(dir, nil, "missing.txt") {
		t.Error("a missing file has a YAML header")
	}
}
