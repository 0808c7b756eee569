package peer

// The site URL of a documentation generator's sitemap option, which goes
// with the switch: VitePress's, Rspress' and VuePress's peers, in their
// folders, share SiteAtBase.

import (
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// SiteAtBase maps the site URL of a generator's sitemap plugin (VitePress's
// hostname, Rspress' siteUrl, VuePress's hostname, which may be a host
// alone: bareHost). The generator links the pages under base, and its
// docs say to end the URL with base; sitemapgen reads both at every run,
// but the option that gives the URL goes with the switch: the base URL
// is set, its scheme and host with base.
func SiteAtBase(bareHost bool) func(*Mapper, any) {
	return func(m *Mapper, v any) {
		s, ok := m.Str(v)
		if !ok {
			return
		}
		if bareHost && !strings.Contains(s, "://") {
			s = "https://" + s // as VuePress's plugin takes it
		}
		u, err := url.Parse(s)
		if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			m.Warn("is %q, not an absolute http(s) URL; not taken: give the base URL with --base-url", diag.URL(s))
			return
		}
		p := u.Path
		if b := m.ctx.BasePath; b != "" && b != "/" {
			p = b
		}
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		m.Set("base_url", u.Scheme+"://"+u.Host+p)
	}
}
