package pipeline

// The generator's own sitemaps in the output folder, which a build
// replaces. A generator's sitemap plugin names its own files (Astro's
// sitemap-index.xml and sitemap-0.xml …). Of the files with such names,
// the build decides which are the plugin's and which are the project's
// own, which it keeps. Project discovery says what the generator names
// (OwnSitemaps). The build decides when it starts (newBuilder), reading
// the folder as it reads the rest of it.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
	"github.com/sitemapgen/sitemapgen/writer"
)

// OwnSitemaps is what the generator that built the output folder says
// about its own sitemaps there. Once the build has decided which files
// they are (Decide), it reads them (Options.GeneratorSitemaps) and
// takes them over (writer.Options.TakeOver).
type OwnSitemaps struct {
	// Title names the generator ("Astro"), for messages.
	Title string
	// Names names the files named as its sitemaps
	// (generator.Detected.Sitemaps).
	Names func(name string) bool
	// Plugin, when set, is the sitemap plugin that writes some of them
	// (generator.Detected.Plugin). Of those files, the project's own are
	// kept.
	Plugin *generator.SitemapPlugin
	// BaseURL is the base URL from the generator's configuration. Its
	// host is the site's, as well as the build's base URL's host.
	BaseURL string
	// Stays says that no switch turns the sitemaps off
	// (generator.Info.SitemapStays). Without it, the build warns about
	// the pages that only they date.
	Stays bool
	// Code names the code of the sitemaps' options that the build does
	// not run (generator.Detected.SitemapCode), "" for none.
	Code string
	// Leaves, when set, says why the user's options of the sitemaps,
	// read as data, leave the built page at a path of the site folder
	// out of them (generator.Detected.SitemapLeaves); "" for a page they
	// keep. The build leaves such a page out (sitemap: false).
	Leaves func(rel string) string
}

// Decide returns the names of the sitemap files in the output folder
// out that are the generator's own, given the build's base URL. It also
// returns a warning for each file there that has a name the sitemap
// plugin gives its own, but that is the project's and is kept. Such a
// file is the plugin's only when the project has the plugin
// (generator.SitemapPlugin.In) or the plugin's index names it, and none
// of these says it is the project's:
//
//   - its URLs are on another host than the site's;
//   - it is not the plugin's index, the index does not name it, and the
//     site's robots.txt does: the project points crawlers at it;
//   - the project has no such plugin.
//
// A file an earlier build of ours wrote at such a name, to answer at its
// URL (writer.IsAlias: next-sitemap's sitemap-0.xml once the plugin is
// gone), is neither: it is not taken over, not read as the plugin's,
// and not said to be kept; the write answers there again (issue 98: it
// was said to be kept as the project's, then removed). So is, in a
// project without the plugin, the entry file of ours that the record in
// the folder record names (ours at the name of the plugin's index,
// sitemap-index.xml after the switch from gatsby-plugin-sitemap: each
// run after the first said it was kept as the project's own).
//
// Every file is read inside out through the one door (package fsx).
// Each sitemap is read within the protocol's limits, and robots.txt
// within limits.robots_bytes. A file with such a name that cannot be
// read (a link out of the folder, a FIFO) is kept, with a warning. A
// file that is not there when Discover looks (a build still to come) is
// the plugin's when the project has the plugin.
//
// robotsTxt is the output folder's robots.txt as the build read it
// (robots.Load).
func (o *OwnSitemaps) Decide(out, record, baseURL string, lim limits.Limits, robotsTxt *robots.File) (func(name string) bool, []error) {
	takes, pl := o.Names, o.Plugin
	if pl == nil {
		return takes, nil
	}
	has := pl.In != ""
	r, err := fsx.OpenRoot(out)
	if err != nil {
		return func(name string) bool { return takes(name) && (has || !pl.Writes(name)) }, nil
	}
	defer r.Close()
	hosts := siteHosts(baseURL, o.BaseURL)
	ents, _ := r.ReadDir(".") // a folder that cannot be listed has no file to decide on
	var names []string
	decided := map[string]bool{}
	for _, e := range ents {
		switch name := e.Name(); {
		case !takes(name) || !pl.Writes(name):
		case writer.IsAlias(r, name):
			decided[name] = false // ours
		default:
			names = append(names, name)
		}
	}
	var warnings []error
	keep := func(name, why string) {
		decided[name] = false
		warnings = append(warnings, &diag.Diagnostic{File: r.Path(name),
			Msg: fmt.Sprintf("kept, as the project's own sitemap, not %s's: %s", o.Title, why)})
	}
	// Decide the index first: the files it names are the plugin's when
	// the index is.
	slices.SortStableFunc(names, func(a, b string) int {
		return boolCmp(b == pl.Index, a == pl.Index)
	})
	var named map[string]bool // the files the plugin's index names, if the index is the plugin's
	if has && !pl.Writes(pl.Index) {
		// next-sitemap's index is sitemap.xml, which ours replaces by
		// writing over it. It is read for the files it names, and not
		// decided on.
		if f, err := readSitemapFile(r, pl.Index); err == nil && f.otherHost(hosts) == "" {
			named = f.names
		}
	}
	var inRobots map[string]bool
	for _, name := range names {
		f, err := readSitemapFile(r, name)
		switch {
		case err != nil:
			keep(name, "not read: "+err.Error())
			continue
		case f.otherHost(hosts) != "":
			keep(name, fmt.Sprintf("its URLs are on %s, not on the site's host (%s)", diag.Excerpt(f.otherHost(hosts)), strings.Join(hosts, ", ")))
			continue
		case name == pl.Index:
		case named[name]:
			decided[name] = true
			continue
		default:
			if inRobots == nil {
				inRobots = robotsSitemaps(robotsTxt)
			}
			if inRobots[name] {
				keep(name, fmt.Sprintf("robots.txt names it, and %s's index does not", pl.Name))
				continue
			}
		}
		if !has && !startsWith(r, name, pl.Header) {
			if entries, err := writer.RecordedEntries(record, lim.OutputBytes); err == nil && slices.Contains(entries, name) {
				decided[name] = false // ours, the entry file
				continue
			}
			keep(name, fmt.Sprintf("the project has no %s (looked for in %s), which writes %s's", pl.Name, strings.Join(pl.Looked, " and "), o.Title))
			continue
		}
		decided[name] = true
		if name == pl.Index {
			named = f.names
		}
	}
	return func(name string) bool {
		if !takes(name) {
			return false
		}
		if d, ok := decided[name]; ok {
			return d
		}
		return has || !pl.Writes(name)
	}, warnings
}

