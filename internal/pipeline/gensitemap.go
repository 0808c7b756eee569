package pipeline

// The generator's own sitemap as a lastmod source: read before the writer
// replaces it, and kept beside ours so that the next build, a check or a
// watch session still knows what it said.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// GenDatesName is the file in the output folder that keeps, once our
// sitemap replaced the generator's, the lastmods the generator's gave:
// a takeover never loses what the replaced file knew, and the next build
// (or sitemapgen --check) reads them where the file was.
const GenDatesName = ".sitemapgen-generator-lastmod"

const genDatesHeader = "# The lastmods of the generator's sitemap that sitemapgen's replaced, read by its next run: URL (without a final /, index.html or .html), lastmod, file.\n"

// genDates are the lastmods of the generator's own sitemaps, by genKey of
// their URL.
type genDates struct {
	dates map[string]genDate
	// read names the generator's files they were read from; none when
	// they came from GenDatesName.
	read []string
}

type genDate struct {
	t    time.Time
	file string
}

// lookup is mapping.Page.Sitemap.
func (g *genDates) lookup(loc string) (time.Time, string) {
	d := g.dates[genKey(loc)]
	return d.t, d.file
}

// genKey is the form in which a URL of the generator's sitemap and ours
// meet: without a trailing slash, index.html or .html, as the generator
// may write a page's URL in a form of its own.
func genKey(loc string) string {
	loc = strings.TrimSuffix(loc, "index.html")
	loc = strings.TrimSuffix(loc, ".html")
	return strings.TrimSuffix(loc, "/")
}

// loadGenDates reads the lastmods of the generator's sitemaps in the
// output folder (Options.GeneratorSitemaps), within the protocol's limits,
// or, when there are none, those GenDatesName kept. A file that cannot be
// read is a warning: the pages take their dates from the other sources.
func (b *builder) loadGenDates(ctx context.Context) {
	takes := b.opts.GeneratorSitemaps
	if takes == nil {
		return
	}
	dir := b.opts.Write.Dir
	names, err := writer.ForeignSitemaps(dir, takes, ownSitemap(dir))
	if err != nil {
		b.warn("", fmt.Errorf("the generator's sitemaps not read: %w", err))
		return
	}
	g := &genDates{dates: make(map[string]genDate)}
	for _, name := range names {
		index, err := validate.Read(ctx, filepath.Join(dir, filepath.FromSlash(name)), validate.Options{}, func(e validate.Entry) {
			if t, ok := parseLastMod(e.LastMod); ok {
				g.dates[genKey(e.Loc)] = genDate{t, name}
			}
		})
		if err != nil {
			b.warn("", fmt.Errorf("the generator's sitemap: %w; its lastmods are not used", err))
			continue
		}
		if !index {
			g.read = append(g.read, name)
		}
	}
	if len(g.read) == 0 {
		b.readKeptGenDates(g)
	}
	if stamped(g.dates) {
		// Every URL dated alike (MkDocs dates each page by its build): the
		// build's stamp, no page's date.
		clear(g.dates)
	}
	if len(g.dates) > 0 || len(g.read) > 0 {
		b.gen = g
	}
}

// ownSitemap says which files of dir named as the generator names its
// sitemaps are ours (sitemap.xml, when ours replaced the generator's by
// writing over it): those our record lists, unless the generator wrote
// the file again since (a build into a folder it does not empty first),
// which GenDatesName tells: every write of ours ends by writing it, or
// setting its time.
func ownSitemap(dir string) func(name string) bool {
	recorded, _ := writer.Recorded(dir)
	kept, err := os.Stat(filepath.Join(dir, GenDatesName))
	return func(name string) bool {
		if !slices.Contains(recorded, name) {
			return false
		}
		if err != nil {
			return true // ours, as far as we know: never read our own as the generator's
		}
		fi, serr := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		return serr == nil && !fi.ModTime().After(kept.ModTime())
	}
}

// readKeptGenDates reads what GenDatesName kept into g.
func (b *builder) readKeptGenDates(g *genDates) {
	data, err := fsx.OldReadFile(filepath.Join(b.opts.Write.Dir, GenDatesName))
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		b.warn(GenDatesName, err)
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			continue // the header, or a line damaged: no date rather than a wrong one
		}
		if t, ok := parseLastMod(f[1]); ok {
			g.dates[genKey(f[0])] = genDate{t, f[2]}
		}
	}
}

// keepGenDates writes GenDatesName after a write of a generator's site:
// the first time, with the dates of the generator's sitemaps it read,
// which ours replaced by writing over them or removing them (or will,
// the next time); their dates outlive them. After every write it ends
// later than our files, so that the next run knows them for ours
// (ownSitemap).
func (b *builder) keepGenDates() {
	if b.opts.GeneratorSitemaps == nil || b.res.Write == nil || b.opts.Write.DryRun || b.opts.Write.Check {
		return
	}
	name := filepath.Join(b.opts.Write.Dir, GenDatesName)
	g := b.gen
	if b.genKept || g != nil && len(g.read) == 0 {
		// What the file holds is what this build read: it need only be
		// as new as our files, by the file system's clock (which is
		// coarser than time.Now's: a file written after this call may
		// read as older than now).
		var newest time.Time
		for _, f := range b.res.Write.Written {
			if fi, err := os.Stat(filepath.Join(b.opts.Write.Dir, filepath.FromSlash(f))); err == nil && fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
		if newest.IsZero() {
			return
		}
		if err := os.Chtimes(name, newest, newest); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return
		}
	}
	b.genKept = true
	var buf bytes.Buffer
	buf.WriteString(genDatesHeader)
	if g != nil {
		keys := make([]string, 0, len(g.dates))
		for k := range g.dates {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			d := g.dates[k]
			fmt.Fprintf(&buf, "%s\t%s\t%s\n", k, d.t.Format(time.RFC3339), d.file)
		}
	}
	if err := atomicfile.Write(name, buf.Bytes(), 0o644); err != nil {
		b.warn("", fmt.Errorf("the generator's sitemap's lastmods not kept: %w", err))
	}
}

// parseLastMod parses a sitemap's lastmod: a W3C date or date and time.
func parseLastMod(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// stamped reports whether every one of two or more dates is the same:
// a generator that dates each page by its build (MkDocs).
func stamped(dates map[string]genDate) bool {
	var first time.Time
	n := 0
	for _, d := range dates {
		if n++; n == 1 {
			first = d.t
		} else if !d.t.Equal(first) {
			return false
		}
	}
	return n >= 2
}
