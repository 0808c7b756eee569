package pipeline

// The generator's own sitemaps serve as the witness of what it builds
// (generator.OutputRules.Witness). Hugo writes its sitemaps again at
// every build, hugo --watch's rebuilds too, after its pages. They list
// every page it built of the kinds they list. Beside hugo --watch, a
// source may be deleted or renamed a moment after a build. Its page
// stays in the output, written less than staleSlack before the
// rebuild's pages, so no time tells it from theirs. But the sitemap the
// rebuild wrote after it does not list it. And a list page that the
// rebuild did not write again (Hugo's taxonomies) is older than the
// build, but the sitemap lists it. The witness is in the files, so a
// build of the same files judges as a Session does. The witness is the
// sitemaps in the site's folder. Once sitemapgen's sitemaps replaced
// them there, it is what GenDatesName kept of them: the URLs they
// listed, and when they were written.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// witnessHash is the key by which a URL of the generator's sitemaps and
// a page meet in the witness. It is the genHash of the URL's path: the
// URL without its scheme and host, in genKey's form. The path is used
// because the generator may name another host than the base URL's, such
// as a dev server's http://localhost:1313/.
func witnessHash(loc string) uint64 {
	return genHash(genKey(strings.TrimPrefix(loc, originOf(loc))))
}

// sitemapWitness returns how the join's generator's sitemaps speak of a
// page that no source produces, and the sitemaps' names. It returns nil
// when they do not witness (generator.OutputRules.Witness).
func (b *builder) sitemapWitness() (func(urlPath string) (bool, string), []string) {
	if !b.keepsOldOutput() {
		return nil, nil
	}
	out := b.src.rules.Output
	if len(out.Witness) == 0 || out.SitemapKind == nil {
		return nil, nil
	}
	return out.SitemapKind, out.Witness
}

// loadWitness reads the witness. When loadGenDates read the generator's
// sitemaps in the site's folder, the witness is what it read. Otherwise
// loadWitness reads, alone, those in the site's folder (Root, not the
// --out folder). Once an earlier build wrote ours over them, it reads
// what GenDatesName kept of them there.
func (l *loader) loadWitness(ctx context.Context) {
	l.in.wit = nil
	names := l.witness
	l.in.witNames = names
	if names == nil {
		return
	}
	if l.opts.GeneratorSitemaps != nil && fsx.SamePath(l.opts.Root, l.opts.Write.Dir) {
		l.in.wit = l.in.gen
		return
	}
	l.in.wit = l.readGenSitemaps(ctx, l.opts.Root, func(name string) bool { return slices.Contains(names, name) })
}

// witnessFile reports whether rel, a path in the site's folder that a
// Session was told changed, is one of the generator's sitemaps that the
// witness reads. It must be there, and written by the generator since,
// not by us. Then the witness changed, and the Session builds again.
func (b *builder) witnessFile(rel string) bool {
	if !slices.Contains(b.in.witNames, rel) {
		return false
	}
	fi, err := fsx.Lstat(b.opts.Root, rel)
	if err != nil || !fi.Mode().IsRegular() {
		return false // gone (ours replaced it), or not a sitemap
	}
	return !OwnSitemap(b.opts.Root, stateOf(&b.opts.Write, b.opts.Root), b.opts.Write.OutputBytes)(rel)
}

// witness is what the generator's sitemaps say about the pages that no
// source produces, at one judgement.
type witness struct {
	kind func(urlPath string) (listed bool, with string)
	g    *genDates
	// newest is the modification time of the newest file that lists
	// pages, and file its path.
	newest int64
	file   string
	// kept says the newest file was read from GenDatesName, because
	// ours replaced it.
	kept bool
	// generator is Options.Generator, which names whose sitemaps they
	// are. baseURL is the site's base URL.
	generator, baseURL string
}

