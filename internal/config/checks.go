package config

// The checks of the settings' values: each setting of the table
// (settings.go) names the check its value must pass.

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/audit"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// checkNewsLanguage checks that news.language is a value that
// <news:language> takes.
func checkNewsLanguage(s string) error {
	if s == "" {
		return nil
	}
	if lang, ok := mapping.NewsLanguage(s); !ok || lang != strings.ToLower(s) && !strings.HasPrefix(lang, "zh-") {
		return fmt.Errorf("%q is not an ISO 639 language code of two or three letters (en, de, ast), or zh-cn or zh-tw", s)
	}
	return nil
}

// origin checks that an item of hreflang.hosts, images.hosts or
// videos.hosts is an http(s) origin.
func origin(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q is not an origin such as https://example.de", diag.URL(s))
	}
	return nil
}

// named checks that a flag names what, such as a file.
func named(s, what string) error {
	if s == "" {
		return errors.New("give " + what)
	}
	return nil
}

// checkSitemapsURL checks that sitemaps_url has a base URL's form and
// names a folder (ends in "/").
func checkSitemapsURL(s string) error {
	if _, err := mapping.ParseBaseURL(s); err != nil {
		return errors.New(strings.Replace(err.Error(), "base URL", "sitemaps URL", 1))
	}
	if !strings.HasSuffix(s, "/") {
		return fmt.Errorf("sitemaps URL %q does not end in /: give the folder the sitemap files are served from", diag.URL(s))
	}
	return nil
}

func checkBaseURL(s string) error {
	if s == "" {
		return nil
	}
	_, err := mapping.ParseBaseURL(s)
	return err
}

// checkChangeFreq checks a changefreq: one of the protocol's seven values.
func checkChangeFreq(s string) error {
	_, err := sitemap.ParseChangeFreq(s)
	return err
}

// checkPriority checks a priority, when one is given: 0.0 to 1.0.
func checkPriority(p *float64) error {
	if p == nil {
		return nil
	}
	_, err := sitemap.PriorityOf(*p)
	return err
}

func checkDateFormat(s string) error {
	_, err := sitemap.ParseDateFormat(s)
	return err
}

// between checks that a number is from lo to hi.
func between(lo, hi int) func(int) error {
	return func(n int) error {
		if n < lo || n > hi {
			return fmt.Errorf("%d is outside %d–%d", n, lo, hi)
		}
		return nil
	}
}

func positive(d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%v: must be more than 0", d)
	}
	return nil
}

// oneOf checks that a value is one of values.
func oneOf(values ...string) func(string) error {
	return func(s string) error {
		if !slices.Contains(values, s) {
			return fmt.Errorf("%q is not one of %s", s, strings.Join(values, ", "))
		}
		return nil
	}
}

// auditKind checks the name of a kind of audit finding.
func auditKind(s string) error {
	if !slices.Contains(audit.Kinds, audit.Kind(s)) {
		var names []string
		for _, k := range audit.Kinds {
			names = append(names, string(k))
		}
		return fmt.Errorf("%q is not one of %s", s, strings.Join(names, ", "))
	}
	return nil
}

// checkXSL checks the stylesheet's URL (xsl). It must be an absolute
// http(s) URL or a path from the host's root (/sitemap.xsl), so that it
// is the same for every file wherever the file lies. A relative one
// would be looked for beside each file: en/sitemap.xml's in en/. It may
// hold no white space or control characters.
func checkXSL(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil || strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return fmt.Errorf("%q is not a URL", diag.URL(s))
	case len(s) > 2047:
		return fmt.Errorf("a URL of %d characters: at most 2047", len(s))
	case u.User != nil:
		return fmt.Errorf("%q: a stylesheet's URL has no user name or password (every sitemap file names it, for anyone to read)", diag.URL(s))
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"):
		return nil
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
		return nil
	}
	return fmt.Errorf("%q: want an absolute http(s) URL or a path from the host's root, /sitemap.xsl", diag.URL(s))
}

// unlessEmpty checks a value with check unless it is empty (the default).
func unlessEmpty(check func(string) error) func(string) error {
	return func(s string) error {
		if s == "" {
			return nil
		}
		return check(s)
	}
}

func checkFeedLimit(n int) error {
	if n < 0 || n > postbuild.MaxFeedLimit {
		return fmt.Errorf("limit %d is outside 0–%d (0: %d)", n, postbuild.MaxFeedLimit, postbuild.DefaultFeedLimit)
	}
	return nil
}

