package pelican

// What Pelican's readers take of a source's metadata (readers.py of
// Pelican 4.8): Markdown's "Key: value" lines (Python-Markdown's meta
// extension), reST's document title and field list (docutils' docinfo),
// an HTML source's <title> and <meta name content>. Only the head of a
// file is read: its metadata is at its top.

import (
	"bufio"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// meta is a source's metadata: its keys lower-cased, as Pelican's
// readers give them, and "title".
type meta map[string]string

// Python-Markdown's meta extension (markdown/extensions/meta.py).
var (
	mdBegin = lazyre.MustCompile(`^-{3}(\s.*)?$`)
	mdMeta  = lazyre.MustCompile(`^[ ]{0,3}([A-Za-z0-9_-]+):\s*(.*)$`)
	mdMore  = lazyre.MustCompile(`^[ ]{4,}(.*)$`)
	mdEnd   = lazyre.MustCompile(`^(-{3}|\.{3})(\s.*)?$`)
)

// maxMetaLines bounds the lines of a head read for metadata, maxHead
// the bytes of an HTML source read for its <head>.
const (
	maxMetaLines = 1000
	maxHead      = 256 << 10
)

// lines reads r a line at a time, without its line end, at most
// maxMetaLines; the error is a read's.
type lines struct {
	r   *bufio.Reader
	n   int
	err error
}

func (l *lines) next() (string, bool) {
	if l.err != nil || l.n >= maxMetaLines {
		return "", false
	}
	s, err := l.r.ReadString('\n')
	if err != nil {
		if err != io.EOF {
			l.err = err
		} else {
			l.err = io.EOF
		}
		if s == "" {
			return "", false
		}
	}
	l.n++
	return strings.TrimRight(s, "\r\n"), true
}

func (l *lines) readErr() error {
	if l.err == io.EOF {
		return nil
	}
	return l.err
}

// readMeta reads the metadata of the source named rel from r, by its
// extension's reader; nil for a file no reader of Pelican's reads.
func readMeta(rel string, r io.Reader) (meta, error) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".md", ".markdown", ".mkd", ".mdown":
		return readMarkdown(r)
	case ".rst":
		return readRST(r)
	case ".html", ".htm":
		return readHTML(r)
	}
	return nil, nil
}

// readMarkdown reads Markdown's metadata lines: "Key: value" from the
// first line (after an optional "---"), a line indented by four spaces
// going on with the value before it, up to a blank line, "---" or
// "...", or a line that is neither.
func readMarkdown(r io.Reader) (meta, error) {
	l := &lines{r: bufio.NewReader(r)}
	m := meta{}
	// Each key's lines, joined at the end: appended to one string as
	// they came, a value of a thousand long lines cost memory quadratic
	// in their count (500 MB for a source of limits.front_matter_bytes).
	vals := map[string][]string{}
	key := ""
	first := true
	for {
		s, ok := l.next()
		if !ok {
			break
		}
		if first {
			first = false
			s = strings.TrimPrefix(s, "\ufeff")
			if mdBegin().MatchString(s) {
				continue
			}
		}
		if strings.TrimSpace(s) == "" || mdEnd().MatchString(s) {
			break
		}
		if a := mdMeta().FindStringSubmatch(s); a != nil {
			key = strings.ToLower(a[1])
			vals[key] = append(vals[key], strings.TrimSpace(a[2]))
			continue
		}
		if a := mdMore().FindStringSubmatch(s); a != nil && key != "" {
			vals[key] = append(vals[key], strings.TrimSpace(a[1]))
			continue
		}
		break
	}
	for k, v := range vals {
		m[k] = strings.Join(v, "\n")
	}
	return m, l.readErr()
}

// rstAdornment reports whether s is a line of one punctuation character
// repeated, a section title's over- or underline.
func rstAdornment(s string) bool {
	s = strings.TrimRight(s, " \t")
	if len(s) < 1 || !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(s[0])) {
		return false
	}
	return strings.Count(s, s[:1]) == len(s)
}

// rstField matches the first line of a field of a field list: ":name: value".
var rstField = lazyre.MustCompile(`^:((?:[^:\\]|\\.)+):(?:\s+(.*))?$`)

