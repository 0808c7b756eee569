package project

// The base URL from the built site's own feed (RSS or Atom), for a site
// whose generator has no site URL and whose pages name none (a SvelteKit
// blog's +server.js writes its feed's URLs from a constant).

import (
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// The bounds of the look for a feed: the files of the site looked at
// (folders and files), the feeds read, and the entries read in each.
const (
	feedWalk    = 10000
	feedFiles   = 20
	feedEntries = 100
)

// feedBase returns the base URL that a feed of the built site in root
// states, what said it and the feed's path: the first feed found (a
// file .xml, .rss or .atom whose root element is RSS's or Atom's, in
// the order of a lexical walk of at most feedWalk entries, hidden
// folders and those starting with "_" left out) whose own statements
// agree with the site. Its home link (RSS's channel <link>, RSS 1.0's
// too; Atom's <link rel="alternate">) is the base when the feed's own
// URL (its self link) or an entry's link leads from it to the feed's
// file or a page of the site; else its self link less the feed's path
// in the site is, when it ends in that path. Either is refused when the
// feed has entries and none lies below it: the feed is then of another
// site, or a project's page, such as a repository's, is its home link.
//
// Each feed is read inside root through the one door, within max bytes
// (limits.page_bytes), at most feedFiles of them, each to its
// feedEntries-th entry; a feed that cannot be read or parsed says
// nothing past what was read of it.
func feedBase(root *fsx.Root, max int64) (u, from, file string) {
	stop := errors.New("stop")
	seen, read := 0, 0
	err := root.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > feedWalk || read >= feedFiles {
			return stop
		}
		name := d.Name()
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		switch strings.ToLower(path.Ext(name)) {
		case ".xml", ".rss", ".atom":
		default:
			return nil
		}
		if strings.HasPrefix(strings.ToLower(name), "sitemap") {
			return nil // the site's sitemaps, which sitemapBase reads
		}
		read++
		f, err := root.Open(p, max, "limits.page_bytes")
		if err != nil {
			return nil
		}
		fd, _ := readFeed(f)
		f.Close()
		if b, what := fd.base(p, func(rel string) bool { return servedFile(root, rel) }); b != "" {
			u, from, file = b, "the feed "+p+"'s "+what, p
			return stop
		}
		return nil
	})
	if err != nil && err != stop {
		return "", "", ""
	}
	return u, from, file
}

// feed is what a feed states of its site: its home link, its own URL
// (self) and its entries' links, as written.
type feed struct {
	// kind is "RSS" or "Atom"; "" for a file that is no feed.
	kind          string
	home, self    string
	entries       []string
	entryHasLink  bool
	atomEntryOpen bool
}

// atomNS is Atom's namespace; rss1NS RSS 1.0's.
const (
	atomNS = "http://www.w3.org/2005/Atom"
	rss1NS = "http://purl.org/rss/1.0/"
)

// readFeed reads the feed r holds: RSS 2.0 (<rss><channel>), RSS 1.0
// (<rdf:RDF>) or Atom (<feed>), up to its feedEntries-th entry. The
// error is the XML decoder's (or the reader's); the feed holds what was
// read before it.
func readFeed(r io.Reader) (feed, error) {
	var f feed
	d := xml.NewDecoder(r)
	// Read as feed readers do: HTML's entities, any encoding (the links
	// it reads are ASCII). No element is closed for it: RSS's <link> has
	// text, where HTML's is void.
	d.Strict, d.Entity = false, xml.HTMLEntity
	d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	var stack []xml.Name
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return f, nil
		}
		if err != nil {
			return f, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 && !f.root(t.Name) {
				return f, nil
			}
			stack = append(stack, t.Name)
			text.Reset()
			f.start(stack, t)
			if len(f.entries) >= feedEntries {
				return f, nil
			}
		case xml.CharData:
			if text.Len() < 2048 {
				text.Write(t)
			}
		case xml.EndElement:
			if len(stack) == 0 {
				return f, nil
			}
			f.end(stack, strings.TrimSpace(text.String()))
			stack = stack[:len(stack)-1]
			text.Reset()
			if len(f.entries) >= feedEntries {
				return f, nil
			}
		}
	}
}

// root reports whether the root element n is a feed's, and sets its kind.
func (f *feed) root(n xml.Name) bool {
	switch {
	case n.Local == "rss" && n.Space == "":
		f.kind = "RSS"
	case n.Local == "RDF":
		f.kind = "RSS"
	case n.Local == "feed" && n.Space == atomNS:
		f.kind = "Atom"
	default:
		return false
	}
	return true
}