// startsWith reports whether the file name in the folder r starts with
// header, a plugin's header (generator.SitemapPlugin.Header). It is
// false for "".
func startsWith(r *fsx.Root, name, header string) bool {
	if header == "" {
		return false
	}
	f, err := r.Open(name, int64(len(header)), "")
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(header))
	_, err = io.ReadFull(f, buf)
	return err == nil && string(buf) == header
}

// boolCmp orders false before true.
func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// A sitemapFile is what Decide reads of a sitemap file: the hosts of
// its <loc>s and, for an index, the names of the files its entries
// name.
type sitemapFile struct {
	hosts []string
	names map[string]bool
}

// readSitemapFile reads the sitemap file name in the folder r, within
// the protocol's limits. Of a urlset it reads the first sampleURLs
// URLs. It returns an error for a file it does not read: a link out of
// the folder, or not a regular file. A file that does not read as a
// sitemap tells nothing, and gives no error.
func readSitemapFile(r *fsx.Root, name string) (*sitemapFile, error) {
	fi, err := r.Stat(name)
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%w (%s)", fsx.ErrNotRegular, fsx.Describe(fi.Mode()))
	}
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err
	}
	if err != nil {
		return nil, err
	}
	// Read an index whole, for the files it names. For a urlset, the
	// hosts of its first URLs are enough.
	ctx, enough := context.WithCancel(context.Background())
	defer enough()
	f := &sitemapFile{names: map[string]bool{}}
	urls := 0
	_, err = sitemapfile.Read(ctx, r.Dir(), name, sitemapfile.Limits{}, func(e sitemapfile.Entry) {
		u, err := url.Parse(e.Loc)
		if err != nil {
			return
		}
		if h := strings.ToLower(u.Host); !slices.Contains(f.hosts, h) && len(f.hosts) < 8 {
			f.hosts = append(f.hosts, h)
		}
		if e.Index {
			f.names[path.Base(u.Path)] = true
		} else if urls++; urls == sampleURLs {
			enough()
		}
	})
	if err != nil && ctx.Err() == nil {
		return &sitemapFile{}, nil
	}
	return f, nil
}

// sampleURLs is the most URLs of a urlset whose hosts readSitemapFile
// reads, because a plugin writes every URL on the site's host.
const sampleURLs = 1000

// otherHost returns a host of f's URLs that is not among hosts. It
// returns "" when there is none, or when hosts is empty because the
// site's host is not known.
func (f *sitemapFile) otherHost(hosts []string) string {
	if len(hosts) == 0 {
		return ""
	}
	for _, h := range f.hosts {
		if !slices.Contains(hosts, h) {
			return h
		}
	}
	return ""
}

// robotsSitemaps returns the names of the files that the Sitemap: lines
// of the robots.txt f name: the last segment of each URL's path.
func robotsSitemaps(f *robots.File) map[string]bool {
	names := map[string]bool{}
	for _, u := range f.SitemapURLs() {
		if pu, err := url.Parse(u); err == nil {
			names[path.Base(pu.Path)] = true
		}
	}
	return names
}

// siteHosts returns the hosts of the given URLs (the site's base URL,
// the generator's), in lower case, each once. It leaves out "" and URLs
// without a host.
func siteHosts(urls ...string) []string {
	var hosts []string
	for _, s := range urls {
		if u, err := url.Parse(s); err == nil && u.Host != "" {
			if h := strings.ToLower(u.Host); !slices.Contains(hosts, h) {
				hosts = append(hosts, h)
			}
		}
	}
	return hosts
}

// keptGenDates reports whether GenDatesName is in dir. If it is, an
// earlier build kept the alternates of the generator's sitemaps there,
// so the site was translated. Its configuration may no longer say so
// (sphinx-sitemap removed, with its sitemap_locales).
func keptGenDates(dir string) bool {
	_, err := fsx.Lstat(dir, GenDatesName)
	return err == nil
}
