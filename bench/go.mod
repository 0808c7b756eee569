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

require golang.org/x/sys v0.49.0 // indirect

replace github.com/sitemapgen/sitemapgen => ../
