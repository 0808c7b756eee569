package project

// The base URL from the built site's own feed (RSS or Atom). It serves a
// site whose generator has no site URL and whose pages name none. For
// example, a SvelteKit blog's +server.js writes its feed's URLs from a
// constant.

import (
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// The bounds of the search for a feed: how many of the site's folders
// and files are looked at, how many feeds are read, how many entries are
// read in each, how many of its first bytes (its head, where it names
// its site and its newest entries), and how deep its elements may nest
// (a feed's links lie 2 to 4 deep).
const (
	feedWalk      = 10000
	feedFiles     = 20
	feedEntries   = 100
	feedHeadBytes = 64 << 10
	feedDepth     = 64
)

// siteFeedBaseURL returns the base URL that a feed of the built site in
// root states, what said it, and the feed's path relative to root. It
// returns "" for none. basePath is the path the generator puts the site
// under ("" or "/" for the root). A base URL that agrees with the site
// is taken only when ok says so; ok gets the URL, what said it and the
// feed's path. Otherwise the feeds that follow are looked at. This URL
// ranks below every other source except a platform's guess, because
// the site's own code writes a feed's links and may copy a template's.
func siteFeedBaseURL(root string, lim limits.Limits, basePath string, ok func(u, from, file string) bool) (u, from, file string) {
	r, err := fsx.OpenRoot(root)
	if err != nil {
		return "", "", ""
	}
	defer r.Close()
	return feedBase(r, int64(lim.Or().PageBytes), basePath, ok)
}

// feedBase returns the base URL that a feed of the built site in root
// states, what said it, and the feed's path.
//
// A feed is a file .xml, .rss or .atom whose root element is RSS's or
// Atom's. The feeds are looked at in the order of a lexical walk of at
// most feedWalk entries. Hidden folders and those starting with "_" are
// left out, and so are the site's sitemaps. The first feed whose links
// agree with the site (see [feed.base]), and that ok takes, gives the
// base URL.
//
// Each feed is read inside root through the one door, within max bytes
// (limits.page_bytes). At most feedFiles feeds are read, each only in
// its head (see [readFeed]). A feed that cannot be read or parsed says
// nothing past what was read of it.
func feedBase(root *fsx.Root, max int64, basePath string, ok func(u, from, file string) bool) (u, from, file string) {
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
		served := func(rel string) bool { return servedFile(root, rel) }
		take := func(b, what string) bool { return ok(b, "the feed "+p+"'s "+what, p) }
		if b, what := fd.base(p, basePath, served, take); b != "" {
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

// feed is what a feed states about its site: its home link, its own URL
// (self) and its entries' links, as written.
type feed struct {
	// kind is "RSS" or "Atom", or "" for a file that is not a feed.
	kind          string
	home, self    string
	entries       []string
	entryHasLink  bool
	atomEntryOpen bool
}

// atomNS is Atom's namespace, and rss1NS is RSS 1.0's.
const (
	atomNS = "http://www.w3.org/2005/Atom"
	rss1NS = "http://purl.org/rss/1.0/"
)

// readFeed reads the feed that r holds: RSS 2.0 (<rss><channel>), RSS
// 1.0 (<rdf:RDF>) or Atom (<feed>), up to its feedEntries-th entry, in
// its first feedHeadBytes bytes, and no deeper than feedDepth elements.
// The error is the XML decoder's or the reader's, or errFeedDepth. The
// feed returned holds what was read before the error or the cut.
func readFeed(r io.Reader) (feed, error) {
	var f feed
	d := xml.NewDecoder(io.LimitReader(r, feedHeadBytes))
	// Read as feed readers do: accept HTML's entities and any encoding,
	// since the links it reads are ASCII. Close no element
	// automatically, because RSS's <link> has text where HTML's is void.
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
			if len(stack) == feedDepth {
				return f, errFeedDepth
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

// errFeedDepth stops a feed nested deeper than feedDepth.
var errFeedDepth = errors.New("nested deeper than 64")

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

// base returns the base URL f states, and which link said it; "" when
// none agrees with the site. rel is the feed's path in the site, basePath
// the path the site's pages are under, and served says which files the
// site has. take, given a link that agrees and which link it is, says
// whether it is taken.
//
// Two links may name the base URL. The first is the feed's home link:
// RSS's channel <link> (RSS 1.0's too), or Atom's <link
// rel="alternate">. The second is the feed's own URL, its self link,
// less the feed's path in the site. A link is taken only when all of
// these hold:
//   - its path is basePath, the path the site's own links are under;
//   - the self link, when the feed has one, is the link followed by the
//     feed's path: the feed is where it says it is;
//   - one of the feed's entries at least is below the link and names a
//     page of the site.
//
// A feed with no entries proves nothing, since any copied feed names
// its own path. A feed whose entries all lie elsewhere is another
// site's, or names a project's page (a repository) as its home.
func (f feed) base(rel, basePath string, served func(rel string) bool, take func(u, what string) bool) (u, what string) {
	if f.kind == "" {
		return "", ""
	}
	want := "/" + strings.Trim(basePath, "/") + "/"
	if want == "//" {
		want = "/"
	}
	agrees := func(b, what string) bool {
		if b == "" || urlPath(b) != want {
			return false
		}
		if absHTTP(f.self) && f.self != b+rel {
			return false
		}
		for _, e := range f.entries {
			if rest, ok := strings.CutPrefix(e, b); ok && pagePath(rest, served) {
				return take(b, what)
			}
		}
		return false
	}
	home := "channel link"
	if f.kind == "Atom" {
		home = "alternate link"
	}
	if h := homeBase(f.home); agrees(h, home) {
		return h, home
	}
	if s, ok := strings.CutSuffix(f.self, "/"+rel); ok && absHTTP(f.self) && agrees(baseOf(s+"/"), "self link") {
		return baseOf(s + "/"), "self link"
	}
	return "", ""
}

// urlPath returns the path of the URL u, or "" when u does not parse.
func urlPath(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return pu.Path
}

// homeBase returns the base URL that a feed's home link names. That is
// the link as a folder ("https://x.io/blog" is https://x.io/blog/), or
// the folder of a page it names (https://x.io/index.html). It returns
// "" for none.
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
// file of the site as a static host serves it: rest itself, rest.html,
// or its folder's index.html. served says which files are there.
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
