package generator

// Drafter is implemented by presets whose generator keeps drafts in a
// folder of their own, which it publishes only when asked (Jekyll's
// _drafts, with jekyll build --drafts): their pages are drafts, as a
// page whose front matter says draft: true.
type Drafter interface {
	// DraftsIn returns the drafts folder the file at rel is in (relative
	// to the sources' folder, as rel is), if it is in one.
	DraftsIn(rel string) (string, bool)
}