// readRST reads reST's document title (a section title alone at the top,
// which docutils promotes) and its docinfo: the field list right after
// it, or at the top of a document without a title.
func readRST(r io.Reader) (meta, error) {
	l := &lines{r: bufio.NewReader(r)}
	m := meta{}
	var pending []string // lines read ahead
	next := func() (string, bool) {
		if len(pending) > 0 {
			s := pending[0]
			pending = pending[1:]
			return s, true
		}
		return l.next()
	}
	skipBlank := func() (string, bool) {
		for {
			s, ok := next()
			if !ok {
				return "", false
			}
			if t := strings.TrimSpace(s); t != "" && !(strings.HasPrefix(t, "..") && !strings.Contains(t, "::")) {
				return s, true
			}
		}
	}
	s, ok := skipBlank()
	if !ok {
		return m, l.readErr()
	}
	s = strings.TrimPrefix(s, "\ufeff")
	// The title: overline, text, underline; or text, underline. A
	// subtitle after it is another.
	title := func(s string) (string, bool) {
		if rstAdornment(s) {
			text, ok1 := next()
			under, ok2 := next()
			if ok1 && ok2 && strings.TrimSpace(text) != "" && strings.TrimSpace(under) == strings.TrimSpace(s) {
				return strings.TrimSpace(text), true
			}
			pending = append(pending, text, under)
			return "", false
		}
		under, ok := next()
		// docutils takes an underline shorter than its text when it is
		// four characters or more.
		if n := len(strings.TrimSpace(under)); ok && rstAdornment(under) && !strings.HasPrefix(s, ":") && (n >= 4 || n >= utf8.RuneCountInString(strings.TrimSpace(s))) {
			return strings.TrimSpace(s), true
		}
		if ok {
			pending = append([]string{under}, pending...)
		}
		return "", false
	}
	if t, ok := title(s); ok {
		m["title"] = t
		if s, ok = skipBlank(); !ok {
			return m, l.readErr()
		}
		if _, ok := title(s); ok { // a subtitle
			if s, ok = skipBlank(); !ok {
				return m, l.readErr()
			}
		} else {
			pending = append([]string{s}, pending...)
			s, _ = next()
		}
	}
	// The docinfo: a field list, its values going on on lines indented,
	// each field's lines (those not blank) joined with a space once it
	// ends, as readMarkdown joins its keys'.
	// A field whose name is only backslashes is kept under "", its
	// first line only, as before the lines were joined at the end.
	key, val, open := "", []string(nil), false
	field := func(v string) {
		if v = strings.TrimSpace(v); v != "" {
			val = append(val, v)
		}
	}
	end := func() {
		if open {
			m[key] = strings.Join(val, " ")
		}
	}
	for ok := true; ok; s, ok = next() {
		if a := rstField().FindStringSubmatch(s); a != nil {
			end()
			key, val, open = strings.ToLower(strings.ReplaceAll(a[1], `\`, "")), val[:0], true
			field(a[2])
			continue
		}
		if key != "" && s != "" && (s[0] == ' ' || s[0] == '\t') {
			field(s)
			continue
		}
		break
	}
	end()
	return m, l.readErr()
}

// readHTML reads an HTML source's <title> and its <meta name content>
// (or contents) up to <body>.
func readHTML(r io.Reader) (meta, error) {
	z := html.NewTokenizer(io.LimitReader(r, maxHead))
	m := meta{}
	inTitle := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				return m, nil
			}
			return m, z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			switch t.DataAtom {
			case atom.Body:
				return m, nil
			case atom.Title:
				inTitle = true
			case atom.Meta:
				var name, content string
				for _, a := range t.Attr {
					switch a.Key {
					case "name":
						name = strings.ToLower(a.Val)
					case "content", "contents":
						content = a.Val
					}
				}
				if name != "" {
					m[name] = strings.TrimSpace(content)
				}
			}
		case html.EndTagToken:
			if z.Token().DataAtom == atom.Title {
				inTitle = false
			}
		case html.TextToken:
			if inTitle {
				m["title"] += strings.TrimSpace(string(z.Text()))
			}
		}
	}
}
