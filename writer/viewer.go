package writer

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// ViewerName is the name of the page that shows a set of sitemaps to a
// person ([Options.Viewer]).
const ViewerName = "sitemap.html"

// viewerSource is the page: inline style and script, no request but
// for the sitemap files beside it. Its placeholders are filled by
// ViewerPage.
//
//go:embed viewer.html
var viewerSource string

// viewerMarker is in every page ViewerPage makes: a sitemap.html
// without it is not ours to replace.
const viewerMarker = `<meta name="generator" content="sitemapgen viewer">`

// viewerTemplate is viewerSource with its Content-Security-Policy
// allowing its own script and style only, by their SHA-256: a sitemap's
// value that made its way into the page as markup could run nothing. It
// is made when first needed: most builds write no viewer.
var viewerTemplate = sync.OnceValue(func() string {
	hash := func(open, close string) string {
		_, rest, _ := strings.Cut(viewerSource, open)
		body, _, _ := strings.Cut(rest, close)
		sum := sha256.Sum256([]byte(body))
		return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
	}
	return strings.NewReplacer(
		"'SCRIPT_HASH'", "'"+hash("<script>", "</script>")+"'",
		"'STYLE_HASH'", "'"+hash("<style>", "</style>")+"'",
	).Replace(viewerSource)
})

// ViewerPage returns the bytes of sitemap.html for a set whose entry
// file is entry (sitemap.xml, sitemap.xml.gz, or Options.Filename's) at
// baseURL. The page
// fetches the entry beside itself and, for an index, the files it lists
// that are under baseURL beside it too, wherever the folder is served.
// The same arguments give the same bytes.
func ViewerPage(entry, baseURL string) []byte {
	return []byte(strings.NewReplacer(
		`data-entry="ENTRY"`, `data-entry="`+html.EscapeString(entry)+`"`,
		`data-base="BASE"`, `data-base="`+html.EscapeString(baseURL)+`"`,
	).Replace(viewerTemplate()))
}

// addViewer adds sitemap.html, showing the entry file entry, to the
// files of t, before the others: a
// file of the set like them (written atomically, kept when unchanged
// with a State, compared by Check, listed in the record and so removed
// once a Write no longer writes it), never named in robots.txt or the
// index. A sitemap.html that is there and not one a Write made (a page
// of the site) fails the Write before anything is written.
func (t *txn) addViewer(entry string) error {
	if err := t.viewerOurs(); err != nil {
		return err
	}
	page := ViewerPage(entry, t.opts.SitemapsURL) // where the index entries it fetches beside it are served
	c := &chunker{t: t, maxCount: 1, maxBytes: math.MaxInt32}
	c.elems = func(_, _ int, emit func([]byte) error) error { return emit(page) }
	if err := c.add(page, func() string { return ViewerName }, time.Time{}); err != nil {
		return err
	}
	if err := c.finish(); err != nil {
		return err
	}
	c.files[0].name = ViewerName
	return nil
}

// viewerOurs returns an error when Dir holds a sitemap.html that no
// Write made: neither in the record nor carrying the page's marker (read
// within Options.OutputBytes).
func (t *txn) viewerOurs() error {
	path, ok, err := t.ours(ViewerName, viewerMarker)
	switch {
	case ok:
		return nil
	case errors.Is(err, fsx.ErrTooLarge):
		return &diag.Diagnostic{File: path, Err: err, Msg: fmt.Sprintf("larger than %d bytes (%s), not read to tell whether sitemapgen wrote it; no viewer written: remove or rename it, or turn the viewer off", t.opts.OutputBytes, limits.OutputBytesKey)}
	}
	return &diag.Diagnostic{File: path, Msg: "no viewer written: the file is not one sitemapgen wrote (a page of the site?); remove or rename it, or turn the viewer off"}
}

// ours reports whether the file name in Dir, at path, is one a Write may
// replace: no regular file there, or one in the record, or, with a
// marker, holding it (read through the one door, within
// Options.OutputBytes; err says why it could not be read). Every file a
// Write adds beside the sitemaps (the viewer, the text sitemap) is held to
// it before anything is written: a site's own file is never replaced.
// Anything else there (a folder, a link, which is replaced and not
// followed) is the commit's to judge.
func (t *txn) ours(name, marker string) (path string, ok bool, err error) {
	path = filepath.Join(t.opts.Dir, name)
	if fi, err := t.lstat(name); err != nil || !fi.Mode().IsRegular() {
		return path, true, nil
	}
	if slices.Contains(t.recorded, name) {
		return path, true, nil
	}
	if marker == "" {
		return path, false, nil
	}
	t.inRoot(func(r *fsx.Root) bool {
		var data []byte
		data, err = r.ReadFile(name, t.opts.OutputBytes, limits.OutputBytesKey)
		ok = err == nil && bytes.Contains(data, []byte(marker))
		return true
	})
	return path, ok, err
}

// generatorsText reports whether the file name in Dir is a text sitemap
// another tool wrote, which a Write with Text writes over: the
// generator's own, which Options.TakeOver names (hexo-generator-sitemap's
// sitemap.txt), or the text twin of the XML sitemap beside it, which
// lists the same URLs (static-sitemap-cli's, whose default format writes
// both). The XML one is written over in any case.
func (t *txn) generatorsText(name string) (ok bool) {
	t.inRoot(func(r *fsx.Root) bool {
		if t.opts.TakeOver != nil && t.opts.TakeOver(name) {
			ok = isTextSitemapFile(r, name)
		} else {
			ok = isTextTwin(r, name)
		}
		return true
	})
	return ok
}
