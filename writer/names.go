package writer

import (
	"fmt"
	"strings"
)

// The names of the set's files are checked by hand, byte by byte: written
// as regular expressions, their counted repetitions ({0,63}, {0,250})
// compiled at the program's start to 400 KB of instructions, live for the
// whole run. Each function says the expression it stands for, which
// TestNamesAsTheirExpressions holds it to.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isHex(c byte) bool   { return isDigit(c) || 'a' <= c && c <= 'f' }

// isNumber reports whether s is a number from 1 without leading zeros:
// [1-9][0-9]*.
func isNumber(s string) bool {
	if s == "" || s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// isHash reports whether s is a shard's hash: [0-9a-f]{10}.
func isHash(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// isSectionName reports whether s is a section's name: [a-z][a-z0-9_-]{0,63}.
func isSectionName(s string) bool {
	if s == "" || len(s) > 64 || !isLower(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLower(c) && !isDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// cutXML returns s without its ending, \.xml(?:\.gz)?$, and whether it
// had it.
func cutXML(s string) (string, bool) {
	if rest, ok := strings.CutSuffix(s, ".xml.gz"); ok {
		return rest, true
	}
	return strings.CutSuffix(s, ".xml")
}

// cutHash returns s without its ending -HASH, -[0-9a-f]{10}$, and whether
// it had it.
func cutHash(s string) (string, bool) {
	if len(s) < 11 || s[len(s)-11] != '-' || !isHash(s[len(s)-10:]) {
		return s, false
	}
	return s[:len(s)-11], true
}

// hashedName reports whether the file name ends in -HASH before its .xml or
// .xml.gz, as the set's shards do (an earlier sitemap plugin's
// sitemap-1.xml does not).
func hashedName(name string) bool {
	s, _ := cutXML(name)
	_, ok := cutHash(s)
	return ok
}

// cutNumber returns s without its ending -N, -[1-9][0-9]*$, and whether
// it had it. A number has no "-": it is what follows the last one.
func cutNumber(s string) (string, bool) {
	i := strings.LastIndexByte(s, '-')
	if i < 0 || !isNumber(s[i+1:]) {
		return s, false
	}
	return s[:i], true
}

// isDashSection reports whether s is "-" and a section's name.
func isDashSection(s string) bool {
	return strings.HasPrefix(s, "-") && isSectionName(s[1:])
}

// isOwnName is IsOwnName's check:
//
//	^sitemap(?:-[1-9][0-9]*(?:-[0-9a-f]{10})?|-index-[1-9][0-9]*)?\.(?:xml|xml\.gz|txt)$
//	|^sitemap-[a-z][a-z0-9_-]{0,63}-[1-9][0-9]*-[0-9a-f]{10}\.xml(?:\.gz)?$
//	|^sitemap-news(?:-[1-9][0-9]*)?\.xml(?:\.gz)?$
func isOwnName(name string) bool {
	rest, ok := strings.CutPrefix(name, "sitemap")
	if !ok {
		return false
	}
	if isNewsName(name) {
		return true
	}
	xml, isXML := cutXML(rest)
	if isXML { // sitemap-SECTION-N-HASH.xml
		if r, ok := cutHash(xml); ok {
			if sec, ok := cutNumber(r); ok && isDashSection(sec) {
				return true
			}
		}
	}
	// sitemap, sitemap-N, sitemap-N-HASH or sitemap-index-N, then .xml,
	// .xml.gz or .txt
	if isXML {
		rest = xml
	} else if rest, ok = strings.CutSuffix(rest, ".txt"); !ok {
		return false
	}
	if rest == "" {
		return true
	}
	if n, ok := strings.CutPrefix(rest, "-index-"); ok {
		return isNumber(n)
	}
	if r, ok := cutHash(rest); ok {
		if r, ok := cutNumber(r); ok && r == "" {
			return true
		}
	}
	r, ok := cutNumber(rest)
	return ok && r == ""
}

// isShardFileName reports whether name may be a shard's, or the news
// file's:
//
//	^sitemap(?:-[a-z][a-z0-9_-]{0,63})?-[1-9][0-9]*(?:-[0-9a-f]{10})?\.xml(?:\.gz)?$
func isShardFileName(name string) bool {
	rest, ok := strings.CutPrefix(name, "sitemap")
	if !ok {
		return false
	}
	if rest, ok = cutXML(rest); !ok {
		return false
	}
	sectionNumber := func(s string) bool {
		sec, ok := cutNumber(s)
		return ok && (sec == "" || isDashSection(sec))
	}
	if r, ok := cutHash(rest); ok && sectionNumber(r) {
		return true
	}
	return sectionNumber(rest)
}

// isNewsName reports whether name is a news file's (newsName), .xml or
// .xml.gz:
//
//	^sitemap-news(?:-[1-9][0-9]*)?\.xml(?:\.gz)?$
func isNewsName(name string) bool {
	rest, ok := strings.CutPrefix(name, "sitemap-news")
	if !ok {
		return false
	}
	if rest, ok = cutXML(rest); !ok {
		return false
	}
	if rest == "" {
		return true
	}
	n, ok := strings.CutPrefix(rest, "-")
	return ok && isNumber(n)
}

// isFilename reports whether CheckFilename allows name's form:
//
//	^[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.xml$
//
// ".xml" is of those characters too: the name is a stem of 1 to 251 of
// them, the first a letter or digit, then ".xml".
func isFilename(name string) bool {
	stem, ok := strings.CutSuffix(name, ".xml")
	return ok && isStem(stem)
}

// isStem reports whether stem may be a file name's, before its ending:
// [A-Za-z0-9][A-Za-z0-9._-]{0,250}.
func isStem(stem string) bool {
	if stem == "" || len(stem) > 251 {
		return false
	}
	for i := 0; i < len(stem); i++ {
		c := stem[i]
		alnum := isLower(c) || 'A' <= c && c <= 'Z' || isDigit(c)
		if !alnum && (i == 0 || c != '.' && c != '_' && c != '-') {
			return false
		}
	}
	return true
}

// IsOwnName reports whether name is one Write may give a file: sitemap.xml,
// sitemap-N-HASH.xml, a section's sitemap-NAME-N-HASH.xml,
// sitemap-index-N.xml, the news sitemap's sitemap-news.xml and
// sitemap-news-N.xml (each also .xml.gz), sitemap.txt and sitemap-N.txt;
// also sitemap-N.xml, the shards' name before they were named after their
// content, so that such files are still cleaned up.
func IsOwnName(name string) bool { return isOwnName(name) }

// isTextName reports whether name is one of the text sitemap's named
// text (Options.TextName): text itself, or NAME-N.txt.
func isTextName(name, text string) bool {
	stem, ok := strings.CutSuffix(text, ".txt")
	if !ok || name == text {
		return ok
	}
	rest, ok := strings.CutPrefix(name, stem+"-")
	n, txt := strings.CutSuffix(rest, ".txt")
	return ok && txt && isNumber(n)
}

// CheckTextName returns an error unless name may name the text sitemap
// ([Options.TextName]): a file name of letters, digits, ".", "-" and
// "_", ending in ".txt", and none of the names of the set's other files
// (sitemap-N.txt) nor robots.txt.
func CheckTextName(name string) error {
	stem, ok := strings.CutSuffix(name, ".txt")
	if !ok || !isStem(stem) {
		return fmt.Errorf("text_filename %q: want a file name ending in .txt, of letters, digits, '.', '-' and '_'", name)
	}
	if name != "sitemap.txt" && IsOwnName(name) || name == robotsName {
		return fmt.Errorf("text_filename %q: a name sitemapgen gives its other files; choose another", name)
	}
	return nil
}

// CheckFilename returns an error unless name may name the entry file
// ([Options.Filename]): a file name of letters, digits, ".", "-" and "_"
// (a plain URL path segment), ending in ".xml" (".gz" is added with
// gzip), and none of the names of the set's other files (IsOwnName's:
// sitemap-N-HASH.xml, sitemap-index-N.xml, sitemap-news.xml …).
func CheckFilename(name string) error {
	if !isFilename(name) {
		return fmt.Errorf("filename %q: want a file name ending in .xml, of letters, digits, '.', '-' and '_' (with gzip, .gz is added)", name)
	}
	if name != "sitemap.xml" && (IsOwnName(name) || IsOwnName(name+".gz")) {
		return fmt.Errorf("filename %q: a name sitemapgen gives its other files; choose another", name)
	}
	return nil
}
