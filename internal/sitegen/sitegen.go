package sitegen

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// MinPages is the fewest pages a site can have: the home page, the error
// page, the sections' list pages and their page/1 redirects, and some
// content.
const MinPages = 64

// Options are what a site is made from.
type Options struct {
	Pages int    // the exact number of HTML files; at least MinPages
	Seed  uint64 // with Pages and BaseURL, decides every byte and time
	// BaseURL is the site's URL, in its canonical and hreflang links
	// (default https://example.com/).
	BaseURL string
	// Manifest, if not nil, receives a line a file (see Entry and
	// ReadManifest), in the order the files are made.
	Manifest io.Writer
	// Workers is the number of files written at once (default
	// 4×GOMAXPROCS); it changes nothing in the site.
	Workers int
}

// Summary counts what Generate made.
type Summary struct {
	Counts map[Kind]int // files of each kind
	Pages  int          // HTML files
	Files  int          // all files
	Dirs   int          // folders below the site's folder
	Bytes  int64        // the files' bytes
}

// epoch and span bound the modification times: 2020-01-01 to the end of
// 2024.
const (
	epoch = 1577836800
	span  = 5 * 365 * 86400
)

// Generate writes a site of opts.Pages pages into dir, which must be
// missing or empty.
func Generate(dir string, opts Options) (Summary, error) {
	if opts.Pages < MinPages {
		return Summary{}, fmt.Errorf("sitegen: %d pages: a site has at least %d", opts.Pages, MinPages)
	}
	if opts.BaseURL == "" {
		opts.BaseURL = "https://example.com/"
	}
	if !strings.HasPrefix(opts.BaseURL, "http://") && !strings.HasPrefix(opts.BaseURL, "https://") {
		return Summary{}, fmt.Errorf("sitegen: base URL %q: want http:// or https://", opts.BaseURL)
	}
	if opts.Workers <= 0 {
		opts.Workers = 4 * runtime.GOMAXPROCS(0)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Summary{}, err
	}
	if names, err := os.ReadDir(dir); err != nil {
		return Summary{}, err
	} else if len(names) > 0 {
		return Summary{}, fmt.Errorf("sitegen: %s is not empty", dir)
	}
	g := newGen(dir, opts)
	g.start()
	g.run()
	err := g.finish()
	if err == nil && opts.Manifest != nil {
		err = g.manifestErr
	}
	return g.sum, err
}

// A job is one file for a worker to write.
type job struct {
	rel   string   // path under the site, with '/'
	data  []byte   // its bytes
	mtime int64    // its modification time, ns
	dirs  []string // the folders this file is the first in, parents first
}

type gen struct {
	root  string
	opts  Options
	base  string // the base URL without its final '/'
	rng   *rand.Rand
	sum   Summary
	files map[string]struct{} // the files made, by path
	dirs  map[string]struct{} // the folders made, by path
	order []string            // the folders, in the order they were made

	paras  []string   // paragraphs of body text, drawn once
	pad    string     // the words of the large JSON-LD blocks
	images [][]byte   // PNG images, drawn once
	cats   []category // each section's folders (category sections)
	nav    string     // the header of every page
	recent []string   // URL paths of the newest content pages
	pagers []int      // each section's next page number
	assets int        // files that are not pages, made so far
	want   int        // files that are not pages, wanted: a third of the pages

	jobs        chan job
	wg          sync.WaitGroup
	errOnce     sync.Once
	err         error
	failed      chan struct{}
	manifestErr error
}

type category struct {
	names []string            // the section's top folders
	subs  map[string][]string // the folders within each
}

