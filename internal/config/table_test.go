package config

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// toy is a table of one setting of each kind, declared as the real one
// is: what a row declares, the flag set, the file's decoding and --help
// all have.
type toyValues struct {
	Name  string
	On    bool
	N     int
	Tags  []string
	Order []string
}

var toy = Table[toyValues]{
	{Flag: "name", Arg: "S", Key: "name", Help: []string{"a name"},
		Field: String(func(v *toyValues) *string { return &v.Name }, "def", nil)},
	{Flag: "on", Key: "group.on", Help: []string{"a switch", "on two lines"},
		Field: Bool(func(v *toyValues) *bool { return &v.On }, true)},
	{Flag: "n", Arg: "N", Key: "group.n", Only: "other", Help: []string{"a number"},
		Field: Int(func(v *toyValues) *int { return &v.N }, 3, between(1, 9))},
	{Flag: "tag", Letter: "t", Arg: "T", Key: "tags", Help: []string{"a tag (repeatable)"},
		Field: List(func(v *toyValues) *[]string { return &v.Tags }, []string{"x"}, false, nil)},
	{Flag: "order", Arg: "L", Help: []string{"a list, comma-separated"},
		Field: List(func(v *toyValues) *[]string { return &v.Order }, nil, true, nil)},
}

func TestTableParse(t *testing.T) {
	l, err := toy.Parse("cmd", []string{"a", "--name", "--", "--on=false", "b", "--tag", "t1", "--tag=t2", "--order", "p, q", "--", "--c"})
	if err != nil {
		t.Fatal(err)
	}
	v := l.Values
	if v.Name != "--" || v.On || !slices.Equal(v.Tags, []string{"t1", "t2"}) || !slices.Equal(v.Order, []string{"p", "q"}) || v.N != 3 {
		t.Errorf("values %+v", v)
	}
	if !slices.Equal(l.Args, []string{"a", "b", "--c"}) {
		t.Errorf("args %q", l.Args)
	}
	if !l.Given("name") || !l.Given("tag") || l.Given("n") {
		t.Errorf("given: name %v tag %v n %v", l.Given("name"), l.Given("tag"), l.Given("n"))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--n", "4"}, "flag provided but not defined: --n (did you mean --name?)"}, // only "other" has it
		{[]string{"--bogus"}, "flag provided but not defined: --bogus"},
		{[]string{"--nmae", "x"}, "flag provided but not defined: --nmae (did you mean --name?)"},
		{[]string{"-tga=x"}, "flag provided but not defined: -tga (did you mean --tag?)"},
		{[]string{"--verison"}, "flag provided but not defined: --verison (did you mean --version?)"},
		{[]string{"-o"}, "flag provided but not defined: -o (did you mean --on or --order?)"},
		{[]string{"-q"}, "flag provided but not defined: -q"},
		{[]string{"---on"}, "bad flag syntax: ---on"},
		{[]string{"--on=maybe"}, `invalid boolean value "maybe" for --on: parse error`},
		{[]string{"-on=maybe"}, `invalid boolean value "maybe" for -on: parse error`},
		{[]string{"--name"}, "flag needs an argument: --name"},
		{[]string{"-name"}, "flag needs an argument: -name"},
	} {
		if _, err := toy.Parse("cmd", tc.args); err == nil || err.Error() != tc.want {
			t.Errorf("%q: %v, want %s", tc.args, err, tc.want)
		}
	}
	if _, err := toy.Parse("cmd", []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
	if _, err := toy.Parse("cmd", []string{"a", "--version"}); !errors.Is(err, ErrVersion) {
		t.Errorf("--version: %v", err)
	}
	// A letter is the flag under another name: one value, given once.
	if l, err := toy.Parse("cmd", []string{"-t", "t1", "--tag=t2", "-t=t3"}); err != nil || !slices.Equal(l.Values.Tags, []string{"t1", "t2", "t3"}) || !l.Given("tag") {
		t.Errorf("-t t1 --tag=t2 -t=t3: %v %+v", err, l)
	}
	if _, err := toy.Parse("cmd", []string{"-t"}); err == nil || err.Error() != "flag needs an argument: -t" {
		t.Errorf("-t: %v", err)
	}
	if l, err := toy.Parse("other", []string{"--n", "4"}); err != nil || l.Values.N != 4 {
		t.Errorf("other --n 4: %v", err)
	}
}

// --help marks a flag without a key, and names a key that is not the
// flag's name spelled with _; a table without keys marks nothing.
func TestTableHelp(t *testing.T) {
	want := strings.Join([]string{
		"  --name S     a name",
		"  --on         a switch",
		"               on two lines",
		"               (sitemap.yaml: group.on)",
		"  -t, --tag T  a tag (repeatable)",
		"               (sitemap.yaml: tags)",
		"  --order L †  a list, comma-separated",
		"",
	}, "\n")
	if got := toy.Help("cmd", 15); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := toy.Only("other").Help("other", 11); got != "  --n N    a number\n           (sitemap.yaml: group.n)\n" {
		t.Errorf("only other: %q", got)
	}
	noKeys := Table[toyValues]{toy[4]}
	if got := noKeys.Help("cmd", 15); got != "  --order L    a list, comma-separated\n" {
		t.Errorf("no keys: %q", got)
	}
}

// The file's keys are the table's: dotted keys are nested mappings, the
// type and check of each come from its field.
func TestTableDecode(t *testing.T) {
	decode := func(src string) (toyValues, error) {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		v := toy.Defaults()
		err := toy.decodeMapping(&v, doc.Content[0], "", "", newDecoding(map[string]int{}))
		return v, err
	}
	v, err := decode("name: n\ngroup:\n  on: false\n  n: 7\ntags: [a, b]\n")
	if err != nil || v.Name != "n" || v.On || v.N != 7 || !slices.Equal(v.Tags, []string{"a", "b"}) {
		t.Errorf("decoded %+v, %v", v, err)
	}
	if _, err := decode("group:\n  of: true\n"); err == nil || err.Error() != `unknown key "of" (did you mean "on"?)` {
		t.Errorf("unknown nested key: %v", err)
	}
	if _, err := decode("group: {n: many}\n"); err == nil || err.Error() != `group.n: want a whole number, got "many"` {
		t.Errorf("a word for a number: %v", err)
	}
	if v := toy.Defaults(); v.Name != "def" || !v.On || v.N != 3 || !slices.Equal(v.Tags, []string{"x"}) {
		t.Errorf("defaults %+v", v)
	}
}

// Merge keys are YAML's: the mapping's own keys win, then the merged
// ones in order. A merge of merges cannot multiply the keys (each
// mapping's are found once), and a mapping that merges itself is an error.
func TestParseMerges(t *testing.T) {
	f, err := Parse("sitemap.yaml", []byte("<<: [{gzip: true, text: true}, {text: false, robots: true}]\ntext: false\n"))
	if err != nil || !f.Values.Gzip || f.Values.Text || !f.Values.Robots {
		t.Errorf("merged: %+v, %v", f, err)
	}
	var bomb strings.Builder
	bomb.WriteString("rules:\n  - &m0 {match: a}\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&bomb, "  - &m%d {<<: [*m%d, *m%d, *m%d, *m%d]}\n", i, i-1, i-1, i-1, i-1)
	}
	start := time.Now()
	if f, err := Parse("sitemap.yaml", []byte(bomb.String())); err != nil || len(f.Values.Rules) != 40 {
		t.Errorf("a merge bomb: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a merge bomb took %v", d) // 4^40 pairs, were they multiplied
	}
	if _, err := Parse("sitemap.yaml", []byte("skip: &s {<<: *s}\n")); err == nil {
		t.Error("a mapping that merges itself: no error")
	}
}