// checkLastModSources checks a lastmod source list.
func checkLastModSources(list []string) error {
	if len(list) == 0 {
		return errors.New("no lastmod source; give at least one, or [none]")
	}
	seen := map[string]bool{}
	for i, s := range list {
		if _, err := mapping.ParseLastModSource(s); err != nil {
			return &ItemError{Index: i, Err: err}
		}
		if seen[s] {
			return &ItemError{Index: i, Err: fmt.Errorf("lastmod source %q is listed twice", s)}
		}
		seen[s] = true
	}
	return nil
}

// checkRules checks the rules.
func checkRules(v *Values) error {
	_, err := mappingRules(v.Rules)
	return err
}

// mappingRules converts rules for mapping. Its errors are *KeyError,
// naming the rule's key at fault.
func mappingRules(rules []Rule) ([]mapping.Rule, error) {
	var out []mapping.Rule
	for i, r := range rules {
		mr, err := r.rule()
		if err != nil {
			var ke *KeyError
			if errors.As(err, &ke) {
				ke.Key = fmt.Sprintf("rules[%d]%s", i, ke.Key)
				return nil, ke
			}
			return nil, err
		}
		out = append(out, mr)
	}
	return out, nil
}

// checkSections checks the sections. Each must have a name
// (writer.CheckSectionName) that no other has, and at least one valid
// include glob. Its errors are *KeyError, naming the entry's key at
// fault.
func checkSections(v *Values) error {
	if n := len(v.Sections); n > maxSections {
		return &KeyError{Key: fmt.Sprintf("sections[%d]", maxSections), Err: fmt.Errorf("%d sections; at most %d", n, maxSections)}
	}
	seen := map[string]int{}
	for i, s := range v.Sections {
		key := fmt.Sprintf("sections[%d]", i)
		if s.Name == "" {
			return &KeyError{Key: key, Err: errors.New("section has no name")}
		}
		if err := writer.CheckSectionName(s.Name); err != nil {
			return &KeyError{Key: key + ".name", Err: err}
		}
		if j, ok := seen[s.Name]; ok {
			return &KeyError{Key: key + ".name", Err: fmt.Errorf("section name %q is also sections[%d]'s", s.Name, j)}
		}
		seen[s.Name] = i
		if len(s.Include) == 0 {
			return &KeyError{Key: key, Err: fmt.Errorf("section %q has no include glob", s.Name)}
		}
		for j, p := range s.Include {
			if err := walker.ValidatePattern(p); err != nil {
				return &KeyError{Key: fmt.Sprintf("%s.include[%d]", key, j), Err: err}
			}
		}
	}
	return nil
}

// extraSitemap checks an item of index.extra on its own. It must be an
// absolute http(s) URL that a <loc> can carry (sitemap.CheckLoc:
// percent-encoded, shorter than 2,048 characters). It must name a file,
// without a query, a fragment or a ".." segment. Whether it lies under
// the base URL is checked once that URL is known (checkExtraScope).
func extraSitemap(s string) error {
	if err := sitemap.CheckLoc(s); err != nil {
		return err
	}
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Host == "" || u.Opaque != "":
		return fmt.Errorf("%q is not an absolute http:// or https:// URL", diag.URL(s))
	case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return fmt.Errorf("%q: a sitemap's URL without a query, fragment or user", diag.URL(s))
	case u.Path == "" || strings.HasSuffix(u.Path, "/"):
		return fmt.Errorf("%q names a folder, not a sitemap file", diag.URL(s))
	case slices.Contains(strings.Split(u.Path, "/"), ".."):
		return fmt.Errorf("%q has a \"..\" segment: name the sitemap by its own path", diag.URL(s))
	}
	return nil
}

// checkIgnore checks lastmod.ignore's patterns.
func checkIgnore(patterns []string) error {
	_, err := hashstate.Compile(patterns)
	return err
}

// nonEmptyPath checks that a path names something.
func nonEmptyPath(p string) error {
	if strings.TrimSpace(p) == "" {
		return errors.New("an empty path")
	}
	return nil
}

// extraURL checks a URL of extra_urls_inline: an absolute http(s) URL.
func extraURL(u string) error {
	if _, err := mapping.NormalizeURL(u, nil); err != nil {
		return fmt.Errorf("%s: %v", diag.URL(u), err)
	}
	return nil
}
