package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The docs a user reads hold every setting of the table, as the table
// says it, and nothing else: a new setting cannot be left out of them,
// nor a removed one linger.

// sitemap.yaml.example parses, shows every key of the table (set to its
// default, or in a comment of its own), and documents the keys of a rule.
func TestExampleFile(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "sitemap.yaml.example")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Settings.Defaults()
	want.BaseURL, want.Root = "https://example.com/", "public"
	for _, s := range Settings {
		got, def := s.Field.value(&f.Values), s.Field.value(&want)
		if s.Key != "" && !reflect.DeepEqual(got, def) && !(isEmpty(got) && isEmpty(def)) {
			t.Errorf("sitemap.yaml.example sets %s to %v, not its default %v", s.Key, got, def)
		}
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
	for _, s := range sectionKeys {
		if !strings.Contains(string(data), s.Key+":") {
			t.Errorf("sitemap.yaml.example does not show a section's %s", s.Key)
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
	for _, s := range Settings.flags(BuildCommand) {
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

// isEmpty reports whether x is an empty list.
func isEmpty(x any) bool {
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Slice && v.Len() == 0
}

// docs/watch.md's flag table lists watch's own flags, in the order of
// --help, with their defaults.
func TestWatchDocFlags(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "watch.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `--([a-z-]+) ?([A-Z]*)` \\| `([^`]*)` \\|")
	var got, want []string
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		got = append(got, strings.Join(m[1:], " "))
	}
	def := Settings.Defaults()
	for _, s := range Settings.Only(WatchCommand) {
		want = append(want, fmt.Sprintf("%s %s %v", s.Flag, s.Arg, s.Field.value(&def)))
	}
	if !slices.Equal(got, want) {
		t.Errorf("docs/watch.md's flags (flag, value, default):\n%q\nwant\n%q", got, want)
	}
}

// docs/configuration.md's "Keys without a flag" names every key that has
// no flag, and no other.
func TestConfigurationDocKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(data)
	start := strings.Index(section, "### Keys without a flag")
	if start < 0 {
		t.Fatal(`docs/configuration.md has no section "Keys without a flag"`)
	}
	section = section[start:]
	if end := strings.Index(section[1:], "\n#"); end >= 0 {
		section = section[:end+1]
	}
	var got []string
	for line := range strings.SplitSeq(section, "\n") {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | "); ok && strings.HasPrefix(line, "| `") {
			for _, k := range strings.Split(first, ", ") {
				got = append(got, strings.Trim(k, "`"))
			}
		}
	}
	var want []string
	for _, s := range Settings {
		if s.Key != "" && s.Flag == "" {
			want = append(want, s.Key)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("docs/configuration.md's keys without a flag:\n%q\nwant\n%q", got, want)
	}
}

// Every flag of build that --help does not mark † is given in
// sitemap.yaml by the key --help names (its own name spelled with _, or
// the key it shows): the file takes it, with the flag's default.
func TestHelpKeysDecode(t *testing.T) {
	def := Settings.Defaults()
	for _, s := range Settings.flags(BuildCommand) {
		key := s.shownKey()
		if key == "" {
			continue // marked † in --help
		}
		// a.b: v is {a: {b: v}}.
		var doc any = s.Field.value(&def)
		for _, part := range slices.Backward(strings.Split(key, ".")) {
			doc = map[string]any{part: doc}
		}
		src, err := yaml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse("sitemap.yaml", src)
		if err != nil {
			t.Errorf("--%s: %q in sitemap.yaml: %v", s.Flag, src, err)
			continue
		}
		if _, ok := f.Sets(s.Key); !ok && !isEmpty(s.Field.value(&def)) {
			t.Errorf("--%s: %s does not set %s", s.Flag, key, s.Key)
		}
	}
}
