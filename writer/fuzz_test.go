package writer

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// FuzzAppendURL checks that any record the mapping stage can produce (a loc
// that passes sitemap.CheckLoc, any changefreq, priority and date, videos
// with any text) encodes to a well-formed <url> whose values read back
// unchanged, but for the characters XML cannot carry (xmlText).
func FuzzAppendURL(f *testing.F) {
	for _, u := range sample {
		f.Add(u.Loc[len(base):], uint8(u.ChangeFreq), u.Priority.Float(), u.LastMod.Unix(), u.Priority.IsSet(), false, "", "")
	}
	f.Add("a&b<c>'\"", uint8(9), 2.0, int64(-1<<40), true, true, "x-default", "")
	for _, u := range videos {
		for _, v := range u.Videos {
			f.Add(u.Loc[len(base):], uint8(v.Duration%256)/3*3, 0.5, v.PublicationDate.Unix(), false, false, "", v.Title)
		}
	}
	f.Add("v.html", uint8(3), 0.5, int64(1714559400), false, true, "", "a\x00b\xffc\r\n<\uFFFE>&")
	f.Fuzz(func(t *testing.T, path string, cf uint8, prio float64, unix int64, hasPrio, date bool, lang, text string) {
		defer fuzzbound.Check(t)()
		// Any path, encoded as mapping encodes it ("&" and "'" stay raw).
		loc := base + mapping.EncodePath(path)
		if err := sitemap.CheckLoc(loc); err != nil {
			t.Skip() // too long: mapping skips such pages
		}
		u := sitemap.URL{Loc: loc, ChangeFreq: sitemap.ChangeFreq(cf % 8)}
		if unix != 0 {
			u.LastMod = time.Unix(unix, 0).UTC()
		}
		if hasPrio {
			p, err := sitemap.PriorityOf(prio)
			if err != nil {
				t.Skip()
			}
			u.Priority = p
		}
		if lang != "" && htmlhead.ValidHreflang(lang) {
			u.Alternates = []sitemap.Alternate{{Lang: lang, Href: loc}}
		}
		if cf%2 == 0 {
			u.Images = []sitemap.Image{{Loc: loc}}
		}
		if cf%3 == 0 { // a video of every field, one of the text given
			v := sitemap.Video{ThumbnailLoc: loc, Title: text, Description: text + path, ContentLoc: loc, Duration: int(cf),
				PublicationDate: u.LastMod, ExpirationDate: u.LastMod.Add(time.Hour), FamilyFriendly: sitemap.Flag(cf % 4), Live: sitemap.Flag(cf / 4 % 4)}
			if cf%2 == 1 {
				v.ContentLoc, v.PlayerLoc = "", loc
			}
			u.Videos = []sitemap.Video{v, {ThumbnailLoc: loc, Title: path, Description: lang, PlayerLoc: loc}}
		}
		format := sitemap.DateTime
		if date {
			format = sitemap.Date
		}
		doc := urlsetHeader(true, true, true) + string(appendURL(nil, &u, format)) + urlsetClose
		var got struct {
			URL struct {
				Loc        string  `xml:"loc"`
				LastMod    *string `xml:"lastmod"`
				ChangeFreq *string `xml:"changefreq"`
				Priority   *string `xml:"priority"`
				Links      []struct {
					Rel      string `xml:"rel,attr"`
					Hreflang string `xml:"hreflang,attr"`
					Href     string `xml:"href,attr"`
				} `xml:"http://www.w3.org/1999/xhtml link"`
				Images []string            `xml:"http://www.google.com/schemas/sitemap-image/1.1 image>loc"`
				Videos []sitemaptest.Video `xml:"http://www.google.com/schemas/sitemap-video/1.1 video"`
			} `xml:"url"`
		}
		dec := xml.NewDecoder(bytes.NewReader([]byte(doc)))
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, doc)
		}
		if got.URL.Loc != loc {
			t.Fatalf("loc %q read back as %q", loc, got.URL.Loc)
		}
		if len(got.URL.Links) != len(u.Alternates) || len(u.Alternates) == 1 &&
			(got.URL.Links[0].Hreflang != lang || got.URL.Links[0].Href != loc || got.URL.Links[0].Rel != "alternate") {
			t.Fatalf("alternates %+v read back as %+v", u.Alternates, got.URL.Links)
		}
		if len(got.URL.Images) != len(u.Images) || len(u.Images) == 1 && got.URL.Images[0] != loc {
			t.Fatalf("images %+v read back as %q", u.Images, got.URL.Images)
		}
		if len(got.URL.Videos) != len(u.Videos) {
			t.Fatalf("%d videos read back as %d", len(u.Videos), len(got.URL.Videos))
		}
		for i, v := range u.Videos {
			want := sitemaptest.Video{ThumbnailLoc: v.ThumbnailLoc, Title: xmlText(v.Title), Description: xmlText(v.Description),
				ContentLoc: v.ContentLoc, PlayerLoc: v.PlayerLoc,
				PublicationDate: string(sitemap.AppendLastMod(nil, v.PublicationDate, format)), ExpirationDate: string(sitemap.AppendLastMod(nil, v.ExpirationDate, format)),
				FamilyFriendly: v.FamilyFriendly.String(), Live: v.Live.String()}
			if v.Duration > 0 {
				want.Duration = strconv.Itoa(v.Duration)
			}
			if got.URL.Videos[i] != want {
				t.Fatalf("video %d %+v read back as %+v, want %+v", i, v, got.URL.Videos[i], want)
			}
		}
		wantDate := string(sitemap.AppendLastMod(nil, u.LastMod, format))
		if (got.URL.LastMod == nil) != (wantDate == "") || got.URL.LastMod != nil && *got.URL.LastMod != wantDate {
			t.Fatalf("lastmod %v read back as %v", wantDate, got.URL.LastMod)
		}
		if (got.URL.ChangeFreq == nil) != (u.ChangeFreq == 0) || got.URL.ChangeFreq != nil && *got.URL.ChangeFreq != u.ChangeFreq.String() {
			t.Fatalf("changefreq %v read back as %v", u.ChangeFreq, got.URL.ChangeFreq)
		}
		wantPrio := u.Priority.IsSet() && u.Priority != sitemap.DefaultPriority
		if (got.URL.Priority != nil) != wantPrio {
			t.Fatalf("priority %v read back as %v", u.Priority, got.URL.Priority)
		}
		if wantPrio {
			p, err := sitemap.ParsePriority(*got.URL.Priority)
			if err != nil || p != u.Priority {
				t.Fatalf("priority %v read back as %q", u.Priority, *got.URL.Priority)
			}
		}
	})
}

