package generator

// Translator is a preset whose generator knows which source files are
// one page in several languages, and writes them into its sitemap as
// one another's hreflang alternates: sitemapgen gives them to the pages
// whose heads say none.
type Translator interface {
	// Translation returns the language of the source file at rel (as
	// [Page.Path] is for the preset) and the key of its translations,
	// given its front matter's translationKey (empty for none): the
	// sources of one key are one page. ok is false for a site of one
	// language, or a file of none.
	Translation(rel, translationKey string) (t Translation, ok bool)
}

// Translation is what a [Translator] says of a source file.
type Translation struct {
	// Lang is the hreflang code of its language, as the generator's
	// sitemap writes it.
	Lang string
	// Key is the same for the sources that are translations of one
	// another, and for no other.
	Key string
	// From says, for --explain, which rule gave the key.
	From string
}
