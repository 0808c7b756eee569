package extraurls

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// read returns the records of src, one line each: "LINE LOC LASTMOD CF
// PRIO ALTS IMAGES".
func read(t *testing.T, src string, f Format) ([]string, error) {
	t.Helper()
	var got []string
	err := Read(strings.NewReader(src), "urls", f, func(r Record) error {
		u := r.URL
		s := []string{itoa(r.Line), u.Loc}
		if !u.LastMod.IsZero() {
			s = append(s, u.LastMod.Format(time.RFC3339))
		}
		if u.ChangeFreq != 0 {
			s = append(s, u.ChangeFreq.String())
		}
		if u.Priority.IsSet() {
			s = append(s, u.Priority.String())
		}
		for _, a := range u.Alternates {
			s = append(s, a.Lang+"="+a.Href)
		}
		for _, im := range u.Images {
			s = append(s, "img="+im.Loc)
		}
		got = append(got, strings.Join(s, " "))
		return nil
	})
	return got, err
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+n/10%10)) + string(rune('0'+n%10)))
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		f         Format
		want      []string
	}{
		{name: "text", f: Text, src: "# products\nhttps://example.org/p/1\n\n  https://EXAMPLE.org/p/a b  \n# end\n",
			want: []string{"02 https://example.org/p/1", "04 https://example.org/p/a%20b"}},
		{name: "jsonl", f: JSONL, src: `{"loc":"https://example.org/p/1","lastmod":"2024-05-01","changefreq":"daily","priority":0.8}` + "\n\n" +
			`{"loc":"https://example.org/p/2","priority":"1.0","alternates":[{"hreflang":"de","href":"https://example.org/de/p/2"}],"images":[{"loc":"https://cdn.example.org/2.jpg"}]}` + "\n",
			want: []string{
				"01 https://example.org/p/1 2024-05-01T00:00:00Z daily 0.8",
				"03 https://example.org/p/2 1.0 de=https://example.org/de/p/2 img=https://cdn.example.org/2.jpg",
			}},
		{name: "csv", f: CSV, src: "loc,lastmod,priority,alternates,images\r\n" +
			"https://example.org/p/1,2024-05-01T10:00:00+02:00,0.3,,\r\n" +
			"\"https://example.org/p/2\",,,de=https://example.org/de/p/2 en=https://example.org/p/2,https://example.org/a.png https://example.org/b.png\r\n",
			want: []string{
				"02 https://example.org/p/1 2024-05-01T10:00:00+02:00 0.3",
				"03 https://example.org/p/2 de=https://example.org/de/p/2 en=https://example.org/p/2 img=https://example.org/a.png img=https://example.org/b.png",
			}},
		{name: "sniffed jsonl", src: "\n# x\n{\"loc\":\"https://example.org/\"}\n", want: []string{"03 https://example.org/"}},
		{name: "sniffed csv", src: "lastmod,loc\n2024-01-02,https://example.org/\n", want: []string{"02 https://example.org/ 2024-01-02T00:00:00Z"}},
		{name: "sniffed text", src: "https://example.org/a,b\n", want: []string{"01 https://example.org/a,b"}},
		{name: "empty", src: "", want: nil},
		{name: "a byte order mark", f: Text, src: "\ufeffhttps://example.org/\r\nhttps://example.org/b\r\n", want: []string{"01 https://example.org/", "02 https://example.org/b"}},
		{name: "a byte order mark, sniffed", src: "\ufeff{\"loc\":\"https://example.org/\"}\n", want: []string{"01 https://example.org/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := read(t, tc.src, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestReadErrors: a line that is wrong is an error at NAME:LINE that
// says what is wrong.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		f         Format
		want      string
	}{
		{name: "not a URL", f: Text, src: "https://example.org/\n/relative\n", want: "urls:2: /relative: not an absolute http(s) URL"},
		{name: "ftp", f: Text, src: "ftp://example.org/\n", want: "urls:1: ftp://example.org/: not an absolute http(s) URL"},
		{name: "bad json", f: JSONL, src: "{\"loc\":\"https://example.org/\"}\n{\"loc\":\n", want: "urls:2: not a JSON object"},
		{name: "unknown key", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"lastmodified\":\"2024-01-01\"}\n", want: "urls:1: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"lastmodified\""},
		{name: "key LOC", f: JSONL, src: "{\"LOC\":\"https://example.org/\"}\n", want: "urls:1: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"LOC\""},
		{name: "key Loc", f: JSONL, src: "{\"loc\":\"https://example.org/\"}\n{\"Loc\":\"https://example.org/b\"}\n", want: "urls:2: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"Loc\""},
		{name: "key Lastmod", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"Lastmod\":\"2024-01-01\"}\n", want: "urls:1: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"Lastmod\""},
		{name: "key HREF", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"alternates\":[{\"hreflang\":\"de\",\"HREF\":\"https://example.org/de/\"}]}\n", want: "urls:1: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"HREF\""},
		{name: "image key Loc", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"images\":[{\"Loc\":\"https://example.org/i.png\"}]}\n", want: "urls:1: not a JSON object of loc, lastmod, changefreq, priority, alternates, images: unknown field \"Loc\""},
		{name: "no loc", f: JSONL, src: "{\"lastmod\":\"2024-01-01\"}\n", want: "urls:1: no loc"},
		{name: "bad date", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"lastmod\":\"07/08/2022\"}\n", want: "urls:1: lastmod \"07/08/2022\" is not a date"},
		{name: "bad changefreq", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"changefreq\":\"sometimes\"}\n", want: "urls:1: changefreq \"sometimes\" is not one of"},
		{name: "bad priority", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"priority\":2}\n", want: "urls:1: priority 2 is outside 0.0–1.0"},
		{name: "bad hreflang", f: JSONL, src: "{\"loc\":\"https://example.org/\",\"alternates\":[{\"hreflang\":\"jp\",\"href\":\"https://example.org/ja/\"}]}\n", want: "urls:1: hreflang \"jp\" is not a BCP 47 language code"},
		{name: "two values", f: JSONL, src: "{\"loc\":\"https://example.org/\"} {}\n", want: "urls:1: more than one JSON value"},
		{name: "csv no loc", f: CSV, src: "url,lastmod\n", want: "urls:1: column \"url\" is not one of loc"},
		{name: "csv width", f: CSV, src: "loc,lastmod\nhttps://example.org/,2024-01-01,x\n", want: "urls:2: 3 fields; the header names 2"},
		{name: "csv quote", f: CSV, src: "loc\n\"https://example.org/\nx\n", want: "urls:2: extraneous or missing \" in quoted-field"},
		{name: "csv pair", f: CSV, src: "loc,alternates\nhttps://example.org/,de\n", want: "urls:2: alternate \"de\" is not hreflang=href"},
		{name: "long line", f: Text, src: "https://example.org/\nhttps://example.org/" + strings.Repeat("a", MaxLine) + "\n", want: "urls:2: a line longer than 1048576 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := read(t, tc.src, tc.f)
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := errors.AsType[*diag.Diagnostic](err); !ok {
				t.Errorf("%T, want a *diag.Diagnostic", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want it to start %q", err, tc.want)
			}
		})
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{"urls.txt": Text, "urls": Text, "a.JSONL": JSONL, "x.ndjson": JSONL, "data/p.csv": CSV} {
		if got := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %s, want %s", name, got, want)
		}
	}
}

// TestFnError: the caller's error stops the read, as it is.
func TestFnError(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := Read(strings.NewReader("https://example.org/a\nhttps://example.org/b\n"), "urls", Text, func(Record) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("err %v after %d records, want stop after 1", err, n)
	}
	_ = sitemap.URL{}
}

// FuzzRead: any bytes, in any format, are read without a panic; every
// record has a normalized absolute URL and a line within the input, and
// an error names NAME and a line, on one line without a control
// character.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"https://example.org/a\n# c\n\nhttps://example.org/b",
		`{"loc":"https://example.org/","lastmod":"2024-05-01","priority":"0.5","alternates":[{"hreflang":"de","href":"https://example.org/de/"}],"images":[{"loc":"https://example.org/i.png"}]}`,
		"loc,lastmod,alternates,images\nhttps://example.org/,2024-01-01,de=https://example.org/de/,https://example.org/i.png\n",
		"loc\n\"https://example.org/\n",
		"{\"loc\":1}",
	} {
		f.Add([]byte(s), "")
		f.Add([]byte(s), string(CSV))
	}
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		defer fuzzbound.Check(t)()
		lines := bytes.Count(data, []byte("\n")) + 1
		err := Read(bytes.NewReader(data), "f", Format(format), func(r Record) error {
			if r.Line < 1 || r.Line > lines {
				t.Errorf("record at line %d of %d", r.Line, lines)
			}
			if !strings.HasPrefix(r.URL.Loc, "http://") && !strings.HasPrefix(r.URL.Loc, "https://") {
				t.Errorf("record of %q", r.URL.Loc)
			}
			return nil
		})
		if err != nil && !strings.HasPrefix(err.Error(), "f") {
			t.Errorf("error %q does not name the file", err)
		}
		if err != nil && strings.ContainsFunc(err.Error(), unicode.IsControl) {
			t.Errorf("error %q holds a control character", err)
		}
	})
}

