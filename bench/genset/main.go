// Command genset writes a large sitemap set for the benchmarks of
// validate and diff, and by hand:
//
//	genset [--seed S] [--shards N] [--change PCT] DIR URLS
//
// DIR must be missing or empty. It gets sitemap_index.xml and N gzipped
// urlsets (sitemap-1.xml.gz ...) holding URLS URLs between them, each
// with a lastmod; the same arguments give the same bytes. With --change,
// the set is another build's of the same site: of every 100 URLs of the
// set of --change 0, PCT are replaced by new ones, PCT left out and PCT
// have another lastmod, so that diff of the two has that much to say.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

func main() {
	fs := flag.NewFlagSet("genset", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "the seed of the URLs' paths")
	shards := fs.Int("shards", 50, "the number of urlset files")
	change := fs.Int("change", 0, "the `PCT` of URLs left out, of new URLs and of changed lastmods, out of every 100")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: genset [--seed S] [--shards N] [--change PCT] DIR URLS\n\n"+
			"Writes a sitemap index and N gzipped urlsets of URLS URLs in all into DIR.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	urls, err := strconv.Atoi(fs.Arg(1))
	if fs.NArg() != 2 || err != nil || urls < 1 || *shards < 1 || *change < 0 || *change > 33 {
		fs.Usage()
		os.Exit(2)
	}
	if err := write(fs.Arg(0), urls, *shards, *change, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "genset:", err)
		os.Exit(1)
	}
}

const base = "https://example.com/"

func write(dir string, urls, shards, change int, seed uint64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		return fmt.Errorf("%s: not an empty folder", dir)
	}
	per := (urls + shards - 1) / shards
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	for s := 1; s <= shards; s++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("sitemap-%d.xml.gz", s)))
		if err != nil {
			return err
		}
		z, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
		w := bufio.NewWriter(z)
		w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for i := 0; i < per && n < urls; i++ {
			id := uint64(n)
			// Of every 100 URLs, the first change are new ones (a path
			// the set of --change 0 does not have), the next change are
			// left out, the next change have another lastmod.
			k := n % 100
			if change > 0 && k >= change && k < 2*change {
				n++
				i--
				continue
			}
			path := fmt.Sprintf("section-%02d/post-%x/", mix(id, seed)%50, mix(id, seed))
			if change > 0 && k < change {
				path = fmt.Sprintf("new-%02d/post-%x/", mix(id, seed)%50, mix(id, seed+1))
			}
			mod := day.Add(time.Duration(mix(id, seed+2)%(700*24)) * time.Hour)
			if change > 0 && k >= 2*change && k < 3*change {
				mod = mod.Add(24 * time.Hour)
			}
			fmt.Fprintf(w, "<url><loc>%s%s</loc><lastmod>%s</lastmod></url>\n", base, path, mod.Format(time.RFC3339))
			n++
		}
		w.WriteString("</urlset>\n")
		if err := w.Flush(); err != nil {
			return err
		}
		if err := z.Close(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	f, err := os.Create(filepath.Join(dir, "sitemap_index.xml"))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for s := 1; s <= shards; s++ {
		fmt.Fprintf(w, "<sitemap><loc>%ssitemap-%d.xml.gz</loc></sitemap>\n", base, s)
	}
	w.WriteString("</sitemapindex>\n")
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// mix is a 64-bit finalizer (splitmix64) of id and seed.
func mix(id, seed uint64) uint64 {
	z := id + seed*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