func newGen(root string, opts Options) *gen {
	g := &gen{
		root:   root,
		opts:   opts,
		base:   strings.TrimSuffix(opts.BaseURL, "/"),
		rng:    rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5eed5eed5eed5eed)),
		files:  make(map[string]struct{}, opts.Pages*3/2),
		dirs:   map[string]struct{}{"": {}},
		want:   opts.Pages / 3,
		pagers: make([]int, len(sections)),
		recent: []string{"/"},
		failed: make(chan struct{}),
	}
	g.sum.Counts = map[Kind]int{}
	r := g.rng
	for range 320 {
		g.paras = append(g.paras, g.paragraph())
	}
	pad := make([]string, 720)
	for i := range pad {
		pad[i] = words[r.IntN(len(words))]
	}
	g.pad = strings.Join(pad, " ")
	for range 12 {
		g.images = append(g.images, png(r, 64+r.IntN(1400)))
	}
	g.cats = make([]category, len(sections))
	for i, s := range sections {
		g.pagers[i] = 2
		if s.style != byCategory {
			continue
		}
		c := category{subs: map[string][]string{}}
		for range 6 + r.IntN(12) {
			name := g.word() + "-" + g.word()
			if r.IntN(3) == 0 {
				name = g.word()
			}
			if r.IntN(16) == 0 {
				name = oddNames[r.IntN(len(oddNames))]
			}
			if slices.Contains(c.names, name) {
				continue
			}
			c.names = append(c.names, name)
			var subs []string
			for range 3 + r.IntN(9) {
				sub := g.word()
				if r.IntN(25) == 0 {
					sub = oddNames[r.IntN(len(oddNames))]
				}
				if sub != name && !slices.Contains(subs, sub) {
					subs = append(subs, sub)
				}
			}
			c.subs[name] = subs
		}
		g.cats[i] = c
	}
	var nav strings.Builder
	nav.WriteString(`<header class="site-header"><a class="logo" href="/">` + siteName + `</a>` + "\n" + `<nav class="main"><ul>`)
	for _, s := range sections[:10] {
		fmt.Fprintf(&nav, `<li><a href="%s">%s</a></li>`, escape(urlPath("/"+s.name+"/")), escape(title(s.name)))
	}
	nav.WriteString("</ul></nav></header>\n")
	g.nav = nav.String()
	return g
}

// start starts the workers that write the files.
func (g *gen) start() {
	g.jobs = make(chan job, 256)
	for range g.opts.Workers {
		g.wg.Add(1)
		go func() {
			defer g.wg.Done()
			for j := range g.jobs {
				if err := g.write(j); err != nil {
					g.errOnce.Do(func() { g.err = err; close(g.failed) })
				}
			}
		}()
	}
}

// write writes one file, making its folders first. Another worker may
// still be about to make a folder this file is in: then it is made here.
func (g *gen) write(j job) error {
	for _, d := range j.dirs {
		if err := os.Mkdir(filepath.Join(g.root, d), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			if err := os.MkdirAll(filepath.Join(g.root, d), 0o755); err != nil {
				return err
			}
		}
	}
	path := filepath.Join(g.root, filepath.FromSlash(j.rel))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		}
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(j.data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	t := time.Unix(0, j.mtime)
	return os.Chtimes(path, t, t)
}

// finish waits for the workers, then gives every folder its time: a
// folder's time changes with every file made in it, so they come last.
func (g *gen) finish() error {
	close(g.jobs)
	g.wg.Wait()
	if g.err != nil {
		return g.err
	}
	for _, d := range g.order {
		t := time.Unix(0, g.mtime())
		if err := os.Chtimes(filepath.Join(g.root, filepath.FromSlash(d)), t, t); err != nil {
			return err
		}
	}
	t := time.Unix(0, g.mtime())
	if err := os.Chtimes(g.root, t, t); err != nil {
		return err
	}
	g.sum.Dirs = len(g.order)
	return nil
}

// stopped reports whether a worker failed: making more is no use.
func (g *gen) stopped() bool {
	select {
	case <-g.failed:
		return true
	default:
		return false
	}
}

// mtime draws a modification time.
func (g *gen) mtime() int64 {
	return (epoch+g.rng.Int64N(span))*1e9 + g.rng.Int64N(1e9)
}

