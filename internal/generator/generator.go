package generator

import (
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// Page is a source file, as a permalink preset needs it: its path and
// the front matter values that decide its URL. The caller reads the front
// matter; zero values mean the key is absent.
type Page struct {
	// Path is the file's path relative to the content root (Hugo: its
	// contentDir; Jekyll: the site source), with "/" separators, e.g.
	// "posts/hello.md", "_posts/2024-01-02-hello.md", "docs/_index.md".
	Path string
	// HasFrontMatter says whether the file starts with front matter.
	// Jekyll treats a file without it as a static file (copied, not
	// rendered), and so does Hugo for .html files.
	HasFrontMatter bool
	// URL is front matter url (Hugo): the page's URL path, taken as it
	// is.
	URL string
	// Permalink is front matter permalink (Jekyll): a URL path or a
	// pattern with the same placeholders as the site's permalink.
	Permalink string
	// NoPermalink is front matter permalink: false (Eleventy: no page).
	NoPermalink bool
	// Slug is front matter slug.
	Slug string
	// ID is front matter id (Docusaurus: the doc's id, which names its
	// URL when no slug does).
	ID string
	// Title is front matter title.
	Title string
	// Lang is front matter lang (Jekyll with jekyll-polyglot: the
	// page's language).
	Lang string
	// Date is front matter date, zero if none. For Jekyll, a date
	// written without a time decodes (with yaml.v3) to midnight UTC;
	// URLPath takes such a value as a calendar day in the site's time
	// zone, as Jekyll does (package jekyll).
	Date time.Time
	// Terms are the values of the keys FileRules.Terms names, each as a
	// list (one text is a list of one), by the key lower-cased; a key the
	// front matter does not set is absent.
	Terms map[string][]string
	// Categories are front matter categories (or category), as a list.
	// Jekyll splits a categories string at white space ("a b" is two
	// categories) and keeps a category string whole; the caller does
	// that when it decodes.
	Categories []string
	// Headless is front matter headless (Hugo). Hugo honours it only in
	// a leaf bundle's index file.
	Headless bool
	// ModTime is the file's modification time, zero if unknown: Jekyll
	// dates a draft without a front matter date by it.
	ModTime time.Time
}

// A Preset is a generator's rules for one project, read from its
// configuration: the URL path of each source file, what one source file
// says ([FileRules]), and the rest of what the configuration says of the
// project ([Rules]). It declares the hooks it runs at moments of a build
// ([FolderReader], [Translator], [Includer], [Changer]) by implementing
// them; [RulesOf] is the one place that asks.
type Preset interface {
	// URLPath returns the URL path the generator publishes p at,
	// starting with "/", not percent-encoded (e.g. "/posts/hello/",
	// "/2024/01/02/hello.html"), and ok false when the file is not a
	// page the generator publishes.
	URLPath(p Page) (path string, ok bool)
	// FileRules returns what the generator's rules say of the source
	// file at rel (relative to the preset's folder, as [Page.Path] is)
	// before it is read.
	FileRules(rel string) FileRules
	// Rules returns what its configuration says of the project, read
	// once its folder is ([FolderReader]); ask them by [RulesOf].
	Rules() Rules
}

// cleanRel and splitExt are package srcpath's CleanRel and SplitExt.
var (
	cleanRel = srcpath.CleanRel
	splitExt = srcpath.SplitExt
)
