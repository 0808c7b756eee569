package pipeline

// The generator's own sitemaps as the witness of what it builds
// (generator.OutputRules.Witness): Hugo writes its sitemaps again at every
// build, hugo --watch's rebuilds too, after its pages, and they list
// every page it built of the kinds they list. Beside hugo --watch, the
// page of a source deleted or renamed a moment after a build stays in
// the output, written less than staleSlack before the rebuild's pages:
// no time tells it from theirs, but the sitemap the rebuild wrote after
// it does not list it. And a list page the rebuild did not write again
// (Hugo's taxonomies) is older than the build, but the sitemap lists it.
// The witness is in the files, so a build of the same files judges as a
// Session does: the sitemaps in the site's folder, or once sitemapgen's
// replaced them there, what GenDatesName kept of them (the URLs they
// listed, when they were written).

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// witnessHash is the key a URL of the generator's sitemaps and a page
// meet by in the witness: the genHash of its path (the URL without its
// scheme and host, in genKey's form), as the generator may name another
// host than the base URL's (a dev server's http://localhost:1313/).
func witnessHash(loc string) uint64 {
	return genHash(genKey(strings.TrimPrefix(loc, originOf(loc))))
}

// sitemapWitness returns how the join's generator's sitemaps speak of a
// page no source produces, and their names; nil when they do not
// witness (generator.OutputRules.Witness).
func (b *builder) sitemapWitness() (func(urlPath string) (bool, string), []string) {
	if !b.keepsOldOutput() {
		return nil, nil
	}
	out := b.rules.Output
	if len(out.Witness) == 0 || out.SitemapKind == nil {
		return nil, nil
	}
	return out.SitemapKind, out.Witness
}

// witnessing reports whether the generator's sitemaps are read as the
// witness.
func (b *builder) witnessing() bool {
	w, _ := b.sitemapWitness()
	return w != nil
}

// loadWitness reads the witness: the generator's sitemaps as
// loadGenDates read them, when it read them in the site's folder;
// else, those in the site's folder (Root, not the --out folder), alone,
// or what GenDatesName kept of them there once an earlier build wrote
// ours over them.
func (b *builder) loadWitness(ctx context.Context) {
	b.wit = nil
	_, names := b.sitemapWitness()
	b.witNames = names
	if names == nil {
		return
	}
	if b.opts.GeneratorSitemaps != nil && fsx.SamePath(b.opts.Root, b.opts.Write.Dir) {
		b.wit = b.gen
		return
	}
	b.wit = b.readGenSitemaps(ctx, b.opts.Root, func(name string) bool { return slices.Contains(names, name) })
}

// witnessFile reports whether rel, a path in the site's folder a
// Session was told changed, is one of the generator's sitemaps the
// witness reads, there and written by the generator since (not ours):
// the witness changed, and the Session builds again.
func (b *builder) witnessFile(rel string) bool {
	if !slices.Contains(b.witNames, rel) {
		return false
	}
	fi, err := fsx.Lstat(b.opts.Root, rel)
	if err != nil || !fi.Mode().IsRegular() {
		return false // gone (ours replaced it), or not a sitemap
	}
	return !OwnSitemap(b.opts.Root, b.stateOf(b.opts.Root), b.opts.Write.OutputBytes)(rel)
}

// witness is what the generator's sitemaps say of the pages no source
// produces, at one judgement.
type witness struct {
	kind func(urlPath string) (listed bool, with string)
	g    *genDates
	// newest is the modification time of the newest file that lists
	// pages, and file its path.
	newest int64
	file   string
	// kept says the files were read from GenDatesName, ours having
	// replaced them.
	kept bool
}

// witnessFor returns the witness of this judgement; nil without one, or
// when its sitemaps list none of the pages a source produces (another
// base path than the pages': no evidence). Where the project's templates
// are not all read (OutputRules.WitnessChecked), its sitemaps witness
// only when they list every page a source produces: a sitemap template
// of a theme that leaves pages out would not.
func (b *builder) witnessFor() *witness {
	w, _ := b.sitemapWitness()
	if w == nil || b.wit == nil || len(b.wit.listed) == 0 {
		return nil
	}
	// One page a source produces that they list is enough, unless they
	// must list all of them: the look stops at the first answer.
	checked := b.rules.Output.WitnessChecked
	recs := &b.recs
	meets := false
	for _, idx := range recs.order {
		if recs.sourceless[idx] {
			continue
		}
		switch listed := b.wit.lists(recs.loc(idx)); {
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
	v := &witness{kind: w, g: b.wit, kept: len(b.wit.read) == 0}
	for f, t := range b.wit.mtimes {
		if t > v.newest {
			v.newest, v.file = t, b.wit.files[f]
		}
	}
	return v
}

// lists reports whether the generator's sitemaps list loc.
func (g *genDates) lists(loc string) bool {
	_, ok := g.listed[witnessHash(loc)]
	return ok
}

// The witness's verdicts on a page (witness.judge).
const (
	witnessSilent = iota // nothing: time alone tells
	witnessKeeps         // the generator's
	witnessLeaves        // the output of a deleted source
)

// judge returns what the witness says of the page at idx, which no
// source produces, and why it leaves it out: the generator's sitemaps
// list it (kept, however old); it is of a kind they list, and none does
// though one was written after its file (left out, however recent); it
// is built with a page (a pager, with its list page) among kept, the
// pages judgeStale kept so far, which the generator writes before it at
// every build: kept when it is no older than that page by staleSlack (a
// copy of the site, cp -r, may write them in another order), left out
// when it is (that page was written again, without it). The list page's
// URL is a prefix of the pager's, so it was judged before it: kept is
// sorted by loc, as the order is.
func (v *witness) judge(b *builder, idx int32, urlPath string, kept []int32) (int, string) {
	recs := &b.recs
	if v.g.lists(recs.loc(idx)) {
		return witnessKeeps, ""
	}
	m := recs.mtimes[idx]
	if m == noMTime {
		return witnessSilent, ""
	}
	listed, with := v.kind(urlPath)
	if listed {
		if v.newest <= m {
			return witnessSilent, ""
		}
		whose := "the generator's"
		if b.opts.Generator != "" {
			whose = b.opts.Generator + "'s"
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
	loc := b.mapper.BaseURL() + strings.TrimPrefix(with, "/")
	for _, l := range []string{loc, strings.TrimSuffix(loc, "/"), loc + "index.html"} {
		i, found := slices.BinarySearchFunc(kept, l, recs.cmpLoc)
		if !found {
			continue
		}
		list := kept[i]
		switch {
		case int(list) >= len(recs.mtimes) || recs.mtimes[list] == noMTime:
			return witnessSilent, ""
		case m >= recs.mtimes[list]-int64(staleSlack):
			return witnessKeeps, ""
		}
		return witnessLeaves, fmt.Sprintf("no source has its URL, and its list page %s, written with it at every build, was written after it, more than %v later (%s, the file %s)",
			recs.pathOf(recs.rec(list)), staleSlack, stamp(recs.mtimes[list]), stamp(m))
	}
	return witnessSilent, ""
}

// stamp is the modification time t (Unix nanoseconds) as a reason gives it.
func stamp(t int64) string { return time.Unix(0, t).UTC().Format(time.RFC3339Nano) }
