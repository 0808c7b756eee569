package validate

import (
	"context"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
)

// Entry is one <url> of a urlset, or <sitemap> of an index, as [Read]
// hands it out: its values as written, white space around them trimmed.
type Entry = sitemapfile.Entry

// Alternate is an <xhtml:link rel="alternate" hreflang href>.
type Alternate = sitemapfile.Alternate

// Read reads the sitemap file at path (decompressed when its first bytes
// say it is gzip-compressed, whatever its name) as [Check] reads it, as
// a stream within the limits of opts (its other fields are not used),
// and hands each entry that has a <loc> to fn, in order; it reports
// whether the file is an index. What the protocol says of the values and
// of their order is not checked here: only what stops the reading is an
// error, a [*diag.Diagnostic] at its place (a file that cannot be read
// or decompressed, XML that is not well-formed, a limit passed, a root
// element other than <urlset> or <sitemapindex>, no root element). Read
// stops when ctx is done and returns its error.
//
// path is one the user named, followed wherever it points; [ReadIn] reads
// a file others control.
func Read(ctx context.Context, path string, opts Options, fn func(Entry)) (index bool, err error) {
	return read(ctx, candidate{path: path, explicit: true}, opts, fn)
}

// ReadIn is [Read] of the sitemap file rel inside the folder dir, through
// the one door (package fsx): never through a link out of dir.
func ReadIn(ctx context.Context, dir, rel string, opts Options, fn func(Entry)) (index bool, err error) {
	return read(ctx, candidate{path: filepath.Join(dir, filepath.FromSlash(rel)), in: dir, rel: rel, explicit: true}, opts, fn)
}

func read(ctx context.Context, cand candidate, opts Options, fn func(Entry)) (index bool, err error) {
	c := &checker{ctx: ctx, opts: opts.limits()} // Read looks for no URL listed twice
	fc := &fileCheck{checker: c, cand: cand, each: fn}
	fc.run()
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if p := fc.fatal; p != nil {
		return false, diag.At(p.File, p.Line, p.Msg)
	}
	return fc.index, nil
}

// Served reports whether a file of the built site in the folder r serves
// loc, a URL under base (the URL the folder is served at, ending in
// "/"), as Options.Site finds it: loc ending in "/" its index.html, a
// path without extension path.html or path/index.html, any other path
// itself; a file inside the folder, never through a link out of it.
func Served(r *fsx.Root, base, loc string) bool {
	return ServedBy(r, base, loc) != ""
}

// ServedBy is [Served] that returns the file inside r that serves loc
// (slash-separated), "" for none.
func ServedBy(r *fsx.Root, base, loc string) string {
	rel, ok := localPath(base, loc)
	if !ok {
		return ""
	}
	return servedBy(r, rel)
}
