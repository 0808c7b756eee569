package host

import (
	"net/url"
	"strings"
)

// codeHosts are the hosts where a project keeps its code or its package,
// whose pages show the project and serve none of its sites: a site
// published from GitHub is served by GitHub Pages on github.io or on a
// custom domain, never on github.com. Their other names (docs.github.com,
// about.gitlab.com) serve sites of their own, so only these names count.
var codeHosts = []string{"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "git.sr.ht", "npmjs.com"}

// CodeHost returns the host of the URL u when it is a code host's own
// (github.com, www.github.com, gitlab.com, npmjs.com …), "" otherwise.
// Such a URL names a project's page, as npm's "homepage" of a package
// does by default ("https://github.com/o/r#readme"), and is no site's
// URL: neither its host nor its path says where the site is served.
func CodeHost(u string) string {
	pu, err := url.Parse(strings.TrimSpace(u))
	if err != nil {
		return ""
	}
	h := strings.ToLower(strings.TrimSuffix(pu.Hostname(), "."))
	for _, c := range codeHosts {
		if h == c || h == "www."+c {
			return h
		}
	}
	return ""
}