// taken reports whether rel, or the other form of the same page
// (NAME.html for NAME/index.html and the reverse), is made already.
func (g *gen) taken(rel string) bool {
	if _, ok := g.files[rel]; ok {
		return true
	}
	other := ""
	if dir, ok := strings.CutSuffix(rel, "/index.html"); ok {
		other = dir + ".html"
	} else if name, ok := strings.CutSuffix(rel, ".html"); ok {
		other = name + "/index.html"
	}
	_, ok := g.files[other]
	return ok
}

// file hands a file to the workers and writes its manifest line.
func (g *gen) file(e Entry, data []byte) {
	if _, ok := g.files[e.Path]; ok {
		panic("sitegen: " + e.Path + " made twice")
	}
	g.files[e.Path] = struct{}{}
	var dirs []string
	for d := parent(e.Path); ; d = parent(d) {
		if _, ok := g.dirs[d]; ok {
			break
		}
		g.dirs[d] = struct{}{}
		dirs = append(dirs, d)
	}
	slices.Reverse(dirs)
	g.order = append(g.order, dirs...)
	e.MTime = g.mtime()
	g.sum.Counts[e.Kind]++
	g.sum.Files++
	g.sum.Bytes += int64(len(data))
	if strings.HasSuffix(e.Path, ".html") {
		g.sum.Pages++
	} else {
		g.assets++
	}
	if g.opts.Manifest != nil && g.manifestErr == nil {
		_, g.manifestErr = io.WriteString(g.opts.Manifest, e.line())
	}
	g.jobs <- job{rel: e.Path, data: data, mtime: e.MTime, dirs: dirs}
}

func parent(rel string) string {
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return ""
	}
	return rel[:i]
}

// left is the number of pages still to make.
func (g *gen) left() int { return g.opts.Pages - g.sum.Pages }

// run makes the whole site, in an order that mixes the tree as a real
// build does.
func (g *gen) run() {
	g.staticAssets()
	g.home()
	g.errorPage()
	for i := range sections {
		g.section(i)
	}
	for i := range sections {
		s := sections[i].name
		g.alias(s+"/page/1/index.html", urlPath("/"+s+"/page/1/"), urlPath("/"+s+"/"), true)
	}
	for g.left() > 0 && !g.stopped() {
		switch r := g.rng.Float64(); {
		case r < 0.018:
			g.stub()
		case r < 0.028:
			g.content(NoIndex)
		case r < 0.048:
			g.pager()
		default:
			g.content(Page)
		}
		for g.assets*g.opts.Pages < g.want*g.sum.Pages && g.assets < g.want {
			g.image()
		}
	}
}

func (g *gen) word() string { return words[g.rng.IntN(len(words))] }

// slug draws a page's name: two to five words, now and then one of the
// odd names.
func (g *gen) slug() string {
	n := 2 + g.rng.IntN(4)
	w := make([]string, n)
	for i := range w {
		w[i] = g.word()
	}
	if g.rng.IntN(30) == 0 {
		w[g.rng.IntN(n)] = oddNames[g.rng.IntN(len(oddNames))]
	}
	return strings.Join(w, "-")
}

// stamp draws a time of the given year in RFC 3339, in one of the zones
// sites are written in.
func (g *gen) stamp(year int) string {
	zones := [...]string{"Z", "+00:00", "+01:00", "+02:00", "-05:00", "-07:00", "+05:30", "+09:00"}
	r := g.rng
	return fmt.Sprintf("%d-%02d-%02dT%02d:%02d:%02d%s", year, 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), zones[r.IntN(len(zones))])
}

// remember adds a content page to those the list pages link.
func (g *gen) remember(up string) {
	g.recent = append(g.recent, up)
	if len(g.recent) > 80 {
		g.recent = append(g.recent[:0], g.recent[40:]...)
	}
}

// newest returns up to n of the newest content pages, as list items.
func (g *gen) newest(n int) []item {
	var out []item
	for _, u := range g.recent[max(0, len(g.recent)-n):] {
		out = append(out, item{href: u, text: "Read: " + strings.Trim(u, "/")})
	}
	return out
}

