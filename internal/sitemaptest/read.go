package sitemaptest

import (
	"compress/gzip"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/sitegen"
)

// Entry is a <url> or index <sitemap> entry as read back from a file.
type Entry struct {
	Loc        string  `xml:"loc"`
	LastMod    string  `xml:"lastmod"`
	ChangeFreq string  `xml:"changefreq"`
	Priority   string  `xml:"priority"`
	Links      []Link  `xml:"http://www.w3.org/1999/xhtml link"`
	Videos     []Video `xml:"http://www.google.com/schemas/sitemap-video/1.1 video"`
	News       *News   `xml:"http://www.google.com/schemas/sitemap-news/0.9 news"`
}

// Video is a <video:video>, each child's text as read ("" when absent).
type Video struct {
	ThumbnailLoc         string `xml:"thumbnail_loc"`
	Title                string `xml:"title"`
	Description          string `xml:"description"`
	ContentLoc           string `xml:"content_loc"`
	PlayerLoc            string `xml:"player_loc"`
	Duration             string `xml:"duration"`
	ExpirationDate       string `xml:"expiration_date"`
	PublicationDate      string `xml:"publication_date"`
	FamilyFriendly       string `xml:"family_friendly"`
	RequiresSubscription string `xml:"requires_subscription"`
	Live                 string `xml:"live"`
}

// News is a <news:news>, each child's text as read.
type News struct {
	Name            string `xml:"publication>name"`
	Language        string `xml:"publication>language"`
	PublicationDate string `xml:"publication_date"`
	Title           string `xml:"title"`
}

// Link is an <xhtml:link> hreflang alternate.
type Link struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// File is one sitemap file read back.
type File struct {
	Root    string  // "urlset" or "sitemapindex"
	Entries []Entry // its <url> or <sitemap> entries
	Size    int     // uncompressed bytes
}

// ReadFile reads the sitemap file at path (.xml or .xml.gz).
func ReadFile(path string) (*File, error) {
	data, err := ReadBytes(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		XMLName  xml.Name
		URLs     []Entry `xml:"url"`
		Sitemaps []Entry `xml:"sitemap"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f := &File{Root: doc.XMLName.Local, Size: len(data), Entries: doc.URLs}
	if f.Root == "sitemapindex" {
		f.Entries = doc.Sitemaps
	}
	return f, nil
}

// ReadBytes returns the uncompressed content of path.
func ReadBytes(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r = gz
	}
	return io.ReadAll(r)
}

// Locs reads the sitemap set in dir (see URLs) and returns every <loc> of
// its urlsets, in file order, and the files read.
func Locs(dir, baseURL string) (locs []string, files []string, err error) {
	entries, files, err := URLs(dir, baseURL)
	for _, e := range entries {
		locs = append(locs, e.Loc)
	}
	return locs, files, err
}

// URLs reads the sitemap set in dir: the entry file sitemap.xml (or
// sitemap.xml.gz) and any further index files (sitemap-index-N.xml[.gz]),
// following every index entry, which must name a file in dir under
// baseURL. It returns every <url> of the urlsets, in file order, and the
// files read. A news sitemap's <url>s (those of a file listed by an
// index whose <url>s have a <news:news>) are not returned: it lists
// again pages the other urlsets list.
func URLs(dir, baseURL string) (urls []Entry, files []string, err error) {
	entry := "sitemap.xml"
	if _, err := os.Stat(filepath.Join(dir, entry)); err != nil {
		entry += ".gz"
	}
	entries := []string{entry}
	more, _ := filepath.Glob(filepath.Join(dir, "sitemap-index-*.xml*"))
	slices.SortFunc(more, func(a, b string) int { return len(a) - len(b) }) // -2 before -10
	for _, m := range more {
		entries = append(entries, filepath.Base(m))
	}
	for _, name := range entries {
		f, err := ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, nil, err
		}
		files = append(files, name)
		if f.Root == "urlset" {
			if name != entry {
				return nil, nil, fmt.Errorf("%s: a further index file holds a urlset", name)
			}
			urls = append(urls, f.Entries...)
			continue
		}
		for _, s := range f.Entries {
			shard, ok := strings.CutPrefix(s.Loc, baseURL)
			if !ok || strings.Contains(shard, "/") {
				return nil, nil, fmt.Errorf("%s: index entry %s is not a file under %s", name, s.Loc, baseURL)
			}
			sf, err := ReadFile(filepath.Join(dir, shard))
			if err != nil {
				return nil, nil, err
			}
			if sf.Root != "urlset" {
				return nil, nil, fmt.Errorf("%s: root <%s>, want <urlset>", shard, sf.Root)
			}
			files = append(files, shard)
			if slices.ContainsFunc(sf.Entries, func(e Entry) bool { return e.News != nil }) {
				continue
			}
			urls = append(urls, sf.Entries...)
		}
	}
	return urls, files, nil
}

// ReadManifest reads the manifest of a generated site (GenSite).
func ReadManifest(path string) ([]sitegen.Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sitegen.ReadManifest(f)
}

// ExpectedURLs returns, sorted, the URLs under baseURL that a sitemap of a
// generated site lists, by its manifest (sitegen.Kind.Listed): every page
// but the error page, the redirect stubs, the noindex pages and the pages
// whose canonical URL is another.
func ExpectedURLs(manifest []sitegen.Entry, baseURL string) []string {
	var want []string
	for _, e := range manifest {
		if e.Kind.Listed() {
			want = append(want, strings.TrimSuffix(baseURL, "/")+e.URLPath)
		}
	}
	slices.Sort(want)
	return want
}

// Unserved serves siteDir with net/http's static file server on loopback
// and requests every loc (rebased from baseURL to the server) without
// following redirects. It returns the locs not answered with 200, with
// their status.
func Unserved(siteDir, baseURL string, locs []string) ([]string, error) {
	srv := httptest.NewServer(http.FileServer(http.Dir(siteDir)))
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var (
		mu   sync.Mutex
		bad  []string
		errs []error
		wg   sync.WaitGroup
		work = make(chan string)
	)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for loc := range work {
				rest, ok := strings.CutPrefix(loc, baseURL)
				if !ok {
					mu.Lock()
					bad = append(bad, loc+" (not under the base URL)")
					mu.Unlock()
					continue
				}
				resp, err := client.Get(srv.URL + "/" + rest)
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					mu.Lock()
					bad = append(bad, fmt.Sprintf("%s (%s)", loc, resp.Status))
					mu.Unlock()
				}
			}
		}()
	}
	for _, l := range locs {
		work <- l
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		return bad, errs[0]
	}
	return bad, nil
}
