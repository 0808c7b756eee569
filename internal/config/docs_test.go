package config

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The docs a user reads hold every setting of the table, as the table
// says it, and nothing else: a new setting cannot be left out of them,
// nor a removed one linger.

// sitemap.yaml.example parses, shows every key of the table (set to its
// default, or in a comment of its own), and documents the keys of a rule.
func TestExampleFile(t *testing.T) {
	path := filepath.Join("..", "..", "sitemap.yaml.example")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Settings.Defaults()
	want.BaseURL, want.Root = "https://example.com/", "public"
	v := f.Values
	if !equalFiles(v, want) || len(v.Rules) != 0 || v.Head != want.Head || !slices.Equal(v.LastMod.Sources, want.LastMod.Sources) {
		t.Errorf("the example's values are not the defaults:\n%+v\nwant\n%+v", v, want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Settings {
		// Each key is set, or shown in a comment of its own: "# out: staging".
		_, set := f.Sets(s.Key)
		if s.Key != "" && !set && !strings.Contains(string(data), "\n# "+s.Key+":") {
			t.Errorf("sitemap.yaml.example does not show %s", s.Key)
		}
	}
	for _, s := range ruleKeys {
		if !strings.Contains(string(data), s.Key+":") {
			t.Errorf("sitemap.yaml.example does not show a rule's %s", s.Key)
		}
	}
}

// flagRow is a row of the README's flag table: | `--flag ARG` | `key` | ... |
var flagRow = regexp.MustCompile("^\\| `--([a-z-]+)(?: ([A-Z0-9]+))?` \\| (?:`([a-z_.]+)`|—) \\|")

// The README's flag table lists every flag of build, in the order of
// --help, with its value's name and its key in sitemap.yaml.
func TestREADMEFlags(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ flag, arg, key string }
	var got []row
	for line := range strings.SplitSeq(string(data), "\n") {
		if m := flagRow.FindStringSubmatch(line); m != nil {
			got = append(got, row{m[1], m[2], m[3]})
		}
	}
	var want []row
	for _, s := range Settings.flags(Build) {
		want = append(want, row{s.Flag, s.Arg, s.Key})
	}
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			t.Fatalf("README.md's flag table ends before %+v", want[i])
		case i >= len(want):
			t.Fatalf("README.md's flag table has %+v, which is not a flag of build", got[i])
		case got[i] != want[i]:
			t.Fatalf("README.md's flag table has %+v where the table of settings has %+v (the rows are in the order of --help)", got[i], want[i])
		}
	}
}
