package sitegen

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Kind is what a file of a generated site is, and so whether a correct
// sitemap lists it (Kind.Listed).
type Kind string

// The kinds of file a generated site holds.
const (
	Home         Kind = "home"          // index.html
	Section      Kind = "section"       // a section's list page, SECTION/index.html
	Branch       Kind = "branch"        // a list page of a folder within a section
	Page         Kind = "page"          // a content page, DIR/NAME/index.html
	Plain        Kind = "plain"         // a content page, DIR/NAME.html
	Pager        Kind = "pager"         // a section's page K of its list, SECTION/page/K/index.html
	Translated   Kind = "translated"    // a content page in another language (LANG/...), with hreflang links both ways
	NoIndex      Kind = "noindex"       // a content page with <meta name="robots" content="noindex...">
	Alias        Kind = "alias"         // a redirect stub: meta refresh and canonical to its target
	AliasNoIndex Kind = "alias-noindex" // the same with noindex, as Hugo's alias template writes it
	Canonical    Kind = "canonical"     // an AMP copy of a page, whose canonical link names the page
	Error        Kind = "404"           // the error page, 404.html
	Asset        Kind = "asset"         // a file that is not a page: style, script, image, font, robots.txt
	Feed         Kind = "feed"          // an RSS feed, index.xml
)

// Listed reports whether a correct sitemap of the site lists a file of
// kind k.
func (k Kind) Listed() bool {
	switch k {
	case Home, Section, Branch, Page, Plain, Pager, Translated:
		return true
	}
	return false
}

// Entry is one line of a manifest: a file of the site.
type Entry struct {
	Kind Kind
	Path string // the file's path under the site folder, with '/'
	// URLPath is the path of the page's URL as a sitemap writes it
	// (RFC 3986: pchar kept, everything else %XX of its UTF-8 bytes);
	// pretty pages end in '/', plain pages keep ".html". Empty for files
	// that are not pages.
	URLPath string
	MTime   int64 // the file's modification time, in nanoseconds since 1970
	// Modified is the article:modified_time the page's head carries, as
	// written there, or "".
	Modified string
	// Alternates are the page's hreflang links, "LANG=URLPATH" each, in
	// the order of its head; x-default among them. Nil for pages without.
	Alternates []string
}

// The manifest is a text file, one line a file of the site, in the order
// they were made: kind, path, URL path, mtime in ns, modified time and
// alternates (space-separated), separated by tabs; "-" for an empty
// column.
func (e Entry) line() string {
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	return string(e.Kind) + "\t" + e.Path + "\t" + dash(e.URLPath) + "\t" +
		strconv.FormatInt(e.MTime, 10) + "\t" + dash(e.Modified) + "\t" +
		dash(strings.Join(e.Alternates, " ")) + "\n"
}

// ReadManifest reads the manifest Generate wrote.
func ReadManifest(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	undash := func(s string) string {
		if s == "-" {
			return ""
		}
		return s
	}
	for n := 1; sc.Scan(); n++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 6 {
			return nil, fmt.Errorf("manifest:%d: %d columns, want 6", n, len(cols))
		}
		mt, err := strconv.ParseInt(cols[3], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("manifest:%d: mtime: %w", n, err)
		}
		e := Entry{Kind: Kind(cols[0]), Path: cols[1], URLPath: undash(cols[2]), MTime: mt, Modified: undash(cols[4])}
		if a := undash(cols[5]); a != "" {
			e.Alternates = strings.Fields(a)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}
