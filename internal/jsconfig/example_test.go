package jsconfig_test

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func ExampleReader() {
	src := []byte(`import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://example.com',
  base: process.env.BASE,
});
`)
	r := jsconfig.NewReader("astro.config.mjs", src, limits.Default)
	site, st := r.Str("site", "; give --base-url")
	fmt.Println(site.Value, site.Line, st == jsconfig.OK)
	_, st = r.Str("base", "; give --base-url")
	fmt.Println(st == jsconfig.Bad)
	for _, n := range r.Notes() {
		fmt.Println(n)
	}
	// Output:
	// https://example.com 4 true
	// true
	// astro.config.mjs:5: base is not a literal string (process.env.BASE); give --base-url
}
