package writer

import (
	"bytes"
	"encoding/xml"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// FuzzAppendURL checks that any record the mapping stage can produce (a loc
// that passes sitemap.CheckLoc, any changefreq, priority and date) encodes
// to a well-formed <url> whose values read back unchanged.
func FuzzAppendURL(f *testing.F) {
	for _, u := range sample {
		f.Add(u.Loc[len(base):], uint8(u.ChangeFreq), u.Priority.Float(), u.LastMod.Unix(), u.Priority.IsSet(), false, "")
	}
	f.Add("a&b<c>'\"", uint8(9), 2.0, int64(-1<<40), true, true, "x-default")
	f.Fuzz(func(t *testing.T, path string, cf uint8, prio float64, unix int64, hasPrio, date bool, lang string) {
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
		if lang != "" && frontmatter.ValidHreflang(lang) {
			u.Alternates = []sitemap.Alternate{{Lang: lang, Href: loc}}
		}
		format := sitemap.DateTime
		if date {
			format = sitemap.Date
		}
		doc := urlsetOpenXHTML + string(appendURL(nil, &u, format)) + urlsetClose
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
