package sitemaptest

import (
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
)

// needXmllint skips t under -short when xmllint is missing, and fails it
// otherwise.
func needXmllint(t *testing.T) {
	t.Helper()
	if _, err := Validate(filepath.Join("testdata", "valid", "index.xml")); errors.Is(err, ErrNoXmllint) {
		if testing.Short() {
			t.Skip(err)
		}
		t.Fatal(err)
	}
}

// generated writes the files too big, or too odd, to commit into a
// temporary folder and returns their paths by name.
func generated(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	urlset := func(n int, loc func(i int) string) string {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for i := range n {
			fmt.Fprintf(&b, "<url><loc>%s</loc></url>\n", loc(i))
		}
		b.WriteString("</urlset>\n")
		return b.String()
	}
	page := func(i int) string { return fmt.Sprintf("https://docs.example.org/p/%d/", i) }
	long := func(n int) func(int) string {
		return func(int) string {
			const prefix = "https://docs.example.org/"
			return prefix + strings.Repeat("a", n-len(prefix))
		}
	}
	utf16le := func(s string) string {
		b := []byte{0xff, 0xfe}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	files := map[string]string{
		"loc-2047-chars.xml":  urlset(1, long(2047)),
		"loc-2048-chars.xml":  urlset(1, long(2048)),
		"urls-50000.xml":      urlset(50000, page),
		"urls-50001.xml":      urlset(50001, page),
		"utf-16.xml":          utf16le(strings.Replace(urlset(1, page), "UTF-8", "UTF-16", 1)),
		"urls-50001.xml.gz":   urlset(50001, page),
		"loc-whitespace.xml":  urlset(1, func(int) string { return "https://docs.example.org/a b/" }),
		"loc-no-host.xml":     urlset(1, func(int) string { return "https:///guides/" }),
		"loc-ftp.xml":         urlset(1, func(int) string { return "ftp://docs.example.org/" }),
		"loc-many-wrong.xml":  urlset(7, func(i int) string { return fmt.Sprintf("/guides/page-%d/", i) }),
		"loc-upper-case.xml":  urlset(1, func(int) string { return "HTTPS://docs.example.org/" }),
		"not-a-sitemap-0.xml": "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<html><body>x</body></html>\n",
	}
	paths := map[string]string{}
	for name, content := range files {
		path := filepath.Join(dir, name)
		data := []byte(content)
		if strings.HasSuffix(name, ".gz") {
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			zw := gzip.NewWriter(f)
			zw.Write(data)
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = path
	}
	return paths
}

// The files the check is tested on, each with what its report line must
// say: a sample of testdata/valid or testdata/invalid, or a generated
// file (gen: true).
var cases = []struct {
	file string
	gen  bool
	line string // a regular expression its report line matches, after "OK   " or "FAIL "
}{
	{file: "valid/urlset-full.xml", line: `^OK   \S+ \(urlset, 4 <url>\)$`},
	{file: "valid/index.xml", line: `^OK   \S+ \(sitemapindex, 3 <sitemap>\)$`},
	{file: "valid/urlset.xml.gz", line: `^OK   \S+ \(urlset, gzip, 2 <url>\)$`},
	{file: "valid/hreflang.xml", line: `^OK   \S+ \(urlset, 3 <url>\)$`},
	{file: "valid/extensions.xml", line: `^OK   \S+ \(urlset, 3 <url>\)$`},
	{file: "loc-2047-chars.xml", gen: true, line: `^OK   \S+ \(urlset, 1 <url>\)$`},
	{file: "urls-50000.xml", gen: true, line: `^OK   \S+ \(urlset, 50000 <url>\)$`},
	{file: "loc-upper-case.xml", gen: true, line: `^OK   `},

	{file: "valid/feed.xml", line: `^FAIL \S+: not a sitemap \(root element <feed>; expected <urlset> or <sitemapindex>\)$`},
	{file: "not-a-sitemap-0.xml", gen: true, line: `^FAIL \S+: not a sitemap \(root element <html>; `},
	{file: "invalid/changefreq-fortnightly.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): schema: line 5: Element 'changefreq': \[facet 'enumeration'\] The value 'fortnightly' is not an element of the set`},
	{file: "invalid/priority-1.5.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): schema: line 5: Element 'priority': \[facet 'maxInclusive'\] The value '1.5' is greater than`},
	{file: "invalid/loc-relative.xml", line: `^FAIL \S+ \(urlset, 2 <url>\): line 7: <loc> is not an absolute http\(s\) URL: '/guides/install/'$`},
	{file: "invalid/loc-missing.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): schema: line 4: Element 'lastmod': This element is not expected. Expected is \( loc \)`},
	{file: "invalid/ampersand-unescaped.xml", line: `^FAIL \S+ \(urlset\): not well-formed: line 4: EntityRef: expecting ';'$`},
	{file: "invalid/lastmod-us-date.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): schema: line 5: Element 'lastmod': '05/01/2024' is not a valid value`},
	{file: "invalid/hreflang-relative-href.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): line 7: xhtml:link href is not an absolute http\(s\) URL: '/fr/'$`},
	{file: "invalid/extension-before-lastmod.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): schema: line 9: Element 'lastmod': This element is not expected`},
	{file: "invalid/index-relative-loc.xml", line: `^FAIL \S+ \(sitemapindex, 2 <sitemap>\): line 7: <loc> is not an absolute http\(s\) URL: 'sitemap-2.xml'$`},
	{file: "invalid/encoding-latin1.xml", line: `^FAIL \S+ \(urlset, 1 <url>\): declared encoding is ISO-8859-1; sitemaps must be UTF-8$`},
	{file: "invalid/no-namespace.xml", line: `^FAIL \S+ \(urlset, 0 <url>\): schema: line 2: Element 'urlset': No matching global declaration available for the validation root.$`},
	{file: "invalid/corrupt.xml.gz", line: `^FAIL \S+ \(gzip\): cannot decompress: `},
	{file: "loc-2048-chars.xml", gen: true, line: `^FAIL \S+ \(urlset, 1 <url>\): line 3: <loc> is 2048 characters long \(must be less than 2048\)$`},
	{file: "urls-50001.xml", gen: true, line: `^FAIL \S+ \(urlset, 50001 <url>\): 50001 entries \(the protocol allows at most 50000 per file\)$`},
	{file: "urls-50001.xml.gz", gen: true, line: `^FAIL \S+ \(urlset, gzip, 50001 <url>\): 50001 entries`},
	{file: "utf-16.xml", gen: true, line: `^FAIL \S+ \(urlset, 1 <url>\): file starts with a UTF-16 byte-order mark; sitemaps must be UTF-8; declared encoding is UTF-16; sitemaps must be UTF-8$`},
	{file: "loc-whitespace.xml", gen: true, line: `^FAIL \S+ \(urlset, 1 <url>\): line 3: <loc> contains whitespace: 'https://docs.example.org/a b/'$`},
	{file: "loc-no-host.xml", gen: true, line: `: line 3: <loc> is not an absolute http\(s\) URL: 'https:///guides/'$`},
	{file: "loc-ftp.xml", gen: true, line: `: line 3: <loc> is not an absolute http\(s\) URL: 'ftp://docs.example.org/'$`},
	{file: "loc-many-wrong.xml", gen: true, line: `^FAIL \S+ \(urlset, 7 <url>\): line 3: <loc> [^;]*'/guides/page-0/'; (line \d: <loc> [^;]*; ){4}\.\.\. and 2 more <loc>/href problems$`},
}

// TestValidate checks each file alone: its one report line and the last,
// and an error for a failure.
func TestValidate(t *testing.T) {
	needXmllint(t)
	gen := generated(t)
	for _, tt := range cases {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", tt.file)
			if tt.gen {
				path = gen[tt.file]
			}
			out, err := Validate(path)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("want a line for the file and the count, got:\n%s", out)
			}
			if !regexp.MustCompile(tt.line).MatchString(lines[0]) || !strings.Contains(lines[0], path) {
				t.Errorf("got  %s\nwant %s (with the path %s)", lines[0], tt.line, path)
			}
			pass := strings.HasPrefix(lines[0], "OK ")
			want := map[bool]string{true: "1 passed, 0 failed", false: "0 passed, 1 failed"}[pass]
			if lines[1] != want {
				t.Errorf("last line %q, want %q", lines[1], want)
			}
			if pass != (err == nil) {
				t.Errorf("passes, and err = %v", err)
			}
		})
	}
}

// TestValidateBatch checks every file in one call, so one xmllint process
// a root element: each report line is still its own file's, in order.
func TestValidateBatch(t *testing.T) {
	needXmllint(t)
	gen := generated(t)
	var paths []string
	passed, failed := 0, 0
	for _, tt := range cases {
		path := filepath.Join("testdata", tt.file)
		if tt.gen {
			path = gen[tt.file]
		}
		paths = append(paths, path)
		if strings.HasPrefix(tt.line, "^OK") {
			passed++
		} else {
			failed++
		}
	}
	out, err := Validate(paths...)
	if err == nil {
		t.Error("no error, though files fail")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(cases)+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(cases)+1, out)
	}
	for i, tt := range cases {
		if !regexp.MustCompile(tt.line).MatchString(lines[i]) || !strings.Contains(lines[i], paths[i]) {
			t.Errorf("line %d:\n got  %s\n want %s (with the path %s)", i+1, lines[i], tt.line, paths[i])
		}
	}
	if want := fmt.Sprintf("%d passed, %d failed", passed, failed); lines[len(cases)] != want {
		t.Errorf("last line %q, want %q", lines[len(cases)], want)
	}
}

// TestValidateFolders checks folders: searched recursively, sorted,
// other XML files passed over, and none at all an error.
func TestValidateFolders(t *testing.T) {
	needXmllint(t)
	out, err := Validate(filepath.Join("testdata", "valid"))
	if err != nil {
		t.Fatal(err)
	}
	want := "OK   testdata/valid/extensions.xml (urlset, 3 <url>)\n" +
		"OK   testdata/valid/hreflang.xml (urlset, 3 <url>)\n" +
		"OK   testdata/valid/index.xml (sitemapindex, 3 <sitemap>)\n" +
		"OK   testdata/valid/urlset-full.xml (urlset, 4 <url>)\n" +
		"OK   testdata/valid/urlset.xml.gz (urlset, gzip, 2 <url>)\n" +
		"5 passed, 0 failed\n"
	if out != filepath.FromSlash(want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}

	out, err = Validate("testdata")
	if err == nil || !strings.HasSuffix(out, "\n5 passed, 12 failed\n") || strings.Contains(out, "feed.xml") {
		t.Errorf("testdata: %v\n%s", err, out)
	}

	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "feed.xml"), []byte("<rss/>"), 0o644)
	os.WriteFile(filepath.Join(empty, "sitemap.html"), []byte("<urlset/>"), 0o644)
	out, err = Validate(empty)
	if err == nil || !strings.Contains(err.Error(), "no sitemap file found") || out != "0 passed, 0 failed\n" {
		t.Errorf("a folder of no sitemap: %v\n%s", err, out)
	}
	if _, err := Validate(filepath.Join(empty, "missing.xml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestValidateWithoutSchema checks the protocol's rules alone: what the
// schema alone catches passes, the rest fails as with the schema.
func TestValidateWithoutSchema(t *testing.T) {
	gen := generated(t)
	schemaOnly := regexp.MustCompile(`: schema: `)
	for _, tt := range cases {
		path := filepath.Join("testdata", tt.file)
		if tt.gen {
			path = gen[tt.file]
		}
		out, err := ValidateWithoutSchema(path)
		line, _, _ := strings.Cut(out, "\n")
		switch {
		case schemaOnly.MatchString(tt.line):
			if err != nil || !strings.HasPrefix(line, "OK   ") {
				t.Errorf("%s: want a pass without the schema, got %v\n%s", tt.file, err, out)
			}
		case tt.file == "invalid/ampersand-unescaped.xml":
			if want := `: not well-formed (encoding/xml): XML syntax error on line 4: invalid character entity &page`; err == nil || !strings.Contains(line, want) {
				t.Errorf("%s: want %q, got %v\n%s", tt.file, want, err, out)
			}
		default:
			if !regexp.MustCompile(tt.line).MatchString(line) || (err == nil) != strings.HasPrefix(line, "OK ") {
				t.Errorf("%s:\n got  %s (%v)\n want %s", tt.file, line, err, tt.line)
			}
		}
	}
}

// TestNoXmllint checks the error without xmllint, and that -short's
// fallback, ValidateWithoutSchema, needs none.
func TestNoXmllint(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Validate(filepath.Join("testdata", "valid"))
	if !errors.Is(err, ErrNoXmllint) || !strings.Contains(err.Error(), "libxml2-utils") || !strings.Contains(err.Error(), "./test.sh") {
		t.Errorf("err = %v, want ErrNoXmllint naming libxml2-utils and ./test.sh", err)
	}
	if out, err := ValidateWithoutSchema(filepath.Join("testdata", "valid")); err != nil || !strings.HasSuffix(out, "\n5 passed, 0 failed\n") {
		t.Errorf("without the schema: %v\n%s", err, out)
	}
}

// TestSize checks the size limit and warning, on the numbers alone (a
// 50 MiB file is too slow to write for it).
func TestSize(t *testing.T) {
	tests := []struct {
		size       int64
		fail, warn bool
	}{
		{size: warnBytes},
		{size: warnBytes + 1, warn: true},
		{size: maxBytes, warn: true},
		{size: maxBytes + 1, fail: true},
	}
	for _, tt := range tests {
		f := &sitemap{root: "urlset", size: tt.size, schema: schemaResult{said: true, valid: true}, proto: protoResult{count: 1}}
		f.judge(true)
		if (len(f.fail) > 0) != tt.fail || (len(f.warn) > 0) != tt.warn || f.count != 1 {
			t.Errorf("%d bytes: fail %q, warn %q, count %d", tt.size, f.fail, f.warn, f.count)
		}
	}
}

func TestSniffRoot(t *testing.T) {
	tests := []struct{ text, want string }{
		{"<?xml version=\"1.0\"?>\n<urlset xmlns=\"x\">", "urlset"},
		{"\ufeff<sm:sitemapindex xmlns:sm=\"x\">", "sitemapindex"},
		{"<!-- <urlset> -->\n<?pi?><!DOCTYPE rss [ <!ENTITY a \"b\"> ]>\n<rss>", "rss"},
		{"<urlset><url><loc>a&b</loc>", "urlset"},
		{"<!-- unclosed", ""},
		{"text", ""},
		{"", ""},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		path := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := sniffRoot(path); got != tt.want || err != nil {
			t.Errorf("sniffRoot(%q) = %q, %v; want %q", tt.text, got, err, tt.want)
		}
	}
}
