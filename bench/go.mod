// The benchmark helpers (baseline, watchlat, gensite, checksitemaps,
// corpuscmp), a module of their own so that go install ./... in the
// repository builds sitemapgen alone: a main package of the main module
// would be installed into the user's PATH too. The scripts build them with go -C bench
// (bench/lib.sh). gensite and checksitemaps run the tests' own packages
// (internal/sitegen, internal/sitemaptest) of the module in ../.
module github.com/sitemapgen/sitemapgen/bench

go 1.26.0

require (
	github.com/charlievieth/fastwalk v1.0.14
	github.com/fsnotify/fsnotify v1.10.1
	github.com/sitemapgen/sitemapgen v0.0.0
)

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/adrg/frontmatter v0.2.0 // indirect
	github.com/bmatcuk/doublestar/v4 v4.10.4 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/sitemapgen/sitemapgen => ../
