// Package srcpath holds what the generators that route pages from files
// share about the paths of those files.
package srcpath

import (
	"bytes"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/walker"
)

// Dynamic returns the expression that matches a path element that is a
// route parameter: [slug], [...rest], [[...rest]] (Astro, Next.js,
// SvelteKit); compiled when first asked for.
var Dynamic = lazyre.MustCompile(`\[.*\]`)

// CleanRel makes a page path clean and relative; ok is false for a path
// that leaves the root or names the root itself. The path is
// "/"-separated: a backslash is part of a name, as the generators take
// it on Linux ("back\slash.md" is one file).
func CleanRel(p string) (string, bool) {
	p = strings.TrimLeft(p, "/")
	if p == "" {
		return "", false
	}
	p = path.Clean(p)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// SplitExt splits a file name into its name and its extension (with the
// dot); a leading dot does not start an extension.
func SplitExt(file string) (name, ext string) {
	ext = path.Ext(file)
	if ext == file {
		return file, ""
	}
	return strings.TrimSuffix(file, ext), ext
}

// FileRoute returns the route of the page file at rel, relative to its
// pages folder: its path without the extension, index naming its folder
// ("index.md" is "/", "blog/index.md" "/blog/", "about.astro" "/about").
// ok is false for a file or folder whose name starts with "_" (or "."),
// and for a route with a parameter, whose URLs only the generator's code
// knows.
func FileRoute(rel string) (string, bool) {
	rel, ok := CleanRel(rel)
	if !ok || AnyElement(rel, "_", ".") || Dynamic().MatchString(rel) {
		return "", false
	}
	dir, file := path.Split(rel)
	name, _ := SplitExt(file)
	if name == "index" {
		return "/" + dir, true
	}
	return "/" + dir + name, true
}

// AnyElement reports whether an element of the path rel starts with one
// of prefixes.
func AnyElement(rel string, prefixes ...string) bool {
	for _, el := range strings.Split(rel, "/") {
		for _, p := range prefixes {
			if strings.HasPrefix(el, p) {
				return true
			}
		}
	}
	return false
}

// HasExt reports whether rel ends in one of exts (compared without
// regard to case).
func HasExt(rel string, exts ...string) bool {
	_, ext := SplitExt(path.Base(rel))
	for _, e := range exts {
		if strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// Under returns target relative to dir when it is inside it (both
// relative to one folder, "/"-separated); "" otherwise.
func Under(dir, target string) string {
	if target == "" || path.IsAbs(target) {
		return ""
	}
	if dir == "." {
		return path.Clean(target)
	}
	rel, ok := strings.CutPrefix(path.Clean(target), dir+"/")
	if !ok {
		return ""
	}
	return rel
}

// GlobDir returns dir, a folder relative to the project folder, as the
// start of a doublestar glob ("layouts", then "layouts/**"): cleaned,
// its characters quoted where they would be pattern syntax. ok is false
// when dir is absolute or leads out of the project.
func GlobDir(dir string) (string, bool) {
	if path.IsAbs(dir) || filepath.IsAbs(dir) {
		return "", false
	}
	rel, ok := CleanRel(dir)
	if !ok {
		return "", false
	}
	return walker.QuoteMeta(rel), true
}

// Resolve returns the path ref names, relative to the folder dir (which
// ends in "/"), as a URL resolves a relative reference.
func Resolve(dir, ref string) string {
	u := path.Join(dir, ref)
	if strings.HasSuffix(ref, "/") && u != "/" {
		u += "/"
	}
	return u
}

// EntryID is the id Astro's glob() content loader gives the entry at
// rel, a path relative to its base folder (Starlight's docs loader is
// one), as Astro 5.18's generateIdDefault does by
// getContentEntryIdAndSlug: each element of the path without its
// extension slugged as github-slugger 2's slug does (lower case as
// JavaScript's toLowerCase, then all but letters, marks, decimal digits,
// connector punctuation ("_", "‿"), "-" and " " dropped, and " " to
// "-"), a last element "index" dropped but at the top. An entry's front
// matter slug, which the loader takes first, is the caller's.
func EntryID(rel string) string {
	rel, _ = SplitExt(rel)
	els := strings.Split(JSLower(rel), "/")
	if len(els) > 1 && els[len(els)-1] == "index" {
		els = els[:len(els)-1]
	}
	for i, el := range els {
		var b strings.Builder
		for _, r := range el {
			switch {
			case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || unicode.Is(unicode.Pc, r) || r == '-':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		els[i] = b.String()
	}
	return strings.Join(els, "/")
}

// JSLower lower-cases s as JavaScript's toLowerCase does where it
// differs from strings.ToLower: "İ" becomes "i" and a combining dot
// above (Unicode's full case mapping), and a final "Σ" of a word "ς".
func JSLower(s string) string {
	if !strings.ContainsAny(s, "İΣ") {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case r == 'İ':
			b.WriteString("i\u0307")
		case r == 'Σ' && finalSigma(rs, i):
			b.WriteRune('ς')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma reports whether the Σ at rs[i] ends a word, as Unicode's
// Final_Sigma condition says: a cased letter before it (case-ignorable
// ones skipped), none after it.
func finalSigma(rs []rune, i int) bool {
	cased := func(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }
	ignorable := func(r rune) bool {
		return unicode.IsMark(r) || unicode.Is(unicode.Lm, r) || unicode.Is(unicode.Sk, r) || r == '\'' || r == '.' || r == ':'
	}
	before := false
	for j := i - 1; j >= 0; j-- {
		if ignorable(rs[j]) {
			continue
		}
		before = cased(rs[j])
		break
	}
	if !before {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		if ignorable(rs[j]) {
			continue
		}
		return !cased(rs[j])
	}
	return true
}

// Fence returns what data holds between its first line, ---, and the
// next line that is --- (an .astro component's code, a template's YAML
// front matter); ok is false when it opens with no such line or never
// closes.
func Fence(data []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(data, []byte("---"))
	if !ok {
		return nil, false
	}
	rest = bytes.TrimLeft(rest, " \t")
	if rest, ok = bytes.CutPrefix(bytes.TrimPrefix(rest, []byte("\r")), []byte("\n")); !ok {
		return nil, false
	}
	for i := 0; i < len(rest); {
		end := bytes.IndexByte(rest[i:], '\n')
		line := rest[i:]
		if end >= 0 {
			line = rest[i : i+end]
		}
		if string(bytes.TrimRight(line, " \t\r")) == "---" {
			return rest[:i], true
		}
		if end < 0 {
			break
		}
		i += end + 1
	}
	return nil, false
}
