package generator

import (
	"os"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// testGenerators are the generators of this package, in the order of
// package registry, which its tests cannot import: the tests of this
// package detect with them alone. The generators in folders of their own
// are tested there, and together in package registry.
var testGenerators = []string{"hugo"}

// detect is the registry's Detect over testGenerators, with the
// environment env.
func detect(dir string, env func(string) (string, bool), lim limits.Limits) ([]Project, error) {
	d, err := OpenDir(dir, env, lim)
	if err != nil {
		return nil, err
	}
	var gens []Generator
	for _, name := range testGenerators {
		gens = append(gens, Legacy(name))
	}
	return Detect(d, gens)
}

// detectHere is detect with the process's environment.
func detectHere(dir string, lim limits.Limits) ([]Project, error) {
	return detect(dir, os.LookupEnv, lim)
}
