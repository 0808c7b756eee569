module github.com/sitemapgen/sitemapgen

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/adrg/frontmatter v0.2.0
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/fsnotify/fsnotify v1.10.1
	github.com/klauspost/compress v1.20.3
	github.com/rogpeppe/go-internal v1.16.0
	github.com/tdewolff/parse/v2 v2.8.20
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/text v0.43.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	golang.org/x/tools v0.51.0 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
)