func (g *gen) staticAssets() {
	for _, a := range []struct{ rel, data string }{
		{"assets/css/site.css", strings.Repeat(css, 30)},
		{"assets/css/print.css", css},
		{"assets/js/site.js", strings.Repeat(js, 16)},
		{"assets/js/search-index.js", strings.Repeat(js, 40)},
		{"assets/fonts/sans.woff2", string(g.images[0]) + string(g.images[1])},
		{"favicon.ico", string(g.images[2])},
		{"site.webmanifest", `{"name":"` + siteName + `","start_url":"/","icons":[]}` + "\n"},
		{"robots.txt", "User-agent: *\nAllow: /\n"},
	} {
		g.file(Entry{Kind: Asset, Path: a.rel}, []byte(a.data))
	}
}

func (g *gen) home() {
	var items []item
	for _, s := range sections {
		items = append(items, item{href: urlPath("/" + s.name + "/"), text: title(s.name)})
	}
	g.file(Entry{Kind: Home, Path: "index.html", URLPath: "/"}, g.page(pageData{
		title: siteName, up: "/", desc: "The home of " + siteName + ".", ogType: "website", paras: 2, items: items,
	}))
	g.feed("")
}

func (g *gen) errorPage() {
	g.file(Entry{Kind: Error, Path: "404.html", URLPath: "/404.html"}, g.page(pageData{
		title: "Page not found", up: "/404.html", desc: "There is no page here.", ogType: "website", paras: 1,
	}))
}

func (g *gen) section(i int) {
	s := sections[i].name
	up := urlPath("/" + s + "/")
	g.file(Entry{Kind: Section, Path: s + "/index.html", URLPath: up}, g.page(pageData{
		title: title(s), up: up, desc: "Everything in " + s + ".", section: s, ogType: "website", paras: 1,
		items: []item{{href: "/", text: "Home"}},
	}))
	g.feed(s + "/")
}

// feed writes the RSS feed of the list page at dir ("" or ending in '/').
func (g *gen) feed(dir string) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8" standalone="yes"?>` + "\n")
	b.WriteString(`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>`)
	fmt.Fprintf(&b, "<title>%s</title><link>%s</link>", siteName, escape(g.base+urlPath("/"+dir)))
	for _, u := range g.recent[max(0, len(g.recent)-10):] {
		fmt.Fprintf(&b, "<item><title>%s</title><link>%s</link><guid>%[2]s</guid></item>", escape(strings.Trim(u, "/")), escape(g.base+u))
	}
	b.WriteString("</channel></rss>\n")
	g.file(Entry{Kind: Feed, Path: dir + "index.xml"}, []byte(b.String()))
}

// image writes one of the site's images, in images/YEAR/MONTH/.
func (g *gen) image() {
	exts := [...]string{"png", "png", "jpg", "webp", "svg", "png"}
	ext := exts[g.rng.IntN(len(exts))]
	rel := fmt.Sprintf("images/%d/%02d/%s-%d.%s", 2016+g.rng.IntN(9), 1+g.rng.IntN(12), g.word(), g.assets, ext)
	data := []byte(svg)
	if ext != "svg" {
		data = g.images[g.rng.IntN(len(g.images))]
	}
	g.file(Entry{Kind: Asset, Path: rel}, data)
}

// place draws the folder a content page of section i goes in, writing
// the list pages of new folders first when there are pages left for them
// (otherwise the page goes in the section's own folder). year is the
// page's, for dated sections, or 0.
func (g *gen) place(i int, room int) (dir string, year int) {
	s := sections[i]
	switch s.style {
	case byDate:
		years := [...]int{2016, 2018, 2019, 2020, 2021, 2022, 2022, 2023, 2023, 2024, 2024, 2024}
		year = years[g.rng.IntN(len(years))]
		return fmt.Sprintf("%s/%d/%02d", s.name, year, 1+g.rng.IntN(12)), year
	case flat:
		return s.name, 0
	}
	c := g.cats[i]
	top := c.names[g.rng.IntN(len(c.names))]
	dirs := []string{s.name + "/" + top}
	if subs := c.subs[top]; len(subs) > 0 && g.rng.IntN(20) < 11 {
		dirs = append(dirs, dirs[0]+"/"+subs[g.rng.IntN(len(subs))])
	}
	for _, d := range dirs {
		if _, ok := g.files[d+"/index.html"]; ok {
			continue
		}
		if room < 1 {
			return s.name, 0
		}
		g.branch(s.name, d)
		room--
	}
	return dirs[len(dirs)-1], 0
}