// cut reads src, then fails with err: a command's output past its bound.
type cut struct {
	r   io.Reader
	err error
}

func (c *cut) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		return n, c.err
	}
	return n, err
}

// TestReadCut: a read that fails in the middle of a line is that error,
// not the half line as a record (a text URL cut short would be listed,
// a JSON line said to be malformed).
func TestReadCut(t *testing.T) {
	bound := errors.New("past limits.extra_urls_bytes")
	for _, f := range []Format{Text, JSONL} {
		src := "https://example.org/a\nhttps://example.org/abcdef"
		if f == JSONL {
			src = `{"loc":"https://example.org/a"}` + "\n" + `{"loc":"https://exa`
		}
		var got []string
		err := Read(&cut{strings.NewReader(src), bound}, "urls", f, func(r Record) error {
			got = append(got, r.URL.Loc)
			return nil
		})
		if !errors.Is(err, bound) || len(got) > 1 {
			t.Errorf("%s: read %q, error %v; want the bound's error", f, got, err)
		}
	}
}

// hostile are values that break a message printed raw: a line break
// that forges a line of its own (a CI's workflow command), a carriage
// return, a terminal's escape sequence, a bell, a NUL, a megabyte.
var hostile = []string{"x\n::error::PWNED", "https://example.org/\r::add-mask::x", "https://example.org/\x1b]0;t\x07\x1b[2J", "\x00https://example.org/", "::error::" + strings.Repeat("a", 1_000_000)}

