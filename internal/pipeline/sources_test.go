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

// TestJoinPrefixOnce: the prefix of a join's sources' paths is made once a
// build: asked again for each list page, it cost two looks at the working
// directory each time (a tenth of a Hugo join's list-page pass).
func TestJoinPrefixOnce(t *testing.T) {
	dir := t.TempDir()
	b := &builder{opts: Options{Root: filepath.Join(dir, "public"), Join: &Sources{Dir: filepath.Join(dir, "content")}}}
	if got := b.joinPrefix(); got != "../content/" {
		t.Fatalf("joinPrefix() = %q, want ../content/", got)
	}
	if n := testing.AllocsPerRun(100, func() { b.joinPrefix() }); n != 0 {
		t.Errorf("joinPrefix allocates %v times a call after the first, want 0", n)
	}
}
