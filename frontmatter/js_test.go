package frontmatter

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// jsTests are JavaScript front matter (Options.JavaScript) and what it
// says: Eleventy 3's top-level declarations and Eleventy 2's object
// literal, each literal read, each computed value not.
var jsTests = []struct {
	name, file string
	date       string // Source.Date, RFC 3339; "" for none
	permalink  string
	noPerma    bool
	title      string
	tags       []string
	problems   []string
}{
	{name: "const", file: "---js\nconst title = \"Fifth post\";\nconst date = \"2023-01-23\";\n---\nBody.\n", date: "2023-01-23T00:00:00Z", title: "Fifth post"},
	{name: "let and var, no semicolons", file: "---js\nlet date = '2023-01-23T10:00:00Z'\nvar permalink = `/posts/fifth/`\n---\n", date: "2023-01-23T10:00:00Z", permalink: "/posts/fifth/"},
	{name: "javascript, spaces, case", file: "---  JavaScript \nconst date = \"2023-01-23\"\n---\n", date: "2023-01-23T00:00:00Z"},
	{name: "one declaration of two names", file: "---js\nconst title = \"T\", date = \"2024-02-03\";\n---\n", date: "2024-02-03T00:00:00Z", title: "T"},
	{name: "tags and permalink false", file: "---js\nconst tags = [\"post\", 'js'];\nconst permalink = false;\n---\n", tags: []string{"post", "js"}, noPerma: true},
	{name: "functions and other names beside", file: "---js\nconst date = \"2023-01-23\";\nfunction myFunction() { return 1; }\nconst other = myFunction();\n---\n", date: "2023-01-23T00:00:00Z"},
	{name: "object literal", file: "---js\n{\n  title: \"Old form\",\n  date: \"2022-05-06\",\n  sitemap: { priority: 0.8 },\n}\n---\n", date: "2022-05-06T00:00:00Z", title: "Old form"},
	{name: "computed date", file: "---js\nconst date = new Date();\n---\n",
		problems: []string{"line 2: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "date computed from a literal", file: "---js\nconst date = \"2023-01-23\" + suffix;\n---\n",
		problems: []string{"line 2: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "date assigned again", file: "---js\nlet date = \"2023-01-23\";\nif (x) { date = later(); }\n---\n",
		problems: []string{"line 2: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "date declared again in a function", file: "---js\nconst date = \"2023-01-23\";\nfunction f() { const date = 1; }\n---\n",
		problems: []string{"line 2: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a template with a substitution", file: "---js\nconst permalink = `/p/${slug}/`;\n---\n",
		problems: []string{"line 2: permalink: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a function permalink", file: "---js\n{\n  permalink: (data) => `/p/${data.page.fileSlug}/`,\n  date: \"2021-01-01\"\n}\n---\n", date: "2021-01-01T00:00:00Z",
		problems: []string{"line 3: permalink: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a computed title is no problem", file: "---js\nconst title = `Post ${n}`;\n---\n"},
	{name: "a declaration inside a block", file: "---js\nif (x) {\n  const date = \"2023-01-23\";\n}\n---\n"},
	{name: "a key given twice: the last", file: "---js\n{\n  date: \"2020-01-01\",\n  title: \"T\",\n  'date': \"2023-06-01\"\n}\n---\n", date: "2023-06-01T00:00:00Z", title: "T"},
	{name: "a key given twice, last a literal", file: "---js\n{ date: new Date(), date: \"2023-06-01\", }\n---\n", date: "2023-06-01T00:00:00Z"},
	{name: "a key given twice, last computed", file: "---js\n{\n  date: \"2020-01-01\",\n  date: later()\n}\n---\n",
		problems: []string{"line 4: date: given more than once, last a value sitemapgen does not read (JavaScript keeps the last); not read"}},
	{name: "a key given twice, last a method", file: "---js\n{ permalink: \"/a/\", permalink(data) { return \"/b/\" } }\n---\n",
		problems: []string{"line 2: permalink: given more than once, last a value sitemapgen does not read (JavaScript keeps the last); not read"}},
	{name: "a var inside a block", file: "---js\nconst title = \"T\";\nif (x) {\n  var date = \"2023-01-23\";\n}\n---\n", title: "T",
		problems: []string{"line 4: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a var after an if, without braces", file: "---js\nif (x)\n  var date = \"2023-01-23\";\n---\n",
		problems: []string{"line 3: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a var in a loop's head", file: "---js\nfor (var permalink = \"/a/\"; x; ) {}\n---\n",
		problems: []string{"line 2: permalink: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a var in a bare block", file: "---js\nconst title = \"T\";\n{\n  var date = \"2023-01-23\"\n}\n---\n", title: "T",
		problems: []string{"line 4: date: computed by JavaScript, which sitemapgen does not run; not read"}},
	{name: "a var inside a function is its own", file: "---js\nconst date = \"2023-01-23\";\nconst f = (y) => { if (y) { var draft = true; } };\nfunction g() { for (;;) { var permalink = \"/x/\"; } }\nconst o = { m() { var url = \"/y/\"; }, static: 1 };\n---\n", date: "2023-01-23T00:00:00Z"},
	{name: "the object and more code", file: "---js\n{ date: \"2023-01-23\" }\nconst x = 1;\n---\n",
		problems: []string{"line 2: JavaScript: code beside the object literal; not read"}},
}

func TestJavaScriptFrontMatter(t *testing.T) {
	for _, tt := range jsTests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ReadSourceOptions(strings.NewReader(tt.file), Options{JavaScript: true})
			if err != nil {
				t.Fatal(err)
			}
			var problems []string
			for _, p := range s.Problems {
				problems = append(problems, p.String())
			}
			date := ""
			if !s.Date.IsZero() {
				date = s.Date.Format(time.RFC3339)
			}
			if s.Format != "js" || date != tt.date || s.Permalink != tt.permalink || s.NoPermalink != tt.noPerma || s.Title != tt.title ||
				!slices.Equal(s.Tags, tt.tags) || !slices.Equal(problems, tt.problems) {
				t.Errorf("format %q date %q permalink %q (none %v) title %q tags %q problems %q\nwant date %q permalink %q (none %v) title %q tags %q problems %q",
					s.Format, date, s.Permalink, s.NoPermalink, s.Title, s.Tags, problems, tt.date, tt.permalink, tt.noPerma, tt.title, tt.tags, tt.problems)
			}
			if lines := strings.Count(tt.file[:strings.LastIndex(tt.file, "---\n")], "\n") + 1; s.Lines != lines {
				t.Errorf("front matter ends on line %d, want %d", s.Lines, lines)
			}
			// Without Options.JavaScript, it is no front matter.
			if s, _ := ReadSource(strings.NewReader(tt.file)); s.Format != "" || !s.Date.IsZero() {
				t.Errorf("without Options.JavaScript: %+v", *s)
			}
		})
	}
	if s, _ := ReadSourceOptions(strings.NewReader("---js\nconst date = \"2023-01-23\";\n---\n"), Options{JavaScript: true}); s.Sitemap.Priority.IsSet() {
		t.Error("priority set")
	}
	s, _ := ReadSourceOptions(strings.NewReader(jsTests[6].file), Options{JavaScript: true})
	if p := s.Sitemap.Priority.Float(); p != 0.8 {
		t.Errorf("the object literal's sitemap.priority: %v", s.Sitemap.Priority)
	}
	// "---jsx", "---json" and "---yaml" are other languages: not read.
	for _, open := range []string{"---jsx", "---json", "---yaml", "--- j s"} {
		if s, _ := ReadSourceOptions(strings.NewReader(open+"\nconst date = \"2023-01-23\";\n---\n"), Options{JavaScript: true}); s.Format != "" {
			t.Errorf("%s read as %q", open, s.Format)
		}
	}
}

// FuzzJavaScript reads any code as JavaScript front matter: no panic,
// every problem on a line of the file, the same in any chunks, and a
// value read is one the code writes.
func FuzzJavaScript(f *testing.F) {
	for _, tt := range jsTests {
		f.Add([]byte(strings.TrimPrefix(tt.file, "---js\n")))
	}
	for _, s := range []string{"const a = -1, b = +2, c = 0x1f, d = 1_000;\n", "const date = [\n", "{ date: [\"a\", 1, {b: `c`}] };", "let x = 1\nx++\n", "const permalink = \"/a\"\n(foo)\n", "{\n", "const \\u0064ate = '2020-01-01'\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, code []byte) {
		defer fuzzbound.Check(t)()
		file := append([]byte("---js\n"), code...)
		file = append(file, "\n---\n"...)
		s, err := ReadSourceOptions(bytes.NewReader(file), Options{JavaScript: true})
		if err != nil {
			t.Fatal(err)
		}
		lines := 1 + bytes.Count(file, []byte("\n"))
		for _, p := range s.Problems {
			if p.Line < 1 || p.Line > lines {
				t.Errorf("problem on line %d of %d: %s", p.Line, lines, p.Msg)
			}
		}
		if s.Permalink != "" && !bytes.Contains(code, []byte(strings.Trim(s.Permalink, "/"))) {
			t.Errorf("permalink %q is not in the code", s.Permalink)
		}
		if s.Title != "" && !bytes.Contains(code, []byte(s.Title)) && !bytes.Contains(code, []byte(`\`)) {
			t.Errorf("title %q is not in the code", s.Title)
		}
		again, err := ReadSourceOptions(iotest.HalfReader(bytes.NewReader(file)), Options{JavaScript: true})
		if err != nil {
			t.Fatal(err)
		}
		if !equalSources(s, again) {
			t.Errorf("read in halves:\n%+v\n%+v", *s, *again)
		}
	})
}