// hostileRecords returns, for a value v, lines of each format that put
// it in each place a value of a record goes, named by that place.
func hostileRecords(v string) map[string]struct {
	f   Format
	src string
} {
	j, _ := json.Marshal(v)
	q := `"` + strings.ReplaceAll(v, `"`, `""`) + `"` // CSV's quoting
	const ok = "https://example.org/ok"
	type rec = struct {
		f   Format
		src string
	}
	recs := map[string]rec{
		"jsonl loc":        {JSONL, `{"loc":` + string(j) + `}`},
		"jsonl image":      {JSONL, `{"loc":"` + ok + `","images":[{"loc":` + string(j) + `}]}`},
		"jsonl href":       {JSONL, `{"loc":"` + ok + `","alternates":[{"hreflang":"de","href":` + string(j) + `}]}`},
		"jsonl hreflang":   {JSONL, `{"loc":"` + ok + `","alternates":[{"hreflang":` + string(j) + `,"href":"` + ok + `"}]}`},
		"jsonl lastmod":    {JSONL, `{"loc":"` + ok + `","lastmod":` + string(j) + `}`},
		"jsonl changefreq": {JSONL, `{"loc":"` + ok + `","changefreq":` + string(j) + `}`},
		"jsonl priority":   {JSONL, `{"loc":"` + ok + `","priority":` + string(j) + `}`},
		"jsonl key":        {JSONL, `{"loc":"` + ok + `",` + string(j) + `:1}`},
		"csv loc":          {CSV, "loc\n" + q},
		"csv image":        {CSV, "loc,images\n" + ok + "," + q},
		"csv href":         {CSV, "loc,alternates\n" + ok + "," + `"de=` + strings.ReplaceAll(v, `"`, `""`) + `"`},
		"csv pair":         {CSV, "loc,alternates\n" + ok + "," + q},
		"csv lastmod":      {CSV, "loc,lastmod\n" + ok + "," + q},
		"csv changefreq":   {CSV, "loc,changefreq\n" + ok + "," + q},
		"csv priority":     {CSV, "loc,priority\n" + ok + "," + q},
		"csv column":       {CSV, q + ",loc\n"},
	}
	if !strings.Contains(v, "\n") {
		recs["text"] = rec{Text, v}
	}
	return recs
}