// FuzzWrite checks Write end to end for any records the mapping stage can
// produce: up to three URLs from any paths, any dates, change
// frequencies, priorities and hreflang alternates, with videos (cf&8)
// and news (cf&16), split by any small limits, plain or gzip, with the
// text sitemap. Either Write refuses a record too big for max_bytes,
// writing nothing, or every file it writes passes validate.Check (the
// protocol's schema rules, the limits, the index naming existing files),
// and the set reads back as the URLs given, in order, with their videos'
// titles, the text sitemap too, and the news files as the articles, in
// order, with their titles.
func FuzzWrite(f *testing.F) {
	f.Add("index.html", "a&b<c>'\".html", "caf\u00e9/x y.html", int64(1714559400), uint8(3), 0.8, "de", uint16(2), uint16(0), false)
	f.Add("a", "b", "c", int64(0), uint8(0), -1.0, "", uint16(1), uint16(300), true)
	f.Add("\x00\x01\x7f", "\xff\xfe", strings.Repeat("\u00e9", 600), int64(-1<<40), uint8(7), 1.0, "x-default", uint16(0), uint16(700), true)
	f.Add("video & <1>.html", "v\u00e9.html", strings.Repeat("\u00e9", 120), int64(1714559400), uint8(8|2), 0.3, "O'Reilly \"&\"", uint16(2), uint16(900), false)
	f.Add("a", "b", "\xff\x00", int64(-1<<40), uint8(8|5), 1.0, "", uint16(0), uint16(0), true)
	f.Add("news/a&b.html", "news/\u65e5\u672c.html", "about.html", int64(1714559400), uint8(16|8|1), 0.5, "zh-cn", uint16(0), uint16(0), false)
	f.Add("n1", "n2", "n3", int64(0), uint8(16), -1.0, "fr", uint16(1), uint16(600), true)
	f.Fuzz(func(t *testing.T, p1, p2, p3 string, unix int64, cf uint8, prio float64, lang string, maxURLs, maxBytes uint16, gz bool) {
		defer fuzzbound.Check(t)()
		var urls []sitemap.URL
		for i, p := range []string{p1, p2, p3} {
			u := sitemap.URL{Loc: base + mapping.EncodePath(p), ChangeFreq: sitemap.ChangeFreq((int(cf) + i) % 8)}
			if sitemap.CheckLoc(u.Loc) != nil {
				continue // too long: mapping skips such pages
			}
			if unix != 0 {
				u.LastMod = time.Unix(unix+int64(i)*3600, 0).UTC()
			}
			if pr, err := sitemap.PriorityOf(prio); err == nil {
				u.Priority = pr
			}
			if htmlhead.ValidHreflang(lang) {
				u.Alternates = []sitemap.Alternate{{Lang: lang, Href: u.Loc}}
			}
			if cf&8 != 0 { // a video, as mapping makes one: its text within the schema's lengths
				v := sitemap.Video{ThumbnailLoc: u.Loc, Title: cut(cmp.Or(p, "untitled"), sitemap.MaxVideoTitle),
					Description: cut(cmp.Or(lang+p, "none"), sitemap.MaxVideoDescription), ContentLoc: u.Loc,
					Duration: 1 + int(cf)*100, FamilyFriendly: sitemap.Flag(i % 3), Live: sitemap.Flag(cf % 3)}
				if y := u.LastMod.Year(); y >= 1 && y <= 9999 {
					v.PublicationDate = u.LastMod
				}
				if i == 1 {
					v.ContentLoc, v.PlayerLoc = "", u.Loc
				}
				u.Videos = []sitemap.Video{v}
			}
			if cf&16 != 0 && i != 2 { // an article, as mapping makes one: a language of the schema's
				n := &sitemap.News{PublicationName: p2, Language: "en", PublicationDate: time.Unix(1714559400+unix%86400, 0).UTC(), Title: p}
				if newsLanguage.MatchString(lang) {
					n.Language = lang
				}
				u.News = n
			}
			urls = append(urls, u)
		}
		slices.SortFunc(urls, func(a, b sitemap.URL) int { return strings.Compare(a.Loc, b.Loc) })
		urls = slices.CompactFunc(urls, func(a, b sitemap.URL) bool { return a.Loc == b.Loc })
		if len(urls) == 0 {
			t.Skip()
		}
		dir := memDir(t) // each run syncs its files: in memory, many more runs
		opts := Options{Dir: dir, BaseURL: base, MaxURLs: int(maxURLs % 4), Gzip: gz, Text: true}
		if maxBytes != 0 {
			opts.MaxBytes = 200 + int(maxBytes)
		}
		res, err := Write(sitemap.Slice(urls), opts)
		var big *RecordTooBigError
		if errors.As(err, &big) {
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("a refused Write left %d files", len(ents))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, name := range res.Written {
			if !strings.HasSuffix(name, ".txt") {
				paths = append(paths, filepath.Join(dir, name))
			}
		}
		// The alternates are random: the protocol is checked, not
		// whether they make clusters.
		problems, _, err := validate.Check(paths, validate.Options{BaseURL: base, NoClusters: true})
		if err != nil {
			t.Fatal(err)
		}
		if validate.Errors(problems) > 0 {
			t.Fatalf("%d problems, the first: %s", len(problems), problems[0])
		}
		read, _, err := sitemaptest.URLs(dir, base)
		if err != nil {
			t.Fatal(err)
		}
		var locs []string
		for i, e := range read {
			locs = append(locs, e.Loc)
			if i < len(urls) && (len(e.Videos) != len(urls[i].Videos) || len(e.Videos) == 1 && e.Videos[0].Title != xmlText(urls[i].Videos[0].Title)) {
				t.Fatalf("%s: videos %+v read back as %+v", e.Loc, urls[i].Videos, e.Videos)
			}
		}
		var text []string
		for _, name := range res.Written {
			if strings.HasSuffix(name, ".txt") {
				data, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				text = append(text, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
			}
		}
		want := make([]string, len(urls))
		for i, u := range urls {
			want[i] = u.Loc
		}
		if !slices.Equal(locs, want) || !slices.Equal(text, want) {
			t.Fatalf("URLs %q read back as %q, text %q", want, locs, text)
		}
		var articles []string
		for _, u := range urls {
			if u.News != nil {
				articles = append(articles, u.Loc+" "+xmlText(u.News.Title))
			}
		}
		var news []string
		for _, name := range res.Written {
			if strings.HasPrefix(name, "sitemap-news") {
				f, err := sitemaptest.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range f.Entries {
					if e.News == nil {
						t.Fatalf("%s: %s has no <news:news>", name, e.Loc)
					}
					news = append(news, e.Loc+" "+e.News.Title)
				}
			}
		}
		if !slices.Equal(news, articles) || res.NewsURLs != len(articles) {
			t.Fatalf("articles %q read back as %q (%d)", articles, news, res.NewsURLs)
		}
	})
}

// newsLanguage matches the languages sitemap-news.xsd takes.
var newsLanguage = regexp.MustCompile(`^(?:zh-cn|zh-tw|[a-z]{2,3})$`)

// xmlText is s as an XML reader reads it back from appendEscaped's
// bytes: each character XML 1.0 cannot carry (a control character but
// tab, newline and carriage return, a byte of invalid UTF-8, U+FFFE,
// U+FFFF) replaced by U+FFFD.
func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < ' ' && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// cut returns s cut to n characters, each byte of invalid UTF-8 one (as
// appendEscaped writes one U+FFFD for it).
func cut(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