// witnessFor returns the witness of this judgement. It returns nil
// without one. It also returns nil when the sitemaps list none of the
// pages a source produces: they have another base path than the pages',
// so they are no evidence. Where the project's templates are not all
// read (OutputRules.WitnessChecked), the sitemaps witness only when
// they list every page a source produces. A theme's sitemap template
// that leaves pages out would not list them all.
func (b *builder) witnessFor() *witness {
	w, _ := b.sitemapWitness()
	if w == nil || b.in.wit == nil || len(b.in.wit.listed) == 0 {
		return nil
	}
	// One listed page that a source produces is enough, unless the
	// sitemaps must list all of them. The look stops at the first answer.
	checked := b.src.rules.Output.WitnessChecked
	recs := &b.recs
	meets := false
	for _, idx := range recs.order {
		if recs.old.sourceless[idx] {
			continue
		}
		switch listed := b.in.wit.lists(recs.loc(idx)); {
		case checked && !listed:
			return nil
		case listed:
			meets = true
		}
		if meets && !checked {
			break
		}
	}
	if !meets {
		return nil
	}
	v := &witness{kind: w, g: b.in.wit, generator: b.opts.Generator, baseURL: b.mapper.BaseURL()}
	for f, t := range b.in.wit.mtimes {
		if t > v.newest {
			v.newest, v.file = t, b.in.wit.files[f]
		}
	}
	v.kept = !slices.Contains(b.in.wit.read, v.file)
	return v
}

// lists reports whether the generator's sitemaps list loc.
func (g *genDates) lists(loc string) bool {
	_, ok := g.listed[witnessHash(loc)]
	return ok
}

// The witness's verdicts on a page (witness.judge).
const (
	witnessSilent = iota // says nothing: time alone tells
	witnessKeeps         // the page is the generator's
	witnessLeaves        // the page is the output of a deleted source
)

// judge returns what the witness says about the page at idx, which no
// source produces, and why it leaves the page out when it does. If the
// generator's sitemaps list the page, it is kept, however old. If the
// page is of a kind they list, none lists it, and one was written after
// its file, it is left out, however recent. A page may be built with a
// page among kept, such as a pager with its list page. kept holds the
// pages stalePass kept so far, and the generator writes that page
// before this one at every build. The page is then kept when it is at
// most staleSlack older than that page, because a copy of the site (cp
// -r) may write them in another order. It is left out when it is older:
// that page was written again, without it. The list page's URL is a
// prefix of the pager's, so the list page was judged first: kept is
// sorted by loc, as the order is.
func (v *witness) judge(recs *records, idx int32, urlPath string, kept []int32) (int, string) {
	if v.g.lists(recs.loc(idx)) {
		return witnessKeeps, ""
	}
	m := recs.old.mtimes[idx]
	if m == noMTime {
		return witnessSilent, ""
	}
	listed, with := v.kind(urlPath)
	if listed {
		if v.newest <= m {
			return witnessSilent, ""
		}
		whose := "the generator's"
		if v.generator != "" {
			whose = v.generator + "'s"
		}
		file := v.file
		if v.kept {
			file += " (kept in " + GenDatesName + ")"
		}
		return witnessLeaves, fmt.Sprintf("no source has its URL, and %s own sitemap %s, written after the file (%s, the file %s), does not list it",
			whose, file, stamp(v.newest), stamp(m))
	}
	if with == "" {
		return witnessSilent, ""
	}
	loc := v.baseURL + strings.TrimPrefix(with, "/")
	for _, l := range []string{loc, strings.TrimSuffix(loc, "/"), loc + "index.html"} {
		i, found := slices.BinarySearchFunc(kept, l, recs.cmpLoc)
		if !found {
			continue
		}
		list := kept[i]
		switch {
		case int(list) >= len(recs.old.mtimes) || recs.old.mtimes[list] == noMTime:
			return witnessSilent, ""
		case m >= recs.old.mtimes[list]-int64(staleSlack):
			return witnessKeeps, ""
		}
		return witnessLeaves, fmt.Sprintf("no source has its URL, and its list page %s, written with it at every build, was written after it, more than %v later (%s, the file %s)",
			recs.pathOf(recs.rec(list)), staleSlack, stamp(recs.old.mtimes[list]), stamp(m))
	}
	return witnessSilent, ""
}

// stamp formats the modification time t (Unix nanoseconds) as a reason
// gives it.
func stamp(t int64) string { return time.Unix(0, t).UTC().Format(time.RFC3339Nano) }