// TestReadErrorsHostile: whatever a value holds, the error that quotes
// it is one line, with no control character, of bounded length, its
// value escaped and cut (diag.URL, diag.Excerpt).
func TestReadErrorsHostile(t *testing.T) {
	for _, v := range hostile {
		for where, rec := range hostileRecords(v) {
			err := Read(strings.NewReader(rec.src+"\n"), "urls", rec.f, func(Record) error { return nil })
			if err == nil {
				if strings.HasPrefix(where, "csv") && strings.Contains(v, "\r") {
					continue // encoding/csv reads a quoted \r\n as \n: a field that may be a URL
				}
				t.Errorf("%s %.30q: no error", where, v)
				continue
			}
			msg := err.Error()
			if strings.ContainsFunc(msg, unicode.IsControl) || len(msg) > 400 || !strings.HasPrefix(msg, "urls:") {
				t.Errorf("%s %.30q: %d bytes: %.300q", where, v, len(msg), msg)
			}
		}
	}
}

// TestReadUnquoted: read by ReadUnquoted (a file the repository's
// settings name), a line that is wrong is named by its place and what
// was expected, whatever it holds, nothing of it quoted; Read quotes it.
func TestReadUnquoted(t *testing.T) {
	const secret = "ghp_0123456789abcdefSECRET"
	err := ReadUnquoted(strings.NewReader("# the CI's\nAPI_TOKEN="+secret+"\n"), ".env", Text, func(Record) error { return nil })
	if want := ".env:2: not an absolute http(s) URL (the line is not shown: the settings name this file)"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if err := Read(strings.NewReader("API_TOKEN="+secret+"\n"), ".env", Text, func(Record) error { return nil }); err == nil || !strings.Contains(err.Error(), secret) {
		t.Errorf("Read: %v, want the line quoted", err)
	}
	for _, v := range append([]string{secret, "https://" + secret + ":x/"}, hostile...) {
		v := v + secret
		for where, rec := range hostileRecords(v) {
			err := ReadUnquoted(strings.NewReader(rec.src+"\n"), "urls", rec.f, func(Record) error { return nil })
			if err == nil {
				if strings.HasPrefix(where, "csv") && strings.Contains(v, "\r") {
					continue // as in TestReadErrorsHostile
				}
				t.Errorf("%s %.30q: no error", where, v)
				continue
			}
			msg := err.Error()
			if strings.Contains(msg, "SECRET") || strings.ContainsFunc(msg, unicode.IsControl) || len(msg) > 200 || !strings.HasPrefix(msg, "urls:") {
				t.Errorf("%s %.30q: %q", where, v, msg)
			}
		}
	}
}
