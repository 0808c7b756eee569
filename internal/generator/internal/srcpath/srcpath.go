// Package srcpath holds what the generators that route pages from files
// share about the paths of those files.
package srcpath

import (
	"path"
	"regexp"
	"strings"
	"unicode"
)

// Dynamic matches a path element that is a route parameter: [slug],
// [...rest], [[...rest]] (Astro, Next.js, SvelteKit).
var Dynamic = regexp.MustCompile(`\[.*\]`)

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
	if !ok || AnyElement(rel, "_", ".") || Dynamic.MatchString(rel) {
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
// one): each element of the path without its extension slugged as
// github-slugger does (lower case, white space to "-", punctuation but
// "-" and "_" dropped), a last element "index" dropped but at the top.
func EntryID(rel string) string {
	rel, _ = SplitExt(rel)
	els := strings.Split(strings.ToLower(rel), "/")
	if len(els) > 1 && els[len(els)-1] == "index" {
		els = els[:len(els)-1]
	}
	for i, el := range els {
		var b strings.Builder
		for _, r := range el {
			switch {
			case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		els[i] = b.String()
	}
	return strings.Join(els, "/")
}
