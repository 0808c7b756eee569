package jekyll

import (
	"strings"
	"unicode"
)

// slugify is Jekyll's Utils.slugify in its "default" mode (pretty
// false) and "pretty" mode: every run of characters other than letters,
// marks and decimal digits (and, in pretty mode, ._~!$&'()+,;=@) becomes
// one hyphen, one leading and one trailing hyphen are removed, and the
// result is lower-cased unless cased is set.
func slugify(s string, pretty, cased bool) string {
	var b strings.Builder
	b.Grow(len(s))
	inRun := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) ||
			pretty && strings.ContainsRune("._~!$&'()+,;=@", r) {
			b.WriteRune(r)
			inRun = false
			continue
		}
		if !inRun {
			b.WriteByte('-')
			inRun = true
		}
	}
	out := strings.TrimPrefix(b.String(), "-")
	out = strings.TrimSuffix(out, "-")
	if !cased {
		out = strings.ToLower(out)
	}
	return out
}
