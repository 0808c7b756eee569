package writer

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The expressions the names were checked by before they were checked by
// hand (names.go): the oracle the hand checks are held to.
var nameExprs = []struct {
	name string
	re   *regexp.Regexp
	f    func(string) bool
}{
	{"ownName", regexp.MustCompile(`^sitemap(?:-[1-9][0-9]*(?:-[0-9a-f]{10})?|-index-[1-9][0-9]*)?\.(?:xml|xml\.gz|txt)$|^sitemap-[a-z][a-z0-9_-]{0,63}-[1-9][0-9]*-[0-9a-f]{10}\.xml(?:\.gz)?$|^sitemap-news(?:-[1-9][0-9]*)?\.xml(?:\.gz)?$`), isOwnName},
	{"shardFileName", regexp.MustCompile(`^sitemap(?:-[a-z][a-z0-9_-]{0,63})?-[1-9][0-9]*(?:-[0-9a-f]{10})?\.xml(?:\.gz)?$`), isShardFileName},
	{"newsFileName", regexp.MustCompile(`^sitemap-news(?:-[1-9][0-9]*)?\.xml(?:\.gz)?$`), isNewsName},
	{"filenameRe", regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.xml$`), isFilename},
	{"sectionName", regexp.MustCompile(`^[a-z][a-z0-9_-]{0,63}$`), isSectionName},
}

// TestNamesAsTheirExpressions: each hand check of a name says what its
// regular expression said, on names at the edges of each part (a number
// with a leading zero, a hash of 9 and 11 digits, a section of 64 and 65
// characters, a file name of 251 and 252) and on 300,000 strings put
// together from the parts of the names and their near misses (60,000
// under the race detector, which watches no goroutine here and takes a
// minute over 300,000; each expression still matches 100 of them).
func TestNamesAsTheirExpressions(t *testing.T) {
	a63, a64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	x250, x251 := strings.Repeat("x", 250), strings.Repeat("x", 251)
	names := []string{
		"", "sitemap", "sitemap.xml", "sitemap.xml.gz", "sitemap.txt", "sitemap.txt.gz", "sitemap.xml\n", "Sitemap.xml",
		"sitemap-1.xml", "sitemap-0.xml", "sitemap-01.xml", "sitemap-10.txt", "sitemap-1-0123456789.xml",
		"sitemap-1-012345678.xml", "sitemap-1-0123456789a.xml", "sitemap-1-0123456789.txt", "sitemap-1-abcdef0123.xml.gz",
		"sitemap-1-ABCDEF0123.xml", "sitemap-1-1234567890.xml", "sitemap-01-1234567890.xml", "sitemap-1234567890.xml",
		"sitemap-index-1.xml", "sitemap-index-0.xml", "sitemap-index.xml", "sitemap-index-1-0123456789.xml", "sitemap-index-1.txt",
		"sitemap-news.xml", "sitemap-news.xml.gz", "sitemap-news-2.xml", "sitemap-news-0.xml", "sitemap-news-.xml", "sitemap-news.txt",
		"sitemap-news-1-0123456789.xml", "sitemap-news-2.txt", "sitemap-newsy-2.xml",
		"sitemap-blog-1-0123456789.xml", "sitemap-blog-1.xml", "sitemap-blog-1-0123456789.txt", "sitemap-b-l-o-g-1-0123456789.xml",
		"sitemap-blog-12-1-0123456789.xml", "sitemap-1blog-1-0123456789.xml", "sitemap--1-0123456789.xml", "sitemap---1.xml",
		"sitemap-" + a64 + "-1-0123456789.xml", "sitemap-a" + a64 + "-1-0123456789.xml", "sitemap-" + a63 + "_-1.xml",
		"sitemap-" + a64 + "-1.xml.gz", "sitemap-a" + a64 + "-1.xml.gz", "sitemap-a-1-0123456789.xml.gz.gz",
		"a", a64, "a" + a64, "a-", "a_b", "-a", "1a", "é", "a\xff", "a\n",
		"x.xml", "1.xml", ".xml", "-x.xml", "x-.xml", "x.XML", "x.xml.xml", x250 + ".xml", x251 + ".xml", x251 + "x.xml",
		"a b.xml", "a/b.xml", "caf\u00e9.xml",
	}
	for _, n := range names {
		for _, e := range nameExprs {
			if got, want := e.f(n), e.re.MatchString(n); got != want {
				t.Errorf("%s(%q) = %v, its expression says %v", e.name, n, got, want)
			}
		}
	}
	// A string is "sitemap", then up to four pieces each a part of a name
	// or a near miss, then an ending; and in one of three, a byte changed,
	// dropped or put in.
	pick := func(r *rand.Rand, from ...string) string { return from[r.IntN(len(from))] }
	r := rand.New(rand.NewPCG(56, 56))
	var b strings.Builder
	matched := make([]int, len(nameExprs))
	n := 300_000
	if raceEnabled {
		n = 60_000
	}
	for range n {
		b.Reset()
		b.WriteString(pick(r, "sitemap", "sitemap", "sitemap", "", "Sitemap", "a", "x.y"))
		for n := r.IntN(5); n > 0; n-- {
			switch r.IntN(4) {
			case 0: // a section
				b.WriteString(pick(r, "-", "-", "", "_") + pick(r, "a", "blog", "news", "index", "b-2", "b_", "a--", "Blog", "1a", "é", a63, a64, "a"+a64))
			case 1: // a number
				b.WriteString(pick(r, "-", "-", "") + pick(r, "1", "2", "12", "0", "01", "100", "1234567890"))
			case 2: // a hash
				b.WriteString(pick(r, "-", "-", "") + pick(r, "0123456789", "abcdef0123", "012345678", "0123456789a", "ABCDEF0123", "g123456789"))
			default:
				b.WriteString(pick(r, "-index", "-news", "-news", "-news", "-", ".", "x", x250, x251))
			}
		}
		b.WriteString(pick(r, ".xml", ".xml", ".xml.gz", ".txt", "", ".gz", ".XML", ".xml\n", ".txt.gz"))
		s := b.String()
		if len(s) > 0 && r.IntN(3) == 0 {
			k := r.IntN(len(s))
			c := pick(r, "", "-", "0", "a", ".", "\xff")
			switch r.IntN(3) {
			case 0:
				s = s[:k] + c + s[k+1:]
			case 1:
				s = s[:k] + s[k+1:]
			default:
				s = s[:k] + c + s[k:]
			}
		}
		for i, e := range nameExprs {
			if got, want := e.f(s), e.re.MatchString(s); got != want {
				t.Fatalf("%s(%q) = %v, its expression says %v", e.name, s, got, want)
			} else if got {
				matched[i]++
			}
		}
	}
	for i, e := range nameExprs {
		t.Logf("%s: %d of the strings match", e.name, matched[i])
		if matched[i] < 100 {
			t.Errorf("%s: only %d of the strings match: too few to compare", e.name, matched[i])
		}
	}
}