// start reads the start of an element: Atom's links, and RSS's self link
// (atom:link), from their attributes.
func (f *feed) start(stack []xml.Name, t xml.StartElement) {
	if t.Name.Local != "link" || t.Name.Space != atomNS {
		if f.kind == "Atom" && t.Name.Local == "entry" && len(stack) == 2 {
			f.atomEntryOpen, f.entryHasLink = true, false
		}
		return
	}
	var rel, href, typ string
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "rel":
			rel = a.Value
		case "href":
			href = a.Value
		case "type":
			typ = a.Value
		}
	}
	switch {
	case rel == "self" && f.self == "" && (len(stack) == 2 || f.kind == "RSS" && len(stack) == 3):
		f.self = href // <feed><link rel="self">, <rss><channel><atom:link rel="self">
	case f.kind != "Atom" || rel != "" && rel != "alternate":
	case len(stack) == 2 && f.home == "" && (typ == "" || strings.Contains(typ, "html")):
		f.home = href
	case len(stack) == 3 && f.atomEntryOpen && !f.entryHasLink && stack[1].Local == "entry":
		f.entries, f.entryHasLink = append(f.entries, href), true
	}
}

// end reads the end of an element: RSS's links, from their text.
func (f *feed) end(stack []xml.Name, text string) {
	n := stack[len(stack)-1]
	if f.kind == "Atom" {
		if n.Local == "entry" && len(stack) == 2 {
			f.atomEntryOpen = false
		}
		return
	}
	if n.Local != "link" || n.Space != "" && n.Space != rss1NS {
		return
	}
	switch {
	case len(stack) == 3 && stack[1].Local == "channel" && f.home == "":
		f.home = text // <rss><channel><link>, <rdf:RDF><channel><link>
	case len(stack) == 4 && stack[1].Local == "channel" && stack[2].Local == "item",
		len(stack) == 3 && stack[1].Local == "item":
		f.entries = append(f.entries, text) // RSS 2.0's items, and RSS 1.0's
	}
}

// base returns the base URL f states, the feed being the file at rel in
// the site whose pages served says are there, and which link said it;
// "" when none agrees with the site (see feedBase).
func (f feed) base(rel string, served func(rel string) bool) (u, what string) {
	if f.kind == "" {
		return "", ""
	}
	selfBase := ""
	if s, ok := strings.CutSuffix(f.self, "/"+rel); ok && absHTTP(f.self) {
		selfBase = baseOf(s + "/")
	}
	agrees := func(b string) bool {
		if b == "" {
			return false
		}
		below, page := false, false
		for _, e := range f.entries {
			rest, ok := strings.CutPrefix(e, b)
			if !ok {
				continue
			}
			below = true
			if !page && pagePath(rest, served) {
				page = true
			}
		}
		if len(f.entries) > 0 && !below {
			return false
		}
		return page || b == selfBase
	}
	if h := homeBase(f.home); agrees(h) {
		what := "channel link"
		if f.kind == "Atom" {
			what = "alternate link"
		}
		return h, what
	}
	if agrees(selfBase) {
		return selfBase, "self link"
	}
	return "", ""
}

// homeBase returns the base URL a feed's home link names: the link as a
// folder ("https://x.io/blog" is https://x.io/blog/), or the folder of a
// page it names (https://x.io/index.html); "" for none.
func homeBase(home string) string {
	if !absHTTP(home) {
		return ""
	}
	u, err := url.Parse(home)
	if err != nil || u.RawQuery != "" || u.Fragment != "" {
		return ""
	}
	if p := u.Path; !strings.HasSuffix(p, "/") && path.Ext(p) == "" {
		home += "/"
	}
	return baseOf(home)
}

// pagePath reports whether the URL path rest, below a base URL, names a
// file of the site as a static host serves it (served says which
// files are there): rest itself, rest.html, or its folder's index.html.
func pagePath(rest string, served func(rel string) bool) bool {
	rest, _, _ = strings.Cut(rest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	p, err := url.PathUnescape(rest)
	if err != nil || strings.HasPrefix(p, "/") {
		return false
	}
	if p == "" || strings.HasSuffix(p, "/") {
		return served(p + "index.html")
	}
	return served(p) || served(p+".html") || served(p+"/index.html")
}

// servedFile reports whether rel is a regular file inside root.
func servedFile(root *fsx.Root, rel string) bool {
	if !fs.ValidPath(rel) {
		return false
	}
	fi, err := root.Stat(rel)
	return err == nil && fi.Mode().IsRegular()
}