// branch writes the list page of a folder within a section.
func (g *gen) branch(section, dir string) {
	name := dir[strings.LastIndexByte(dir, '/')+1:]
	up := urlPath("/" + dir + "/")
	g.file(Entry{Kind: Branch, Path: dir + "/index.html", URLPath: up}, g.page(pageData{
		title: title(name), up: up, desc: "All about " + name + ".", section: section, ogType: "website", paras: 1,
		items: g.newest(6),
	}))
	g.feed(dir + "/")
}

// name draws a new file name in dir: NAME/index.html, or NAME.html when
// plain.
func (g *gen) name(dir, base string, plain bool) (rel string) {
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		rel = name + "/index.html"
		if plain {
			rel = name + ".html"
		}
		if dir != "" {
			rel = dir + "/" + rel
		}
		if !g.taken(rel) {
			return rel
		}
	}
}

// relURL is the URL path of the page at rel.
func relURL(rel string) string {
	if d, ok := strings.CutSuffix("/"+rel, "/index.html"); ok {
		return urlPath(d + "/")
	}
	return urlPath("/" + rel)
}

// content writes a content page (kind Page, or NoIndex), and with it now
// and then its bundle's image, its AMP copy or its translations.
func (g *gen) content(kind Kind) {
	r := g.rng
	i := pickSection(r.Float64())
	s := sections[i]
	dir, year := g.place(i, g.left()-1)
	plain := r.IntN(10) == 0
	rel := g.name(dir, g.slug(), plain)
	up := relURL(rel)
	name := strings.TrimSuffix(strings.TrimSuffix(rel, "/index.html"), ".html")
	name = name[strings.LastIndexByte(name, '/')+1:]
	d := pageData{
		title: title(name), up: up, section: s.name, ogType: "article", paras: 1 + r.IntN(4),
		desc: fmt.Sprintf("%s: a %s %s page in %s.", title(name), g.word(), g.word(), s.name),
	}
	if kind == NoIndex {
		d.robots = [...]string{"noindex", "noindex, nofollow", "noindex,follow", "NOINDEX"}[r.IntN(4)]
	}
	if year == 0 {
		year = 2016 + r.IntN(9)
	}
	switch x := r.IntN(10); {
	case x < 2:
		d.published, d.modified = g.stamp(min(year, 2023)), g.stamp(2024)
	case x < 5:
		d.published = g.stamp(year)
	}
	d.bigHead = r.IntN(100) == 0
	bundle := !plain && r.IntN(8) == 0 && g.assets < g.want
	if bundle {
		d.cover = "cover." + [...]string{"png", "png", "jpg", "svg"}[r.IntN(4)]
	}
	listed := kind == Page
	amp := listed && r.IntN(80) == 0 && g.left() >= 2
	if amp {
		d.amp = g.base + "/amp" + up
		if plain {
			d.amp = g.base + "/amp" + strings.TrimSuffix(up, ".html") + "/"
		}
	}
	langs := 0
	if listed && s.translated && r.IntN(4) == 0 {
		langs = min(len(languages), g.left()-1-btoi(amp))
	}
	k := kind
	if plain && listed {
		k = Plain
	}
	e := Entry{Kind: k, Path: rel, URLPath: up, Modified: d.modified}
	if langs > 0 {
		e.Alternates = append(e.Alternates, "en="+up)
		for _, l := range languages[:langs] {
			e.Alternates = append(e.Alternates, l+"=/"+l+up)
		}
		e.Alternates = append(e.Alternates, "x-default="+up)
		d.alternates = e.Alternates
	}
	g.file(e, g.page(d))
	if listed {
		g.remember(up)
	}
	if bundle {
		data := []byte(svg)
		if !strings.HasSuffix(d.cover, ".svg") {
			data = g.images[r.IntN(len(g.images))]
		}
		g.file(Entry{Kind: Asset, Path: parent(rel) + "/" + d.cover}, data)
	}
	if amp {
		ampRel := "amp/" + rel
		if plain {
			ampRel = "amp/" + strings.TrimSuffix(rel, ".html") + "/index.html"
		}
		c := d
		c.canonical, c.amp, c.alternates, c.cover = g.base+up, "", nil, ""
		c.up = relURL(ampRel)
		g.file(Entry{Kind: Canonical, Path: ampRel, URLPath: c.up, Modified: c.modified}, g.page(c))
	}
	for _, l := range languages[:langs] {
		t := d
		t.lang, t.cover, t.amp = l, "", ""
		t.up = "/" + l + up
		t.title = title(name) + " (" + l + ")"
		g.file(Entry{Kind: Translated, Path: l + "/" + rel, URLPath: t.up, Modified: d.modified, Alternates: e.Alternates}, g.page(t))
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stub writes a redirect stub to one of the newest pages, where an old
// URL of the site was: half of them with noindex, as Hugo's aliases.
func (g *gen) stub() {
	r := g.rng
	target := g.recent[r.IntN(len(g.recent))]
	dir, plain := "", false
	switch x := r.IntN(10); {
	case x < 5:
		dir = sections[pickSection(r.Float64())].name
	case x < 8:
		dir, plain = fmt.Sprintf("%s/%d", sections[pickSection(r.Float64())].name, 2010+r.IntN(6)), true
	}
	rel := g.name(dir, "old-"+g.slug(), plain)
	g.alias(rel, relURL(rel), target, r.IntN(2) == 0)
}

// alias writes a redirect stub at rel (URL path up) to target.
func (g *gen) alias(rel, up, target string, noindex bool) {
	u := escape(g.base + target)
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>" + u + "</title>\n<link rel=\"canonical\" href=\"" + u + "\">\n")
	if noindex {
		b.WriteString("<meta name=\"robots\" content=\"noindex\">\n")
	}
	b.WriteString("<meta charset=\"utf-8\">\n<meta http-equiv=\"refresh\" content=\"0; url=" + u + "\">\n</head>\n</html>\n")
	k := Alias
	if noindex {
		k = AliasNoIndex
	}
	g.file(Entry{Kind: k, Path: rel, URLPath: up}, []byte(b.String()))
}

// pager writes the next page of a section's list.
func (g *gen) pager() {
	i := pickSection(g.rng.Float64())
	s := sections[i].name
	k := g.pagers[i]
	g.pagers[i]++
	up := urlPath(fmt.Sprintf("/%s/page/%d/", s, k))
	prev := urlPath(fmt.Sprintf("/%s/page/%d/", s, k-1))
	if k == 2 {
		prev = urlPath("/" + s + "/")
	}
	g.file(Entry{Kind: Pager, Path: fmt.Sprintf("%s/page/%d/index.html", s, k), URLPath: up}, g.page(pageData{
		title: fmt.Sprintf("%s, page %d", title(s), k), up: up, desc: fmt.Sprintf("Page %d of %s.", k, s),
		section: s, ogType: "website", items: g.newest(10), prev: prev,
	}))
}

// paragraph draws a paragraph of body text, with now and then a link to
// a section or a code span.
func (g *gen) paragraph() string {
	r := g.rng
	n := 30 + r.IntN(50)
	w := make([]string, n)
	for i := range w {
		w[i] = g.word()
	}
	w[0] = title(w[0])
	s := strings.Join(w, " ")
	if r.IntN(4) == 0 {
		s += fmt.Sprintf(`; see <a href="%s">the %s pages</a>`, escape(urlPath("/"+sections[r.IntN(8)].name+"/")), g.word())
	}
	if r.IntN(5) == 0 {
		s += fmt.Sprintf(" and <code>%s.%s()</code>", g.word(), g.word())
	}
	return "<p>" + s + ".</p>"
}
