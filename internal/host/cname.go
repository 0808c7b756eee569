package host

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// domainRE is a domain name as a CNAME file holds it: labels of letters,
// digits and hyphens (an internationalized name in its xn-- form), two or
// more.
var domainRE = lazyre.MustCompile(`^(?i)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$`)

// CNAME returns the base URL of the custom domain a CNAME file names:
// GitHub Pages serves a site at the domain of the CNAME file at the root
// of what it publishes (so does Surge), over HTTPS. The file is looked for
// in each of dirs in turn (the site folder, then the project's), inside it
// through the one door, within lim's SettingsBytes. file is the path of
// the file that named it ("" for none). A CNAME that cannot be read, or
// does not hold one domain name alone, names none and is a warning: the
// base URL is then looked for elsewhere.
func CNAME(lim limits.Limits, dirs ...string) (baseURL, file string, warnings []error) {
	lim = lim.Or()
	for _, dir := range dirs {
		path := filepath.Join(dir, "CNAME")
		data, err := fsx.ReadFile(dir, "CNAME", lim.SettingsBytes, "limits.settings_bytes")
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			warnings = append(warnings, notRead(err, "its domain is not the base URL"))
			continue
		}
		var lines []string
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) != 1 || !domainRE().MatchString(strings.TrimSuffix(lines[0], ".")) {
			what := "is empty"
			if len(lines) > 0 {
				// A line with user information (robot:TOKEN@host) shows
				// it hidden, as a URL's is.
				what = fmt.Sprintf("holds %q, not one domain name alone", diag.URLExcerpt("//" + lines[0])[2:])
			}
			warnings = append(warnings, &diag.Diagnostic{File: path, Msg: what + " (GitHub Pages' custom domain: blog.example.com); its domain is not the base URL"})
			continue
		}
		return "https://" + strings.ToLower(strings.TrimSuffix(lines[0], ".")) + "/", path, warnings
	}
	return "", "", warnings
}
