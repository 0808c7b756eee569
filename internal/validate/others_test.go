package validate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// othersDir holds sample sitemaps gathered from other projects and from
// the protocol's and Google's documentation, and derived cases of our
// own (testdata/others/SOURCES.md says where each came from).
const othersDir = "testdata/others"

// others is validate's verdict on each sample, held to the protocol and
// the official schemas: valid files pass with no error (advice allowed,
// and counted), invalid ones fail with an error at line, the first
// error's. why says where the verdict differs from the sample's own
// project or from xmllint with the schemas, and why.
var others = []struct {
	file   string
	valid  bool
	line   int // the first error's, for an invalid file
	advice int // the advice given
	why    string
}{
	{file: "crawler-commons/atom.xml", valid: true, why: "an Atom 1.0 feed: a sitemap by the protocol, as crawler-commons reads it (xmllint with the sitemap schemas refuses it, knowing only <urlset> and <sitemapindex>)"},
	{file: "crawler-commons/hebdenbridgetimes-articles-sitemap.xml", line: 3, why: "a real site's: an extension element (mobile:mobile) before <changefreq>, and video children out of the schema's order; crawler-commons reads it leniently, xmllint refuses it too"},
	{file: "crawler-commons/pagemaps-sitemap.xml", valid: true, why: "PageMap is an extension in a namespace we have no schema for: allowed, as the protocol allows extensions (xmllint's strict processContents refuses any namespace it has no schema for)"},
	{file: "crawler-commons/shinpaideshou-news-sitemap.xml", valid: true},
	{file: "crawler-commons/sitemap-images.xml", valid: true},
	{file: "crawler-commons/sitemap-links.xml", valid: true},
	{file: "crawler-commons/sitemap-mobile.xml", valid: true, why: "Google's old mobile extension: another namespace, allowed (xmllint refuses it, having no schema for it)"},
	{file: "crawler-commons/sitemap-news.xml", line: 20, why: "news:access after news:genres: out of sitemap-news.xsd's order, as xmllint says too; crawler-commons parses it"},
	{file: "crawler-commons/sitemap-videos-tvshow.xml", line: 8, advice: 1, why: "video children out of the schema's order, and <loc> after the extension; crawler-commons parses it; xmllint fails it at the video element (line 5)"},
	{file: "crawler-commons/sitemap-videos.xml", valid: true},
	{file: "crawler-commons/sitemap.badns.xml", line: 2, why: "the root in Google's old namespace: crawler-commons accepts it in lenient mode, the schema does not"},
	{file: "crawler-commons/sitemap.index.xml", line: 3, why: "text in <sitemap> (a URL outside <loc>): crawler-commons reads it leniently; xmllint refuses it too"},
	{file: "crawler-commons/sitemap.ns.xml", valid: true},
	{file: "derived/android-app.xml", valid: true},
	{file: "derived/blank-line-before-declaration.xml", line: 2, why: "an XML declaration after white space is not well-formed (XML 1.0 §2.8); encoding/xml reads on"},
	{file: "derived/bom-then-declaration.xml", valid: true},
	{file: "derived/comment-before-declaration.xml", line: 2},
	{file: "derived/hreflang-siblings/sitemap-de.xml", valid: true, advice: 1, why: "alone, its alternate is in the sibling file: advice"},
	{file: "derived/hreflang-siblings/sitemap-en.xml", valid: true, advice: 1, why: "alone, its alternate is in the sibling file: advice"},
	{file: "derived/mobile-alternate.xml", valid: true},
	{file: "derived/news-stray-element.xml", line: 8},
	{file: "derived/time-without-zone.xml", line: 3, why: "neither W3C Datetime (a time needs a zone) nor xsd:dateTime (it needs seconds)"},
	{file: "derived/two-hosts.xml", line: 4},
	{file: "derived/video-no-title.xml", line: 4},
	{file: "derived/w3c-date-forms.xml", valid: true, advice: 3, why: "W3C Datetime forms the protocol names and the schema refuses: advice"},
	{file: "derived/xdefault-picker.xml", valid: true},
	{file: "feedvalidator/everything.xml", valid: true, advice: 30, why: "the Feed Validator's 30 RSS dates RFC 822 takes (military and lower-case zones, comments, tabs, a date folded over lines); its items have no <link>: advice"},
	{file: "protocol-docs/google-hreflang.xml", line: 11, advice: 2, why: "Google's own example lists two hosts, which Google takes when both are verified in Search Console; by the protocol a sitemap lists one host (--ignore host). Its de-ch alternate is not a <loc> of the file: advice"},
	{file: "protocol-docs/google-image.xml", valid: true},
	{file: "protocol-docs/google-news.xml", valid: true},
	{file: "protocol-docs/google-video.xml", valid: true},
	{file: "protocol-docs/sitemaps-org-index.xml", valid: true},
	{file: "protocol-docs/sitemaps-org-unescaped-ampersand.xml", line: 4},
	{file: "protocol-docs/sitemaps-org-urlset.xml", valid: true},
	{file: "sitemap.js/alltags-index.cdata.xml", line: 5},
	{file: "sitemap.js/alltags-index.xml", valid: true},
	{file: "sitemap.js/alltags.cdata.xml", line: 76, advice: 3, why: "sitemap.js's fixture of every tag lists URLs of five hosts, which its writer allows; the protocol does not (xmllint cannot tell). Its hreflang alternates are not <loc>s of the file: advice"},
	{file: "sitemap.js/alltags.xml", line: 65, advice: 3, why: "as alltags.cdata.xml"},
	{file: "sitemap.js/bad-tag-index.xml", line: 5},
	{file: "sitemap.js/bad-tag-sitemap.xml", line: 3, advice: 3},
	{file: "sitemap.js/cli-urls.json.bad.xml", line: 1},
	{file: "sitemap.js/cli-urls.json.xml", valid: true},
	{file: "sitemap.js/index-unescaped-lt.xml", line: 11},
	{file: "sitemap.js/unescaped-lt.xml", line: 6},
	{file: "sitemap.js/video.xml", valid: true},
}

