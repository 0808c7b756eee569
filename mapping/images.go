package mapping

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// setImages gives d the images of srcs (Page.Images) that are the site's:
// resolved against base (the page's URL, or its <base href>), absolute
// http(s) URLs under the base URL or on a host of Options.ImageHosts,
// each once, in order, at most sitemap.MaxImages, with a warning for the
// rest. A source that is no such URL (blob:, a typo) is no image of the
// site, and is passed over in silence, as one on another host is.
func (m *Mapper) setImages(d *Decision, srcs []string, base *url.URL) {
	var seen map[string]bool // past a few images, the ones kept
	over := 0
	for _, src := range srcs {
		u, err := NormalizeURL(src, base)
		if err != nil {
			continue
		}
		if m.opts.DevServer {
			u = m.onBase(u)
		}
		if !m.imageAllowed(u) || sitemap.CheckLoc(u) != nil {
			continue
		}
		if seen != nil && seen[u] || seen == nil && hasImage(d.URL.Images, u) {
			continue
		}
		if seen == nil && len(d.URL.Images) == 16 {
			seen = make(map[string]bool, len(srcs))
			for _, im := range d.URL.Images {
				seen[im.Loc] = true
			}
		}
		if seen != nil {
			seen[u] = true
		}
		if len(d.URL.Images) == sitemap.MaxImages {
			over++
			continue
		}
		d.URL.Images = append(d.URL.Images, sitemap.Image{Loc: u})
	}
	if over > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("the page shows %d images; the first %d are listed, the most a URL may have", sitemap.MaxImages+over, sitemap.MaxImages))
	}
}

// hasImage reports whether images has one at loc.
func hasImage(images []sitemap.Image, loc string) bool {
	for _, im := range images {
		if im.Loc == loc {
			return true
		}
	}
	return false
}

// imageAllowed reports whether the image at u, a normalized URL, is the
// site's: under the base URL, or on a host of Options.ImageHosts.
func (m *Mapper) imageAllowed(u string) bool {
	if strings.HasPrefix(u, m.base) {
		return true
	}
	origin := u
	if i := strings.Index(u, "://"); i >= 0 {
		if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
			origin = u[:i+3+j]
		}
	}
	for _, h := range m.opts.ImageHosts {
		if strings.EqualFold(strings.TrimSuffix(h, "/"), origin) {
			return true
		}
	}
	return false
}