// TestOthersFixtures holds validate's verdict on each gathered sample.
func TestOthersFixtures(t *testing.T) {
	for _, tt := range others {
		t.Run(tt.file, func(t *testing.T) {
			problems, checked, err := Check([]string{filepath.Join(othersDir, filepath.FromSlash(tt.file))}, Options{})
			if err != nil || checked != 1 {
				t.Fatalf("%d checked, %v", checked, err)
			}
			first, advice := 0, 0
			for _, p := range problems {
				switch {
				case p.Severity == Advice:
					advice++
				case first == 0 || p.Line < first:
					first = p.Line
				}
			}
			errs := Errors(problems)
			switch {
			case tt.valid && errs > 0:
				t.Errorf("valid, but %d errors:\n%s", errs, strings.Join(strs(problems), "\n"))
			case !tt.valid && (errs == 0 || first != tt.line):
				t.Errorf("invalid at line %d, but %d errors, the first at line %d:\n%s", tt.line, errs, first, strings.Join(strs(problems), "\n"))
			case advice != tt.advice:
				t.Errorf("%d advice, want %d:\n%s", advice, tt.advice, strings.Join(strs(problems), "\n"))
			}
		})
	}
	// Checked together, the sibling files' cluster is whole.
	problems, _, err := Check([]string{filepath.Join(othersDir, "derived", "hreflang-siblings")}, Options{})
	if err != nil || len(problems) > 0 {
		t.Errorf("the siblings together: %v\n%s", err, strings.Join(strs(problems), "\n"))
	}
}

// TestOthersFixturesListed checks that the table, the files and
// SOURCES.md name the same samples.
func TestOthersFixturesListed(t *testing.T) {
	var files []string
	err := filepath.WalkDir(othersDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".xml") {
			rel, _ := filepath.Rel(othersDir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, tt := range others {
		table = append(table, tt.file)
	}
	slices.Sort(files)
	if !slices.Equal(files, table) {
		t.Errorf("the files:\n\t%s\nthe table:\n\t%s", strings.Join(files, "\n\t"), strings.Join(table, "\n\t"))
	}
	sources, err := os.ReadFile(filepath.Join(othersDir, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.Contains(string(sources), "`"+f+"`") {
			t.Errorf("SOURCES.md does not name %s", f)
		}
	}
}
